/**
 * The newsletter popup with a controlled clock, at 390 and 1280 px: it waits
 * for the cookie choice, the second distinct page and its delay; it is a
 * modal dialog that Esc closes; closing is remembered and leaves a reminder
 * that opens it again; signing up in it ends it.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

// A visitor who has chosen their cookies but never seen the popup.
test.use({
  storageState: { cookies: [{ name: "cookie_consent", value: "v1.a0.m0", domain: "127.0.0.1", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }], origins: [] },
});

test("appears on the second page after its delay, and is remembered once closed", async ({ page }) => {
  await page.clock.install();
  await openReady(page, "/");
  await page.clock.runFor(5_000);
  const popup = page.getByRole("dialog", { name: "Get 10% off your first order" });
  // One page seen: it waits for the second.
  await expect(popup).toHaveCount(0);

  // The two-second boundary itself is the scheduling rule's unit test; here, the second page brings it.
  await openReady(page, "/collections/face");
  await page.clock.runFor(2_100);
  await expect(popup).toBeVisible();
  const results = await new AxeBuilder({ page }).include("dialog.popup").analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
  const reminder = page.getByRole("button", { name: "Get 10% off" });
  await expect(reminder).toBeVisible();
  const memory = await page.evaluate(() => JSON.parse(localStorage.getItem("popup:newsletter") ?? "null") as { epoch: number; pages: string[]; submitted: boolean });
  expect(memory).toMatchObject({ pages: ["/", "/collections/face"], submitted: false });
  expect(memory.epoch).toBeGreaterThan(0);

  // Another page within seven days: no popup, the reminder still there.
  await openReady(page, "/collections/body");
  await page.clock.runFor(5_000);
  await expect(popup).toHaveCount(0);
  await reminder.click();
  await expect(popup).toBeVisible();
});

test("signing up in the popup ends it and its reminder", async ({ page }, testInfo) => {
  await page.clock.install();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.89.${testInfo.project.name === "mobile" ? 1 : 2}.${Date.now() % 250}` });
  await openReady(page, "/");
  await openReady(page, "/pages/about");
  await page.clock.runFor(3_500);
  const popup = page.getByRole("dialog", { name: "Get 10% off your first order" });
  await expect(popup).toBeVisible();
  await popup.getByRole("textbox", { name: "Email address" }).fill(`popup-${testInfo.project.name}-${Date.now()}@example.com`);
  await popup.getByRole("button", { name: "Sign up" }).click();
  await expect(popup.locator("form")).toHaveClass(/newsletter-form--success/);
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("button", { name: "Get 10% off" })).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("popup:newsletter") ?? "null").submitted)).toBe(true);
});

test("waits while the cookie banner is undecided", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [{ origin: baseURL ?? "", localStorage: [{ name: "popup:newsletter", value: JSON.stringify({ epoch: null, pages: ["/"], submitted: false }) }] }] } });
  const page = await context.newPage();
  await page.clock.install();
  await openReady(page, "/pages/faqs");
  await page.clock.runFor(4_000);
  const popup = page.getByRole("dialog", { name: "Get 10% off your first order" });
  await expect(popup).toHaveCount(0);
  await page.getByRole("region", { name: "Cookies on this shop" }).getByRole("button", { name: "Reject all" }).click();
  await page.clock.runFor(400);
  await expect(popup).toBeVisible();
  await context.close();
});
