// Dialogs filled by htmx: a link marked data-opens-dialog loads its content
// into the dialog (hx-get) and the dialog opens when it arrives. Without
// JavaScript the same link simply opens the page it points to.
//
// htmx itself (16 KB) is fetched only when the visitor reaches for such a
// link, so pages that merely offer one stay light.

type Htmx = { trigger: (el: Element, event: string) => void };
let htmxLoading: Promise<Htmx> | null = null;

function loadHtmx(): Promise<Htmx> {
  const w = window as unknown as { htmx?: Htmx };
  if (w.htmx) return Promise.resolve(w.htmx);
  if (!htmxLoading) {
    const src = document.querySelector<HTMLMetaElement>('meta[name="htmx-src"]')?.content;
    htmxLoading = new Promise((resolve, reject) => {
      if (!src) return reject(new Error("htmx is not offered on this page"));
      const s = document.createElement("script");
      s.src = src;
      s.onload = () => (w.htmx ? resolve(w.htmx) : reject(new Error("htmx did not start")));
      s.onerror = () => reject(new Error("htmx failed to load"));
      document.head.append(s);
    });
  }
  return htmxLoading;
}

export function initDialogs() {
  document.querySelectorAll<HTMLAnchorElement>("a[data-opens-dialog]").forEach((link) => {
    const warm = () => void loadHtmx().catch(() => {});
    link.addEventListener("pointerenter", warm, { once: true });
    link.addEventListener("focus", warm, { once: true });
    link.addEventListener(
      "click",
      (e) => {
        if ((window as unknown as { htmx?: Htmx }).htmx) return; // htmx handles it
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        e.stopImmediatePropagation();
        loadHtmx()
          .then((htmx) => htmx.trigger(link, "click"))
          .catch(() => (location.href = link.href)); // the page version still works
      },
      { capture: true },
    );
  });
  document.addEventListener("htmx:afterSwap", (e) => {
    const target = e.target as HTMLElement;
    const dialog = target.closest("dialog");
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("input, textarea, select")?.focus();
    }
  });
  document.addEventListener("click", (e) => {
    const close = (e.target as Element).closest("[data-close-dialog]");
    if (close) close.closest("dialog")?.close();
  });
  // A click on the backdrop closes the dialog too.
  document.querySelectorAll("dialog").forEach((d) =>
    d.addEventListener("click", (e) => {
      if (e.target === d) d.close();
    }),
  );
}
