import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_ZOOM,
  MAX_LAT,
  clampLat,
  formatCoord,
  keptView,
  normalize,
  nudge,
  parseCoord,
  parseProps,
  round5,
  safeURL,
  wrapLng,
  type LatLng,
} from "./model";

const tiles = { url: "http://127.0.0.1:9/{z}/{x}/{y}.png", attribution: "&copy; OSM", maxZoom: 19 };

// The great-circle distance, to check that a nudge goes as far as it says.
function metres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

test("props: markers keep their title, link and detail; bad ones are dropped", () => {
  const p = parseProps({
    tiles,
    markers: [
      { lat: 40.7, lng: -74, title: "Acme", url: "/b/acme", detail: "Plumbing" },
      { lat: 41, lng: -73, title: "Bolt", url: "javascript:alert(1)" },
      { lat: 95, lng: 0, title: "Off the map" },
      { lat: 1, lng: 2, title: "  " },
      { lat: "1", lng: 2, title: "String" },
      null,
    ],
  });
  assert.ok(p);
  assert.deepEqual(p.markers, [
    { lat: 40.7, lng: -74, title: "Acme", url: "/b/acme", detail: "Plumbing" },
    { lat: 41, lng: -73, title: "Bolt" },
  ]);
  assert.equal(p.zoom, DEFAULT_ZOOM);
  assert.equal(p.pin, undefined);
  assert.deepEqual(p.tiles, tiles);
});

test("props: nothing to show, or no tiles, leaves the fallback", () => {
  assert.equal(parseProps(null), null);
  assert.equal(parseProps({ markers: [{ lat: 1, lng: 2, title: "A" }] }), null);
  assert.equal(parseProps({ tiles: { ...tiles, url: "javascript:x" }, markers: [{ lat: 1, lng: 2, title: "A" }] }), null);
  assert.equal(parseProps({ tiles, markers: [] }), null);
});

test("props: a pin needs both input ids; zoom stays within the tiles' range", () => {
  const p = parseProps({ tiles, center: { lat: 10, lng: 20 }, zoom: 30, pin: { latInput: "lat", lngInput: "lng" } });
  assert.ok(p);
  assert.deepEqual(p.pin, { latInput: "lat", lngInput: "lng" });
  assert.deepEqual(p.center, { lat: 10, lng: 20 });
  assert.equal(p.zoom, 19);
  const half = parseProps({ tiles, center: { lat: 10, lng: 20 }, pin: { latInput: "lat" } });
  assert.equal(half?.pin, undefined);
  assert.equal(parseProps({ tiles: { ...tiles, maxZoom: "x" }, center: { lat: 0, lng: 0 } })?.tiles.maxZoom, 19);
});

test("props: the stylesheet must be this site's or http(s)", () => {
  assert.equal(parseProps({ tiles, center: { lat: 0, lng: 0 }, stylesheet: "/assets/dist/map.1234.css" })?.stylesheet, "/assets/dist/map.1234.css");
  assert.equal(parseProps({ tiles, center: { lat: 0, lng: 0 }, stylesheet: "//evil.example/x.css" })?.stylesheet, undefined);
  assert.equal(safeURL("https://www.openstreetmap.org/"), "https://www.openstreetmap.org/");
  assert.equal(safeURL("data:text/html,x"), undefined);
});

test("coordinates are rounded to 5 decimals and written without -0", () => {
  assert.equal(round5(40.712776), 40.71278);
  assert.equal(round5(-73.9999949), -73.99999);
  assert.equal(round5(-0.000001), 0);
  assert.equal(formatCoord(-0.000001), "0");
  assert.equal(formatCoord(40.1), "40.1");
  assert.equal(formatCoord(0.00001), "0.00001");
});

test("latitudes are clamped to the map and longitudes wrapped", () => {
  assert.equal(clampLat(89), MAX_LAT);
  assert.equal(clampLat(-100), -MAX_LAT);
  assert.equal(clampLat(12.5), 12.5);
  assert.equal(wrapLng(190), -170);
  assert.equal(wrapLng(-190), 170);
  assert.equal(wrapLng(540), -180);
  assert.equal(wrapLng(-74), -74);
  assert.deepEqual(normalize({ lat: 88, lng: 181.000004 }), { lat: 85.05113, lng: -179 });
});

test("typed coordinates are read when they are numbers in range", () => {
  assert.equal(parseCoord(" 40.7128 ", "lat"), 40.7128);
  assert.equal(parseCoord("-74", "lng"), -74);
  assert.equal(parseCoord("120", "lat"), null);
  assert.equal(parseCoord("120", "lng"), 120);
  assert.equal(parseCoord("", "lat"), null);
  assert.equal(parseCoord("1e2", "lng"), null);
  assert.equal(parseCoord("12abc", "lat"), null);
  assert.equal(parseCoord(".5", "lat"), 0.5);
});

test("each arrow key moves the pin about 50 m that way; Shift ten times as far", () => {
  for (const at of [
    { lat: 0, lng: 0 },
    { lat: 40.7128, lng: -74.006 },
    { lat: 64.1466, lng: -21.9426 },
  ]) {
    const up = nudge(at, "ArrowUp")!;
    const down = nudge(at, "ArrowDown")!;
    const right = nudge(at, "ArrowRight")!;
    const left = nudge(at, "ArrowLeft")!;
    assert.ok(up.lat > at.lat && up.lng === round5(at.lng), "up goes north");
    assert.ok(down.lat < at.lat, "down goes south");
    assert.ok(right.lng > at.lng && right.lat === round5(at.lat), "right goes east");
    assert.ok(left.lng < at.lng, "left goes west");
    for (const p of [up, down, right, left]) {
      const d = metres(at, p);
      assert.ok(Math.abs(d - 50) < 2, `a nudge from ${at.lat},${at.lng} went ${d.toFixed(1)} m`);
    }
    const far = metres(at, nudge(at, "ArrowUp", true)!);
    assert.ok(Math.abs(far - 500) < 2, `Shift went ${far.toFixed(1)} m`);
  }
  assert.equal(nudge({ lat: 0, lng: 0 }, "Enter"), null);
});

test("a nudge past the edge of the map stays on it", () => {
  assert.equal(nudge({ lat: MAX_LAT, lng: 0 }, "ArrowUp")!.lat, round5(MAX_LAT));
  assert.equal(nudge({ lat: 0, lng: 179.9999 }, "ArrowRight")!.lng < 0, true);
});

test("a view the visitor left is kept while the new results lie within it, else they are fitted afresh", () => {
  const austin = { center: { lat: 30.3, lng: -97.7 }, zoom: 9, south: 29.9, west: -98.2, north: 30.7, east: -97.2 };
  const roundRock = { lat: 30.51, lng: -97.68 };
  const downtown = { lat: 30.27, lng: -97.74 };
  const dallas = { lat: 32.78, lng: -96.8 };
  assert.equal(keptView(austin, [roundRock, downtown]), austin, "narrowed results in view: the view stays");
  assert.equal(keptView(austin, [roundRock, dallas]), null, "a result outside the view: fitted afresh");
  assert.equal(keptView(null, [roundRock]), null, "a map nobody moved is fitted");
  assert.equal(keptView(austin, []), null, "no markers: nothing to keep the view for");
  const edge = { lat: austin.north, lng: austin.east };
  assert.equal(keptView(austin, [edge]), austin, "a marker on the view's edge is within it");
  const pacific = { center: { lat: 0, lng: 180 }, zoom: 3, south: -20, west: 170, north: 20, east: -170 };
  assert.equal(keptView(pacific, [{ lat: 0, lng: 175 }]), null, "a view across the antimeridian is not kept");
});
