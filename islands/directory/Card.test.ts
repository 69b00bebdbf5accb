// Unit tests of a directory card: its logo's attributes (those
// views.cardLogo writes, as React props), its distance and whether it is
// open now (the browser test compares the whole island with the server's
// markup). Run with `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isValidElement, type ReactNode } from "react";
import { Card, CardLogo, SaveButton, type BusinessCard } from "./Card";

const card = (logo: BusinessCard["logo"], lazyLogo: boolean): BusinessCard => ({
  slug: "lantern-bakery",
  name: "Lantern Bakery",
  description: "",
  category: "Food & Beverage",
  subCategory: "",
  location: "Austin, TX",
  rating: 0,
  reviews: 0,
  verified: false,
  claimed: false,
  featured: false,
  tags: [],
  moreTags: 0,
  saved: false,
  logo,
  lazyLogo,
});

// attrs are the attributes React gives the logo's img (those it leaves
// out are undefined, so they are dropped here).
const attrs = (b: BusinessCard) => {
  const el = CardLogo({ b });
  assert.equal(el.type, "img");
  return Object.fromEntries(Object.entries(el.props as Record<string, unknown>).filter(([, v]) => v !== undefined));
};

test("a logo has its variants, its size and no alt text (the name stands by it)", () => {
  const logo = { src: "/media/a-160.png", srcset: "/media/a-160.png 160w, /media/a-480.png 480w", sizes: "64px", width: 160, height: 80, alt: "" };
  assert.deepEqual(attrs(card(logo, false)), {
    className: "business-logo",
    src: "/media/a-160.png",
    srcSet: "/media/a-160.png 160w, /media/a-480.png 480w",
    sizes: "64px",
    width: 160,
    height: 80,
    alt: "",
    decoding: "async",
  });
});

test("the placeholder has no srcset, and a card below the first screen loads it lazily", () => {
  const got = attrs(card({ src: "/placeholders/food/LB.svg", width: 64, height: 64, alt: "" }, true));
  assert.deepEqual(got, { className: "business-logo", src: "/placeholders/food/LB.svg", width: 64, height: 64, alt: "", loading: "lazy", decoding: "async" });
});

// html writes a tree of elements as markup: elements with their class,
// data-testid and inner HTML, components rendered, spaces kept (the Save
// button's form, which needs hooks, is only named).
const html = (n: ReactNode): string => {
  if (n === null || n === undefined || typeof n === "boolean") return "";
  if (typeof n === "string" || typeof n === "number") return String(n);
  if (Array.isArray(n)) return n.map(html).join("");
  if (!isValidElement(n)) return "";
  const { children, className, dangerouslySetInnerHTML, ...rest } = n.props as Record<string, any>;
  if (n.type === SaveButton) return "<SaveButton/>";
  if (typeof n.type === "function") return html((n.type as (p: unknown) => ReactNode)(n.props));
  if (typeof n.type !== "string") return html(children); // a fragment
  const attrs = (className ? ` class="${className}"` : "") + (rest["data-testid"] ? ` data-testid="${rest["data-testid"]}"` : "");
  return `<${n.type}${attrs}>${dangerouslySetInnerHTML ? dangerouslySetInnerHTML.__html : html(children)}</${n.type}>`;
};

// markup is a whole card as the island renders it.
const markup = (patch: Partial<BusinessCard>) =>
  html(Card({ b: { ...card({ src: "/p.svg", width: 64, height: 64, alt: "" }, false), ...patch }, next: "/directory" }));

test("a card near a place says how far it is, inside its meta line, after the location", () => {
  const html = markup({ distance: "3.2 mi" });
  assert.match(html, /<p class="business-meta">.*<span>.*Austin, TX<\/span> <span class="distance" data-testid="distance">3\.2 mi<\/span><\/p>/);
  assert.doesNotMatch(markup({}), /data-testid="distance"/, "no distance without a place");
});

test("a card with hours says whether it is open now, with the clock icon, after its meta line", () => {
  const open = markup({ hours: "Open until 6 pm", open: true });
  assert.match(open, /<\/p><p class="open-status is-open" data-testid="open-status"><svg class="icon"[^>]*><circle cx="12" cy="12" r="10"\/><path d="M12 6v6l4 2"\/><\/svg>Open until 6 pm<\/p><p class="business-desc">/);
  const closed = markup({ hours: "Opens at 9 am", open: false });
  assert.match(closed, /<p class="open-status" data-testid="open-status"><svg[^>]*>.*<\/svg>Opens at 9 am<\/p>/);
  assert.doesNotMatch(markup({ open: true }), /open-status/, "no status when the listing shows no hours");
});
