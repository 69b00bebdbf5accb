// Theme state lives in three places that must agree: the <html
// data-theme> attribute (what the CSS reads), the theme cookie (so the
// server renders the next page in the right colours, with no flash) and
// localStorage (as the product has always kept it).

export type Theme = "light" | "dark" | "system";

const themes: Theme[] = ["light", "dark", "system"];

export function currentTheme(): Theme {
  const t = document.documentElement.dataset.theme as Theme;
  return themes.includes(t) ? t : "system";
}

// effectiveTheme resolves "system" to what the operating system prefers.
export function effectiveTheme(): "light" | "dark" {
  const t = currentTheme();
  if (t !== "system") return t;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function applyTheme(t: Theme) {
  document.documentElement.dataset.theme = t;
  try {
    localStorage.setItem("theme", t);
  } catch {
    // Storage may be disabled; the cookie still carries the choice.
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `theme=${t}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  document.querySelectorAll<HTMLButtonElement>(".theme-choice button[name=theme]").forEach((b) => {
    b.setAttribute("aria-pressed", String(b.value === t));
  });
}

export function initTheme() {
  // A choice kept in localStorage but not in the cookie (cookies cleared):
  // restore it, so the next page renders right from the server.
  let stored: string | null = null;
  try {
    stored = localStorage.getItem("theme");
  } catch {
    stored = null;
  }
  const hasCookie = document.cookie.split("; ").some((c) => c.startsWith("theme="));
  if (!hasCookie && stored && themes.includes(stored as Theme) && stored !== currentTheme()) {
    applyTheme(stored as Theme);
  } else if (hasCookie && stored !== currentTheme()) {
    applyTheme(currentTheme());
  }
  // The footer's Light / Dark / System buttons switch at once too.
  document.querySelectorAll<HTMLFormElement>("form.theme-choice").forEach((form) => {
    form.addEventListener("submit", (e) => {
      const b = (e as SubmitEvent).submitter as HTMLButtonElement | null;
      if (!b || !themes.includes(b.value as Theme)) return;
      e.preventDefault();
      applyTheme(b.value as Theme);
    });
  });
}
