// The upload island's rules, apart from React so they can be tested: the
// photos' order and the server's JSON answers (handlers/listing_images.go
// documents them). The checks before sending, with the server's limits and
// messages from the props, are shared with the wizard: islands/upload.ts.
import { moveItem, type ImageRules, type Thumb } from "../upload";

export type Photo = { id: number; thumb: Thumb; alt: string; cover: boolean };
export type Props = {
  endpoint: string;
  photos: Photo[];
  max: number;
  rules: ImageRules; // the server's limits and messages (islands/upload.ts checks them)
  capMessage: string;
  coverHint: string;
  upgrade: string;
};

// move moves the photo id one place up or down; the list is unchanged at
// either end.
export function move<T extends { id: number }>(list: T[], id: number, dir: "up" | "down"): T[] {
  const i = list.findIndex((p) => p.id === id);
  return i < 0 ? list : moveItem(list, i, dir === "up" ? i - 1 : i + 1);
}

// moveTo puts the photo id at index to (a drop).
export function moveTo<T extends { id: number }>(list: T[], id: number, to: number): T[] {
  const i = list.findIndex((p) => p.id === id);
  return i < 0 ? list : moveItem(list, i, Math.max(0, Math.min(to, list.length - 1)));
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
export function readAnswer(status: number, text: string, m: Pick<ImageRules, "storage">): Answer {
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
