// A live character count under a text area, as an enhancement: a
// `p[data-counter-for=ID]` (hidden without JavaScript, where the field's
// hint states the limits) shows how many characters the field holds
// against its data-min and data-max, as the server counts them (code
// points, surrounding spaces trimmed). A form htmx swaps in gets its
// counter too.
export function initCounters() {
  wire(document);
  document.addEventListener("htmx:afterSettle", (e) => wire(e.target as Element));
}

function wire(root: ParentNode) {
  root.querySelectorAll<HTMLElement>("[data-counter-for]").forEach((out) => {
    if (out.dataset.counting) return;
    const field = document.getElementById(out.dataset.counterFor || "") as HTMLTextAreaElement | HTMLInputElement | null;
    if (!field) return;
    out.dataset.counting = "1";
    const min = Number(out.dataset.min || 0);
    const max = Number(out.dataset.max || 0);
    const show = () => {
      const n = Array.from(field.value.trim()).length;
      let text = `${n.toLocaleString("en-US")} / ${max.toLocaleString("en-US")} characters`;
      if (n > 0 && n < min) text += ` (at least ${min})`;
      out.textContent = text;
      out.classList.toggle("counter-over", n > max);
    };
    out.hidden = false;
    field.addEventListener("input", show);
    show();
  });
}
