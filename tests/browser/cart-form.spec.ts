import { type Locator, type Page, expect, test } from "@playwright/test";
import { BUILDER_PROPERTIES } from "../../src/core/builders/builder-bundles.ts";
import { openReady } from "./ready.ts";

/**
 * The cart's lines as a form (issue 36): Enter in a line's quantity field
 * sends that quantity and nothing else, and lines the shop holds at one
 * (samples, gifts) are drawn as fixed lines. On the demo shop an automatic
 * SPF mini comes from £35 and a cleansing balm from £50.
 */

const GEL = "Clarifying 2% BHA Gel Cleanser"; // £16, ample stock
const SPF_GIFT = "Free Gift: SPF 50 Travel Mini (15 ml)";
const BALM_GIFT = "Free Gift: Mini Cleansing Balm (15 ml)";
const SAMPLE = "Vitamin C Serum Sample (2 ml)";

function sideCart(page: Page): Locator {
  return page.getByRole("dialog", { name: /Your cart/ });
}

function line(within: Locator, title: string): Locator {
  return within.getByRole("listitem").filter({ has: within.page().getByRole("heading", { name: title, exact: true }) });
}

async function addToCart(page: Page, handle: string, quantity: number, properties: Record<string, string> = {}): Promise<void> {
  const product = (await (await page.request.get(`/products/${handle}.js`)).json()) as { variants: { id: number }[] };
  const added = await page.request.post("/cart/add.js", { data: { items: [{ id: product.variants[0]?.id, quantity, properties }] } });
  expect(added.ok()).toBe(true);
}

test("Enter in a line's quantity field sends that quantity and does not press another line's Remove", async ({ page }) => {
  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).click();
  const dialog = sideCart(page);
  const quantity = dialog.getByRole("spinbutton", { name: `Quantity for ${GEL}` });
  await quantity.fill("3");
  // £48: the SPF mini comes by itself and is listed first, the gel second.
  await expect(line(dialog, SPF_GIFT)).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 3 }).first()).toHaveText(SPF_GIFT);

  const changes: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/cart/change.js")) changes.push(request.postData() ?? "");
  });
  await quantity.fill("4");
  await quantity.press("Enter");

  // £64: the gel's 4 went, the balm joins, and the SPF mini is still there (not taken out, nor remembered as removed).
  await expect(line(dialog, GEL).getByText("Line total: £64.00")).toBeVisible();
  await expect(line(dialog, BALM_GIFT)).toBeVisible();
  await expect(line(dialog, SPF_GIFT)).toBeVisible();
  await expect(quantity).toHaveValue("4");
  await expect(quantity).toBeFocused();
  expect(changes).toHaveLength(1);
  expect(changes[0]).toContain('"quantity":4');

  // Dropping to £48 and back takes the balm away and brings it back: no gift was turned down by hand.
  await quantity.fill("3");
  await quantity.press("Enter");
  await expect(line(dialog, BALM_GIFT)).toHaveCount(0);
  await expect(line(dialog, SPF_GIFT)).toBeVisible();
  await quantity.fill("4");
  await quantity.press("Enter");
  await expect(line(dialog, BALM_GIFT)).toBeVisible();
});

test("samples and gifts are fixed lines without a quantity control, and builders' bookkeeping is not shown", async ({ page }) => {
  await openReady(page, "/cart");
  await addToCart(page, "clarifying-gel-cleanser", 3);
  await addToCart(page, "vitamin-c-serum-sample", 1);
  await addToCart(page, "gentle-cream-cleanser", 1, { [BUILDER_PROPERTIES.builder]: "kit", [BUILDER_PROPERTIES.id]: "kit-1", [BUILDER_PROPERTIES.step]: "Cleanse" });
  await openReady(page, "/cart");
  const cart = page.getByRole("main");

  for (const title of [SAMPLE, SPF_GIFT]) {
    const fixed = line(cart, title);
    // The quantity as text ("Qty: 1" on screen), and Remove.
    await expect(fixed).toMatchAriaSnapshot(`
      - paragraph: "Quantity for ${title}: 1"
      - 'button "Remove ${title}"'
    `);
    await expect(fixed.getByRole("spinbutton")).toHaveCount(0);
    await expect(fixed.getByRole("button", { name: /quantity for/i })).toHaveCount(0);
  }
  await expect(line(cart, GEL).getByRole("spinbutton", { name: `Quantity for ${GEL}` })).toHaveValue("3");
  await expect(cart.getByText("Cleanse", { exact: true })).toHaveCount(0);
  await expect(cart.getByText(/Step:/)).toHaveCount(0);

  // The sample goes by its Remove button.
  await line(cart, SAMPLE).getByRole("button", { name: `Remove ${SAMPLE}` }).click();
  await expect(line(cart, SAMPLE)).toHaveCount(0);
  await expect(line(cart, GEL)).toBeVisible();
});
