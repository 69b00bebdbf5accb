// Browser test of the partner programme's whole referral flow, with
// JavaScript on and off: a partner applies, an administrator approves, a
// visitor follows the partner's link and signs up a business, the business
// pays Growth (Stripe's signed events), the partner sees a pending
// commission of their plan's share of the invoice and, for the invoices
// past the hold, a payable balance; the administrator makes the month's
// payouts and marks the partner's paid; the partner sees the payout.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { password, signIn, signUpBusiness, adminPage, toast, verifyEmail, onPlan, postStripeEvent, rand } from "./people.mjs";
import { mailTo } from "./mailbox.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const day = 86400;
const growthCents = 1900; // plans.Growth
const plusRate = 25; // plans.PartnerPlans: Partner+

// payInvoice has Stripe say the subscription's invoice was paid at paidAt
// (seconds), for growthCents.
async function payInvoice(userID, subscription, paidAt) {
  await postStripeEvent("invoice.paid", {
    id: "in_e2e_" + rand(),
    object: "invoice",
    status: "paid",
    currency: "usd",
    amount_due: growthCents,
    amount_paid: growthCents,
    created: paidAt,
    period_start: paidAt,
    period_end: paidAt + 30 * day,
    status_transitions: { paid_at: paidAt },
    parent: { type: "subscription_details", subscription_details: { subscription, metadata: { user_id: String(userID), plan: "growth" } } },
    payments: { object: "list", data: [{ id: "inpay_e2e_" + rand(), object: "invoice_payment", payment: { type: "charge", charge: "ch_e2e_" + rand() } }] },
  });
}

// A person's browser, as the click counter tells one from a robot (the
// tests' headless Chromium says it is headless).
const desktopChrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const dollars = (cents) => "$" + (cents / 100).toFixed(2);

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`a partner's referral earns a commission that is paid out (${mode})`, async () => {
    // The partner, at an agency (not the business's email domain).
    const partnerCtx = await browser.newContext({ javaScriptEnabled: js });
    const page = await partnerCtx.newPage();
    const errors = js ? watchErrors(page) : [];
    const company = `Brightside Agency ${rand()}`;
    const email = `pia.${rand()}@brightside-agency.example`;
    await page.goto(baseURL + "/partners/signup");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Pia Partner");
    await page.getByRole("textbox", { name: "Company" }).fill(company);
    await page.getByRole("textbox", { name: "Website" }).fill("https://brightside-agency.example");
    await page.getByLabel(/^Partner\+/).check();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByLabel("I accept the partner terms").check();
    await page.getByRole("button", { name: "Apply Now" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    await verifyEmail(page, email);
    await page.goto(baseURL + "/login?next=%2Fpartners%2Fdashboard");
    await signIn(page, email);
    const state = page.getByTestId("partner-state");
    assert.equal(await state.getAttribute("data-state"), "pending");
    await state.getByText("Your application is being reviewed.").waitFor();

    // The administrator approves it on Partner+.
    const adminCtx = await browser.newContext({ javaScriptEnabled: js });
    const admin = await adminPage(adminCtx);
    await admin.goto(baseURL + "/admin/partners");
    await admin.getByRole("link", { name: company }).click();
    assert.equal(await admin.getByLabel("Plan").inputValue(), "partner-plus", "the plan applied for is proposed");
    await admin.getByRole("button", { name: "Approve" }).click();
    await mailTo(email, (s) => /approved/i.test(s));

    // The partner's dashboard has their link.
    await page.goto(baseURL + "/partners/dashboard");
    const link = await page.getByRole("textbox", { name: "Referral link" }).inputValue();
    assert.match(link, /\/r\/[a-z2-9]{8}$/);
    assert.equal(await page.getByTestId("partner-months-empty").count(), 1, "no figures before the first click");

    // A visitor elsewhere follows the link and signs up a business.
    const visitorCtx = await browser.newContext({ javaScriptEnabled: js, userAgent: desktopChrome, extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.23" } });
    const visit = await visitorCtx.newPage();
    await visit.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await visit.waitForURL(baseURL + "/");
    const cookies = await visitorCtx.cookies();
    assert.ok(cookies.some((c) => c.name === "bp_ref" && c.value.startsWith(link.split("/r/")[1] + ".")), "the link set the referral cookie");
    const business = `Referred Bakery ${rand()}`;
    const owner = await signUpBusiness(visitorCtx, business);

    // The business pays Growth: eleven months paid over 31 days ago (past
    // the hold), and this month's invoice today.
    const { userID, subscription } = await onPlan(visitorCtx, owner, { plan: "growth", amountCents: growthCents });
    const now = Math.floor(Date.now() / 1000);
    for (let i = 11; i >= 0; i--) await payInvoice(userID, subscription, now - i * 31 * day);

    const share = Math.floor((growthCents * plusRate) / 100);
    await page.goto(baseURL + "/partners/dashboard");
    assert.equal(await page.getByTestId("stat-signups").innerText(), "1");
    assert.equal(await page.getByTestId("stat-clicks").innerText(), "1");
    assert.equal(await page.getByTestId("balance-pending").innerText(), dollars(share));
    assert.equal(await page.getByTestId("balance-payable").innerText(), dollars(11 * share));
    const ledger = page.getByTestId("partner-ledger");
    const pending = ledger.locator("tbody tr[data-state=pending]");
    assert.equal(await pending.count(), 1, "this month's commission is pending");
    assert.equal(await pending.getByTestId("ledger-amount").innerText(), dollars(share));
    await pending.getByText(/^Pending until /).waitFor();
    assert.equal(await ledger.locator("tbody tr[data-state=payable]").count(), 11);
    await page.getByTestId("partner-referred").getByRole("rowheader", { name: business }).waitFor();

    // The administrator makes the month's payouts and pays the partner's
    // by hand.
    await admin.goto(baseURL + "/admin/payouts");
    await admin.getByRole("button", { name: "Make this month's payouts now" }).click();
    await admin.waitForURL((u) => u.pathname === "/admin/payouts");
    const form = admin.getByRole("form", { name: `Mark the payout to ${email} paid` });
    await form.getByLabel("Payment reference").fill("BANK-TRANSFER-4471");
    await form.getByRole("button", { name: "Mark paid" }).click();
    await admin.waitForURL((u) => u.pathname === "/admin/payouts");
    await admin.locator(`tr[data-state=paid]`, { hasText: email }).waitFor();
    await mailTo(email, (s) => /payout|statement/i.test(s));

    // The partner sees it.
    await page.goto(baseURL + "/partners/dashboard");
    const payout = page.getByTestId("partner-payouts").locator("tbody tr").first();
    assert.equal(await payout.getAttribute("data-state"), "paid");
    await payout.getByRole("cell", { name: dollars(11 * share) }).waitFor();
    await payout.getByText("BANK-TRANSFER-4471").waitFor();
    assert.equal(await page.getByTestId("balance-payable").innerText(), dollars(0));
    assert.deepEqual(errors, []);
    await Promise.all([partnerCtx.close(), adminCtx.close(), visitorCtx.close()]);
  });
}
