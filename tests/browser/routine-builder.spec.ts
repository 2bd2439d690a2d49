import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

/**
 * Each booking test books from an address of its own (the test server trusts
 * X-Forwarded-For as from a proxy), so repeated runs stay within the shop's
 * per-address booking limit.
 */
test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${(testInfo.workerIndex * 40 + testInfo.repeatEachIndex * 4 + testInfo.retry + 100) % 250}` });
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("start, skip the consultation, open a product's details, and add a step to the bag", async ({ page }, testInfo) => {
  // Three accessibility scans and three screens: more than the usual time on a loaded machine.
  test.slow();
  await openReady(page, "/pages/routine-builder");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Would you like a free skin consultation first?" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Build my routine" }).click();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cleanse", level: 1 })).toBeFocused();

  const morning = page.getByRole("region", { name: "Morning (AM)" });
  const evening = page.getByRole("region", { name: "Evening (PM)" });
  await expect(morning.getByRole("list", { name: "Helps with" }).first().getByRole("listitem")).toHaveCount(3);
  await expect(evening.getByText("Also in your morning routine")).toBeVisible();
  const row = morning.locator(".routine-product").first();
  const details = page.getByRole("dialog", { name: "Gentle Cream Cleanser" });
  if (testInfo.project.name === "desktop") {
    await row.hover();
    await expect(details).toBeVisible();
  } else {
    await row.getByRole("button", { name: /Details/ }).tap();
    await expect(details).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await row.getByRole("button", { name: /Details/ }).click();
  await details.getByRole("button", { name: "Close details" }).click();
  await expect(details).toBeHidden();

  await page.getByRole("button", { name: "Add to bag: cleanse (2)" }).click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(cart.getByRole("link", { name: /Gentle Cream Cleanser/ })).toBeVisible();
  await expect(cart.getByRole("link", { name: /Sea Buckthorn/ })).toBeVisible();
  // The largest-price variant of each, one of each: £28 + the balm's largest size.
  await expect(cart.getByText("200 ml").first()).toBeVisible();
});

test("the last step offers the whole routine, each product once", async ({ page }) => {
  await openReady(page, "/pages/routine-builder?screen=steps&step=4");
  await expect(page.getByText("Step 4 of 4")).toBeVisible();
  await page.getByRole("button", { name: /Add the whole routine/ }).click();
  const lines = page.getByRole("dialog", { name: /Your cart/ }).locator(".cart-line");
  await expect(lines.getByRole("link", { name: /Daily Shield/ })).toBeVisible();
  await expect(lines.getByRole("link", { name: /Gentle Cream Cleanser/ })).toHaveCount(1);
  // The hyaluronic serum is optional in the routine: not added.
  await expect(lines.getByRole("link", { name: /Hyaluronic/ })).toHaveCount(0);
});

test("a consultation booked by keyboard alone, with the confirmation focused", async ({ page }) => {
  await openReady(page, "/pages/routine-builder?screen=booking");
  await page.getByLabel("How would you like to talk?").focus();
  await page.keyboard.press("End");
  await expect(page.getByLabel("How would you like to talk?")).toHaveValue("email");
  await page.getByLabel("Your name").focus();
  await page.keyboard.type("Ada Lovelace");
  await page.keyboard.press("Tab");
  await page.keyboard.type(`ada+${test.info().project.name}@example.com`);
  await page.getByRole("textbox", { name: "Tell us about your skin" }).focus();
  await page.keyboard.type("Dry cheeks, an oily T-zone and redness in winter.");
  await page.getByRole("button", { name: "Book my free consultation" }).focus();
  await page.keyboard.press("Enter");
  const done = page.getByRole("status").filter({ hasText: "Your consultation is booked" });
  await expect(done).toBeFocused();
  await expect(done).toContainText(/C-[0-9A-F]{8}/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the screens are links, the booking is a form post and a step's add is a cart form", async ({ page }) => {
    await page.goto("/pages/routine-builder");
    await page.getByRole("link", { name: "Start" }).click();
    await page.getByLabel("How would you like to talk?").selectOption("video");
    await page.getByLabel("Your name").fill("Grace Hopper");
    await page.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await page.locator("#account-date").fill(inDays(2));
    await page.getByRole("combobox", { name: "Time" }).selectOption("13:30");
    await page.getByRole("button", { name: "Book my free consultation" }).click();
    await expect(page.getByText("Your consultation is booked")).toBeVisible();
    await page.goto("/pages/routine-builder?screen=steps&step=2");
    await page.getByRole("button", { name: "Add to bag: tone (2)" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("link", { name: /Rice Water/ }).first()).toBeVisible();
  });
});
