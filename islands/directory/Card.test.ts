// Unit tests of a directory card's logo: the attributes views.cardLogo
// writes, as React props (the browser test compares the whole island with
// the server's markup). Run with `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CardLogo, type BusinessCard } from "./Card";

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
