// The mobile menu is a <details> element, so it opens and closes without
// JavaScript. With it, the menu also closes when a link is chosen, on
// Escape, and on a click outside.
export function initMenu() {
  document.querySelectorAll<HTMLDetailsElement>("details[data-mobile-menu]").forEach((menu) => {
    const summary = menu.querySelector("summary");
    summary?.setAttribute("aria-expanded", String(menu.open));
    menu.addEventListener("toggle", () => summary?.setAttribute("aria-expanded", String(menu.open)));
    menu.addEventListener("click", (e) => {
      if ((e.target as Element).closest("a")) menu.open = false;
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && menu.open) {
        menu.open = false;
        summary?.focus();
      }
    });
    document.addEventListener("click", (e) => {
      if (menu.open && !menu.contains(e.target as Node)) menu.open = false;
    });
  });
}
