// Shared browser set-up for the tests: Debian's chromium through
// playwright-core, one fresh profile per launch.
import { chromium } from "playwright-core";

export const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error("E2E_BASE_URL is not set: run the tests with `node e2e/run.mjs`");

export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export function launch() {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

// The public pages every visitor can open (spec §2 route table and static
// pages), with a string each must show.
export const publicPages = {
  "/": "Join as Business",
  "/login": "Welcome Back",
  "/signup": "Create Account",
  "/business/signup": "Join as Business",
  "/individual/signup": "Join as Individual",
  "/directory": "Transform Your Business Visibility",
  "/ai-insights": "Generate New Insights",
  "/roi-breakdown": "An Illustrative Example",
  "/partners": "Partner plans",
  "/partners/terms": "Partner Terms",
  "/partners/signup": "Apply to the Partner Programme",
  "/whats-new": "Suggest a Feature",
  "/pricing": "Most Popular",
  "/faq": "Frequently Asked Questions",
  "/features": "Smart Lead Matching",
  "/api": "RESTful API",
  "/about": "Innovation",
  "/careers": "Senior AI Engineer",
  "/blog": "Subscribe",
  "/press": "Schedule an Interview",
  "/help": "Contact Support",
  "/contact": "Send Message",
  "/request": "Send my request",
  "/status": "Get status updates by email",
  "/privacy": "Privacy",
  "/terms": "Terms",
};

// watchErrors records console errors, uncaught exceptions and failed
// requests of a page (a CSP violation shows up as a console error).
export function watchErrors(page) {
  const errors = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`exception: ${e.message}`));
  page.on("requestfailed", (r) => {
    const f = r.failure()?.errorText || "";
    if (!f.includes("ERR_ABORTED")) errors.push(`request failed: ${r.url()} ${f}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return errors;
}
