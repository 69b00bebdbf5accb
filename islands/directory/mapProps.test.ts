// Unit tests of the map of the results: its markers come from the cards as
// views.DirectoryResult.ResultsMap makes them, and its props read as Go
// writes them. Run with `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BusinessCard } from "./Card";
import { goJSON, mapProps, markers } from "./mapProps";
import { parseProps } from "../map/model";

const card = (slug: string, extra: Partial<BusinessCard>) => ({ slug, name: slug.toUpperCase(), location: "Austin, TX", ...extra }) as BusinessCard;
const tiles = { url: "https://tiles.example/{z}/{x}/{y}.png", attribution: '<a href="https://osm.org">OSM</a> & co', maxZoom: 18 };

test("markers are the cards with a place, in order, each linking its listing", () => {
  const cards = [
    card("a", { at: { lat: 30.25, lng: -97.75 }, distance: "3.2 mi" }),
    card("b", {}),
    card("c", { at: { lat: 30.5, lng: -97.5 } }),
  ];
  assert.deepEqual(markers(cards), [
    { lat: 30.25, lng: -97.75, title: "A", url: "/directory/a", detail: "Austin, TX · 3.2 mi" },
    { lat: 30.5, lng: -97.5, title: "C", url: "/directory/c", detail: "Austin, TX" },
  ]);
  assert.deepEqual(markers(null), []);
});

test("there is no map without a card that has a place, or without tiles", () => {
  assert.equal(mapProps([card("b", {})], tiles, "/m.css"), null);
  assert.equal(mapProps(null, tiles, "/m.css"), null);
  assert.equal(mapProps([card("a", { at: { lat: 1, lng: 2 } })], { ...tiles, url: "" }, "/m.css"), null);
  assert.equal(mapProps([card("a", { at: { lat: 1, lng: 2 } })], undefined, "/m.css"), null);
});

test("the props read as the map island reads them and are written as Go writes them", () => {
  const p = mapProps([card("a", { at: { lat: 30.25, lng: -97.75 } })], tiles, "/static/dist/map.css");
  assert.ok(p);
  const json = goJSON(p);
  assert.equal(
    json,
    '{"markers":[{"lat":30.25,"lng":-97.75,"title":"A","url":"/directory/a","detail":"Austin, TX"}],' +
      '"tiles":{"url":"https://tiles.example/{z}/{x}/{y}.png","attribution":"\\u003ca href=\\"https://osm.org\\"\\u003eOSM\\u003c/a\\u003e \\u0026 co","maxZoom":18},' +
      '"stylesheet":"/static/dist/map.css"}',
  );
  const read = parseProps(JSON.parse(json));
  assert.equal(read?.markers[0].url, "/directory/a");
  assert.equal(read?.tiles.attribution, tiles.attribution);
  assert.equal(read?.stylesheet, "/static/dist/map.css");
});
