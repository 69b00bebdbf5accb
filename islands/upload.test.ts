// Unit tests of what both upload islands share: the checks take every
// limit and message from the rules (made up here, so nothing can come from
// a copy of the server's) and the photos' order. Run with
// `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkAlt, checkFile, fileHint, moveItem, type ImageRules } from "./upload";

const rules: ImageRules = {
  maxBytes: 2 << 20,
  accept: ["image/jpeg", "image/png"],
  typesLabel: "JPEG or PNG",
  tooLarge: "Too big.",
  notAccepted: "Not a picture.",
  svg: "No SVG.",
  altRequired: "Describe it.",
  altMax: 5,
  altTooLong: "Five at most.",
  whyAlt: "For screen readers.",
  noFile: "Pick one.",
  storage: "Try later.",
};

test("a file is checked as the server would before it is sent", () => {
  const cases: [string, { size: number; type: string; name: string }, string][] = [
    ["a JPEG within the limit", { size: 2 << 20, type: "image/jpeg", name: "a.jpg" }, ""],
    ["over the limit", { size: (2 << 20) + 1, type: "image/png", name: "a.png" }, "Too big."],
    ["an SVG", { size: 10, type: "image/svg+xml", name: "a.svg" }, "No SVG."],
    ["an SVG without a type", { size: 10, type: "", name: "logo.SVG" }, "No SVG."],
    ["another type", { size: 10, type: "application/pdf", name: "a.pdf" }, "Not a picture."],
    ["no type known: the server sniffs it", { size: 10, type: "", name: "a.heic" }, ""],
  ];
  for (const [what, file, want] of cases) assert.equal(checkFile(file, rules), want, what);
  assert.equal(fileHint(rules), "JPEG or PNG, at most 2 MB");
});

test("a description is required and bounded in characters, not bytes", () => {
  assert.equal(checkAlt("   ", rules), "Describe it.");
  assert.equal(checkAlt(" héllo ", rules), "");
  assert.equal(checkAlt("😀😀😀😀😀", rules), "");
  assert.equal(checkAlt("123456", rules), "Five at most.");
});

test("moveItem moves one item; out of range, the list is the same", () => {
  const list = [1, 2, 3];
  assert.deepEqual(moveItem(list, 2, 0), [3, 1, 2]);
  assert.deepEqual(moveItem(list, 0, 2), [2, 3, 1]);
  assert.equal(moveItem(list, 0, 3), list);
  assert.equal(moveItem(list, -1, 0), list);
  assert.deepEqual(list, [1, 2, 3], "the list given is not changed");
});
