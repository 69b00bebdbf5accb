import { createRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import { Images, type Start } from "./Images";
import type { Props } from "./model";

// mount replaces the server's Photos forms with the island's, which have
// the same controls in the same order (so a click the loader held is
// replayed on the same one), keeping what the owner already typed or
// chose there.
export function mount(el: HTMLElement, props: Props) {
  const value = (name: string) => el.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;
  const start: Start = {
    alt: value("alt") ?? "",
    alts: {},
    cover: Number(el.querySelector<HTMLInputElement>('input[name="cover"]:checked')?.value || 0),
    files: Array.from(el.querySelector<HTMLInputElement>('input[type="file"]')?.files || []),
  };
  for (const p of props.photos) {
    const v = value("alt_" + p.id);
    if (v !== undefined) start.alts[p.id] = v;
  }
  const root = createRoot(el);
  flushSync(() => {
    el.replaceChildren();
    root.render(<Images props={props} start={start} />);
  });
}
