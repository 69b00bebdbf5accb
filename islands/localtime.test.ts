import { test } from "node:test";
import assert from "node:assert/strict";
import { localText } from "./localtime";

test("a UTC moment is written in the reader's zone, naming it", () => {
  assert.equal(localText("2026-03-05T14:05:00Z", "America/Los_Angeles"), "Mar 5, 2026, 6:05 AM PST");
  assert.equal(localText("2026-07-05T14:05:00Z", "America/Los_Angeles"), "Jul 5, 2026, 7:05 AM PDT");
  assert.equal(localText("2026-03-05T14:05:00Z", "UTC"), "Mar 5, 2026, 2:05 PM UTC");
});

test("a moment it cannot read is left as the server wrote it", () => {
  assert.equal(localText("not a time"), "");
});
