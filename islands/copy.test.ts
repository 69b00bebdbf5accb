// Unit tests of the copy buttons' toasts. Run with `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyToasts } from "./copy";

test("a copy button without data-copy-what copies a link and repeats it", () => {
  const t = copyToasts(undefined, "https://example.com/r/abc");
  assert.deepEqual(t.done, { title: "Link copied", description: "https://example.com/r/abc" });
  assert.equal(t.refused.title, "Copy the selected link");
  assert.equal(t.refused.variant, "destructive");
});

test("data-copy-what names what was copied, and a secret is not shown again", () => {
  const t = copyToasts("key", "bp_secret");
  assert.equal(t.done.title, "Key copied");
  assert.ok(!JSON.stringify(t).includes("bp_secret"), "the key's secret is in a toast");
  assert.equal(t.refused.title, "Copy the selected key");
});

test("an empty data-copy-what is a link", () => {
  assert.equal(copyToasts("  ", "x").done.title, "Link copied");
});
