// The directory's search form and results, rendering exactly what
// views.DirectoryBody does, updated in place: results follow the controls
// as the visitor types, and the address bar follows the results.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Card, Icon, formatInt, toast, type BusinessCard } from "./Card";
import { ResultsMap } from "./ResultsMap";
import type { Tiles } from "../map/model";
import {
  coordinates, hasAny, hasFilters, nearComplete, pageURL, parseQuery, radiusOrDefault, refinements, requestURL, sameSearch, serialize,
  type Choices, type Option, type Query,
} from "./query";

export type Result = {
  query: Query;
  total: number;
  page: number;
  pages: number;
  summary: string;
  sortLabel: string;
  cards: BusinessCard[] | null;
  corrected: string; // the text the results are for, when the search corrected a typo
  nearLabel?: string; // the place searched near, as understood: "78664 (Round Rock, TX)"
  nearError?: string; // why the place was not understood (the server answers 422)
  mapTiles?: Tiles; // the site's map tiles; no url: no map
};

// maxQueryLen is views.MaxQueryLen: the most characters the server reads
// from a free-text control; mapBoxStylesheet and mapStylesheet are the map
// box's CSS and Leaflet's, for the map of the results.
export type Props = Choices & {
  result: Result;
  endpoint: string;
  pageSize: number;
  maxQueryLen: number;
  mapBoxStylesheet?: string;
  mapStylesheet?: string;
};

// Open says which of the form's disclosures are open: the phone's
// 'Filters & sort' (options) and 'Additional Filters' (filters).
export type Open = { options: boolean; filters: boolean };

const typingDelay = 250;

// locateTimeout is how long "Near me" waits for a position.
const locateTimeout = 10000;
const locateFailed = "We could not get your location. Type a ZIP code instead.";

// geolocation is the browser's, when it has one and the page may use it
// (a Permissions-Policy of geolocation=() forbids it, where the browser
// says so): "Near me" is hidden otherwise, as in the server's markup.
const geolocation = () => {
  if (typeof navigator === "undefined" || !navigator.geolocation) return null;
  const policy = (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy;
  return policy && !policy.allowsFeature("geolocation") ? null : navigator.geolocation;
};

// plain is a click that should stay on the page: not a new tab or window.
const plain = (e: MouseEvent) => !(e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);

const options = (opts: Option[]) =>
  opts.map((o) => (
    <option key={o.Value} value={o.Value}>
      {o.Label}
    </option>
  ));

// mapShown says the visitor pressed "Show map" on the server's map before
// the island mounted: the island's map of the results then shows at once.
export function Directory({ props, start, startOpen, mapShown = false }: { props: Props; start: Query; startOpen: Open; mapShown?: boolean }) {
  const [query, setQuery] = useState(start);
  const [result, setResult] = useState(props.result);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(startOpen);
  // locating: "Near me" is waiting for a position; located: why it got none.
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  // showMap: the visitor asked for the map, so that of new results shows
  // as they come.
  const [showMap, setShowMap] = useState(mapShown);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // seq orders responses; last is the search asked for; typing says the
  // current history entry belongs to the burst of typing under way.
  const r = useRef({ seq: 0, ctrl: null as AbortController | null, timer: 0, typing: false, focus: false, last: props.result.query as Query | null }).current;

  const search = (q: Query) => {
    r.ctrl?.abort();
    const ctrl = (r.ctrl = new AbortController());
    const seq = ++r.seq;
    r.last = q;
    setBusy(true);
    fetch(props.endpoint + "?" + serialize(q), { signal: ctrl.signal, headers: { Accept: "application/json" } })
      // 422: the place was not understood; the result says why (nearError).
      .then((res) => (res.ok || res.status === 422 ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((data: Result) => {
        if (seq !== r.seq) return;
        setResult(data);
        setBusy(false);
      })
      .catch(() => {
        if (seq !== r.seq) return;
        r.last = null; // so the same search can be tried again
        r.focus = false;
        setBusy(false);
        toast({ title: "Error", description: "The search failed. Please try again.", variant: "destructive" });
      });
  };

  const record = (q: Query, replace: boolean) => {
    const url = pageURL(q);
    if (url !== location.pathname + location.search) history[replace ? "replaceState" : "pushState"](null, "", url);
  };

  // change applies a control's new value: at once, or (typing) once the
  // visitor pauses. Every change but paging goes back to page 1.
  const change = (patch: Partial<Query>, typing = false, force = false) => {
    // A new text is searched forgivingly again.
    const next = { ...query, page: 1, exact: "q" in patch ? false : query.exact, ...patch };
    setQuery(next);
    window.clearTimeout(r.timer);
    const run = () => {
      if (force || !r.last || !sameSearch(next, r.last)) search(next);
      record(next, typing && r.typing);
      r.typing = typing;
    };
    if (typing) r.timer = window.setTimeout(run, typingDelay);
    else run();
  };

  // A search the visitor typed before the island arrived.
  useEffect(() => {
    if (!sameSearch(start, props.result.query)) {
      search(start);
      record(start, false);
    }
    const onPop = () => {
      const q = parseQuery(location.search, props, props.maxQueryLen);
      window.clearTimeout(r.timer);
      r.typing = false;
      setQuery(q);
      if (hasFilters(q)) setOpen((o) => ({ ...o, filters: true }));
      if (!r.last || !sameSearch(q, r.last)) search(q);
    };
    addEventListener("popstate", onPop);
    return () => {
      removeEventListener("popstate", onPop);
      r.ctrl?.abort();
      window.clearTimeout(r.timer);
    };
  }, []);

  // The section dims the results while a search is under way.
  useEffect(() => {
    const section = formRef.current?.closest(".directory");
    if (busy) section?.setAttribute("aria-busy", "true");
    else section?.removeAttribute("aria-busy");
  }, [busy]);

  // After a page change, take the visitor to the top of the new page.
  useEffect(() => {
    const h = headingRef.current;
    if (!r.focus || !h) return;
    r.focus = false;
    h.tabIndex = -1;
    h.focus({ preventScroll: true });
    h.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }, [result]);

  const link = (href: string, act: () => void, rest: Record<string, string>, children: ReactNode) => (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        if (!plain(e)) return;
        e.preventDefault();
        act();
      }}
    >
      {children}
    </a>
  );

  const viewLink = (view: string, label: string, icon: "layers" | "menu") => (
    <a
      className="btn btn-ghost btn-sm"
      href={pageURL({ ...query, view })}
      aria-current={query.view === view ? "true" : undefined}
      data-view={view}
      onClick={(e) => {
        if (!plain(e)) return;
        e.preventDefault();
        change({ view, page: query.page });
      }}
    >
      <Icon name={icon} />
      <span className="btn-label">{label}</span>
    </a>
  );

  const shown = { ...result.query, view: query.view };
  const goPage = (page: number) => () => {
    r.focus = true;
    change({ ...shown, page });
  };
  const cards = result.cards || [];
  const textBlur = () => (r.typing = false);
  const set = refinements(query);
  const toggle = (which: keyof Open, now: boolean) => setOpen((o) => (o[which] === now ? o : { ...o, [which]: now }));

  // A place typed is searched as the visitor pauses once it reads as
  // whole; a part of one waits for Enter or for leaving the field.
  const typeNear = (near: string) => {
    setLocateError("");
    if (nearComplete(near)) change({ near }, true);
    else setQuery({ ...query, near, page: 1 });
  };
  const leaveNear = () => {
    textBlur();
    if (!r.last || !sameSearch(query, r.last)) change({});
  };
  // nearMe searches around the visitor's position, nearest first.
  const nearMe = () => {
    const geo = geolocation();
    if (!geo || locating) return;
    setLocating(true);
    setLocateError("");
    geo.getCurrentPosition(
      (pos) => {
        setLocating(false);
        change({ near: coordinates(pos.coords.latitude, pos.coords.longitude), sort: "distance" });
      },
      () => {
        setLocating(false);
        setLocateError(locateFailed);
      },
      { timeout: locateTimeout, maximumAge: 5 * 60 * 1000 },
    );
  };
  // The message by the Near field: the server's (the place was not
  // understood, aria-invalid) or why "Near me" found no position.
  const nearError = result.nearError || "";
  const nearNote = nearError || locateError;

  return (
    <>
      <form
        ref={formRef}
        className="directory-search card"
        role="search"
        method="get"
        action="/directory"
        aria-label="Search the directory"
        onSubmit={(e) => {
          e.preventDefault();
          change({}, false, true);
        }}
      >
        <div className="search-row">
          <div className="field search-q">
            <label htmlFor="dir-q">Search</label>{" "}
            <input
              id="dir-q"
              name="q"
              type="search"
              value={query.q}
              maxLength={props.maxQueryLen}
              placeholder="Name, service or tag"
              autoComplete="off"
              onChange={(e) => change({ q: e.target.value }, true)}
              onBlur={textBlur}
            />
          </div>
          <details className="search-options" open={open.options} onToggle={(e) => toggle("options", e.currentTarget.open)}>
            <summary>
              Filters &amp; sort
              {set > 0 && (
                <>
                  {" "}
                  <span className="badge badge-primary">{set} active</span>
                </>
              )}
            </summary>
            <div className="options-row">
              <div className="field">
                <label htmlFor="dir-category">Category</label>{" "}
                <select id="dir-category" name="category" value={query.category} onChange={(e) => change({ category: e.target.value })}>
                  <option value="">All categories</option>
                  {options(props.categories)}
                </select>
              </div>
              <div className="field">
                <label htmlFor="dir-location">Location</label>{" "}
                <input
                  id="dir-location"
                  name="location"
                  type="text"
                  value={query.location}
                  maxLength={props.maxQueryLen}
                  placeholder="City or state"
                  autoComplete="address-level2"
                  onChange={(e) => change({ location: e.target.value }, true)}
                  onBlur={textBlur}
                />
              </div>
              <div className={nearError ? "field near-field has-error" : "field near-field"}>
                <label htmlFor="dir-near">Near</label>{" "}
                <div className="near-input">
                  <input
                    id="dir-near"
                    name="near"
                    type="text"
                    value={query.near}
                    maxLength={props.maxQueryLen}
                    placeholder="ZIP or City, ST"
                    autoComplete="postal-code"
                    aria-invalid={nearError ? "true" : undefined}
                    aria-describedby={nearNote ? "dir-near-error" : undefined}
                    onChange={(e) => typeNear(e.target.value)}
                    onBlur={leaveNear}
                  />{" "}
                  <button className="btn btn-outline btn-sm near-me" type="button" data-near-me="" hidden={!geolocation()} aria-busy={locating || undefined} onClick={nearMe}>
                    <Icon name="map-pin" />
                    Near me
                  </button>
                </div>
                {nearNote && (
                  <p className="field-error" id="dir-near-error">
                    {nearNote}
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor="dir-radius">Within</label>{" "}
                <select id="dir-radius" name="radius" value={String(radiusOrDefault(query))} onChange={(e) => change({ radius: Number(e.target.value) })}>
                  {options(props.radii || [])}
                </select>
              </div>
              <div className="field">
                <label htmlFor="dir-sort">Sort by</label>{" "}
                <select id="dir-sort" name="sort" value={query.sort} onChange={(e) => change({ sort: e.target.value })}>
                  {options(props.sorts)}
                </select>
              </div>
            </div>
          </details>
          <div className="search-submit">
            <button className="btn btn-primary" type="submit">
              <Icon name="search" />
              <span className="btn-label">Search</span>
            </button>
          </div>
        </div>
        {query.view === "list" && <><input type="hidden" name="view" value="list" /> </>}
        <details className="more-filters" open={open.filters} onToggle={(e) => toggle("filters", e.currentTarget.open)}>
          <summary>Additional Filters</summary>
          <div className="filters-row">
            <div className="field">
              <label htmlFor="dir-min-rating">Minimum rating</label>{" "}
              <select id="dir-min-rating" name="min_rating" value={query.min_rating} onChange={(e) => change({ min_rating: e.target.value })}>
                <option value="">Any rating</option>
                {options(props.ratings)}
              </select>
            </div>
            <div className="field">
              <label htmlFor="dir-type">Business type</label>{" "}
              <select id="dir-type" name="type" value={query.type} onChange={(e) => change({ type: e.target.value })}>
                <option value="">Any type</option>
                {options(props.types)}
              </select>
            </div>
            <div className="field checkbox-field">
              <input id="dir-verified" name="verified" type="checkbox" value="1" checked={query.verified} onChange={(e) => change({ verified: e.target.checked })} />{" "}
              <label htmlFor="dir-verified">Verified businesses only</label>
            </div>
            <div className="field checkbox-field">
              <input id="dir-open" name="open" type="checkbox" value="now" checked={query.open} onChange={(e) => change({ open: e.target.checked })} />{" "}
              <label htmlFor="dir-open">Open now</label>
            </div>
            <div className="search-submit">
              <button className="btn btn-outline" type="submit">
                Apply filters
              </button>
            </div>
          </div>
        </details>
      </form>
      <div className="results-bar">
        <h2 ref={headingRef} id="directory-results-heading" className="results-count" aria-live="polite">
          <span>{result.summary}</span>{" "}
          {result.nearLabel && (
            <>
              <span className="muted" data-testid="near-label">
                within {radiusOrDefault(result.query)} miles of {result.nearLabel}
              </span>{" "}
            </>
          )}
          <span className="muted">{result.sortLabel}</span>
        </h2>
        <div className="results-actions">
          <a className="btn btn-outline btn-sm" href={requestURL(result.query)} data-testid="request-quotes">
            Request quotes
          </a>
          <div className="view-toggle" role="group" aria-label="Layout">
            {viewLink("grid", "Grid", "layers")}
            {viewLink("list", "List", "menu")}
          </div>
        </div>
      </div>
      {result.corrected && (
        <p className="search-correction" data-testid="search-correction">
          Showing results for <strong>{result.corrected}</strong>.{" "}
          {link(pageURL({ ...result.query, exact: true, page: 1 }), () => change({ exact: true }, false, true), {}, `Search instead for “${result.query.q}”`)}
        </p>
      )}
      {cards.length === 0 && result.total > 0 ? (
        <div className="empty-state" data-testid="past-end">
          <Icon name="search" />
          <h3>Page {result.page} is past the end of these results</h3>
          <p className="muted">They fill {result.pages === 1 ? "1 page" : formatInt(result.pages) + " pages"}.</p>
          {link(pageURL({ ...shown, page: result.pages }), goPage(result.pages), { className: "btn btn-primary" }, "Go to the last page")}
        </div>
      ) : cards.length === 0 ? (
        <div className="empty-state">
          <Icon name="search" />
          <h3>No businesses match your search</h3>
          <p className="muted">Try a shorter word, another category or a nearby city.</p>
          <p>
            No match?{" "}
            <a href={requestURL(result.query)} data-testid="request-quotes-empty">
              Describe what you need and we will send it to up to 5 businesses
            </a>
            .
          </p>
          {hasAny(result.query) && link("/directory", () => change(parseQuery("", props, props.maxQueryLen)), { className: "btn btn-primary" }, "Clear all filters")}
        </div>
      ) : (
        <>
          <ul className={"business-results " + (query.view === "list" ? "business-list" : "business-grid")}>
            {cards.map((b) => (
              <Card key={b.slug} b={b} next={pageURL({ ...shown, page: result.page })} />
            ))}
          </ul>
          {result.pages > 1 && (
            <nav className="pagination" aria-label="Pages">
              {result.page > 1 && (
                <>
                  {link(pageURL({ ...shown, page: result.page - 1 }), goPage(result.page - 1), { className: "btn btn-outline btn-sm", rel: "prev" }, "Previous")}{" "}
                </>
              )}
              <span className="muted">
                Page {result.page} of {formatInt(result.pages)}
              </span>{" "}
              {result.page < result.pages &&
                link(pageURL({ ...shown, page: result.page + 1 }), goPage(result.page + 1), { className: "btn btn-outline btn-sm", rel: "next" }, "Next")}
            </nav>
          )}
          <ResultsMap
            cards={cards}
            tiles={result.mapTiles}
            boxStylesheet={props.mapBoxStylesheet ?? ""}
            stylesheet={props.mapStylesheet ?? ""}
            shown={showMap}
            onShow={() => setShowMap(true)}
          />
        </>
      )}
    </>
  );
}
