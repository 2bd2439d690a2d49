/**
 * The newsletter form at 390 and 1280 px with a controlled clock: too soon
 * after the page loaded, the spam field, the provider's errors, success with
 * the text tailored to the shopper's skin, the confirmation email and its
 * link, and the form without scripts.
 */
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

/** An address of its own per test and project, so other runs' sign-ups do not count against its limit. */
const address = (name: string, slot: number) => `10.88.${name === "mobile" ? 1 : 2}.${slot}`;

async function footerForm(page: Page) {
  const form = page.locator("form#newsletter");
  await form.scrollIntoViewIfNeeded();
  return form;
}

test("a submit sooner than three seconds after the page loaded shows the error, and a later one signs up with the text for the shopper's skin", async ({ page }, testInfo) => {
  await page.clock.install();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address(testInfo.project.name, 10) });
  // The page's clock stands still until the test moves it, so however slow the machine, this submit is sooner than three seconds.
  await page.clock.pauseAt(Date.now() + 60_000);
  await openReady(page, "/pages/about");
  const form = await footerForm(page);
  const email = `tailored-${testInfo.project.name}-${Date.now()}@example.com`;
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByLabel("Your skin type (optional)").selectOption("combination");
  await form.getByLabel("Is it sensitive? (optional)").selectOption("not-sensitive");
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(form).toHaveClass(/newsletter-form--error/);
  await expect(form.getByRole("status")).toHaveText("Sorry, we couldn't sign you up. Please check your email address and try again.");

  await page.clock.runFor(3_000);
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(form).toHaveClass(/newsletter-form--success/);
  await expect(form.getByRole("status")).toHaveText(/how to treat a shiny T-zone and dry cheeks at once/);
  expect(await page.evaluate(() => (window.dataLayer ?? []).some((entry) => (entry as { event?: string }).event === "sign_up"))).toBe(true);
  // Under the thanks, products the shop recommends for that skin, each a link to its page.
  const picks = form.getByRole("region", { name: "Picked for combination skin" });
  await expect(picks.getByRole("link")).toHaveCount(3);
  await expect(picks.getByRole("link").first()).toHaveAttribute("href", /^\/products\/[a-z0-9-]+$/);
});

test("a sign-up pressed before the footer's code has come is sent once it has, even while the page's timers stand still", async ({ page }, testInfo) => {
  await page.clock.install();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address(testInfo.project.name, 14) });
  // The footer's code is held back until the press has been made.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/SiteFooter-[^/?]+\.js(\?.*)?$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await page.clock.pauseAt(Date.now() + 60_000);
  await openReady(page, "/pages/about");
  // Past the three seconds, then the clock stands still: no timer of the page fires from here on.
  await page.clock.runFor(4_000);
  const form = await footerForm(page);
  await form.getByRole("textbox", { name: "Email address" }).fill(`held-${testInfo.project.name}-${Date.now()}@example.com`);
  await form.getByRole("button", { name: "Sign up" }).click();
  // Held, not posted as a plain form: the page is still the same.
  await expect(page).toHaveURL(/\/pages\/about$/);
  // The footer's code was asked for and is the one held back.
  await expect.poll(() => asked).toBe(true);
  release();
  await expect(form).toHaveClass(/newsletter-form--success/);
});

test("a filled spam field or the provider's errors show the error, and the form is marked so", async ({ page }, testInfo) => {
  await page.clock.install();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address(testInfo.project.name, 11) });
  await openReady(page, "/pages/about");
  await page.clock.runFor(5_000);
  const form = await footerForm(page);
  await form.getByRole("textbox", { name: "Email address" }).fill("robot@example.com");
  await form.locator('input[name="nl_website"]').evaluate((field: HTMLInputElement) => {
    field.value = "http://spam.example";
  });
  let posted = false;
  page.on("request", (request) => {
    if (request.url().includes("/newsletter/subscribe")) posted = true;
  });
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(form).toHaveClass(/newsletter-form--error/);
  expect(posted).toBe(false);

  // As on the first visit: the click waits for the page's scripts, or the plain form would post and leave the page.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.clock.runFor(5_000);
  const again = await footerForm(page);
  await page.route("**/newsletter/subscribe", (route) => route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ errors: [{ field: "ue", message: "Enter a valid email address" }] }) }));
  await again.getByRole("textbox", { name: "Email address" }).fill("someone@example.com");
  await again.getByRole("button", { name: "Sign up" }).click();
  await expect(again).toHaveClass(/newsletter-form--error/);
  await expect(again.getByRole("button", { name: "Sign up" })).toBeEnabled();
});

test("the confirmation email arrives and its link confirms; the welcome email's link unsubscribes in one click", async ({ page }, testInfo) => {
  await page.clock.install();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address(testInfo.project.name, 12) });
  await openReady(page, "/blogs/journal");
  await page.clock.runFor(4_000);
  const email = `confirm-${testInfo.project.name}-${Date.now()}@example.com`;
  const form = await footerForm(page);
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("checkbox", { name: "Send me weekly skin tips" }).check();
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(form).toHaveClass(/newsletter-form--success/);

  await page.setExtraHTTPHeaders({});
  // The email is written just after the answer: the mailbox is read again until it is there.
  const confirmation = page.getByRole("row", { name: new RegExp(email.replaceAll(".", "\\.")) }).getByRole("link", { name: "Please confirm your email – Lumen & Leaf" });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(confirmation).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await confirmation.click();
  const confirm = await page.getByRole("link", { name: /\/newsletter\/confirm/ }).first().getAttribute("href");
  expect(confirm).toBeTruthy();
  await page.goto(new URL(confirm ?? "").pathname + new URL(confirm ?? "").search);
  await expect(page.getByRole("heading", { level: 1, name: "You're on the list" })).toBeVisible();
  await page.goto(new URL(confirm ?? "").pathname + new URL(confirm ?? "").search);
  await expect(page.getByRole("heading", { level: 1, name: "Already confirmed" })).toBeVisible();

  await page.goto("/dev/mailbox");
  await page.getByRole("link", { name: "You're on the list – Lumen & Leaf" }).first().click();
  const leave = await page.getByRole("link", { name: /\/newsletter\/unsubscribe/ }).first().getAttribute("href");
  await page.goto(new URL(leave ?? "").pathname + new URL(leave ?? "").search);
  await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
});

test("the form works without JavaScript and comes back with the outcome", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": address(testInfo.project.name, 13) } });
  const page = await context.newPage();
  await page.goto("/pages/sustainability");
  const form = page.locator("form#newsletter");
  await form.getByRole("textbox", { name: "Email address" }).fill(`plain-${testInfo.project.name}-${Date.now()}@example.com`);
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/pages\/sustainability\?newsletter=sent#newsletter$/);
  await expect(page.locator("form#newsletter").getByRole("status")).toHaveText("Thank you! Check your inbox and confirm your email to join the list.");
  await context.close();
});
