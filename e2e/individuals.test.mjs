// Browser tests of an individual's home, JavaScript on and off: a person
// signs up, saves a business from the directory's card and another from
// its page, finds both on /dashboard/saved and on their home, removes one;
// a signed-out visitor's Save leads to sign-in and back; and the person
// turns their account into a business account to list a business.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, baseURL, watchErrors } from "./browser.mjs";
import { signIn, signUp, toast } from "./people.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const bakery = "Harbor Street Bakery";
const clinic = "Greenleaf Family Clinic";
const clinicSlug = "greenleaf-family-clinic";

// card is the directory's result card of the listing named name.
const card = (page, name) => page.locator(".business-card", { has: page.getByRole("heading", { level: 3, name }) });

// pressed waits until the button named name is there and says whether it
// is pressed.
async function pressed(scope, name) {
  const button = scope.getByRole("button", { name, exact: true });
  await button.waitFor();
  return button.getAttribute("aria-pressed");
}

for (const js of [true, false]) {
  const mode = js ? "JavaScript on" : "JavaScript off";

  test(`individuals: a person saves businesses from a card and a business page, finds them on their home and removes one (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const email = await signUp(ctx, "Sam Saver");
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await signIn(page, email);
    // Their home, not a business dashboard, each section with a way to start.
    await page.getByRole("heading", { level: 1, name: "Welcome back, Sam Saver" }).waitFor();
    const saved = page.getByRole("region", { name: "Saved businesses" });
    await saved.getByText("No saved businesses yet.").waitFor();
    assert.equal(await page.getByRole("region", { name: "Your Businesses" }).count(), 0);
    assert.equal(await page.getByRole("region", { name: "Your quote requests" }).getByRole("link", { name: "Request quotes" }).getAttribute("href"), "/request");

    // From the directory's card.
    const search = "/directory?q=" + encodeURIComponent("Harbor Street");
    await page.goto(baseURL + search);
    assert.equal(await pressed(card(page, bakery), "Save " + bakery), "false");
    await card(page, bakery).getByRole("button", { name: "Save " + bakery }).click();
    await toast(page, "Saved");
    if (!js) await page.waitForURL(baseURL + "/directory?q=Harbor+Street");
    assert.equal(await pressed(card(page, bakery), "Saved — remove " + bakery), "true");
    // The directory shows it saved when the page comes again.
    await page.goto(baseURL + search);
    assert.equal(await pressed(card(page, bakery), "Saved — remove " + bakery), "true");
    if (js) {
      // The island renders the card's actions exactly as the server did
      // (the same elements, attributes, texts and spaces).
      const actions = () =>
        card(page, bakery)
          .locator(".card-actions")
          .evaluate((el) => {
            const walk = (n) =>
              n.nodeType === Node.TEXT_NODE
                ? n.textContent
                : `<${n.localName}${[...n.attributes].map((a) => ` ${a.name}="${a.value}"`).sort().join("")}>${[...n.childNodes].map(walk).join("")}</${n.localName}>`;
            return walk(el);
          });
      const server = await actions();
      await page.locator("#dir-q").focus();
      await page.locator("[data-island=directory][data-island-state=mounted]").waitFor();
      assert.equal(await actions(), server);
    }

    // From the business's page.
    await page.goto(baseURL + "/directory/" + clinicSlug);
    await page.getByRole("heading", { level: 1, name: clinic }).waitFor();
    assert.equal(await pressed(page.getByRole("main"), "Save " + clinic), "false");
    await page.getByRole("button", { name: "Save " + clinic }).click();
    await toast(page, "Saved");
    assert.equal(await pressed(page.getByRole("main"), "Saved — remove " + clinic), "true");
    assert.equal(page.url(), baseURL + "/directory/" + clinicSlug);

    // Both on the home (newest first) and on the full list.
    await page.goto(baseURL + "/dashboard");
    assert.deepEqual(await saved.locator("[data-testid=saved-business] .item-title").allInnerTexts(), [clinic, bakery]);
    await saved.getByRole("link", { name: "See all (2) saved businesses" }).click();
    await page.waitForURL(baseURL + "/dashboard/saved");
    const list = page.locator("[data-testid=saved-business] .item-title");
    assert.deepEqual(await list.allInnerTexts(), [clinic, bakery]);
    await page.getByRole("button", { name: "Remove " + bakery }).click();
    await toast(page, "Removed from your saved businesses");
    await page.waitForURL(baseURL + "/dashboard/saved");
    await page.getByRole("button", { name: "Remove " + bakery }).waitFor({ state: "detached" });
    assert.deepEqual(await list.allInnerTexts(), [clinic]);

    // And unsaved from the business's page, the button turns back.
    await page.goto(baseURL + "/directory/" + clinicSlug);
    await page.getByRole("button", { name: "Saved — remove " + clinic }).click();
    await toast(page, "Removed from your saved businesses");
    assert.equal(await pressed(page.getByRole("main"), "Save " + clinic), "false");
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`individuals: a signed-out visitor's Save leads to sign-in and back to the page (${mode})`, async () => {
    const email = await signUp(await browser.newContext(), "Robin Later");
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await page.goto(baseURL + "/directory?category=food");
    await card(page, bakery).getByRole("button", { name: "Save " + bakery }).click();
    await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("next") === "/directory?category=food" && u.searchParams.get("why") === "save");
    await page.getByText("Sign in to save businesses").waitFor();
    await signIn(page, email);
    // Back on the directory, where Save is offered again.
    assert.equal(await pressed(card(page, bakery), "Save " + bakery), "false");
    await card(page, bakery).getByRole("button", { name: "Save " + bakery }).click();
    await toast(page, "Saved");
    assert.equal(await pressed(card(page, bakery), "Saved — remove " + bakery), "true");
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`individuals: a person adds a business: their account becomes a business account (${mode})`, async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: js });
    const email = await signUp(ctx, "Alex Maker");
    const page = await ctx.newPage();
    const errors = js ? watchErrors(page) : [];
    await signIn(page, email);
    await page.goto(baseURL + "/directory/" + clinicSlug);
    await page.getByRole("button", { name: "Save " + clinic }).click();
    await toast(page, "Saved");
    await page.goto(baseURL + "/dashboard");
    await page.getByRole("heading", { name: "Own a business?" }).waitFor();
    await page.getByRole("button", { name: "Add your business" }).click();
    await page.waitForURL(baseURL + "/business/create-profile");
    await toast(page, "Your account is now a business account");
    // The dashboard is the business one now, and the saved list stays.
    await page.goto(baseURL + "/dashboard");
    await page.getByRole("region", { name: "Your Businesses" }).waitFor();
    await page.goto(baseURL + "/dashboard/saved");
    assert.deepEqual(await page.locator("[data-testid=saved-business] .item-title").allInnerTexts(), [clinic]);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
