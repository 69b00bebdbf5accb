// The map of the results' pure parts: the markers and the map island's
// props, built from the cards as views.DirectoryResult.ResultsMap builds
// them, and written as Go's encoding/json writes them (the island's first
// render must match the server's markup, the props' script text included).
// No DOM here, so the unit tests run under Node.
import type { BusinessCard } from "./Card";
import type { MapProps, Marker, Tiles } from "../map/model";

// markers are the cards that have a place, in the order listed: the title
// is the name, the link the listing's page, the detail where it is and,
// near a place, how far.
export function markers(cards: BusinessCard[] | null): Marker[] {
  const out: Marker[] = [];
  for (const c of cards ?? []) {
    if (!c.at) continue;
    const detail = c.location + (c.distance ? " · " + c.distance : "");
    const m: Marker = { lat: c.at.lat, lng: c.at.lng, title: c.name, url: "/directory/" + c.slug };
    if (detail) m.detail = detail;
    out.push(m);
  }
  return out;
}

// mapProps is the map of these cards, null when none has a place or the
// site has no tiles (the server then renders no map either).
export function mapProps(cards: BusinessCard[] | null, tiles: Tiles | undefined, stylesheet: string): MapProps | null {
  const ms = markers(cards);
  if (ms.length === 0 || !tiles?.url) return null;
  return { markers: ms, zoom: 0, tiles: { url: tiles.url, attribution: tiles.attribution, maxZoom: tiles.maxZoom }, stylesheet };
}

// goJSON writes the props as views.mapProps marshals them: its fields in
// order, the empty ones left out, and <, >, &, U+2028 and U+2029 escaped
// as encoding/json escapes them.
export function goJSON(p: MapProps): string {
  const o = {
    markers: p.markers.map((m) => ({ lat: m.lat, lng: m.lng, title: m.title, url: m.url || undefined, detail: m.detail || undefined })),
    center: p.center,
    zoom: p.zoom || undefined,
    tiles: { url: p.tiles.url, attribution: p.tiles.attribution, maxZoom: p.tiles.maxZoom },
    pin: p.pin,
    stylesheet: p.stylesheet ?? "",
  };
  return JSON.stringify(o).replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
