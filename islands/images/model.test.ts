// Unit tests of the upload island's rules: the photos' order and the
// server's answers (the checks before sending are islands/upload.ts's, tested
// there). Run with `node islands/test.mjs`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { editForm, move, moveTo, readAnswer, withCover, type Photo } from "./model";

const messages = { storage: "Try later." };

const photo = (id: number, alt = "a", cover = false): Photo => ({
  id,
  alt,
  cover,
  thumb: { src: `/media/${id}.jpg`, width: 160, height: 120, alt },
});

test("move and moveTo reorder; the ends stay put", () => {
  const list = [photo(1), photo(2), photo(3)];
  const ids = (l: Photo[]) => l.map((p) => p.id);
  assert.deepEqual(ids(move(list, 3, "up")), [1, 3, 2]);
  assert.deepEqual(ids(move(list, 1, "down")), [2, 1, 3]);
  assert.equal(move(list, 1, "up"), list);
  assert.equal(move(list, 3, "down"), list);
  assert.deepEqual(ids(moveTo(list, 3, 0)), [3, 1, 2]);
  assert.deepEqual(ids(moveTo(list, 1, 2)), [2, 3, 1]);
  assert.deepEqual(ids(list), [1, 2, 3], "the list given is not changed");
});

test("the edit form sends order, descriptions and the one cover", () => {
  const list = withCover([photo(4, "x", true), photo(2, "y")], 2);
  assert.deepEqual(
    list.map((p) => p.cover),
    [false, true],
  );
  const f = editForm(list);
  assert.deepEqual(f.getAll("order"), ["4", "2"]);
  assert.equal(f.get("alt_4"), "x");
  assert.equal(f.get("cover"), "2");
});

test("answers: photos on success, errors by field, anything else is the storage message", () => {
  const ok = readAnswer(200, JSON.stringify({ photos: [photo(1)], count: 1, max: 3, image: photo(1) }), messages);
  assert.ok(ok.ok && ok.count === 1 && ok.max === 3 && ok.image?.id === 1);
  const refused = readAnswer(422, JSON.stringify({ errors: { file: "SVG no.", alt: "Describe." } }), messages);
  assert.deepEqual(refused, { ok: false, errors: { file: "SVG no.", alt: "Describe." }, pending: undefined });
  assert.deepEqual(readAnswer(502, "<html>Bad gateway</html>", messages), { ok: false, errors: { file: "Try later." } });
  assert.deepEqual(readAnswer(0, "", messages), { ok: false, errors: { file: "Try later." } });
  assert.deepEqual(readAnswer(503, "{}", messages), { ok: false, errors: { file: "Try later." }, pending: undefined });
});
