/**
 * The order page adds up as the checkout did: a kit bundle's saving is taken
 * from its lines and named on them, the subtotal is what the lines add up to
 * on both pages, a gift set's contents are named in the side cart, the
 * checkout and the order, and on a phone the code
 * field comes with the summary, before "Place order".
 */
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

/** What the Coastal Body Ritual set holds, as every page names it. */
const CONTENTS = "Includes 1 × Salt & Seaweed Body Scrub, 1 × Sea Kelp Hand Cream, 1 × Botanical Body Wash";

const step = (page: Page, index: number) => page.locator(".kit-step").nth(index);

/** The text of a summary row, by its label. */
const row = (page: Page, label: string | RegExp) => page.locator(".order-summary__row").filter({ has: page.getByRole("term").filter({ hasText: label }) }).getByRole("definition");

test("the order page shows the checkout's subtotal, each saving under its own name and what a set holds", async ({ page }) => {
  await openReady(page, "/pages/build-your-kit");
  const picks: [number, string][] = [
    [0, "Gentle Cream"],
    [1, "Retinol"],
    [1, "Niacinamide"],
    [2, "Oat & Squalane Night Cream, kit price"],
  ];
  for (const [index, name] of picks) {
    await step(page, index).getByRole("button", { name: new RegExp(`Choose ${name}`) }).click();
    await expect(step(page, index).getByRole("button", { name: new RegExp(`Chosen ${name}`) })).toHaveAttribute("aria-pressed", "true");
  }
  const bar = page.getByRole("region", { name: "Your kit" });
  const add = bar.getByRole("button", { name: /Add to cart|Make a selection/ });
  await expect(add).toHaveText("Add to cart");
  await add.click();
  await expect(page.getByRole("dialog", { name: /Your cart/ }).getByRole("link", { name: /Oat & Squalane/ })).toBeVisible();

  await openReady(page, "/products/coastal-body-ritual-set");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  const sideCart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(sideCart.getByRole("link", { name: /Coastal Body Ritual/ })).toBeVisible();
  // The side cart names what the set holds, as the checkout and the order do.
  await expect(sideCart.getByText(CONTENTS)).toBeVisible();

  await openReady(page, "/checkout");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toBeVisible();
  await expect(summary.getByText(CONTENTS)).toBeVisible();
  const subtotal = (await row(page, /^Subtotal$/).textContent()) ?? "";
  const total = (await row(page, /^Total$/).textContent()) ?? "";
  // The kit's saving is on its lines, under the kit's own name.
  const savings = summary.locator(".order-summary__detail--saving");
  await expect(savings.first()).toBeVisible();
  const savingName = ((await savings.first().textContent()) ?? "").split(":")[0] ?? "";
  expect(savingName).not.toBe("");

  // On a phone the code field is part of the summary, before paying.
  const codeField = page.getByLabel("Discount code", { exact: true });
  const placeOrder = page.getByRole("button", { name: "Place order" });
  const codeBox = await codeField.boundingBox();
  const placeBox = await placeOrder.boundingBox();
  expect(codeBox && placeBox ? codeBox.y < placeBox.y : false).toBe(true);

  await page.getByLabel("Email", { exact: true }).fill(`summary.${Date.now()}@example.com`);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 St James's Square");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postcode").fill("SW1Y 4JH");
  await placeOrder.click();
  await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);

  const order = page.getByRole("region", { name: "Your order" });
  await expect(row(page, /^Subtotal$/)).toHaveText(subtotal);
  await expect(row(page, /^Total$/)).toHaveText(total);
  await expect(order.getByText("Savings")).toHaveCount(0);
  await expect(order.locator(".order-summary__detail--saving").first()).toContainText(`${savingName}:`);
  await expect(order.getByText(CONTENTS)).toBeVisible();
});
