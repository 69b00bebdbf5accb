import { createRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import { Directory, type Props } from "./Directory";
import { sameSearch, type Query } from "./query";

const focusable = "a[href], button, input, select, textarea, summary";

// mount replaces the server's form and results with the island's identical
// ones in one synchronous step, keeping whatever the visitor already typed
// or chose, and where the focus and the text cursor were.
export function mount(el: HTMLElement, props: Props) {
  const form = el.querySelector("form");
  const field = (name: string) => form?.elements.namedItem(name) as HTMLInputElement | null;
  const value = (name: string, def = "") => field(name)?.value ?? def;
  const server = props.result.query;
  // The radii come from the server's own "Within" select unless the props
  // carry them: one list, catalog.RadiusOptions.
  if (!props.radii) {
    const radius = form?.querySelector<HTMLSelectElement>("select[name=radius]");
    props = { ...props, radii: radius ? Array.from(radius.options, (o) => ({ Value: o.value, Label: o.text })) : [] };
  }
  const start: Query = {
    q: value("q"),
    // An exact search stays exact while its text is the server's.
    exact: !!server.exact && value("q") === server.q,
    category: value("category"),
    location: value("location"),
    sort: value("sort", server.sort),
    view: server.view,
    min_rating: value("min_rating"),
    verified: field("verified")?.checked ?? false,
    type: value("type"),
    page: server.page,
    near: value("near"),
    radius: Number(value("radius")) || 0,
    open: field("open")?.checked ?? false,
  };
  if (!sameSearch(start, server)) start.page = 1;
  const startOpen = {
    options: el.querySelector<HTMLDetailsElement>("details.search-options")?.open ?? false,
    filters: el.querySelector<HTMLDetailsElement>("details.more-filters")?.open ?? false,
  };

  const active = document.activeElement;
  let restore = () => {};
  if (active instanceof HTMLElement && el.contains(active)) {
    const index = Array.from(el.querySelectorAll(focusable)).indexOf(active);
    const id = active.id;
    const text = active instanceof HTMLInputElement && active.selectionStart !== null;
    const { selectionStart: s, selectionEnd: e, selectionDirection: d } = active as HTMLInputElement;
    restore = () => {
      const again = (id && document.getElementById(id)) || el.querySelectorAll<HTMLElement>(focusable)[index];
      again?.focus({ preventScroll: true });
      if (text && again instanceof HTMLInputElement) again.setSelectionRange(s, e, d || undefined);
    };
  }

  // A map the visitor already asked for (main.ts loads the map island on
  // the press) shows again in the island's own box.
  const mapShown = !!el.querySelector(".results-map [data-island=map][data-island-state]");
  const root = createRoot(el);
  flushSync(() => {
    el.replaceChildren();
    root.render(<Directory props={props} start={start} startOpen={startOpen} mapShown={mapShown} />);
  });
  restore();
}
