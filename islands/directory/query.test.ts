// Unit tests of the directory's query: it reads a URL as
// handlers.parseDirectoryQuery does, with the text limit from the props
// (made-up limits here, so nothing can come from a copy of the server's).
// Run with `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { coordinates, hasAny, hasFilters, nearComplete, parseQuery, radiusOrDefault, refinements, requestURL, sameSearch, serialize, text, type Choices } from "./query";

const choices: Choices = {
  categories: [{ Value: "food", Label: "Food & Beverage" }],
  sorts: ["relevance", "rating", "reviews", "name", "distance"].map((v) => ({ Value: v, Label: v })),
  ratings: [{ Value: "4", Label: "4 stars & up" }],
  types: [{ Value: "online", Label: "Online" }],
  radii: ["5", "10", "25", "50", "100"].map((v) => ({ Value: v, Label: v + " miles" })),
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
  assert.deepEqual(q, {
    q: "", category: "", location: "", sort: "relevance", view: "list", min_rating: "", verified: true, type: "online", page: 1, exact: false,
    near: "", radius: 0, open: false,
  });
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
  for (const patch of [{ category: "food" }, { location: "Austin" }, { near: "78701" }, { sort: "name" }, { verified: true }, { min_rating: "4" }, { type: "online" }, { open: true }]) {
    assert.equal(refinements({ ...empty, ...patch }), 1, JSON.stringify(patch));
  }
  assert.equal(refinements({ ...empty, location: "   " }), 0);
  assert.equal(refinements({ ...empty, radius: 10 }), 0, "a radius alone narrows nothing");
  assert.equal(refinements(parseQuery("?category=food&location=Austin&sort=name&min_rating=4&verified=1&type=online", choices, 100)), 6);
  assert.equal(refinements(parseQuery("?category=food&location=Austin&near=78701&radius=5&sort=distance&min_rating=4&verified=1&type=online&open=now", choices, 100)), 8);
});

test("requestURL carries the search's category and location to the quote request form, as views.DirectoryQuery.RequestURL", () => {
  assert.equal(requestURL(parseQuery("?q=roof&category=food&location=Austin,%20TX&sort=rating", choices, 100)), "/request?category=food&location=Austin%2C+TX");
  assert.equal(requestURL(parseQuery("?location=%20%20Round%20%20Rock%20", choices, 100)), "/request?location=Round+Rock");
  assert.equal(requestURL(parseQuery("?q=roof", choices, 100)), "/request");
});

test("near, radius and open now round-trip in the server's order, the default radius left out", () => {
  const url = "q=tacos&category=food&location=Austin&near=78701&radius=10&sort=distance&view=list&min_rating=4&verified=1&type=online&open=now&page=2";
  const q = parseQuery("?" + url, choices, 100);
  assert.equal(q.near, "78701");
  assert.equal(q.radius, 10);
  assert.equal(q.open, true);
  assert.equal(q.sort, "distance");
  assert.equal(serialize(q), url);
  assert.equal(serialize({ ...q, radius: 25 }), url.replace("&radius=10", ""), "25 miles is the default");
  assert.equal(serialize({ ...q, radius: 0 }), url.replace("&radius=10", ""));
  assert.ok(sameSearch({ ...q, radius: 0 }, { ...q, radius: 25 }));
  assert.ok(!sameSearch(q, { ...q, open: false }));
  assert.equal(radiusOrDefault({ ...q, radius: 0 }), 25);
  assert.equal(radiusOrDefault(q), 10);
});

test("a radius is read only with a place, and only one of the radii; open is only 'now'", () => {
  assert.equal(parseQuery("?radius=10", choices, 100).radius, 0);
  assert.equal(serialize({ ...parseQuery("", choices, 100), radius: 10 }), "", "no radius without a place");
  assert.equal(parseQuery("?near=78701&radius=7", choices, 100).radius, 0);
  assert.equal(parseQuery("?near=78701&radius=1e3", choices, 100).radius, 0);
  assert.equal(parseQuery("?near=%20%2078701%20&radius=50", choices, 100).near, "78701");
  assert.equal(parseQuery("?open=1", choices, 100).open, false);
  assert.equal(parseQuery("?open=now", choices, 100).open, true);
  assert.equal(serialize({ ...parseQuery("", choices, 100), near: "  Round   Rock, TX " }), "near=Round+Rock%2C+TX");
});

test("a place or open now makes a search; open now is an additional filter, the place is not", () => {
  const empty = parseQuery("", choices, 100);
  assert.equal(hasAny({ ...empty, near: "78701" }), true);
  assert.equal(hasAny({ ...empty, near: "  " }), false);
  assert.equal(hasAny({ ...empty, open: true }), true);
  assert.equal(hasFilters({ ...empty, open: true }), true);
  assert.equal(hasFilters({ ...empty, near: "78701" }), false);
});

test("a place typed is searched as the visitor pauses only once it reads as whole", () => {
  for (const whole of ["", "78701", "78701-1234", "30.2672,-97.7431", "30.2672 -97.7431", "Round Rock, TX", "austin,tx"]) {
    assert.equal(nearComplete(whole), true, whole);
  }
  for (const part of ["7", "787", "787011", "Aus", "Round Rock,", "Round Rock, T", "30.2672,"]) {
    assert.equal(nearComplete(part), false, part);
  }
});

test("a position becomes 'lat,lng' to 4 decimals", () => {
  assert.equal(coordinates(30.267153, -97.743061), "30.2672,-97.7431");
  assert.equal(coordinates(30.5, -97), "30.5,-97");
  assert.equal(coordinates(-0.00001, 0.00004), "0,0");
  assert.ok(nearComplete(coordinates(30.267153, -97.743061)));
});
