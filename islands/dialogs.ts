// Dialogs filled by htmx: a link marked data-opens-dialog loads its content
// into the dialog (hx-get) and the dialog opens when it arrives. Without
// JavaScript the same link simply opens the page it points to.
export function initDialogs() {
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
