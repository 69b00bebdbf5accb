// What both image upload islands share (islands/images on the manage page,
// islands/wizard's first step): the server's rules (views.ImageRules, every
// limit and message from the props; the server checks again), the checks
// made before sending, the upload itself and the photos' order.

// Thumb is views.Image.
export type Thumb = { src: string; srcset?: string; sizes?: string; width: number; height: number; alt: string };

// ImageRules is views.ImageRules: what the server accepts, and its words.
export type ImageRules = {
  maxBytes: number;
  accept: string[];
  typesLabel: string;
  tooLarge: string;
  notAccepted: string;
  svg: string;
  altRequired: string;
  altMax: number;
  altTooLong: string;
  whyAlt: string;
  noFile: string;
  storage: string;
};

export const megabytes = (n: number) => `${Math.floor(n / (1 << 20))} MB`;

// fileHint is views.ImageRules.FileHint: "JPEG, PNG or WebP, at most 10 MB".
export const fileHint = (r: ImageRules) => `${r.typesLabel}, at most ${megabytes(r.maxBytes)}`;

// checkFile is what the server would say of a file before it is sent
// (images.Check, as far as a browser can tell from the name and type; the
// server's sniffing of the bytes has the last word), "" when it may be sent.
export function checkFile(file: { size: number; type: string; name: string }, r: ImageRules): string {
  if (file.type === "image/svg+xml" || /\.svg$/i.test(file.name)) return r.svg;
  if (file.type && !r.accept.includes(file.type)) return r.notAccepted;
  if (file.size > r.maxBytes) return r.tooLarge;
  return "";
}

// checkAlt is handlers.checkAlt: a photo needs its description, bounded
// in characters (not bytes).
export function checkAlt(alt: string, r: ImageRules): string {
  const s = alt.trim();
  if (!s) return r.altRequired;
  if (Array.from(s).length > r.altMax) return r.altTooLong;
  return "";
}

// send posts body to url for a JSON answer, reporting the upload's
// progress (0-1; XMLHttpRequest: fetch cannot). A network failure is
// status 0.
export function send(url: string, body: FormData | URLSearchParams, onProgress?: (done: number) => void): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, text: "" });
    xhr.send(body);
  });
}

// moveItem moves the item at from to to; the list is unchanged (the same
// array) when either is out of range.
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const out = list.slice();
  const [p] = out.splice(from, 1);
  out.splice(to, 0, p);
  return out;
}
