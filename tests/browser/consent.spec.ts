/**
 * The cookie banner as a first-time shopper meets it, at 390 and 1280 px:
 * accept all, reject all and choose are equally at hand; the choice is kept,
 * tells the tags (Google Consent Mode) and can be changed from the footer;
 * marketing click ids wait for marketing consent; it works without scripts.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";
import { popupsMet, sessionPopupsShown, storageState } from "./storage-states.ts";

// No choice made yet (the popups met already, so none covers the banner once it is answered).
test.use({ storageState: storageState([sessionPopupsShown], Object.values(popupsMet())) });

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this shop" });
const consentCalls = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).filter((entry) => typeof entry === "object" && entry !== null && (entry as ArrayLike<unknown>)[0] === "consent").map((entry) => Array.from(entry as ArrayLike<unknown>)));

test("a first visit asks, with everything but the necessary denied until the shopper chooses", async ({ page }) => {
  await openReady(page, "/");
  await expect(banner(page)).toBeVisible();
  const accept = banner(page).getByRole("button", { name: "Accept all" });
  const reject = banner(page).getByRole("button", { name: "Reject all" });
  // Equally easy: the same size, side by side.
  const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
  expect(Math.round(acceptBox?.width ?? 0)).toBe(Math.round(rejectBox?.width ?? 1));
  expect(Math.round(acceptBox?.height ?? 0)).toBe(Math.round(rejectBox?.height ?? 1));
  expect(await consentCalls(page)).toEqual([["consent", "default", { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", wait_for_update: 500 }]]);
  const results = await new AxeBuilder({ page }).include(".consent-banner").analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
});

test("reject all is kept: the banner does not ask again, and the tags stay denied", async ({ page, context }) => {
  await openReady(page, "/");
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  // A cookie the page's script writes reaches the browser's store a moment later.
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("v1.a0.m0");
  await openReady(page, "/collections/face");
  await expect(banner(page)).toBeHidden();
});

test("choosing analytics only updates the tags, and the footer's cookie settings change it later", async ({ page, context }) => {
  await openReady(page, "/");
  await banner(page).getByText("Choose").click();
  await banner(page).getByRole("checkbox", { name: /Analytics/ }).check();
  await banner(page).getByRole("button", { name: "Save my choices" }).click();
  await expect(banner(page)).toBeHidden();
  expect((await consentCalls(page)).at(-1)).toEqual(["consent", "update", { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" }]);
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("v1.a1.m0");

  await page.getByRole("link", { name: "Cookie settings" }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  // The banner may have come from the server (the footer's link followed before its code was here): its press is answered once it hydrates.
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("v1.a1.m1");
});

test("a landing click id waits for marketing consent, then is kept", async ({ page, context }) => {
  await openReady(page, "/collections/face?gclid=Cj0KCQiA-consent_1");
  expect((await context.cookies()).some((cookie) => cookie.name === "gclid")).toBe(false);
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "gclid")?.value).toBe("Cj0KCQiA-consent_1");
});

test("without scripts the banner's buttons post the choice and come back", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/pages/about");
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(page).toHaveURL(/\/pages\/about$/);
  await expect(banner(page)).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("v1.a0.m0");
  await page.getByRole("link", { name: "Cookie settings" }).click();
  await expect(banner(page)).toBeVisible();
  await context.close();
});
