import { useEffect, useRef, useState } from "react";

export type Props = {
  businessId: number;
  endpoint: string;
  // The sparkles icon's SVG markup, taken from the server's rendering.
  icon: string;
};

type Phase = "idle" | "generating" | "failed";

const label = "Generate New Insights";
const busyLabel = "Generating Insights...";
// What the work goes through, shown one after another while it runs.
export const stages = [
  "Reading your listing…",
  "Comparing with businesses in your category…",
  "Writing recommendations…",
];
const stageEvery = 1200;
// Spec §8.
const failedMessage = "Failed to generate AI insights. Please try again.";
const refusedMessage = "Failed to generate insights";

// toast goes through the page's one toast mechanism (islands/toast.ts),
// by its document event, so toast.ts stays out of this chunk.
function toast(title: string, description: string, variant: "" | "destructive" = "") {
  document.dispatchEvent(new CustomEvent("toast", { detail: { title, description, variant } }));
}

// generate asks for new insights and reads the generator's reply: true on success, else the message
// to show. A network error or a reply that is not a JSON object is the
// generic failure; a JSON reply without success uses the server's error.
async function generate(endpoint: string, businessId: number): Promise<true | string> {
  let res: Response;
  let reply: unknown;
  try {
    res = await fetch(endpoint, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      body: new URLSearchParams({ business_id: String(businessId) }),
    });
    reply = await res.json();
  } catch {
    return failedMessage;
  }
  if (!reply || typeof reply !== "object" || Array.isArray(reply)) return failedMessage;
  const r = reply as { success?: unknown; error?: unknown };
  if (r.success === true && res.ok) return true;
  return typeof r.error === "string" && r.error.trim() ? r.error : refusedMessage;
}

// reloadList replaces the list with the server's fresh rendering, so it
// looks exactly as after a page load, and takes the reader to its heading.
async function reloadList(list: HTMLElement, businessId: number) {
  try {
    const res = await fetch("/ai-insights/list?business=" + encodeURIComponent(String(businessId)), {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    });
    // A redirect means the session ended: that is the sign-in page, not the list.
    if (!res.ok || res.redirected || !(res.headers.get("Content-Type") || "").startsWith("text/html")) {
      throw new Error(`HTTP ${res.status}`);
    }
    list.innerHTML = await res.text();
  } catch {
    toast("Error", "Failed to load AI insights", "destructive");
    return;
  }
  const heading = document.getElementById("insights-heading");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

// Generator is the 'Generate New Insights' button. It asks the server for
// new insights without leaving the page, shows how far the work has got,
// then reloads the list. It renders the server's form, so a submit that
// React does not see still works.
export function Generator({ businessId, endpoint, icon }: Props) {
  const [phase, setPhase] = useState<Phase>("idle");
  const [stage, setStage] = useState(0);
  const running = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const generating = phase === "generating";

  // Step through the stages while the work runs; stay on the last.
  useEffect(() => {
    if (!generating) return;
    const t = window.setInterval(() => setStage((s) => Math.min(s + 1, stages.length - 1)), stageEvery);
    return () => window.clearInterval(t);
  }, [generating]);

  // After a failure, give the focus back to the button if disabling it
  // left the focus nowhere.
  useEffect(() => {
    if (phase !== "failed") return;
    const a = document.activeElement;
    if (!a || a === document.body || a === button.current) button.current?.focus();
  }, [phase]);

  const run = async () => {
    if (running.current) return;
    running.current = true;
    setStage(0);
    setPhase("generating");
    const list = document.getElementById("insights-list");
    list?.setAttribute("aria-busy", "true");
    let ok = false;
    try {
      const result = await generate(endpoint, businessId);
      if (result === true) {
        ok = true;
        toast("Success", "New AI insights generated successfully!");
        if (list) await reloadList(list, businessId);
      } else {
        toast("Error", result, "destructive");
      }
    } finally {
      list?.removeAttribute("aria-busy");
      running.current = false;
      setPhase(ok ? "idle" : "failed");
    }
  };

  return (
    <>
      <form
        method="post"
        action={endpoint}
        className="generate-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <input type="hidden" name="business_id" value={String(businessId)} />
        <button
          ref={button}
          className={"btn btn-primary" + (generating ? " is-generating" : "")}
          type="submit"
          disabled={generating}
          // Constant text after the server's own icon markup.
          dangerouslySetInnerHTML={{ __html: icon + " " + (generating ? busyLabel : label) }}
        />
      </form>
      <p className="generate-status" role="status" aria-live="polite">
        {generating ? stages[stage] : ""}
      </p>
    </>
  );
}
