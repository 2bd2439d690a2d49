/**
 * Subscriptions at the desk: a customer subscribes, the owner finds the
 * subscription in the back office's list, opens it, sets a lower price for
 * the next renewals and skips a delivery; the history names who did each,
 * and the customer's account shows the new price. At both widths, axe clean.
 */
import { type TestInfo, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { BOT_CHECK_SOLVED_MS, openReady } from "./ready.ts";

interface Product {
  variants: { id: number }[];
  selling_plan_groups: { selling_plans: { id: number; options: { value: string }[] }[] }[];
}

test("the owner finds a subscription, overrides its price and skips a delivery, and the customer sees the new price", async ({ page, browser }, testInfo: TestInfo) => {
  // The customer's sign-up solves the bot check (up to BOT_CHECK_SOLVED_MS on a loaded machine) before the desk's work starts.
  test.setTimeout(BOT_CHECK_SOLVED_MS + 90_000);
  const email = `sub-desk.${testInfo.project.name}.${Date.now()}@example.com`;
  // The customer registers from an address of their own, so sign-up limits shared with other files do not reach them.
  const customerContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.93.${testInfo.project.name === "desktop" ? 1 : 2}.${Math.floor(Math.random() * 250)}` } });
  const customer = await customerContext.newPage();
  await openReady(customer, "/account/register");
  await customer.getByLabel("First name", { exact: true }).fill("Ada");
  await customer.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await customer.getByLabel("Email", { exact: true }).fill(email);
  await customer.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await customer.getByRole("button", { name: "Create account" }).click();
  await expect(customer.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: BOT_CHECK_SOLVED_MS });
  await customer.getByRole("button", { name: "Continue" }).click();
  await expect(customer).toHaveURL(/\/account$/);
  const product = (await (await customer.request.get("/products/gentle-cream-cleanser.js")).json()) as Product;
  const sixWeeks = product.selling_plan_groups[0]!.selling_plans.find((plan) => plan.options[0]?.value === "6 weeks");
  expect((await customer.request.post("/cart/add.js", { data: { id: product.variants[0]!.id, quantity: 2, selling_plan: sixWeeks!.id } })).status()).toBe(200);
  const address = { email, first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };
  expect((await customer.request.post("/checkout.json", { data: address })).status()).toBe(200);

  await logInAsOwner(page);
  const navigation = page.getByRole("navigation", { name: "Back office" });
  await navigation.getByRole("link", { name: "Subscriptions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
  await page.getByLabel("Customer email or product").fill(email);
  await page.getByLabel("Status").selectOption({ label: "Active" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status")).toHaveText("1 subscription found.");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("2 × Gentle Cream Cleanser");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: /^Subscription \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Subscription \d+$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByText("Every 6 weeks")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A price that is not an amount is refused at its field.
  const price = page.getByRole("textbox", { name: "Price of Gentle Cream Cleanser" });
  await price.fill("nine pounds");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.locator(".error-summary")).toContainText("The price was not changed.");
  await expect(price).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);

  await price.fill("9.00");
  await page.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByRole("status")).toHaveText("The new price was saved. The next renewal charges it.");
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: "Price changed" })).toContainText("£9.00");
  await expect(history.getByRole("listitem").filter({ hasText: "Price changed" })).toContainText("(by ");

  const next = page.getByRole("definition").filter({ has: page.locator("time") });
  const before = await next.locator("time").getAttribute("datetime");
  await page.getByRole("button", { name: "Skip next delivery" }).click();
  await expect(page.getByRole("status")).toHaveText("The next delivery was skipped.");
  await expect(next.locator("time")).not.toHaveAttribute("datetime", before!);
  await expect(history.getByRole("listitem").filter({ hasText: "Skipped the delivery" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The customer's account shows the price the shop set.
  await openReady(customer, "/account/subscriptions");
  await expect(customer.getByRole("listitem").filter({ hasText: "Gentle Cream Cleanser" }).getByText("£18.00 per delivery")).toBeVisible();
  await customerContext.close();
});
