// Reads the emails the app sent to maildev during browser tests.
import { baseURL } from "./browser.mjs";

const maildev = process.env.E2E_MAILDEV;

// linkFrom waits for the newest email to `to` with a link containing path,
// and returns that link on the test server.
export async function linkFrom(to, path) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await (await fetch(`${maildev}/email`)).json();
    const mine = mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()));
    for (const m of mine.reverse()) {
      const link = (m.text.match(/https?:\/\/\S+/g) || []).find((l) => l.includes(path));
      if (link) return link.replace(/^https?:\/\/[^/]+/, baseURL);
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} with a ${path} link`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// mailsTo lists the emails sent to `to`.
export async function mailsTo(to) {
  const mails = await (await fetch(`${maildev}/email`)).json();
  return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()));
}

// mailTo waits for the email to `to` whose subject is subject (or, given
// a function, whose subject it accepts), and returns it.
export async function mailTo(to, subject) {
  const deadline = Date.now() + 15_000;
  const wanted = typeof subject === "function" ? subject : (s) => s === subject;
  for (;;) {
    const m = (await mailsTo(to)).find((m) => wanted(m.subject));
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
