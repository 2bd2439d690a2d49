/**
 * A review end to end: a shopper writes one with a photo on a product page
 * (the form loads when asked for; axe-checked open), confirms it from the
 * mailbox, the owner approves it at /admin/reviews, and it shows on the
 * product page with its photo. Each width reviews a product of its own, with
 * an address of its own.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { openReady } from "./ready.ts";

const PRODUCTS = { desktop: "ginseng-eye-cream", mobile: "lip-repair-balm" } as const;

test("a shopper's review with a photo is approved in the back office and shown on the product page", async ({ browser, page: shopper }, testInfo) => {
  test.slow();
  const handle = PRODUCTS[testInfo.project.name === "mobile" ? "mobile" : "desktop"];
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const email = `review-${stamp}@example.com`;
  const title = `Soothing from the first night ${stamp}`;

  await openReady(shopper, `/products/${handle}`);
  const reviews = shopper.getByRole("region", { name: "Reviews" });
  await reviews.getByRole("button", { name: "Write a review" }).click();
  const form = reviews.getByRole("form", { name: /Your review of/ });
  await expect(form).toBeVisible();
  expect(await seriousViolations(shopper)).toEqual([]);

  await form.getByRole("radio", { name: "4 stars" }).check({ force: true });
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("textbox", { name: "Your review" }).fill("Rich without being greasy, and my skin felt calm the next morning.");
  await form.getByRole("combobox", { name: /skin type/ }).selectOption({ label: "Dry" });
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#d9a441" } }).jpeg().toBuffer();
  await form.getByLabel("Photos (optional)").setInputFiles({ name: "my-jar.jpg", mimeType: "image/jpeg", buffer: photo });
  await form.getByRole("textbox", { name: "Your name" }).fill("Robin Green");
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(reviews.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();

  // The confirmation email's link.
  const message = shopper.getByRole("row", { name: new RegExp(email.replaceAll(".", "\\.")) }).getByRole("link", { name: /Confirm your review of/ });
  await expect(async () => {
    await shopper.goto("/dev/mailbox");
    await expect(message.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await message.first().click();
  const href = new URL((await shopper.getByRole("link", { name: /\/reviews\/confirm/ }).first().getAttribute("href")) ?? "http://none/");
  await shopper.goto(`${href.pathname}${href.search}`);
  await expect(shopper.getByRole("status").filter({ hasText: "your email address is confirmed" })).toBeVisible();

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await desk.newPage();
  await logInAsOwner(owner);
  await openReady(owner, "/admin/reviews");
  const waiting = owner.getByRole("listitem").filter({ has: owner.getByRole("heading", { name: title }) });
  await expect(waiting.getByRole("img", { name: /Photo 1 of the review/ })).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await waiting.getByRole("button", { name: `Approve “${title}”` }).click();
  await expect(owner.getByRole("status").filter({ hasText: "The review is published" })).toBeVisible();
  await desk.close();

  // Every server reads the catalog again about once a second: the page is drawn afresh with the review.
  const shown = shopper.getByRole("article", { name: title });
  await expect(async () => {
    await openReady(shopper, `/products/${handle}`);
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(shown.getByText("Rated 4 out of 5")).toBeAttached();
  await expect(shown.getByRole("img", { name: "Photo 1 from Robin G.'s review" })).toBeVisible();
  await expect(shown.getByText("Skin type: Dry")).toBeVisible();
  await shown.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: testInfo.outputPath(`review-${testInfo.project.name}.png`) });
});
