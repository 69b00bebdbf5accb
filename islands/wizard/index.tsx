import { createRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import { Wizard, type Start } from "./Wizard";
import { clearDraft, imagesOf, readDraft, readOwner, sameValues, savedImages, stepOf, valuesFromForm, valuesOf, writeDraft, type Props } from "./model";

// cameFromSignIn: this page follows the sign-in form, as after a
// submission that met an expired session.
function cameFromSignIn(): boolean {
  try {
    const r = new URL(document.referrer);
    return r.origin === location.origin && r.pathname === "/login";
  } catch {
    return false;
  }
}

// mount replaces the server's long form with the four-step wizard, in one
// synchronous step. It starts on the first step with a server error, or
// from the draft this browser kept, or from what the page shows.
export function mount(el: HTMLElement, props: Props) {
  const key = "draft:" + props.draftKey;
  const base = valuesOf(props.form);
  // The server's images and its messages about them, numbered as the
  // wizard shows the photos.
  const { images, errors } = imagesOf(props.form.Images, props.form.Errors || {});
  // Drafts belong to the account: the email the form starts with. A form
  // sent back by the server shows the email typed instead, so there the
  // draft written when it was sent tells.
  const failed = Object.keys(errors);
  const owner = failed.length > 0 ? readOwner(key) : base.email;
  const start: Start = { values: valuesFromForm(el.querySelector("form"), base), step: 0, errors, restored: false, owner, images };

  if (failed.length > 0) {
    // The server sent the form back: its values are the visitor's latest.
    start.step = Math.min(...failed.map((f) => stepOf(f, props.steps)));
    writeDraft(key, { owner, values: start.values, step: start.step, images: savedImages(images) });
  } else {
    const draft = readDraft(key, owner, base, props.steps.length);
    const noImages = !draft?.images || (!draft.images.logo && draft.images.photos.length === 0);
    if (!draft || (draft.submitted && !cameFromSignIn()) || (sameValues(draft.values, base) && noImages)) {
      // None, another account's, sent (and not bounced to the sign-in
      // page), or nothing typed: start afresh.
      clearDraft(key);
    } else {
      start.values = draft.values;
      start.step = draft.step;
      start.restored = true;
      if (draft.images) start.images = draft.images;
      if (draft.submitted) writeDraft(key, { owner, values: draft.values, step: draft.step, images: draft.images });
    }
  }

  const active = document.activeElement;
  const focusId = active instanceof HTMLElement && el.contains(active) ? active.id : "";

  const root = createRoot(el);
  flushSync(() => {
    el.replaceChildren();
    root.render(<Wizard props={props} start={start} base={base} />);
  });
  if (focusId) document.getElementById(focusId)?.focus({ preventScroll: true });
}
