// The map island (plain Leaflet, no React). The server renders a box of
// fixed size with a "Show map" button (views/map.templ); main.ts fetches
// this chunk when the visitor first points at, focuses or presses it
// (data-island-load="interaction") and replays the press here. Only then do
// Leaflet's stylesheet and the tiles load: a page nobody asks a map of
// fetches none of it, which keeps Lighthouse's performance score whole (an
// IntersectionObserver would fetch ~45 KB and the tiles for every visitor
// who scrolls past).
//
// Two kinds of map: markers (fitted to the view and clustered, each with a
// popup), or a pin that places a listing (dragged, clicked into place or
// nudged with the arrow keys), kept in step with the form's latitude and
// longitude inputs.
import L from "leaflet"; // sets window.L, which markercluster extends
import "leaflet.markercluster";
import { formatCoord, keptView, normalize, nudge, parseCoord, parseProps, type LatLng, type MapProps, type Marker, type View } from "./model";

export const PIN_LABEL = "Listing location: drag or use arrow keys";

// loadStylesheet adds Leaflet's CSS (a file of this site's, so style-src
// 'self' allows it) once, and waits for it (or for its failure: the map
// then works unstyled rather than not at all).
function loadStylesheet(href: string | undefined): Promise<void> {
  if (!href) return Promise.resolve();
  let link = document.querySelector<HTMLLinkElement>("link[data-map-stylesheet]");
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.mapStylesheet = "";
    document.head.append(link);
  }
  const l = link;
  return new Promise((resolve) => {
    const done = () => resolve();
    l.addEventListener("load", done, { once: true });
    l.addEventListener("error", done, { once: true });
    setTimeout(done, 4000);
  });
}

// pinIcon is a marker drawn by CSS (no image to fetch), named for screen
// readers by label.
function pinIcon(label: string, extra = ""): L.DivIcon {
  const icon = L.divIcon({
    className: `map-pin${extra ? " " + extra : ""}`,
    html: '<span class="map-pin-dot"></span>',
    iconSize: [30, 30],
    iconAnchor: [15, 30],
    popupAnchor: [0, -28],
  });
  const create = icon.createIcon.bind(icon);
  icon.createIcon = (old?: HTMLElement) => {
    const el = create(old);
    el.setAttribute("aria-label", label);
    return el;
  };
  return icon;
}

function popup(m: Marker): HTMLElement {
  const div = document.createElement("div");
  div.className = "map-popup";
  const title = document.createElement(m.url ? "a" : "strong");
  title.className = "map-popup-title";
  title.textContent = m.title;
  if (m.url && title instanceof HTMLAnchorElement) title.href = m.url;
  div.append(title);
  if (m.detail) {
    const p = document.createElement("p");
    p.className = "map-popup-detail";
    p.textContent = m.detail;
    div.append(p);
  }
  return div;
}

function showMarkers(map: L.Map, props: MapProps) {
  const group = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48 });
  for (const m of props.markers) {
    const marker = L.marker([m.lat, m.lng], { icon: pinIcon(m.title), title: m.title, keyboard: true, riseOnHover: true });
    marker.bindPopup(popup(m));
    group.addLayer(marker);
  }
  map.addLayer(group);
  const kept = keptView(moved, props.markers);
  moved = kept; // the visitor's still, or none until they move this map
  if (kept) {
    map.setView(kept.center, kept.zoom);
  } else if (props.center) {
    map.setView(props.center, props.zoom);
  } else if (props.markers.length === 1) {
    map.setView(props.markers[0], props.zoom);
  } else {
    map.fitBounds(L.latLngBounds(props.markers.map((m) => [m.lat, m.lng] as [number, number])), {
      padding: [32, 32],
      maxZoom: props.zoom,
    });
  }
  // The view above is set at once (a new map has none to animate from);
  // every move from here on is the visitor's: dragging, zooming, the arrow
  // keys, a cluster or a popup they opened.
  map.on("moveend", () => {
    const b = map.getBounds();
    moved = { center: map.getCenter(), zoom: map.getZoom(), south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
  });
}

// moved is where the visitor left the map of the results last shown on
// this page: the directory island draws a new map for each new set of
// results, which opens there while the results still fit (keptView).
let moved: View | null = null;

function byId(id: string): HTMLInputElement | null {
  const el = document.getElementById(id);
  return el instanceof HTMLInputElement ? el : null;
}

// showPin places the one draggable marker and keeps it and the inputs in
// step; it returns the marker's element, which takes focus.
function showPin(map: L.Map, props: MapProps, pin: NonNullable<MapProps["pin"]>, live: HTMLElement): HTMLElement | undefined {
  const latInput = byId(pin.latInput);
  const lngInput = byId(pin.lngInput);
  const typed = (): LatLng | null => {
    const lat = parseCoord(latInput?.value ?? "", "lat");
    const lng = parseCoord(lngInput?.value ?? "", "lng");
    return lat === null || lng === null ? null : { lat, lng };
  };
  const start = typed() ?? props.center ?? props.markers[0] ?? { lat: 0, lng: 0 };
  map.setView(start, props.zoom);
  const marker = L.marker(start, { icon: pinIcon(PIN_LABEL, "map-pin-draggable"), draggable: true, keyboard: true, autoPan: true });
  marker.addTo(map);

  let writing = false;
  const place = (p: LatLng, pan: boolean) => {
    const at = normalize(p);
    marker.setLatLng(at);
    if (pan) map.panInside(at, { padding: [40, 40] });
    writing = true;
    for (const [input, value] of [
      [latInput, formatCoord(at.lat)],
      [lngInput, formatCoord(at.lng)],
    ] as const) {
      if (!input || input.value === value) continue;
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    writing = false;
    live.textContent = `Location ${formatCoord(at.lat)}, ${formatCoord(at.lng)}`;
  };

  marker.on("dragend", () => place(marker.getLatLng(), false));
  map.on("click", (e: L.LeafletMouseEvent) => place(e.latlng, false));
  const el = marker.getElement();
  el?.addEventListener("keydown", (e) => {
    const to = nudge(marker.getLatLng(), e.key, e.shiftKey);
    if (!to) return;
    e.preventDefault();
    e.stopPropagation();
    place(to, true);
  });
  // Typing in the inputs moves the pin (what the map wrote itself is
  // skipped).
  const follow = () => {
    if (writing) return;
    const p = typed();
    if (!p) return;
    const at = normalize(p);
    marker.setLatLng(at);
    map.panInside(at, { padding: [40, 40] });
  };
  for (const input of [latInput, lngInput]) {
    input?.addEventListener("input", follow);
    input?.addEventListener("change", follow);
  }
  return el;
}

// show builds the map in place of the button.
async function show(el: HTMLElement, props: MapProps) {
  await loadStylesheet(props.stylesheet);
  const canvas = document.createElement("div");
  canvas.className = "map-canvas";
  canvas.dataset.testid = "map-canvas";
  const live = document.createElement("p");
  live.className = "visually-hidden";
  live.setAttribute("aria-live", "polite");
  el.append(canvas, live);
  let focusTarget: HTMLElement;
  try {
    focusTarget = build(canvas, live, props);
  } catch (err) {
    canvas.remove();
    live.remove();
    throw err;
  }
  // The map covers the button, which goes (and takes focus with it: the
  // map's own focus target takes it next).
  el.querySelector(".map-placeholder")?.remove();
  el.dataset.mapState = "shown";
  focusTarget.focus({ preventScroll: true });
}

// build draws the map into canvas and returns what takes focus: the pin,
// or the map itself (whose arrow keys pan it).
function build(canvas: HTMLElement, live: HTMLElement, props: MapProps): HTMLElement {
  const map = L.map(canvas, { scrollWheelZoom: false, keyboard: true, attributionControl: false });
  // The wheel zooms only once the visitor is using the map, so it never
  // catches a page scrolling past.
  map.on("focus", () => map.scrollWheelZoom.enable());
  map.on("blur", () => map.scrollWheelZoom.disable());
  canvas.addEventListener("pointerdown", () => map.scrollWheelZoom.enable(), { once: true });
  L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  L.tileLayer(props.tiles.url, { maxZoom: props.tiles.maxZoom, attribution: props.tiles.attribution }).addTo(map);

  if (props.pin) return showPin(map, props, props.pin, live) ?? canvas;
  showMarkers(map, props);
  return canvas;
}

export function mount(el: HTMLElement, raw: unknown) {
  const props = parseProps(raw);
  const button = el.querySelector<HTMLButtonElement>("[data-map-show]");
  if (!props || !button) {
    // Nothing to draw: the box keeps its link (or its inputs) instead.
    if (button) button.hidden = true;
    el.dataset.mapState = "unavailable";
    return;
  }
  let started = false;
  button.addEventListener("click", () => {
    if (started) return;
    started = true;
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    show(el, props).catch((err) => {
      console.error("map failed to show", err);
      el.dataset.mapState = "failed";
      button.disabled = false;
      button.removeAttribute("aria-busy");
      started = false;
    });
  });
}
