// The upload island's rules, apart from React so they can be tested: the
// checks it makes before sending (every limit and message comes from the
// server's props; the server checks again), the photos' order, and the
// server's JSON answers (handlers/listing_images.go documents them).

export type Thumb = { src: string; srcset?: string; sizes?: string; width: number; height: number; alt: string };
export type Photo = { id: number; thumb: Thumb; alt: string; cover: boolean };
export type Messages = {
  altMissing: string;
  altTooLong: string;
  tooLarge: string;
  notImage: string;
  noFile: string;
  storage: string;
};
export type Props = {
  endpoint: string;
  photos: Photo[];
  max: number;
  maxBytes: number;
  maxAlt: number;
  accept: string;
  capMessage: string;
  coverHint: string;
  altHint: string;
  upgrade: string;
  messages: Messages;
};

// checkFile is the message about a chosen file, "" when it may be sent.
// The browser's type comes from the name, so the server's sniffing of the
// bytes has the last word.
export function checkFile(file: { size: number; type: string }, p: Pick<Props, "maxBytes" | "accept" | "messages">): string {
  if (file.size > p.maxBytes) return p.messages.tooLarge;
  const types = p.accept.split(",").map((t) => t.trim());
  if (!types.includes(file.type)) return p.messages.notImage;
  return "";
}

// checkAlt is the message about a photo's description, "" when it will do.
export function checkAlt(alt: string, p: Pick<Props, "maxAlt" | "messages">): string {
  const a = alt.trim();
  if (a === "") return p.messages.altMissing;
  if (Array.from(a).length > p.maxAlt) return p.messages.altTooLong;
  return "";
}

// move moves the photo id one place up or down; the list is unchanged at
// either end.
export function move<T extends { id: number }>(list: T[], id: number, dir: "up" | "down"): T[] {
  const i = list.findIndex((p) => p.id === id);
  const j = dir === "up" ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= list.length) return list;
  const out = list.slice();
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

// moveTo puts the photo id at index to (a drop).
export function moveTo<T extends { id: number }>(list: T[], id: number, to: number): T[] {
  const i = list.findIndex((p) => p.id === id);
  if (i < 0) return list;
  const out = list.slice();
  const [p] = out.splice(i, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, p);
  return out;
}

// withCover makes id the one cover photo.
export function withCover(list: Photo[], id: number): Photo[] {
  return list.map((p) => ({ ...p, cover: p.id === id }));
}

// editForm is the Save photos form's fields for photos in their order.
export function editForm(photos: Photo[]): URLSearchParams {
  const f = new URLSearchParams();
  for (const p of photos) {
    f.append("order", String(p.id));
    f.append("alt_" + p.id, p.alt);
  }
  const cover = photos.find((p) => p.cover);
  if (cover) f.append("cover", String(cover.id));
  return f;
}

export type Answer =
  | { ok: true; photos: Photo[]; count: number; max: number; image?: Photo; toast?: { title: string; description?: string } }
  | { ok: false; errors: Record<string, string>; pending?: Photo };

// readAnswer reads the server's JSON answer of status; anything else (a
// network error page, a sign-in page) is the storage message on the file.
export function readAnswer(status: number, text: string, m: Messages): Answer {
  let v: any;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, errors: { file: m.storage } };
  }
  if (!v || typeof v !== "object") return { ok: false, errors: { file: m.storage } };
  if (status >= 200 && status < 300 && Array.isArray(v.photos)) {
    return { ok: true, photos: v.photos, count: Number(v.count) || v.photos.length, max: Number(v.max) || 0, image: v.image, toast: v.toast };
  }
  const errors: Record<string, string> = {};
  if (v.errors && typeof v.errors === "object") {
    for (const [k, msg] of Object.entries(v.errors)) if (typeof msg === "string") errors[k] = msg;
  }
  if (Object.keys(errors).length === 0) errors.file = m.storage;
  return { ok: false, errors, pending: v.pending };
}
