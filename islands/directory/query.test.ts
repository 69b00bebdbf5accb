// Unit tests of the directory's query: it reads a URL as
// handlers.parseDirectoryQuery does, with the text limit from the props
// (made-up limits here, so nothing can come from a copy of the server's).
// Run with `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hasAny, parseQuery, refinements, requestURL, sameSearch, serialize, text, type Choices } from "./query";

const choices: Choices = {
  categories: [{ Value: "food", Label: "Food & Beverage" }],
  sorts: ["relevance", "rating", "reviews", "name"].map((v) => ({ Value: v, Label: v })),
  ratings: [{ Value: "4", Label: "4 stars & up" }],
  types: [{ Value: "online", Label: "Online" }],
};

test("text cuts to the limit it is given, in characters, and trims what the cut leaves", () => {
  assert.equal(text("  sour   dough  ", 100), "sour dough");
  assert.equal(text("abcdef", 4), "abcd");
  assert.equal(text("ab cdef", 3), "ab");
  assert.equal(text("ééééé", 3), "ééé");
  assert.equal(text("😀😀😀", 2), "😀😀", "a character outside the BMP counts once, as Go counts runes");
});

test("parseQuery cuts the search and the location to the props' limit", () => {
  const long = "x".repeat(30);
  for (const max of [5, 20, 100]) {
    const q = parseQuery(`?q=${long}&location=${long}`, choices, max);
    assert.equal(q.q.length, Math.min(30, max));
    assert.equal(q.location.length, Math.min(30, max));
  }
});

test("parseQuery replaces unknown choices with their defaults", () => {
  const q = parseQuery("?category=nope&sort=DROP&min_rating=abc&type=online&verified=on&page=-3&view=list", choices, 100);
  assert.deepEqual(q, { q: "", category: "", location: "", sort: "relevance", view: "list", min_rating: "", verified: true, type: "online", page: 1, exact: false });
});

test("an exact search (the link beside 'Showing results for …') round-trips, only with a text", () => {
  const q = parseQuery("?q=plumbr&exact=1&page=2", choices, 100);
  assert.equal(q.exact, true);
  assert.equal(serialize(q), "q=plumbr&exact=1&page=2");
  assert.equal(parseQuery("?exact=1", choices, 100).exact, false);
  assert.equal(serialize({ ...q, q: "" }), "page=2");
  assert.ok(!sameSearch(q, { ...q, exact: false }));
});

test("serialize leaves defaults out and squeezes spaces; the layout is not part of a search", () => {
  const q = parseQuery("?q=bread", choices, 100);
  assert.equal(serialize({ ...q, q: "  sour   dough " }), "q=sour+dough");
  assert.equal(serialize(parseQuery("", choices, 100)), "");
  assert.ok(sameSearch(q, { ...q, view: "list" }));
  assert.ok(!sameSearch(q, { ...q, page: 2 }));
  assert.equal(hasAny({ ...q, q: "  " }), false);
  assert.equal(hasAny(q), true);
});

test("refinements counts the controls set besides the text search", () => {
  const empty = parseQuery("", choices, 100);
  assert.equal(refinements(empty), 0);
  assert.equal(refinements({ ...empty, q: "bread", view: "list", page: 3 }), 0);
  assert.equal(hasAny({ ...empty, q: "bread" }), true);
  for (const patch of [{ category: "food" }, { location: "Austin" }, { sort: "name" }, { verified: true }, { min_rating: "4" }, { type: "online" }]) {
    assert.equal(refinements({ ...empty, ...patch }), 1, JSON.stringify(patch));
  }
  assert.equal(refinements({ ...empty, location: "   " }), 0);
  assert.equal(refinements(parseQuery("?category=food&location=Austin&sort=name&min_rating=4&verified=1&type=online", choices, 100)), 6);
});

test("requestURL carries the search's category and location to the quote request form, as views.DirectoryQuery.RequestURL", () => {
  assert.equal(requestURL(parseQuery("?q=roof&category=food&location=Austin,%20TX&sort=rating", choices, 100)), "/request?category=food&location=Austin%2C+TX");
  assert.equal(requestURL(parseQuery("?location=%20%20Round%20%20Rock%20", choices, 100)), "/request?location=Round+Rock");
  assert.equal(requestURL(parseQuery("?q=roof", choices, 100)), "/request");
});
