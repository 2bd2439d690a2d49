/**
 * Discount codes at the desk: the owner creates a code from the keyboard
 * (a refused field first, then the code), finds it in the list, and a
 * shopper applies it in the side cart and sees the saving; a free-shipping
 * code shows as free shipping there. axe checks the list and the code's page.
 */
import { expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");

test("the owner creates a code from the keyboard and a shopper saves with it in the side cart", async ({ page }) => {
  const code = `DESK${Date.now() % 1_000_000}`;
  await logInAsOwner(page);
  await openReady(page, "/admin/discounts");
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Create a code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // From the keyboard: a code with a space is refused at its field, and the summary takes focus.
  await page.getByRole("textbox", { name: /^Code/ }).focus();
  await page.keyboard.type("NOT VALID");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Desk test");
  await page.keyboard.press("Tab");
  // The type's radios: Tab lands on the chosen one (percentage), and the value follows.
  await expect(page.getByRole("radio", { name: "Percentage off" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.type("25");
  await page.keyboard.press("Enter");
  const codeField = page.getByRole("textbox", { name: /^Code/ });
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".error-summary")).toContainText("Use only letters, digits, dashes and underscores in the code.");
  await expect(page.locator(".error-summary")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  // What was typed is kept.
  await expect(page.getByRole("textbox", { name: /^Title/ })).toHaveValue("Desk test");

  await codeField.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Discount ${code}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The discount was saved." })).toBeVisible();
  await expect(page.getByText("Used on 0 orders.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await openReady(page, `/admin/discounts?q=${code}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: code }) });
  await expect(row).toContainText("Percentage off");
  await expect(row).toContainText("25% off");
  await expect(row).toContainText("Active");

  // The shopper: a £16.00 cleanser, 25% off is £4.00 saved.
  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await cart.getByText("Have a discount code?").click();
  await cart.getByLabel("Discount code", { exact: true }).fill(code.toLowerCase());
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByRole("list", { name: "Discount codes" })).toContainText(`${code} applied`);
  await expect(cart.locator(".side-cart__row--discount")).toContainText("−£4.00");
  await expect(cart.locator(".side-cart__row--total")).toContainText("£12.00");
});

test("a free-shipping code shows as free shipping in the side cart and at checkout", async ({ page }) => {
  const code = `SHIP${Date.now() % 1_000_000}`;
  await logInAsOwner(page);
  await openReady(page, "/admin/discounts/new");
  await page.getByRole("textbox", { name: /^Code/ }).fill(code);
  await page.getByRole("radio", { name: "Free shipping" }).check();
  await page.getByRole("button", { name: "Create the discount" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Discount ${code}` })).toBeVisible();

  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await cart.getByText("Have a discount code?").click();
  await cart.getByLabel("Discount code", { exact: true }).fill(code);
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByRole("list", { name: "Discount codes" })).toContainText(`${code} applied`);
  await expect(cart.locator(".side-cart__totals")).toContainText(`Free with ${code}`);

  await openReady(page, "/checkout");
  const summary = page.locator(".order-summary");
  await expect(summary).toContainText(`Shipping (free with ${code})`);
  await expect(summary).not.toContainText("£3.95");
});
