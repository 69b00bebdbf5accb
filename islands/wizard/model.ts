// The wizard's data: the values of the server's form (views.ListingForm),
// the server's checks (views.ListingRules, handlers.parseListingForm) as the
// props carry them, and the draft kept in the browser. The limits and the
// messages come from the props only: the server is their one source.
import { checkAlt, checkFile, moveItem, type ImageRules as SharedRules, type Thumb } from "../upload";

export type Option = { Value: string; Label: string };
export type Day = { day: string; open: string; close: string; closed: boolean };
export type Step = { title: string; fields: string[] };

// ServerForm is views.ListingForm as JSON (Go field names).
export type ServerForm = {
  Name: string;
  Tagline: string;
  Description: string;
  Category: string;
  SubCategory: string;
  Tags: string;
  BusinessType: string;
  Email: string;
  Phone: string;
  Website: string;
  Address: string;
  City: string;
  State: string;
  ZipCode: string;
  Hours: Day[];
  Services: string;
  ShowEmail: boolean;
  ShowPhone: boolean;
  ShowAddress: boolean;
  ShowPricing: boolean;
  ShowHours: boolean;
  Errors: Record<string, string> | null;
  // Images is views.WizardImages: the logo and photos the server keeps for
  // the listing to come (absent on a page without them).
  Images?: ServerImages | null;
};

// FieldRule is views.FieldRule: what the server accepts in a field and what
// it says otherwise. Checked in order: required, then format, pattern and
// options (invalid), then maxLength (tooLong).
export type FieldRule = {
  required?: string;
  maxLength?: number;
  tooLong?: string;
  format?: "email" | "url";
  pattern?: string; // read with the u flag, as Go reads it (\p{L} is a letter)
  options?: Option[];
  invalid?: string;
};

// HoursRule is views.HoursRule: a day's times on the clock, closing after
// opening; its messages say {day} (views.DayName) where the day goes.
export type HoursRule = { clock: string; missing: string; order: string };

export type Props = {
  form: ServerForm;
  steps: Step[];
  rules: Record<TextField, FieldRule>;
  // hints are views.ListingHints: what the server does with a field (a
  // name alike another listing's is reviewed, an email is confirmed).
  hints?: Partial<Record<TextField, string>>;
  hours: HoursRule;
  action: string;
  draftKey: string;
};

// The form's text fields, by their names in the POST.
export const textFields = [
  "name",
  "tagline",
  "description",
  "category",
  "sub_category",
  "tags",
  "business_type",
  "email",
  "phone",
  "website",
  "address",
  "city",
  "state",
  "zip_code",
  "services",
] as const;
export type TextField = (typeof textFields)[number];

export const visibilityFields = ["show_email", "show_phone", "show_address", "show_pricing", "show_hours"] as const;
export type VisibilityField = (typeof visibilityFields)[number];

export type Values = Record<TextField, string> &
  Record<VisibilityField, boolean> & { hours: { open: string; close: string; closed: boolean }[] };

export type Errors = Record<string, string>;

export const hoursKey = (i: number) => `hours_${i}`;

// valuesOf turns the server's form into the wizard's values.
export function valuesOf(f: ServerForm): Values {
  return {
    name: f.Name || "",
    tagline: f.Tagline || "",
    description: f.Description || "",
    category: f.Category || "",
    sub_category: f.SubCategory || "",
    tags: f.Tags || "",
    business_type: f.BusinessType || "",
    email: f.Email || "",
    phone: f.Phone || "",
    website: f.Website || "",
    address: f.Address || "",
    city: f.City || "",
    state: f.State || "",
    zip_code: f.ZipCode || "",
    services: f.Services || "",
    show_email: !!f.ShowEmail,
    show_phone: !!f.ShowPhone,
    show_address: !!f.ShowAddress,
    show_pricing: !!f.ShowPricing,
    show_hours: !!f.ShowHours,
    hours: (f.Hours || []).map((d) => ({ open: d.open || "", close: d.close || "", closed: !!d.closed })),
  };
}

// valuesFromForm reads the server's form as it stands, with anything the
// visitor typed before the island mounted.
export function valuesFromForm(form: HTMLFormElement | null, start: Values): Values {
  if (!form) return start;
  const v: Values = { ...start, hours: start.hours.map((d) => ({ ...d })) };
  const el = (name: string) => form.elements.namedItem(name);
  for (const name of textFields) {
    const e = el(name);
    if (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement || e instanceof HTMLSelectElement) v[name] = e.value;
  }
  for (const name of visibilityFields) {
    const e = el(name);
    if (e instanceof HTMLInputElement) v[name] = e.checked;
  }
  v.hours.forEach((d, i) => {
    const open = el(hoursKey(i) + "_open");
    const close = el(hoursKey(i) + "_close");
    const closed = el(hoursKey(i) + "_closed");
    if (open instanceof HTMLInputElement) d.open = open.value;
    if (close instanceof HTMLInputElement) d.close = close.value;
    if (closed instanceof HTMLInputElement) d.closed = closed.checked;
  });
  return v;
}

// The formats the server checks with code rather than a pattern
// (views.FormatEmail, views.FormatURL), as near as a browser can.
function validEmail(s: string): boolean {
  if (/[\s<>"]/.test(s)) return false;
  const at = s.lastIndexOf("@");
  if (at < 1) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  const atom = /^[^\s@<>"(),:;[\]\\.]+$/;
  return local.split(".").every((a) => atom.test(a)) && domain.split(".").length > 1 && domain.split(".").every((a) => atom.test(a));
}

function validURL(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.host.includes(".");
  } catch {
    return false;
  }
}

function validFormat(r: FieldRule, s: string): boolean {
  if (r.pattern && !new RegExp(r.pattern, "u").test(s)) return false;
  if (r.options && !r.options.some((o) => o.Value === s)) return false;
  if (r.format === "email") return validEmail(s);
  if (r.format === "url") return validURL(s);
  return true;
}

const length = (s: string) => Array.from(s).length;

// Ctx is what the checks need from the props, with the days' names.
export type Ctx = Pick<Props, "rules" | "hours" | "steps"> & { days: string[] };

// check is the message for one field (a text field or hours_N), or "".
export function check(field: string, v: Values, p: Ctx): string {
  if (field.startsWith("hours_")) {
    const i = Number(field.slice(6));
    const d = v.hours[i];
    if (!d || d.closed) return "";
    const say = (msg: string) => msg.split("{day}").join(p.days[i] ?? "");
    const clock = new RegExp(p.hours.clock);
    const open = d.open.trim();
    const close = d.close.trim();
    if (!clock.test(open) || !clock.test(close)) return say(p.hours.missing);
    if (close <= open) return say(p.hours.order);
    return "";
  }
  const rule: FieldRule | undefined = p.rules[field as TextField];
  if (!rule) return "";
  const s = (v[field as TextField] ?? "").trim();
  if (!s) return rule.required ?? "";
  if (!validFormat(rule, s)) return rule.invalid ?? "";
  if (rule.maxLength && length(s) > rule.maxLength) return rule.tooLong ?? "";
  return "";
}

// stepFields are the fields a step checks, in the order they appear: the
// step's fields with rules, and each day for "hours".
export function stepFields(step: number, v: Values, p: Pick<Ctx, "rules" | "steps">): string[] {
  return (p.steps[step]?.fields ?? []).flatMap((f) => (f === "hours" ? v.hours.map((_, i) => hoursKey(i)) : f in p.rules ? [f] : []));
}

// stepOf is the step showing a field (views.StepOf).
export function stepOf(field: string, steps: Step[]): number {
  for (let i = 0; i < steps.length; i++) {
    for (const f of steps[i].fields) {
      if (f === field || (f === "hours" && field.startsWith("hours"))) return i;
      if ((f === "photos" && field.startsWith("photo_")) || (f === "logo" && field === "logo_id")) return i;
    }
  }
  return 0;
}

export function checkStep(step: number, v: Values, p: Ctx): Errors {
  const e: Errors = {};
  for (const f of stepFields(step, v, p)) {
    const msg = check(f, v, p);
    if (msg) e[f] = msg;
  }
  return e;
}

// Drafts: the values and step, under "draft:" + draftKey. A draft marked
// submitted was sent to the server; it is kept only until the wizard shows
// again, in case the request ended at the sign-in page (expired session).
// owner is the form's starting email (the account's), so that a draft
// never shows to another account signed in on the same browser.
// A draft keeps the images already uploaded (their ids and thumbnails, not
// the files, which storage cannot hold): housekeeping deletes uploads a day
// old, and the server ignores an id it no longer has.
export type Draft = { v: 1; owner: string; values: Values; step: number; submitted?: boolean; saved: number; images?: Images };

// readOwner is the owner of the draft kept under key, or "".
export function readOwner(key: string): string {
  try {
    const d = JSON.parse(localStorage.getItem(key) || "null");
    return typeof d?.owner === "string" ? d.owner : "";
  } catch {
    return "";
  }
}

// readDraft is the draft kept under key, if it is owner's, over base;
// steps is the number of steps.
export function readDraft(key: string, owner: string, base: Values, steps: number): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw);
    if (!d || d.v !== 1 || typeof d.values !== "object" || !d.values || !owner || d.owner !== owner) return null;
    const values: Values = { ...base, hours: base.hours.map((h) => ({ ...h })) };
    for (const name of textFields) if (typeof d.values[name] === "string") values[name] = d.values[name];
    for (const name of visibilityFields) if (typeof d.values[name] === "boolean") values[name] = d.values[name];
    if (Array.isArray(d.values.hours)) {
      values.hours.forEach((h, i) => {
        const x = d.values.hours[i];
        if (!x) return;
        if (typeof x.open === "string") h.open = x.open;
        if (typeof x.close === "string") h.close = x.close;
        if (typeof x.closed === "boolean") h.closed = x.closed;
      });
    }
    const step = Number.isInteger(d.step) && d.step >= 0 && d.step < steps ? d.step : 0;
    const draft: Draft = { v: 1, owner: d.owner, values, step, submitted: !!d.submitted, saved: Number(d.saved) || 0 };
    const images = draftImages(d.images);
    if (images) draft.images = images;
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, d: Omit<Draft, "v" | "saved">) {
  if (!d.owner) return; // no account to tie it to: keep nothing
  try {
    localStorage.setItem(key, JSON.stringify({ v: 1, ...d, saved: Date.now() }));
  } catch {
    // Storage full or switched off: the wizard works without drafts.
  }
}

export function clearDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}

// sameValues says whether two sets of values are the same.
export const sameValues = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

// --- Logo and photos (views.WizardImages, handlers/pending_images.go) ---

// ImageRules is views.WizardRules: the shared rules (islands/upload.ts)
// and those of the account's plan.
export type ImageRules = SharedRules & {
  maxPhotos: number;
  planName: string;
  tooMany: string;
  more: string;
  upload: string;
};
export type { Thumb };

type ServerImage = { id: number; kind: string; thumb: Thumb; alt: string };
export type ServerImages = {
  logo: ServerImage | null;
  photos: { image: ServerImage | null; alt: string }[] | null;
  rules: ImageRules;
};

// Upload is an image of the wizard: being uploaded (id 0, progress 0-1),
// refused (error), or kept by the server (id, thumb). key stays the same
// through moves.
export type Upload = { key: string; id: number; thumb: Thumb | null; preview: string; name: string; progress: number; error: string; alt: string };
export type Images = { logo: Upload | null; photos: Upload[] };

let keys = 0;
export const newKey = () => `img-${++keys}`;

const kept = (img: ServerImage, alt: string): Upload => ({
  key: newKey(),
  id: img.id,
  thumb: img.thumb,
  preview: "",
  name: "",
  progress: 1,
  error: "",
  alt,
});

export const photoAlt = (i: number) => `photo_${i}_alt`;

// imagesOf turns the server's part into the wizard's images, and the
// server's messages about them into the wizard's fields: photos are
// numbered again without the empty slots, and a refused file's message
// (photo_N, logo) goes with the part ("upload").
export function imagesOf(si: ServerImages | null | undefined, errors: Errors): { images: Images; errors: Errors } {
  const out: Errors = {};
  for (const [k, v] of Object.entries(errors)) if (!/^photo_\d+/.test(k) && k !== "logo") out[k] = v;
  const images: Images = { logo: si?.logo ? kept(si.logo, "") : null, photos: [] };
  const refused: string[] = [];
  if (errors.logo) refused.push(errors.logo);
  (si?.photos || []).forEach((slot, i) => {
    if (errors[`photo_${i}`]) refused.push(errors[`photo_${i}`]);
    if (!slot.image) return;
    const j = images.photos.length;
    images.photos.push(kept(slot.image, slot.alt || ""));
    if (errors[photoAlt(i)]) out[photoAlt(j)] = errors[photoAlt(i)];
  });
  if (refused.length) out.upload = refused.join(" ");
  return { images, errors: out };
}

// fileProblem and checkAlt are the shared checks (islands/upload.ts).
export { checkFile as fileProblem, checkAlt };

// busy is the message while an upload has not finished ("" when none).
export const stillUploading = "Wait until every upload has finished, or remove the one still uploading.";

// checkImages is what the server checks of the photos sent with the form:
// each described, no more than the plan allows; uploads must be done.
export function checkImages(images: Images, r: ImageRules): Errors {
  const e: Errors = {};
  const photos = images.photos.filter((p) => !p.error);
  photos.forEach((p, i) => {
    const msg = checkAlt(p.alt, r);
    if (msg) e[photoAlt(i)] = msg;
  });
  if (photos.length > r.maxPhotos) e.photos = r.tooMany;
  else if (photos.some((p) => !p.id) || (images.logo && !images.logo.error && !images.logo.id)) e.photos = stillUploading;
  return e;
}

// imageFields are the hidden fields the form sends: the kept logo's id,
// and each kept photo's id and alt text, in order (the first is the cover).
export function imageFields(images: Images): [string, string][] {
  const out: [string, string][] = [];
  if (images.logo?.id) out.push(["logo_id", String(images.logo.id)]);
  images.photos
    .filter((p) => p.id && !p.error)
    .forEach((p, i) => {
      out.push([`photo_${i}_id`, String(p.id)]);
      out.push([photoAlt(i), p.alt]);
    });
  return out;
}

// movePhoto moves the photo at from to to (moving to 0 makes it the cover).
export const movePhoto = (photos: Upload[], from: number, to: number): Upload[] => moveItem(photos, from, to);

// rekeyAltErrors keeps each photo's alt message with its photo when the
// photos are moved or removed (the fields are numbered by position).
export function rekeyAltErrors(errors: Errors, before: Upload[], after: Upload[]): Errors {
  const out: Errors = {};
  for (const [k, v] of Object.entries(errors)) if (!/^photo_\d+_alt$/.test(k)) out[k] = v;
  const live = (ps: Upload[]) => ps.filter((p) => !p.error);
  const was = live(before);
  live(after).forEach((p, j) => {
    const i = was.findIndex((q) => q.key === p.key);
    const msg = i >= 0 ? errors[photoAlt(i)] : "";
    if (msg) out[photoAlt(j)] = msg;
  });
  return out;
}

// draftImages reads the images of a stored draft: only those the server
// kept (an upload under way is lost with the page).
export function draftImages(x: unknown): Images | undefined {
  if (!x || typeof x !== "object") return undefined;
  const d = x as { logo?: unknown; photos?: unknown };
  const one = (u: unknown): Upload | null => {
    if (!u || typeof u !== "object") return null;
    const o = u as Partial<Upload>;
    if (typeof o.id !== "number" || o.id <= 0 || !o.thumb || typeof o.thumb.src !== "string") return null;
    return { key: newKey(), id: o.id, thumb: o.thumb, preview: "", name: "", progress: 1, error: "", alt: typeof o.alt === "string" ? o.alt : "" };
  };
  const photos = Array.isArray(d.photos) ? d.photos.map(one).filter((p): p is Upload => p !== null) : [];
  return { logo: one(d.logo), photos };
}

// savedImages are the images as a draft keeps them.
export function savedImages(images: Images): Images {
  const keep = (u: Upload | null) => (u && u.id && !u.error ? { ...u, preview: "", name: "" } : null);
  return { logo: keep(images.logo), photos: images.photos.map(keep).filter((p): p is Upload => p !== null) };
}
