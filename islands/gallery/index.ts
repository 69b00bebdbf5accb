// The listing page's photo lightbox. Without JavaScript each photo of the
// gallery is a link to its full-size image; this island (no React: a few
// KB, fetched when the visitor first reaches for a photo, see main.ts's
// data-island-load="interaction") opens the photos in a modal dialog
// instead: the arrow keys, the buttons and a swipe go through every
// photo, Escape or Close ends it, and focus goes back to the photo that
// opened it. A modal <dialog> keeps focus inside it (the page behind is
// inert); Tab and Shift+Tab wrap round its buttons.
import { counter, keyStep, step, swipeStep } from "./model";

type Photo = { link: HTMLAnchorElement; src: string; srcset: string; alt: string; width: string; height: string };

function button(cls: string, label: string, text: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn lightbox-btn ${cls}`;
  b.setAttribute("aria-label", label);
  b.textContent = text;
  return b;
}

export function mount(el: HTMLElement) {
  const photos: Photo[] = Array.from(el.querySelectorAll<HTMLAnchorElement>("a[data-photo]")).map((link) => {
    const img = link.querySelector("img");
    return {
      link,
      src: link.href,
      srcset: link.dataset.fullSrcset || "",
      alt: img?.alt || "",
      width: link.dataset.fullWidth || "",
      height: link.dataset.fullHeight || "",
    };
  });
  if (photos.length === 0) return;

  const dialog = document.createElement("dialog");
  dialog.className = "lightbox";
  dialog.setAttribute("aria-label", el.dataset.galleryName || "Photos");
  dialog.dataset.testid = "lightbox";
  const figure = document.createElement("figure");
  figure.className = "lightbox-figure";
  const img = document.createElement("img");
  img.className = "lightbox-img";
  img.sizes = "100vw";
  img.decoding = "async";
  const caption = document.createElement("figcaption");
  caption.className = "lightbox-caption";
  const count = document.createElement("span");
  count.className = "lightbox-count";
  count.setAttribute("aria-live", "polite");
  const alt = document.createElement("span");
  caption.append(count, alt);
  figure.append(img, caption);
  const close = button("lightbox-close", "Close photos", "×");
  const prev = button("lightbox-prev", "Previous photo", "‹");
  const next = button("lightbox-next", "Next photo", "›");
  if (photos.length < 2) prev.hidden = next.hidden = true;
  dialog.append(figure, prev, next, close);
  document.body.append(dialog);

  let current = 0;
  let opener: HTMLElement | null = null;

  const show = (i: number) => {
    current = i;
    const p = photos[i];
    img.removeAttribute("srcset");
    img.src = p.src;
    if (p.srcset) img.srcset = p.srcset;
    img.alt = p.alt;
    if (p.width) img.width = Number(p.width);
    if (p.height) img.height = Number(p.height);
    count.textContent = counter(i, photos.length);
    alt.textContent = p.alt;
    dialog.dataset.photo = String(i + 1);
  };
  const move = (by: number) => {
    if (by !== 0 && photos.length > 1) show(step(current, by, photos.length));
  };
  const open = (i: number, from: HTMLElement) => {
    opener = from;
    show(i);
    if (!dialog.open) dialog.showModal();
    (photos.length > 1 ? next : close).focus();
  };

  photos.forEach((p, i) =>
    p.link.addEventListener("click", (e) => {
      // A new tab or a download stays the link's.
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
      e.preventDefault();
      open(i, p.link);
    }),
  );
  prev.addEventListener("click", () => move(-1));
  next.addEventListener("click", () => move(1));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    opener?.focus();
    opener = null;
  });
  // A click on the backdrop (the dialog itself, outside the figure) closes.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();
  });
  dialog.addEventListener("keydown", (e) => {
    const by = keyStep(e.key, current, photos.length);
    if (by !== 0) {
      e.preventDefault();
      move(by);
      return;
    }
    if (e.key === "Tab") {
      const stops = [prev, next, close].filter((b) => !b.hidden);
      const at = stops.indexOf(document.activeElement as HTMLButtonElement);
      e.preventDefault();
      stops[step(at < 0 ? 0 : at, e.shiftKey ? -1 : 1, stops.length)].focus();
    }
  });
  let start: { x: number; y: number } | null = null;
  figure.addEventListener("pointerdown", (e) => (start = { x: e.clientX, y: e.clientY }));
  figure.addEventListener("pointerup", (e) => {
    if (start) move(swipeStep(start.x, start.y, e.clientX, e.clientY));
    start = null;
  });
  figure.addEventListener("pointercancel", () => (start = null));
}
