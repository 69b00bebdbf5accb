// Unit tests of the wizard's model: its checks take every rule and message
// from the props (made up here, so nothing can come from a copy of the
// server's), and its drafts. Run with `node islands/test.mjs`.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import {
  check,
  checkImages,
  checkStep,
  clearDraft,
  imageFields,
  imagesOf,
  movePhoto,
  readDraft,
  rekeyAltErrors,
  savedImages,
  stillUploading,
  readOwner,
  sameValues,
  stepFields,
  stepOf,
  valuesOf,
  writeDraft,
  type Ctx,
  type FieldRule,
  type ImageRules,
  type ServerForm,
  type TextField,
  type Upload,
  type Values,
} from "./model";

const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

// ctx is made-up props, in the shape views.WizardProps serialises to.
const ctx: Ctx = {
  steps: [
    { title: "Basics", fields: ["name", "tagline", "description", "category", "sub_category", "tags", "business_type"] },
    { title: "Contact", fields: ["email", "phone", "website", "address", "city", "state", "zip_code"] },
    { title: "Hours", fields: ["hours"] },
    { title: "Review", fields: ["services", "visibility"] },
  ],
  rules: {
    name: { required: "Name please.", maxLength: 5, tooLong: "Five at most." },
    tagline: { maxLength: 3, tooLong: "Three at most." },
    description: { required: "Describe it." },
    category: { required: "Pick one.", options: [{ Value: "food", Label: "Food" }], invalid: "Not a category." },
    sub_category: {},
    tags: {},
    business_type: { required: "How?", options: [{ Value: "online", Label: "Online" }], invalid: "Not a way." },
    email: { required: "Email please.", maxLength: 20, tooLong: "Short email.", format: "email", invalid: "Not an email." },
    phone: { pattern: "^[0-9]{3}$", invalid: "Three digits.", maxLength: 10, tooLong: "Short phone." },
    website: { format: "url", invalid: "Not a web address." },
    address: {},
    city: { required: "City please." },
    state: {},
    zip_code: {},
    services: { maxLength: 4, tooLong: "Four at most." },
  },
  hours: { clock: "^[0-2][0-9]:[0-5][0-9]$", missing: "Times for {day}!", order: "{day}: close after open." },
  days,
};

const form: ServerForm = {
  Name: "Cafe",
  Tagline: "",
  Description: "Coffee.",
  Category: "food",
  SubCategory: "",
  Tags: "",
  BusinessType: "online",
  Email: "a@b.co",
  Phone: "",
  Website: "",
  Address: "",
  City: "Oslo",
  State: "",
  ZipCode: "",
  Hours: days.map((day) => ({ day, open: "09:00", close: "17:00", closed: day === "Sun" })),
  Services: "",
  ShowEmail: true,
  ShowPhone: false,
  ShowAddress: true,
  ShowPricing: true,
  ShowHours: true,
  Errors: null,
};

const valid = (): Values => valuesOf(form);
const withValue = (field: TextField, value: string): Values => ({ ...valid(), [field]: value });
const withDay = (i: number, day: Partial<Values["hours"][number]>): Values => {
  const v = valid();
  v.hours[i] = { ...v.hours[i], ...day };
  return v;
};

test("valid values pass every check", () => {
  for (let step = 0; step < ctx.steps.length; step++) assert.deepEqual(checkStep(step, valid(), ctx), {}, `step ${step}`);
});

test("each field's message is its rule's, from the props", () => {
  const cases: [string, TextField, string, string][] = [
    ["a required field left empty", "name", "", "Name please."],
    ["a required field of spaces", "name", "   ", "Name please."],
    ["over the length limit", "name", "Cafe Nova", "Five at most."],
    ["an optional field over its limit", "tagline", "Best", "Three at most."],
    ["a value not among the options", "category", "weapons", "Not a category."],
    ["an option left empty", "business_type", "", "How?"],
    ["an email without a domain", "email", "a@b", "Not an email."],
    ["an email with a space", "email", "a b@c.co", "Not an email."],
    ["a value off the pattern", "phone", "12a", "Three digits."],
    ["an address without a scheme", "website", "example.com", "Not a web address."],
    ["an address that is not the web", "website", "ftp://example.com", "Not a web address."],
    ["a web address without a dot", "website", "https://localhost", "Not a web address."],
    ["a long text on the last step", "services", "Coffee", "Four at most."],
  ];
  for (const [what, field, value, want] of cases) assert.equal(check(field, withValue(field, value), ctx), want, what);
});

test("values the rules allow have no message", () => {
  const cases: [TextField, string][] = [
    ["name", "Café"], // five characters
    ["name", "  Cafe  "], // trimmed first
    ["tagline", ""], // optional
    ["tagline", "🍕🍕🍕"], // characters, not UTF-16 units
    ["email", "jo.li@example.co"],
    ["phone", ""], // optional: the pattern is for a value given
    ["phone", "123"],
    ["website", "https://example.com/menu"],
    ["website", "http://example.com"],
    ["state", ""],
  ];
  for (const [field, value] of cases) assert.equal(check(field, withValue(field, value), ctx), "", `${field} = ${JSON.stringify(value)}`);
});

test("a pattern means what it means to the server: a letter is any script's (read with the u flag)", () => {
  // views.CityRule's pattern (places.CityPattern), as the props carry it.
  const city: FieldRule = { required: "City please.", pattern: "^\\p{L}[\\p{L}\\p{M} .'’-]*$", invalid: "Letters only." };
  const cities: Ctx = { ...ctx, rules: { ...ctx.rules, city } };
  const cases: [string, string][] = [
    ["St. Paul", ""],
    ["Coeur d'Alene", ""],
    ["Winston-Salem", ""],
    ["Española", ""],
    ["Austin 78701", "Letters only."],
    ["-Austin", "Letters only."],
    ["Austin, TX", "Letters only."],
  ];
  for (const [value, want] of cases) assert.equal(check("city", withValue("city", value), cities), want, value);
});

test("the checks run in the server's order: required, then format, then length", () => {
  // Both off the pattern and over the length: the format's message.
  assert.equal(check("phone", withValue("phone", "12345678901"), ctx), "Three digits.");
  // A well-formed email over the length: the length's message.
  assert.equal(check("email", withValue("email", "someone@example.com.au"), ctx), "Short email.");
  // A field with no rule, or no rule at all, has nothing to say.
  const loose: Ctx = { ...ctx, rules: { ...ctx.rules, name: {} as FieldRule } };
  assert.equal(check("name", withValue("name", ""), loose), "");
  assert.equal(check("visibility", valid(), ctx), "");
});

test("opening hours: both times on the clock and closing after opening, unless closed", () => {
  const cases: [string, Partial<Values["hours"][number]>, string][] = [
    ["no opening time", { open: "" }, "Times for Tue!"],
    ["a time off the clock", { close: "5pm" }, "Times for Tue!"],
    ["closing before opening", { open: "18:00", close: "08:00" }, "Tue: close after open."],
    ["closing when opening", { open: "09:00", close: "09:00" }, "Tue: close after open."],
    ["marked closed, times ignored", { open: "", close: "x", closed: true }, ""],
    ["times with spaces around", { open: " 08:30 ", close: "12:00 " }, ""],
  ];
  for (const [what, day, want] of cases) assert.equal(check("hours_1", withDay(1, day), ctx), want, what);
  assert.equal(check("hours_9", valid(), ctx), "", "a day the form does not have");
});

test("each step checks the fields its props list, hours as one field per day", () => {
  const v = valid();
  assert.deepEqual(stepFields(0, v, ctx), ["name", "tagline", "description", "category", "sub_category", "tags", "business_type"]);
  assert.deepEqual(stepFields(2, v, ctx), days.map((_, i) => `hours_${i}`));
  assert.deepEqual(stepFields(3, v, ctx), ["services"], "visibility has no rule to check");
  assert.deepEqual(stepFields(4, v, ctx), []);
  assert.equal(stepOf("hours_3", ctx.steps), 2);
  assert.equal(stepOf("city", ctx.steps), 1);
  assert.equal(stepOf("unknown", ctx.steps), 0);
});

test("a step stays blocked until each of its fields is valid", () => {
  let v: Values = { ...valid(), name: "", description: " ", category: "" };
  assert.deepEqual(checkStep(0, v, ctx), { name: "Name please.", description: "Describe it.", category: "Pick one." });
  assert.deepEqual(checkStep(1, v, ctx), {}, "other steps' fields are not checked");
  v = { ...v, name: "Cafe", description: "Coffee." };
  assert.deepEqual(checkStep(0, v, ctx), { category: "Pick one." });
  v = { ...v, category: "food" };
  assert.deepEqual(checkStep(0, v, ctx), {});

  v = withDay(5, { open: "20:00", close: "10:00" });
  v.hours[0].close = "";
  assert.deepEqual(checkStep(2, v, ctx), { hours_0: "Times for Mon!", hours_5: "Sat: close after open." });
  v.hours[5].closed = true;
  v.hours[0].close = "12:00";
  assert.deepEqual(checkStep(2, v, ctx), {});
});

// memoryStorage stands in for the browser's localStorage.
class MemoryStorage {
  items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as any).localStorage = storage;
});

const key = "draft:create-profile";
const steps = ctx.steps.length;

test("a draft comes back for its owner, with its step", () => {
  const values = { ...valid(), name: "Nova", show_phone: true };
  values.hours[6] = { open: "10:00", close: "14:00", closed: false };
  writeDraft(key, { owner: "a@b.co", values, step: 2 });
  assert.equal(readOwner(key), "a@b.co");
  const d = readDraft(key, "a@b.co", valid(), steps);
  assert.ok(d);
  assert.ok(sameValues(d.values, values));
  assert.equal(d.step, 2);
  assert.equal(d.submitted, false);
  assert.ok(d.saved > 0);

  writeDraft(key, { owner: "a@b.co", values, step: 3, submitted: true });
  assert.equal(readDraft(key, "a@b.co", valid(), steps)?.submitted, true);
});

test("a draft never shows to another account, and none is kept without one", () => {
  writeDraft(key, { owner: "a@b.co", values: valid(), step: 1 });
  assert.equal(readDraft(key, "other@b.co", valid(), steps), null);
  assert.equal(readDraft(key, "", valid(), steps), null);
  clearDraft(key);
  assert.equal(readDraft(key, "a@b.co", valid(), steps), null);
  assert.equal(readOwner(key), "");

  writeDraft(key, { owner: "", values: valid(), step: 1 });
  assert.equal(storage.items.size, 0);
});

test("a damaged draft gives way to the form's values", () => {
  const base = valid();
  storage.setItem(key, "{not json");
  assert.equal(readDraft(key, "a@b.co", base, steps), null);
  assert.equal(readOwner(key), "");

  // Wrong types are dropped field by field, a step out of range is the first.
  storage.setItem(
    key,
    JSON.stringify({ v: 1, owner: "a@b.co", step: steps, values: { name: 7, city: "Bergen", show_email: "yes", hours: [{ open: "08:00", closed: "no" }] } }),
  );
  const d = readDraft(key, "a@b.co", base, steps);
  assert.ok(d);
  assert.equal(d.step, 0);
  assert.equal(d.values.name, base.name);
  assert.equal(d.values.city, "Bergen");
  assert.equal(d.values.show_email, base.show_email);
  assert.deepEqual(d.values.hours[0], { ...base.hours[0], open: "08:00" });
  assert.deepEqual(base, valid(), "the form's values are not changed");

  storage.setItem(key, JSON.stringify({ v: 2, owner: "a@b.co", values: {}, step: 0 }));
  assert.equal(readDraft(key, "a@b.co", base, steps), null, "another version");
});

test("without storage the wizard goes on, keeping nothing", () => {
  (globalThis as any).localStorage = {
    getItem() {
      throw new Error("denied");
    },
    setItem() {
      throw new Error("quota");
    },
    removeItem() {
      throw new Error("denied");
    },
  };
  assert.doesNotThrow(() => writeDraft(key, { owner: "a@b.co", values: valid(), step: 0 }));
  assert.doesNotThrow(() => clearDraft(key));
  assert.equal(readDraft(key, "a@b.co", valid(), steps), null);
  assert.equal(readOwner(key), "");
});

// --- Logo and photos ---

// rules are made-up image rules, in the shape views.WizardRules serialises to.
const rules: ImageRules = {
  maxBytes: 1000,
  accept: ["image/jpeg", "image/png"],
  typesLabel: "JPEG or PNG",
  tooLarge: "Too big.",
  notAccepted: "Not a picture.",
  svg: "No SVG.",
  maxPhotos: 2,
  planName: "Tiny",
  tooMany: "Two at most.",
  altRequired: "Describe it.",
  altMax: 5,
  altTooLong: "Five at most.",
  whyAlt: "For screen readers.",
  noFile: "Pick one.",
  storage: "Try later.",
  more: "More later.",
  upload: "/up",
};
const thumb = (n: number) => ({ src: `/media/${n}.jpg`, width: 120, height: 90, alt: "" });
const kept = (id: number, alt: string): Upload => ({ key: `k${id}`, id, thumb: thumb(id), preview: "", name: "", progress: 1, error: "", alt });

test("each photo needs its alt text, within the limit, and no more photos than the plan allows", () => {
  assert.deepEqual(checkImages({ logo: null, photos: [kept(1, "Cafe"), kept(2, "")] }, rules), { photo_1_alt: "Describe it." });
  assert.deepEqual(checkImages({ logo: null, photos: [kept(1, "Cafe front"), kept(2, " ")] }, rules), {
    photo_0_alt: "Five at most.",
    photo_1_alt: "Describe it.",
  });
  assert.deepEqual(checkImages({ logo: null, photos: [kept(1, "a"), kept(2, "b"), kept(3, "c")] }, rules), { photos: "Two at most." });
  // A refused file is not sent, so it neither counts nor needs a text.
  const refused = { ...kept(4, ""), id: 0, error: "No SVG." };
  assert.deepEqual(checkImages({ logo: null, photos: [refused, kept(1, "a"), kept(2, "b")] }, rules), {});
  // An upload under way holds the form back.
  const sending = { ...kept(5, "a"), id: 0, progress: 0.5 };
  assert.deepEqual(checkImages({ logo: sending, photos: [] }, rules), { photos: stillUploading });
});

test("the form sends the kept ids and alt texts in order, the cover first", () => {
  const refused = { ...kept(9, ""), id: 0, error: "No SVG." };
  assert.deepEqual(imageFields({ logo: kept(7, ""), photos: [kept(2, "Two"), refused, kept(1, "One")] }), [
    ["logo_id", "7"],
    ["photo_0_id", "2"],
    ["photo_0_alt", "Two"],
    ["photo_1_id", "1"],
    ["photo_1_alt", "One"],
  ]);
});

test("photos move, and their messages follow them", () => {
  const ps = [kept(1, "a"), kept(2, ""), kept(3, "c")];
  const moved = movePhoto(ps, 1, 0);
  assert.deepEqual(
    moved.map((p) => p.id),
    [2, 1, 3],
  );
  assert.equal(movePhoto(ps, 0, 3), ps, "out of range: unchanged");
  assert.deepEqual(rekeyAltErrors({ photo_1_alt: "Describe it.", name: "Name please." }, ps, moved), { photo_0_alt: "Describe it.", name: "Name please." });
  const removed = ps.filter((p) => p.id !== 1);
  assert.deepEqual(rekeyAltErrors({ photo_1_alt: "Describe it." }, ps, removed), { photo_0_alt: "Describe it." });
});

test("the server's images become the wizard's, its messages numbered as the wizard shows the photos", () => {
  const img = (id: number) => ({ id, kind: "photo", thumb: thumb(id), alt: "" });
  const { images, errors } = imagesOf(
    {
      logo: { id: 7, kind: "logo", thumb: thumb(7), alt: "" },
      photos: [{ image: null, alt: "" }, { image: img(2), alt: "" }, { image: img(3), alt: "Bar" }],
      rules,
    },
    { name: "Name please.", photo_0: "No SVG.", photo_1_alt: "Describe it." },
  );
  assert.equal(images.logo?.id, 7);
  assert.deepEqual(
    images.photos.map((p) => [p.id, p.alt]),
    [
      [2, ""],
      [3, "Bar"],
    ],
  );
  assert.deepEqual(errors, { name: "Name please.", photo_0_alt: "Describe it.", upload: "No SVG." });
  assert.deepEqual(imagesOf(null, { name: "x" }), { images: { logo: null, photos: [] }, errors: { name: "x" } });
});

test("the fields of the images are on the first step", () => {
  const steps = [{ title: "Basics", fields: ["name", "logo", "photos"] }, ...ctx.steps.slice(1)];
  assert.equal(stepOf("photo_3_alt", steps), 0);
  assert.equal(stepOf("logo", steps), 0);
  assert.equal(stepOf("photos", steps), 0);
});

test("a draft keeps the uploads the server kept, not those under way", () => {
  const sending = { ...kept(5, "x"), id: 0, preview: "blob:x" };
  writeDraft("draft:t", { owner: "a@b.co", values: valid(), step: 0, images: savedImages({ logo: kept(7, ""), photos: [kept(1, "One"), sending] }) });
  const d = readDraft("draft:t", "a@b.co", valid(), 4);
  assert.equal(d?.images?.logo?.id, 7);
  assert.deepEqual(
    d?.images?.photos.map((p) => [p.id, p.alt]),
    [[1, "One"]],
  );
  localStorage.setItem("draft:t", JSON.stringify({ v: 1, owner: "a@b.co", values: {}, step: 0, images: { logo: { id: "7" }, photos: [{ id: 1 }, null] } }));
  assert.deepEqual(readDraft("draft:t", "a@b.co", valid(), 4)?.images, { logo: null, photos: [] }, "damaged images are dropped");
});
