import { createRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import { Generator, type Props } from "./Generator";

// mount replaces the server's generate form with the island's identical
// one in one synchronous step, reusing the server's icon. The hidden input
// and the button stay in the server's order, so a click held by the loader
// is replayed on the same control.
export function mount(el: HTMLElement, props: Omit<Props, "icon">) {
  const icon = el.querySelector("button svg")?.outerHTML || "";
  const root = createRoot(el);
  flushSync(() => {
    el.replaceChildren();
    root.render(<Generator businessId={props.businessId} endpoint={props.endpoint} icon={icon} />);
  });
}
