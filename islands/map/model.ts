// The map island's pure parts: reading its props, and the arithmetic of a
// pin's position (rounding, clamping, the arrow keys' nudges). No Leaflet
// here, so the unit tests run under Node without a DOM.

export type LatLng = { lat: number; lng: number };
export type Marker = LatLng & { title: string; url?: string; detail?: string };
export type Tiles = { url: string; attribution: string; maxZoom: number };
export type Pin = { latInput: string; lngInput: string };
export type MapProps = {
  markers: Marker[];
  center?: LatLng;
  zoom: number;
  tiles: Tiles;
  pin?: Pin;
  stylesheet?: string;
};

// Web Mercator (the tiles' projection) stops short of the poles.
export const MAX_LAT = 85.05112878;
// Metres in one degree of latitude (and of longitude at the equator).
const METRES_PER_DEGREE = 111_320;
// How far one press of an arrow key moves the pin.
export const NUDGE_METRES = 50;
// The zoom of a single place when the page names none: a few streets.
export const DEFAULT_ZOOM = 16;
const DEFAULT_MAX_ZOOM = 19;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

function latLng(v: unknown): LatLng | undefined {
  if (!isObject(v) || !finite(v.lat) || !finite(v.lng)) return undefined;
  if (Math.abs(v.lat) > 90 || Math.abs(v.lng) > 180) return undefined;
  return { lat: v.lat, lng: v.lng };
}

// safeURL keeps links to this site's paths and to http(s) pages: a marker's
// link can never be a javascript: URL.
export function safeURL(v: unknown): string | undefined {
  const s = text(v);
  if (s === "") return undefined;
  if (s.startsWith("/") && !s.startsWith("//")) return s;
  return /^https?:\/\//i.test(s) ? s : undefined;
}

// parseProps checks what the server sent; null when there is nothing to
// show (no tile URL, or neither markers nor a place to centre on), and the
// page then keeps its fallback.
export function parseProps(raw: unknown): MapProps | null {
  if (!isObject(raw) || !isObject(raw.tiles)) return null;
  const url = text(raw.tiles.url);
  if (!/^https?:\/\//i.test(url)) return null;
  const maxZoom =
    finite(raw.tiles.maxZoom) && raw.tiles.maxZoom >= 1 ? Math.min(Math.round(raw.tiles.maxZoom), 22) : DEFAULT_MAX_ZOOM;
  const tiles: Tiles = { url, attribution: typeof raw.tiles.attribution === "string" ? raw.tiles.attribution : "", maxZoom };

  const markers: Marker[] = [];
  for (const m of Array.isArray(raw.markers) ? raw.markers : []) {
    const at = latLng(m);
    const title = isObject(m) ? text(m.title) : "";
    if (!at || title === "" || !isObject(m)) continue;
    const marker: Marker = { ...at, title };
    const link = safeURL(m.url);
    if (link) marker.url = link;
    const detail = text(m.detail);
    if (detail) marker.detail = detail;
    markers.push(marker);
  }

  let pin: Pin | undefined;
  if (isObject(raw.pin)) {
    const latInput = text(raw.pin.latInput);
    const lngInput = text(raw.pin.lngInput);
    if (latInput && lngInput) pin = { latInput, lngInput };
  }
  const center = latLng(raw.center);
  if (!pin && !center && markers.length === 0) return null;

  const zoom = finite(raw.zoom) && raw.zoom > 0 ? Math.min(Math.round(raw.zoom), maxZoom) : Math.min(DEFAULT_ZOOM, maxZoom);
  const props: MapProps = { markers, zoom, tiles };
  if (center) props.center = center;
  if (pin) props.pin = pin;
  const css = safeURL(raw.stylesheet);
  if (css) props.stylesheet = css;
  return props;
}

// round5 rounds a coordinate to 5 decimals (about a metre), as the form
// stores it; never -0.
export function round5(n: number): number {
  const r = Math.round(n * 1e5) / 1e5;
  return r === 0 ? 0 : r;
}

// formatCoord is a coordinate as written into the form's input.
export function formatCoord(n: number): string {
  return String(round5(n));
}

// clampLat keeps a latitude on the map (Web Mercator ends at ±85.05°).
export function clampLat(lat: number): number {
  return Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
}

// wrapLng brings a longitude back into [-180, 180), as dragging past the
// antimeridian leaves it outside.
export function wrapLng(lng: number): number {
  const w = ((((lng + 180) % 360) + 360) % 360) - 180;
  return w === 0 ? 0 : w;
}

// normalize is a pin position as the form can store it.
export function normalize(p: LatLng): LatLng {
  return { lat: round5(clampLat(p.lat)), lng: round5(wrapLng(p.lng)) };
}

// parseCoord reads what someone typed into the latitude or longitude
// input; null for anything that is not a number in range.
export function parseCoord(value: string, kind: "lat" | "lng"): number | null {
  const s = value.trim();
  if (s === "" || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  const limit = kind === "lat" ? 90 : 180;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

// nudge is where an arrow key moves the pin: `metres` north, south, east or
// west (Shift: ten times as far); null for any other key. A degree of
// longitude shrinks towards the poles, so east and west take more of them.
export function nudge(p: LatLng, key: string, shift = false, metres = NUDGE_METRES): LatLng | null {
  const d = (shift ? 10 : 1) * metres;
  const dLat = d / METRES_PER_DEGREE;
  const dLng = d / (METRES_PER_DEGREE * Math.max(Math.cos((clampLat(p.lat) * Math.PI) / 180), 0.01));
  switch (key) {
    case "ArrowUp":
      return normalize({ lat: p.lat + dLat, lng: p.lng });
    case "ArrowDown":
      return normalize({ lat: p.lat - dLat, lng: p.lng });
    case "ArrowRight":
      return normalize({ lat: p.lat, lng: p.lng + dLng });
    case "ArrowLeft":
      return normalize({ lat: p.lat, lng: p.lng - dLng });
    default:
      return null;
  }
}

// A view of the map: where it is centred, its zoom, and the box it shows.
export type View = { center: LatLng; zoom: number; south: number; west: number; north: number; east: number };

// keptView is the view a map of new results opens on: the one the visitor
// left the map of earlier results at, when every new marker lies within
// it (a filter narrowed the results; the map does not jump), else none,
// and the new results are fitted afresh. A view that crosses the
// antimeridian counts as not holding them (US results never need it).
export function keptView(kept: View | null, markers: LatLng[]): View | null {
  if (!kept || markers.length === 0 || kept.west > kept.east) return null;
  const within = (m: LatLng) => m.lat >= kept.south && m.lat <= kept.north && m.lng >= kept.west && m.lng <= kept.east;
  return markers.every(within) ? kept : null;
}
