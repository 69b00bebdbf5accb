import { createRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import { ThemeToggle, type Props } from "./ThemeToggle";

export function mount(el: HTMLElement, props: Omit<Props, "icons">) {
  const icons = {
    dark: el.querySelector(".theme-to-dark")?.innerHTML || "",
    light: el.querySelector(".theme-to-light")?.innerHTML || "",
  };
  const root = createRoot(el);
  // Replace the server's form in one synchronous step: no empty frame.
  flushSync(() => {
    el.replaceChildren();
    root.render(<ThemeToggle {...props} icons={icons} />);
  });
}
