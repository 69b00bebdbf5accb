// Copy buttons: a button marked data-copy="ID" copies the value of the
// field ID and says so with a toast. data-copy-what names what is copied
// ("key": "Key copied"); without it, it is a link. Without JavaScript the
// button stays hidden and the field's text is there to select.
import { showToast, type Toast } from "./toast";

// copyToasts are the toasts after copying value, a what ("link" when
// not given): done when the clipboard took it, refused when the browser
// did not allow it and the field's text is selected instead. Only a link
// is repeated in the toast; a secret is not shown twice.
export function copyToasts(what: string | undefined, value: string): { done: Toast; refused: Toast } {
  const noun = (what || "link").trim().toLowerCase() || "link";
  const title = noun.charAt(0).toUpperCase() + noun.slice(1) + " copied";
  return {
    done: noun === "link" ? { title, description: value } : { title, description: "It is on your clipboard." },
    refused: { title: `Copy the selected ${noun}`, description: "Press Ctrl+C (⌘C on a Mac) to copy it.", variant: "destructive" },
  };
}

export function initCopyButtons() {
  document.querySelectorAll<HTMLButtonElement>("button[data-copy]").forEach((btn) => {
    const field = document.getElementById(btn.dataset.copy || "") as HTMLInputElement | null;
    if (!field || !navigator.clipboard) return;
    btn.hidden = false;
    btn.addEventListener("click", () => {
      const toasts = copyToasts(btn.dataset.copyWhat, field.value);
      navigator.clipboard.writeText(field.value).then(
        () => showToast(toasts.done),
        () => {
          // The browser refused (no permission): select it for the visitor.
          field.focus();
          field.select();
          showToast(toasts.refused);
        },
      );
    });
  });
}
