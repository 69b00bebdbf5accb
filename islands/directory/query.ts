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
};

export type Option = { Value: string; Label: string };
export type Choices = { categories: Option[]; sorts: Option[]; ratings: Option[]; types: Option[] };

export const emptyQuery: Query = {
  q: "", category: "", location: "", sort: "relevance", view: "grid",
  min_rating: "", verified: false, type: "", page: 1, exact: false,
};

// squeeze is a free-text control as the server reads it: spaces collapsed
// and trimmed.
const squeeze = (s: string) => s.trim().replace(/\s+/g, " ");

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
  if (q.sort !== "relevance") add("sort", q.sort);
  if (q.view === "list") add("view", "list");
  add("min_rating", q.min_rating);
  if (q.verified) add("verified", "1");
  add("type", q.type);
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

export const hasFilters = (q: Query) => q.min_rating !== "" || q.verified || q.type !== "";
export const hasAny = (q: Query) => squeeze(q.q) !== "" || q.category !== "" || squeeze(q.location) !== "" || hasFilters(q);
// refinements is views.DirectoryQuery.Refinements: how many controls
// besides the text search narrow or order the results.
export const refinements = (q: Query) =>
  [q.category !== "", squeeze(q.location) !== "", q.sort !== "relevance", q.min_rating !== "", q.verified, q.type !== ""].filter(Boolean).length;
