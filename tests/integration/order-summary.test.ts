/**
 * A placed order adds up as its checkout did: the order's JSON, its page's
 * view, the account's history and the confirmation email all come from
 * `orderSummary`, which must agree with the checkout's `cartSummary` of the
 * same cart, line for line and saving for saving, each saving under its name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSummary, orderSummary } from "../../src/core/orders/order-summary.ts";
import { quoteRate, zonesOf } from "../../src/core/checkout/shipping-rates.ts";
import { hasFreeShippingCode, shippingSpend } from "../../src/core/checkout/checkout.ts";
import type { CartJson } from "../../src/core/contract/shopify-types.ts";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import { loadLocales, loadSettings } from "../../src/platform/settings/load.ts";
import { emailWords } from "../../src/platform/mail/email-words.ts";
import { orderConfirmationMessage } from "../../src/platform/mail/messages.ts";
import { catalogWithBundles } from "./bundle-fixtures.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";
import path from "node:path";

const kit = {
  ...catalogWithBundles.products.find((product) => product.handle === "plain-cleanser")!,
  handle: "cleanse-kit",
  title: "Cleanse Kit",
  productType: "Set",
  variants: [{ options: [], sku: "KIT-1", price: 3500, grams: 400, inventoryManagement: null, inventoryPolicy: "deny" as const, inventoryQuantity: 0 }],
  metafields: { custom: { components: [{ handle: "plain-cleanser", quantity: 2 }, { handle: "untracked-soap", quantity: 1 }] } },
};
const catalog = { ...catalogWithBundles, products: [...catalogWithBundles.products, kit] };
const settings = loadSettings(path.resolve(import.meta.dirname, "../../config/settings.json"));

const contact = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

let shop: TestShop;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  shop = await openTestShop({ catalog, checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
});
afterAll(async () => {
  await shop?.close();
});

/** A shopper with a complete Trio Set bundle and two kits in the cart, and the GLOW10 code. */
async function fillCart(shopper: Shopper): Promise<CartJson> {
  const trioId = (await json(await shop.app.request("/products/trio-set.js"))).id as number;
  const items = ["plain-cleanser", "sized-serum", "untracked-soap"].map((handle) => ({
    id: shop.variant(handle),
    quantity: 1,
    properties: { __bundleId: "b1", __bundleProductId: String(trioId), __bundleVariantId: String(shop.variant("trio-set")), __bundleTitle: "trio-set", _is_bundle_item: "true", Bundle: "trio-set" },
  }));
  expect((await shopper.postJson("/cart/add.js", { items })).status).toBe(200);
  expect((await shopper.postJson("/cart/add.js", { id: shop.variant("cleanse-kit"), quantity: 2 })).status).toBe(200);
  expect((await shopper.postJson("/cart/update.js", { discount: "GLOW10" })).status).toBe(200);
  return (await json(await shopper.get("/cart.js"))) as CartJson;
}

/** The checkout's view of the cart with standard delivery to the UK, as the checkout page draws it, the UK's VAT included. */
function checkoutView(cart: CartJson) {
  const rate = quoteRate(zonesOf(settings), "GB", "standard", shippingSpend(cart), cart.requires_shipping, hasFreeShippingCode(cart));
  return cartSummary(cart, rate ?? undefined, {}, { siteTax: shop.platform.siteTax, address: { country: "GB" } });
}

describe("an order's summary", () => {
  it("adds up as the checkout did, naming the bundle's saving on its lines and the code below the subtotal", async () => {
    const shopper = new Shopper(shop.app);
    const cart = await fillCart(shopper);
    const atCheckout = checkoutView(cart);
    // The cart really has both kinds of saving: a bundle on its lines, a code on the order.
    expect(cart.items.some((item) => item.line_level_total_discount > 0)).toBe(true);
    expect(atCheckout.discounts).toEqual([{ key: "GLOW10", title: "GLOW10", amount: expect.any(Number) }]);

    const placed = await shopper.postJson("/checkout.json", contact);
    expect(placed.status).toBe(200);
    const { order } = (await json(placed)) as { order: OrderJson };
    const stored = (await json(await shopper.get(`/orders/${order.token}.json`))) as { order?: OrderJson } & OrderJson;
    const seen = orderSummary(stored.order ?? stored);

    // Everything the checkout showed, line for line; the order adds the kit's contents by name.
    const withoutContents = (view: typeof seen) => ({ ...view, lines: view.lines.map(({ contents: _contents, ...line }) => line) });
    expect(withoutContents(seen)).toEqual(withoutContents(atCheckout));
    expect(seen.tax).toEqual({ kind: "included", lines: [{ title: "VAT", rate: 0.2, price: expect.any(Number) }], total: expect.any(Number) });
    expect(seen.subtotal).toBe(seen.lines.reduce((sum, line) => sum + line.final_line_price, 0));
    const bundleLines = seen.lines.filter((line) => line.savings.length > 0);
    expect(bundleLines).toHaveLength(3);
    const bundleTitle = cart.items.find((item) => item.line_level_total_discount > 0)!.discounts[0]!.title;
    expect(bundleTitle).not.toBe("");
    for (const line of bundleLines) expect(line.savings).toEqual([{ title: bundleTitle, amount: expect.any(Number) }]);
    expect(seen.total).toBe(seen.subtotal - seen.discounts[0]!.amount + seen.shipping);
  });

  it("names a kit's contents with their quantities for the line, on the order and in the email", async () => {
    const shopper = new Shopper(shop.app);
    await fillCart(shopper);
    const { order } = (await json(await shopper.postJson("/checkout.json", contact))) as { order: OrderJson };
    const kitLine = orderSummary(order).lines.find((line) => line.title.startsWith("Cleanse Kit"));
    const cleanser = catalog.products.find((product) => product.handle === "plain-cleanser")!.title;
    const soap = catalog.products.find((product) => product.handle === "untracked-soap")!.title;
    expect(kitLine?.contents).toEqual([
      { title: cleanser, quantity: 4 },
      { title: soap, quantity: 2 },
    ]);

    const { text } = orderConfirmationMessage({ order, shopName: "Lumen & Leaf", shopUrl: "https://shop.example", moneyFormat: "£{{amount}}", words: emailWords(loadLocales(), "en-GB") });
    expect(text).toContain(`Includes 4 × ${cleanser}, 2 × ${soap}`);
    expect(text).toContain("Discount: GLOW10");
    expect(text).toContain(`Subtotal: £${(orderSummary(order).subtotal / 100).toFixed(2)}`);
  });

  it("reads an order placed before savings were kept the same way: lines' sum, then what else came off", async () => {
    const shopper = new Shopper(shop.app);
    await fillCart(shopper);
    const { order } = (await json(await shopper.postJson("/checkout.json", contact))) as { order: OrderJson };
    const now = orderSummary(order);
    await shop.db.query(
      `update orders set discount_applications = null,
         lines = (select jsonb_agg(line - 'discounts' - 'components') from jsonb_array_elements(lines) as line)
       where token = $1`,
      [order.token],
    );
    const stored = (await json(await shopper.get(`/orders/${order.token}.json`))) as { order?: OrderJson } & OrderJson;
    const earlier = orderSummary(stored.order ?? stored);
    expect(earlier.subtotal).toBe(now.subtotal);
    expect(earlier.discounts).toEqual([{ key: "discount", title: "GLOW10", amount: now.discounts[0]!.amount }]);
    expect(earlier.total).toBe(now.total);
  });
});
