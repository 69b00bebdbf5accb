// Dialogs filled by htmx: a link marked data-opens-dialog loads its content
// into the dialog (data-hx-get) and the dialog opens when it arrives. Without
// JavaScript the same link simply opens the page it points to.
//
// htmx itself is fetched only when the visitor reaches for such a link
// (see htmx.ts).
import { htmxReady, loadHtmx } from "./htmx";

export function initDialogs() {
  document.querySelectorAll<HTMLAnchorElement>("a[data-opens-dialog]").forEach((link) => {
    const warm = () => void loadHtmx().catch(() => {});
    link.addEventListener("pointerenter", warm, { once: true });
    link.addEventListener("focus", warm, { once: true });
    link.addEventListener(
      "click",
      (e) => {
        if (htmxReady()) return; // htmx handles it
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
