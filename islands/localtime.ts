// Moments in the browser's own time zone, as an enhancement: the server
// writes each `time[data-local-time]` in UTC and says so ("Mar 5, 2026
// 14:05 UTC"), since it does not know where the reader is (listings have no
// time zone yet); here the text becomes the reader's local time, with the
// zone named ("Mar 5, 2026, 6:05 AM PST"). A part htmx swaps in gets its
// times rewritten too.
export function initLocalTimes() {
  wire(document);
  document.addEventListener("htmx:afterSettle", (e) => wire(e.target as Element));
}

// localText is the moment iso (RFC 3339) in timeZone (the browser's when
// not given), with the zone's short name; "" for a moment it cannot read.
export function localText(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  }).format(d);
}

function wire(root: ParentNode) {
  root.querySelectorAll<HTMLTimeElement>("time[data-local-time]").forEach((el) => {
    if (el.dataset.localTime === "shown") return;
    const text = localText(el.dateTime);
    if (!text) return;
    el.title = el.textContent || "";
    el.textContent = text;
    el.dataset.localTime = "shown";
  });
}
