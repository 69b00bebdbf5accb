// The directory's controls as in its URL, shared by the island's requests,
// pushState and popstate. Mirrors views.DirectoryQuery.URL and
// handlers.parseDirectoryQuery: same names, same defaults left out.

export type Query = {
  q: string;
  category: string;
  location: string;
  sort: string;
  view: string; // grid or list
  min_rating: string;
  verified: boolean;
  type: string;
  page: number;
  exact: boolean; // only listings containing q itself (no forms, synonyms or typos)
  near: string; // a place: a ZIP code, "City, ST" or "lat,lng"
  radius: number; // miles around near (0: defaultRadius); one of the radii
  open: boolean; // open now
};

export type Option = { Value: string; Label: string };
// radii are catalog.RadiusOptions ("25" for 25 miles): from the props when
// they carry them, else read from the server's own "Within" select.
export type Choices = { categories: Option[]; sorts: Option[]; ratings: Option[]; types: Option[]; radii?: Option[] };

// defaultRadius is catalog.DefaultRadius: the miles a search near a place
// reaches unless told, left out of URLs.
export const defaultRadius = 25;

export const emptyQuery: Query = {
  q: "", category: "", location: "", sort: "relevance", view: "grid",
  min_rating: "", verified: false, type: "", page: 1, exact: false,
  near: "", radius: 0, open: false,
};

// squeeze is a free-text control as the server reads it: spaces collapsed
// and trimmed (a field a result from an older server lacks is empty).
const squeeze = (s: string | undefined) => (s || "").trim().replace(/\s+/g, " ");

// text is how the server reads a free-text control from a URL: squeezed,
// at most max characters (views.MaxQueryLen, from the island's props).
// What is typed needs no cut: the inputs' maxlength is the same max.
export const text = (s: string, max: number) => Array.from(squeeze(s)).slice(0, max).join("").trim();

const pick = (opts: Option[] | undefined, v: string | null, def: string) =>
  v !== null && (!opts || opts.some((o) => o.Value === v)) ? v : def;

// parseQuery reads location.search (or any query string), replacing what is
// unknown with its default and cutting text to maxLen characters, as the
// server does.
export function parseQuery(search: string, c: Choices | undefined, maxLen: number): Query {
  const p = new URLSearchParams(search);
  const page = Number(p.get("page"));
  const near = text(p.get("near") || "", maxLen);
  const radius = Number(pick(c?.radii, p.get("radius"), ""));
  return {
    q: text(p.get("q") || "", maxLen),
    category: pick(c?.categories, p.get("category"), ""),
    location: text(p.get("location") || "", maxLen),
    sort: pick(c?.sorts, p.get("sort"), "relevance"),
    view: p.get("view") === "list" ? "list" : "grid",
    min_rating: pick(c?.ratings, p.get("min_rating"), ""),
    verified: ["1", "on", "true"].includes(p.get("verified") || ""),
    type: pick(c?.types, p.get("type"), ""),
    page: Number.isInteger(page) && page > 1 && page <= 10000 ? page : 1,
    exact: p.get("exact") === "1" && text(p.get("q") || "", maxLen) !== "",
    near,
    // A radius is only read with a place to be around, as the server does.
    radius: near && Number.isInteger(radius) && radius >= 1 && radius <= 100 ? radius : 0,
    open: p.get("open") === "now",
  };
}

// serialize is the query string without its defaults ("" for none).
export function serialize(q: Query): string {
  const p = new URLSearchParams();
  const add = (k: string, v: string) => v && p.append(k, v);
  add("q", squeeze(q.q));
  if (q.exact && squeeze(q.q)) add("exact", "1");
  add("category", q.category);
  add("location", squeeze(q.location));
  const near = squeeze(q.near);
  add("near", near);
  if (near && q.radius && q.radius !== defaultRadius) add("radius", String(q.radius));
  if (q.sort !== "relevance") add("sort", q.sort);
  if (q.view === "list") add("view", "list");
  add("min_rating", q.min_rating);
  if (q.verified) add("verified", "1");
  add("type", q.type);
  if (q.open) add("open", "now");
  if (q.page > 1) add("page", String(q.page));
  return p.toString();
}

// pageURL is the page's own link for q: what pushState records.
export function pageURL(q: Query): string {
  const s = serialize(q);
  return s ? "/directory?" + s : "/directory";
}

// requestURL is the quote request form prefilled with q's category and
// location: views.DirectoryQuery.RequestURL.
export function requestURL(q: Query): string {
  const p = new URLSearchParams();
  if (q.category) p.append("category", q.category);
  const location = squeeze(q.location);
  if (location) p.append("location", location);
  const s = p.toString();
  return s ? "/request?" + s : "/request";
}

// sameSearch reports whether a and b ask the server for the same results
// (the layout is not part of the search).
export const sameSearch = (a: Query, b: Query) => serialize({ ...a, view: "" }) === serialize({ ...b, view: "" });

export const hasFilters = (q: Query) => q.min_rating !== "" || q.verified || q.type !== "" || !!q.open;
export const hasAny = (q: Query) =>
  squeeze(q.q) !== "" || q.category !== "" || squeeze(q.location) !== "" || squeeze(q.near) !== "" || hasFilters(q);
// refinements is views.DirectoryQuery.Refinements: how many controls
// besides the text search narrow or order the results.
export const refinements = (q: Query) =>
  [q.category !== "", squeeze(q.location) !== "", squeeze(q.near) !== "", q.sort !== "relevance", q.min_rating !== "", q.verified, q.type !== "", !!q.open]
    .filter(Boolean).length;

// radiusOrDefault is views.DirectoryQuery.RadiusOrDefault: the miles a
// search near a place reaches.
export const radiusOrDefault = (q: Query) => (q.radius > 0 ? q.radius : defaultRadius);

// nearComplete reports whether a place being typed reads as whole (a ZIP
// code, coordinates, "City, ST"), so it is searched as the visitor pauses;
// a part of one ("787", "Aus") waits for Enter or for leaving the field,
// rather than flashing "We don't know …" at each keystroke. Clearing the
// field is whole too.
export const nearComplete = (s: string) => {
  const t = squeeze(s);
  return t === "" || /^\d{5}(-\d{4})?$/.test(t) || /^-?\d{1,3}(\.\d+)?\s*[, ]\s*-?\d{1,3}(\.\d+)?$/.test(t) || /^[^,\d]+,\s*[A-Za-z]{2}$/.test(t);
};

// coordinates is a position as the Near field takes it: "lat,lng" to 4
// decimals (about 11 m), no trailing zeros.
export const coordinates = (lat: number, lng: number) => {
  const r = (n: number) => String(Math.round(n * 1e4) / 1e4);
  return r(lat) + "," + r(lng);
};
