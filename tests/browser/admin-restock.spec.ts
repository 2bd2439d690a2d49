/**
 * A sold-out size brought back: the owner counts the 400 ml Eau Micellaire
 * Douceur down to 0 at /admin/stock (it stops selling at 0), the product
 * page shows that size sold out; the owner restocks it with a reason, and
 * the product page offers it again: Add to cart is enabled, the size goes
 * in the cart and the side cart shows it. No other test touches this
 * product, and the count ends where it began.
 */
import { type Locator, type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");

const PRODUCT = { handle: "eau-micellaire-douceur", title: "Eau Micellaire Douceur", size: "400 ml", sku: "SP-CLN-MICEL-400" };

const rowOf = (page: Page) => page.getByRole("table", { name: /Stock by product and variant/ }).getByRole("row").filter({ hasText: PRODUCT.sku });

/** Adjusts the size's count at /admin/stock with a reason, and waits for the page to say it is saved. */
async function adjust(page: Page, delta: number, reason: string): Promise<void> {
  const row = rowOf(page);
  await row.getByRole("textbox", { name: /Units/ }).fill(String(delta));
  await row.getByRole("combobox", { name: /Reason/ }).selectOption({ label: reason });
  await row.getByRole("button", { name: /Save stock/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toContainText(`(${delta > 0 ? "+" : "−"}${Math.abs(delta)}, ${reason})`);
}

/** The product page at the size, once the shop's catalog has the new count (every server checks about once a second). */
async function productForm(shopper: Page, variantId: number, button: "Add to cart" | "Sold out"): Promise<Locator> {
  const form = shopper.getByRole("form", { name: new RegExp(PRODUCT.title) });
  await expect(async () => {
    await openReady(shopper, `/products/${PRODUCT.handle}?variant=${variantId}`);
    await expect(form.getByRole("button", { name: button })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(form).toHaveAttribute("data-hydrated", "true");
  return form;
}

test("a sold-out size restocked at /admin/stock is offered again and goes in the cart", async ({ browser, page: shopper }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInAsOwner(page);
  await openReady(page, `/admin/stock?q=${PRODUCT.sku}`);
  const row = rowOf(page);
  await expect(row).toContainText("Stops selling at 0");
  const onHand = Number((await row.getByRole("cell").nth(2).innerText()).replace(/\D+/g, ""));
  expect(onHand).toBeGreaterThan(0);

  await adjust(page, -onHand, "Count correction");
  await expect(row.getByRole("cell").nth(2)).toContainText("0");

  await shopper.goto(`/products/${PRODUCT.handle}`);
  const variants = (await shopper.evaluate(async (path) => (await fetch(path)).json(), `/products/${PRODUCT.handle}.js`)) as { variants: { id: number; title: string }[] };
  const variantId = variants.variants.find((variant) => variant.title === PRODUCT.size)!.id;

  let form = await productForm(shopper, variantId, "Sold out");
  await expect(form.getByRole("radio", { name: PRODUCT.size })).toBeChecked();
  await expect(form.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

  // Restocked, with its reason, to the count it had.
  await adjust(page, onHand, "Received from supplier");
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText(`Saved: ${PRODUCT.title}, ${PRODUCT.size} now has ${onHand} on hand (+${onHand}, Received from supplier).`);

  form = await productForm(shopper, variantId, "Add to cart");
  await expect(form.getByRole("radio", { name: PRODUCT.size })).toBeChecked();
  const add = form.getByRole("button", { name: "Add to cart" });
  await expect(add).toBeEnabled();
  await add.click();
  const sideCart = shopper.getByRole("dialog", { name: /Your cart/ });
  await expect(sideCart).toBeVisible();
  await expect(sideCart.getByRole("link", { name: new RegExp(PRODUCT.title) }).first()).toBeVisible();
  await expect(sideCart.getByText(PRODUCT.size)).toBeVisible();
  const cart = (await shopper.evaluate(async () => (await fetch("/cart.js")).json())) as { items: { variant_id: number; quantity: number }[] };
  expect(cart.items).toContainEqual(expect.objectContaining({ variant_id: variantId, quantity: 1 }));
  await context.close();
});
