// htmx (16 KB) is fetched only when the visitor reaches for something that
// uses it: a dialog link (dialogs.ts) or a form marked data-hx-post. Pages that
// merely offer one stay light, and everything works without it.

export type Htmx = { trigger: (el: Element, event: string) => void };
let htmxLoading: Promise<Htmx> | null = null;

export function htmxReady(): boolean {
  return Boolean((window as unknown as { htmx?: Htmx }).htmx);
}

// loadHtmx adds htmx's script once (the page names it in a meta tag when it
// offers htmx); htmx then wires every data-hx- element already on the page.
export function loadHtmx(): Promise<Htmx> {
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

// initHtmxForms loads htmx when the visitor first focuses a field of a form
// marked data-hx-post, so it is usually ready by the time they send it. A form
// sent before htmx arrives is simply sent as a normal form: the server
// answers it with a redirect and a toast.
export function initHtmxForms() {
  const forms = document.querySelectorAll<HTMLFormElement>("form[data-hx-post]");
  if (forms.length === 0) return;
  const warm = () => void loadHtmx().catch(() => {});
  // A form that comes back with errors focuses its error summary, as the
  // page does on a full load (forms.ts).
  document.addEventListener("htmx:afterSettle", (e) => {
    const swapped = e.target as Element; // the new content
    swapped.querySelector<HTMLElement>?.("[data-autofocus]")?.focus();
  });
  forms.forEach((form) => {
    form.addEventListener("focusin", warm, { once: true });
    form.addEventListener("pointerenter", warm, { once: true });
  });
}
