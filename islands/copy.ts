// Copy buttons: a button marked data-copy="ID" copies the value of the
// field ID and says so with a toast. Without JavaScript the button stays
// hidden and the field's text is there to select.
import { showToast } from "./toast";

export function initCopyButtons() {
  document.querySelectorAll<HTMLButtonElement>("button[data-copy]").forEach((btn) => {
    const field = document.getElementById(btn.dataset.copy || "") as HTMLInputElement | null;
    if (!field || !navigator.clipboard) return;
    btn.hidden = false;
    btn.addEventListener("click", () => {
      navigator.clipboard.writeText(field.value).then(
        () => showToast({ title: "Link copied", description: field.value }),
        () => {
          // The browser refused (no permission): select it for the visitor.
          field.focus();
          field.select();
          showToast({ title: "Copy the selected link", description: "Press Ctrl+C (⌘C on a Mac) to copy it.", variant: "destructive" });
        },
      );
    });
  });
}
