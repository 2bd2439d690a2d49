/**
 * Refunds and cancellations at the desk: the owner refunds one unit of a
 * shopper's order (after the shop refuses an empty refund in its own
 * words), then cancels the rest, and the shopper's order page says so. The
 * order page fits a phone's width too, and axe finds nothing serious.
 */
import { type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

/** Places an order of two cleansers through the shop as a guest; answers its name and its page's path. */
async function placeOrder(page: Page, email: string): Promise<{ name: string; path: string }> {
  // Two in the bag through the cart call a theme makes, with the page's own cookies.
  const product = (await (await page.request.get("/products/clarifying-gel-cleanser.js")).json()) as { variants: { id: number }[] };
  const added = await page.request.post("/cart/add.js", { data: { id: product.variants[0]?.id, quantity: 2 } });
  expect(added.status()).toBe(200);
  await openReady(page, "/checkout");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 St James's Square");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postcode").fill("SW1Y 4JH");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
  const name = (await page.getByRole("heading", { level: 1, name: /#\d+/ }).textContent())?.match(/#\d+/)?.[0] ?? "";
  expect(name).toMatch(/^#\d+$/);
  return { name, path: new URL(page.url()).pathname };
}

async function openOrder(page: Page, name: string) {
  await openReady(page, `/admin/orders?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${name}` })).toBeVisible();
}

test("the owner refunds one unit, then cancels the rest, and the shopper sees it", async ({ page, browser }) => {
  test.skip(test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");
  const shopper = await browser.newPage();
  const order = await placeOrder(shopper, `refund.${Date.now()}@example.com`);

  await logInAsOwner(page);
  await openOrder(page, order.name);
  const units = page.getByRole("spinbutton", { name: /Units of Clarifying 2% BHA Gel Cleanser to refund, at most 2/ });
  await expect(units).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Nothing chosen: the shop says what to do, and nothing is refunded.
  await page.getByRole("checkbox", { name: "Put the items back in stock" }).first().uncheck();
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Nothing was refunded. Choose at least one item or the shipping to refund.");
  // The box the owner unticked stays unticked on the answer.
  await expect(page.getByRole("checkbox", { name: "Put the items back in stock" }).first()).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  await units.fill("1");
  await page.getByRole("checkbox", { name: "Put the items back in stock" }).first().check();
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByText("Refunded so far: £16.00 of £35.95.")).toBeVisible();
  await expect(page.getByText("Partially refunded")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "1 × Clarifying 2% BHA Gel Cleanser" })).toContainText("back in stock");
  // The form starts afresh for the next refund.
  await expect(page.getByRole("spinbutton", { name: /at most 1$/ })).toHaveValue("");

  await page.getByLabel("Reason").selectOption("customer");
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText(/This order was cancelled on .* \(the customer changed their mind\), so it cannot be fulfilled\./)).toBeVisible();
  await expect(page.getByText("Refunded so far: £35.95 of £35.95.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await openReady(shopper, order.path);
  await expect(shopper.getByText("Cancelled", { exact: true })).toBeVisible();
  await shopper.close();
});

test("the order page and the lists fit a phone's width", async ({ page, browser }) => {
  test.skip(test.info().project.name !== "mobile", "measured at 390 px");
  const shopper = await browser.newPage();
  const order = await placeOrder(shopper, `narrow.${Date.now()}@example.com`);
  await shopper.close();
  await logInAsOwner(page);
  await openOrder(page, order.name);
  for (const path of [null, "/admin/orders", "/admin/stock"]) {
    if (path) await openReady(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
