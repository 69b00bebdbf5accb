// The one script every page loads (a few KB). It wires the small behaviours
// that need no React (toasts, mobile menu, theme sync) and mounts React
// islands: each `data-island` element, with its props in the JSON script
// tag right after it. Islands marked data-island-load="interaction" fetch
// React only when the visitor first reaches for them.
import { initToasts } from "./toast";
import { initMenu } from "./menu";
import { initTheme } from "./theme";
import { initForms } from "./forms";
import { initDialogs } from "./dialogs";
import { initHtmxForms } from "./htmx";
import { initCopyButtons } from "./copy";
import { initCounters } from "./counter";
import { initLocalTimes } from "./localtime";

// Each island knows the shape of its own props.
type IslandModule = { mount: (el: HTMLElement, props: any) => void | Promise<void> };

// Every island, by name; each import() becomes its own chunk, sharing React.
const registry: Record<string, () => Promise<IslandModule>> = {
  "theme-toggle": () => import("./theme-toggle"),
  "directory": () => import("./directory"),
  "wizard": () => import("./wizard"),
  "insights": () => import("./insights"),
  "images": () => import("./images"),
  "gallery": () => import("./gallery"),
  "map": () => import("./map"),
};

const mounting = new WeakMap<HTMLElement, Promise<void>>();

function readProps(el: HTMLElement): unknown {
  const next = el.nextElementSibling;
  if (next instanceof HTMLScriptElement && next.type === "application/json") {
    return JSON.parse(next.textContent || "null");
  }
  return {};
}

function mountIsland(el: HTMLElement): Promise<void> {
  let p = mounting.get(el);
  if (!p) {
    const load = registry[el.dataset.island || ""];
    if (!load) {
      // A page newer than this script: leave the server's HTML working.
      console.warn(`unknown island "${el.dataset.island}"`);
      el.dataset.islandState = "unknown";
      return Promise.resolve();
    }
    el.dataset.islandState = "loading";
    p = load()
      .then((m) => m.mount(el, readProps(el)))
      .then(() => {
        el.dataset.islandState = "mounted";
      });
    mounting.set(el, p);
  }
  return p;
}

const controls = "a[href], button, input, select, textarea";

// deferUntilInteraction leaves the server's HTML working as it is until the
// visitor points at, focuses or clicks the island. A click that arrives
// before React does is held, then replayed on the mounted island.
function deferUntilInteraction(el: HTMLElement, name: string) {
  const prefetch = () => void registry[name]?.();
  el.addEventListener("pointerenter", prefetch, { once: true });
  el.addEventListener("focusin", prefetch, { once: true });
  el.addEventListener(
    "click",
    (e) => {
      if (el.dataset.islandState === "mounted" || el.dataset.islandState === "unknown") return;
      const target = (e.target as Element).closest(controls);
      if (!target) return;
      e.preventDefault();
      e.stopPropagation();
      const index = Array.from(el.querySelectorAll(controls)).indexOf(target);
      mountIsland(el)
        .then(() => {
          const again = el.querySelectorAll<HTMLElement>(controls)[index];
          again?.click();
          again?.focus();
        })
        .catch((err) => {
          console.error("island failed to load", err);
          // Fall back to what the page does without JavaScript.
          if (target instanceof HTMLButtonElement && target.form) target.form.requestSubmit(target);
        });
    },
    { capture: true },
  );
}

// mountWhenIdle mounts once the browser is idle, or at once when the visitor
// reaches into the island first; the island keeps what they typed.
//
// Pressing a link or a button does not mount it: React replaces the
// server's HTML when it mounts, and a mount that lands between the press
// and the release would take the element away from under the click (the
// browser focuses a link on the press, so focus alone must not mount
// either). The link or button does what it does without JavaScript.
function mountWhenIdle(el: HTMLElement, name: string, waitForIdle = true) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    el.removeEventListener("focusin", onReach);
    el.removeEventListener("pointerdown", onReach);
    el.removeEventListener("input", start);
    mountIsland(el).catch((err) => console.error(`island ${name} failed to mount`, err));
  };
  const onReach = (e: Event) => {
    const t = e.target instanceof Element ? e.target : null;
    if (t?.closest("a[href], button")) return;
    start();
  };
  el.addEventListener("focusin", onReach);
  el.addEventListener("input", start);
  if (!waitForIdle) {
    // "intent": fetch the code when the pointer comes near, mount on the
    // first press; a page nobody touches never downloads React.
    el.addEventListener("pointerenter", () => void registry[name]?.(), { once: true });
    el.addEventListener("pointerdown", onReach);
    return;
  }
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

function init() {
  initToasts();
  initMenu();
  initTheme();
  initForms();
  initDialogs();
  initHtmxForms();
  initCopyButtons();
  initCounters();
  initLocalTimes();
  // Controls that work only with JavaScript ("Show map") are hidden in
  // the server's HTML until now.
  document.querySelectorAll<HTMLElement>("[data-needs-js]").forEach((el) => {
    el.hidden = false;
  });
  document.querySelectorAll<HTMLElement>("[data-island]").forEach((el) => {
    const name = el.dataset.island || "";
    if (el.dataset.islandLoad === "interaction") {
      deferUntilInteraction(el, name);
    } else if (el.dataset.islandLoad === "idle") {
      mountWhenIdle(el, name);
    } else if (el.dataset.islandLoad === "intent") {
      mountWhenIdle(el, name, false);
    } else {
      mountIsland(el).catch((err) => console.error(`island ${name} failed to mount`, err));
    }
  });
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", init, { once: true });
} else {
  init();
}
