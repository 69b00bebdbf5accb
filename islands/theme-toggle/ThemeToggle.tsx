import { useState } from "react";
import { applyTheme, effectiveTheme, type Theme } from "../theme";

export type Props = {
  theme: Theme;
  returnTo: string;
  // The icons' SVG markup, taken from the server's rendering so both agree.
  icons: { dark: string; light: string };
};

// ThemeToggle switches between light and dark at once, without a reload.
// It renders the same form the server does, so it still works if React
// ever fails after mounting.
export function ThemeToggle({ theme, returnTo, icons }: Props) {
  const [, setTheme] = useState<Theme>(theme);
  const choose = (next: Theme) => (e: React.MouseEvent) => {
    e.preventDefault();
    // The button shown is the one leading away from the theme in effect.
    const target = next === effectiveTheme() ? (next === "dark" ? "light" : "dark") : next;
    applyTheme(target);
    setTheme(target);
  };
  return (
    <form method="post" action="/theme">
      <input type="hidden" name="return" value={returnTo} />
      <button
        className="btn btn-icon theme-to-dark"
        type="submit"
        name="theme"
        value="dark"
        aria-label="Switch to dark theme"
        title="Switch to dark theme"
        onClick={choose("dark")}
        dangerouslySetInnerHTML={{ __html: icons.dark }}
      />
      <button
        className="btn btn-icon theme-to-light"
        type="submit"
        name="theme"
        value="light"
        aria-label="Switch to light theme"
        title="Switch to light theme"
        onClick={choose("light")}
        dangerouslySetInnerHTML={{ __html: icons.light }}
      />
    </form>
  );
}
