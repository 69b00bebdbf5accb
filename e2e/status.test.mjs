// Browser test of the status page's incidents: an administrator (named by
// ADMIN_EMAILS, see run.mjs) opens an incident on /admin/status; /status
// shows it at the top with its update, with JavaScript on and off; the
// administrator resolves it and /status lists it among the past incidents.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { adminPage, toast, uniqueName } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// statusShows opens /status with JavaScript on or off and returns the
// page, checked for errors.
async function openStatus(javaScriptEnabled) {
  const ctx = await browser.newContext({ javaScriptEnabled });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const res = await page.goto(baseURL + "/status");
  assert.equal(res.status(), 200);
  await page.getByRole("heading", { level: 1, name: "System Status" }).waitFor();
  return { ctx, page, errors };
}

test("status: an administrator opens an incident, /status shows it, then shows it resolved", async () => {
  const title = uniqueName("Emails delayed");
  const adminCtx = await browser.newContext();
  const admin = await adminPage(adminCtx);

  await admin.goto(baseURL + "/admin/status");
  const form = admin.getByRole("region", { name: "Open an incident" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Minor: a part is slow or some requests fail").check();
  await form.getByLabel("Email delivery").check();
  await form.getByLabel("Status").selectOption("investigating");
  await form.getByLabel("First update").fill("Sign-up emails arrive late; we are looking into it.");
  await form.getByRole("button", { name: "Open incident" }).click();
  await toast(admin, "Incident opened");

  for (const js of [true, false]) {
    const { ctx, page, errors } = await openStatus(js);
    const current = page.getByRole("region", { name: "Current incidents" });
    const incident = current.getByRole("article", { name: title });
    await incident.waitFor();
    assert.match(await incident.innerText(), /Sign-up emails arrive late; we are looking into it\./);
    assert.match(await incident.innerText(), /Investigating/);
    assert.match(await page.getByTestId("status-banner").innerText(), /Some systems are degraded/);
    // The part it affects links to it.
    await page.getByRole("region", { name: "Systems" }).getByRole("link", { name: "Incident: " + title }).waitFor();
    assert.deepEqual(errors, [], `JavaScript ${js ? "on" : "off"}: no errors`);
    await ctx.close();
  }

  await admin.goto(baseURL + "/admin/status");
  const update = admin.getByRole("form", { name: "Post an update to " + title });
  await update.getByLabel("New status").selectOption("resolved");
  await update.getByLabel("Update").fill("Emails are delivered within seconds again.");
  await update.getByRole("button", { name: "Post update to " + title }).click();
  await toast(admin, "Incident resolved");

  for (const js of [true, false]) {
    const { ctx, page, errors } = await openStatus(js);
    const past = page.getByRole("region", { name: "Past incidents" }).getByRole("article", { name: title });
    await past.waitFor();
    const text = await past.innerText();
    assert.match(text, /Emails are delivered within seconds again\./);
    assert.match(text, /Resolved/);
    assert.equal(await page.getByRole("article", { name: title }).count(), 1, "no longer among the current incidents");
    assert.deepEqual(errors, [], `JavaScript ${js ? "on" : "off"}: no errors`);
    await ctx.close();
  }
  await adminCtx.close();
});
