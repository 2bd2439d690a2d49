import { expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

test("a shopper applies a code in the side cart, reads why one does not apply, and removes it at checkout", async ({ page }) => {
  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  // The side cart folds the field away until asked for.
  await cart.getByText("Have a discount code?").click();
  const field = cart.getByLabel("Discount code", { exact: true });
  await field.fill("welcome5");
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByRole("list", { name: "Discount codes" })).toContainText("Spend £14.00 more to use WELCOME5 (orders of £30.00 or more).");
  await expect(cart.getByRole("status").filter({ hasText: "Spend £14.00 more to use WELCOME5" })).toHaveCount(1);
  await field.fill("glow10");
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByRole("list", { name: "Discount codes" })).toContainText("GLOW10 applied");
  await expect(cart.getByRole("status").filter({ hasText: "GLOW10 applied." })).toHaveCount(1);
  await expect(cart.locator(".side-cart__row--total")).toContainText("£14.40");

  await openReady(page, "/checkout");
  const summary = page.locator(".order-summary");
  await expect(summary).toContainText("Discount: GLOW10");
  await page.getByRole("button", { name: "Remove discount code GLOW10" }).click();
  await expect(summary).not.toContainText("Discount: GLOW10");
  await expect(summary).toContainText("£19.95");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart page's code field is a form post that comes back to the cart", async ({ page }) => {
    await page.goto("/products/clarifying-gel-cleanser");
    await page.getByRole("button", { name: "Add to cart" }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByLabel("Discount code", { exact: true }).fill("NOPE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("NOPE isn't a valid discount code.")).toBeVisible();
  });
});
