// One toast mechanism for the whole site. Toasts arrive three ways: rendered
// by the server after a redirect (session flash), as an htmx "toast" event
// (HX-Trigger response header), or from an island calling showToast.

export type Toast = { title: string; description?: string; variant?: "" | "destructive" };

const visibleFor = 5000;
let region: HTMLElement | null = null;
let announcer: HTMLElement | null = null;

function ensureRegion(): HTMLElement {
  if (!region) {
    region = document.getElementById("toasts");
    if (!region) {
      region = document.createElement("section");
      region.id = "toasts";
      region.className = "toasts";
      region.setAttribute("aria-label", "Notifications");
      document.body.append(region);
    }
  }
  if (!announcer) {
    announcer = document.createElement("div");
    announcer.className = "visually-hidden";
    announcer.setAttribute("aria-live", "polite");
    announcer.setAttribute("aria-atomic", "true");
    document.body.append(announcer);
  }
  return region;
}

function announce(t: Toast) {
  ensureRegion();
  const text = [t.title, t.description].filter(Boolean).join(". ");
  // Clear then set on the next frame, so a repeated message is read again.
  announcer!.textContent = "";
  requestAnimationFrame(() => (announcer!.textContent = text));
}

// manage gives a toast element a close button and a timer that pauses while
// the pointer or focus is on it.
function manage(el: HTMLElement) {
  el.classList.add("js-managed");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Dismiss notification");
  close.innerHTML =
    '<svg class="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  el.append(close);

  let remaining = visibleFor;
  let started = Date.now();
  let timer = window.setTimeout(dismiss, remaining);
  function dismiss() {
    window.clearTimeout(timer);
    el.classList.add("leaving");
    el.addEventListener("animationend", () => el.remove(), { once: true });
    window.setTimeout(() => el.remove(), 400);
  }
  const pause = () => {
    window.clearTimeout(timer);
    remaining -= Date.now() - started;
  };
  const resume = () => {
    started = Date.now();
    timer = window.setTimeout(dismiss, Math.max(remaining, 1500));
  };
  el.addEventListener("pointerenter", pause);
  el.addEventListener("pointerleave", resume);
  el.addEventListener("focusin", pause);
  el.addEventListener("focusout", resume);
  close.addEventListener("click", dismiss);
}

export function showToast(t: Toast) {
  const root = ensureRegion();
  const el = document.createElement("div");
  el.className = "toast" + (t.variant === "destructive" ? " toast-destructive" : "");
  const title = document.createElement("p");
  title.className = "toast-title";
  title.textContent = t.title;
  el.append(title);
  if (t.description) {
    const d = document.createElement("p");
    d.className = "toast-description";
    d.textContent = t.description;
    el.append(d);
  }
  if (t.variant === "destructive") {
    el.setAttribute("role", "alert");
  } else {
    announce(t);
  }
  root.append(el);
  manage(el);
}

export function initToasts() {
  const root = ensureRegion();
  // Toasts the server rendered after a redirect: announce and manage them.
  root.querySelectorAll<HTMLElement>(".toast").forEach((el) => {
    const title = el.querySelector(".toast-title")?.textContent || "";
    const description = el.querySelector(".toast-description")?.textContent || "";
    el.removeAttribute("role");
    announce({ title, description });
    manage(el);
  });
  document.addEventListener("toast", (e) => {
    const d = (e as CustomEvent).detail || {};
    if (d.title) showToast({ title: String(d.title), description: d.description, variant: d.variant });
  });
}
