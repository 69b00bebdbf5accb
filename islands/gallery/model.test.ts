import { test } from "node:test";
import assert from "node:assert/strict";
import { counter, keyStep, step, swipeStep } from "./model";

test("the arrows wrap round the photos", () => {
  assert.equal(step(0, 1, 3), 1);
  assert.equal(step(2, 1, 3), 0);
  assert.equal(step(0, -1, 3), 2);
  assert.equal(step(0, 1, 0), 0);
});

test("arrow keys move one photo, Home and End to the ends, other keys not at all", () => {
  assert.equal(keyStep("ArrowRight", 1, 5), 1);
  assert.equal(keyStep("ArrowLeft", 1, 5), -1);
  assert.equal(keyStep("Home", 3, 5), -3);
  assert.equal(keyStep("End", 1, 5), 3);
  assert.equal(keyStep("a", 1, 5), 0);
});

test("a swipe to the left shows the next photo; taps and scrolls do nothing", () => {
  assert.equal(swipeStep(300, 100, 200, 110), 1);
  assert.equal(swipeStep(100, 100, 200, 90), -1);
  assert.equal(swipeStep(100, 100, 120, 100), 0);
  assert.equal(swipeStep(100, 100, 160, 300), 0);
});

test("the counter names the photo's place", () => {
  assert.equal(counter(0, 10), "Photo 1 of 10");
});
