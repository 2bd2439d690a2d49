/**
 * The cart contract: what the side cart draws is what the shop charges.
 *
 * Random shoppers run short sequences of cart calls against the real server,
 * through every door a cart has (adds of any fixture variant, gifts among
 * them, by `add.js`, `update.js`, the cart form, `GET /cart/add` and cart
 * links; bundles whole or broken; quantity and property changes; removals;
 * discount codes; clearing; a read on another site, which converts the
 * cart). After every call the cart view
 * (`GET /cart.js?view=drawer`, what the browser draws) must agree with the
 * cart the shop charges for (`GET /cart.js`, and for some runs the order
 * placed from it):
 *
 * - shipping in the view is what the checkout charges on that cart;
 * - gift lines cost nothing, and each gift group's spend, threshold and
 *   limit follow from the cart's own lines (what is paid for non-gift lines);
 * - a threshold entry is reached exactly when its measure reaches it;
 * - the cart is settled: the gift rule has nothing left to take out or add;
 * - a line is free only when a rule made it free: every line of a gift
 *   product is a gift line, judged by the gift rule like any other.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartViewJson } from "../../src/core/cart/cart-view-json.ts";
import { shippingSpend } from "../../src/core/checkout/checkout.ts";
import { GIFT_GROUP_PROPERTY, GIFT_PROPERTY, decideGifts, giftCartLines, isGiftLine } from "../../src/core/cart/free-gifts.ts";
import { quoteCartRates, zonesOf } from "../../src/core/checkout/shipping-rates.ts";
import type { CartJson } from "../../src/core/contract/shopify-types.ts";
import { isVariantAvailable } from "../../src/platform/catalog/catalog.ts";
import { variantIdFor } from "../../src/platform/seed/seed.ts";
import { bundleLines, catalogWithBundles } from "./bundle-fixtures.ts";
import { giftGroups } from "./gift-fixtures.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const NOW = Date.UTC(2026, 10, 21, 12);
const catalog = catalogWithBundles;

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ catalog, settings: (settings) => void (settings.sideCart.freeGiftsData = giftGroups), now: () => NOW });
});
afterAll(async () => {
  await shop?.close();
});

// --- What a shopper may do -------------------------------------------------------------

/** Every variant of every product on sale or not (sold out, unpublished, gifts): refusals are part of the contract too. */
const variants = catalog.products.flatMap((product) => product.variants.map((_, index) => ({ handle: product.handle, index })));
/** The gift products' variants, tried more often: the doors must never let one in free unless the rule grants it. */
const giftVariants = variants.filter((variant) => catalog.products.find((product) => product.handle === variant.handle)?.metafields?.ffc_app?.free_gift_product === true);

const BUNDLES: Record<string, { handle: string; variant?: number }[]> = {
  "trio-set": [{ handle: "plain-cleanser" }, { handle: "sized-serum" }, { handle: "untracked-soap" }],
  "routine-set": [{ handle: "plain-cleanser" }, { handle: "low-stock-oil" }, { handle: "preorder-mask" }],
  "shield-pair": [{ handle: "shield-pair" }, { handle: "sized-serum", variant: 1 }],
  "soap-on-us": [{ handle: "plain-cleanser" }, { handle: "untracked-soap" }],
};

type Step =
  | { kind: "add"; handle: string; index: number; quantity: number }
  | { kind: "bundle"; bundle: string; sets: number; broken: boolean }
  | { kind: "change"; pick: number; quantity: number }
  | { kind: "code"; code: string }
  /** Takes a gift line out by hand, as the side cart's remove button does. */
  | { kind: "drop-gift"; pick: number }
  /** Any variant by `update.js`, the cart form, `GET /cart/add` or a cart link: the doors that name only a variant. */
  | { kind: "door"; door: "update" | "form" | "get-add" | "permalink"; handle: string; index: number; quantity: number }
  /** A gift posted with the gift markers, as any script may. */
  | { kind: "gift-marked"; handle: string; group: string }
  /** A line's properties replaced (markers stripped). */
  | { kind: "strip"; pick: number }
  | { kind: "clear" }
  /** The cart read on the Irish site: converted to euros and settled there, then back here on the next read. */
  | { kind: "site" };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("add" as const), variant: fc.constantFrom(...variants), quantity: fc.integer({ min: 1, max: 3 }) }).map(({ variant, quantity }) => ({ kind: "add" as const, handle: variant.handle, index: variant.index, quantity })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("bundle" as const), bundle: fc.constantFrom(...Object.keys(BUNDLES)), sets: fc.integer({ min: 1, max: 2 }), broken: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("change" as const), pick: fc.nat({ max: 20 }), quantity: fc.integer({ min: 0, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("code" as const), code: fc.constantFrom("GLOW10", "WELCOME5", "BIG15", "HUNDRED", "") }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("drop-gift" as const), pick: fc.nat({ max: 5 }) }) },
  {
    weight: 3,
    arbitrary: fc
      .record({ door: fc.constantFrom("update" as const, "form" as const, "get-add" as const, "permalink" as const), variant: fc.constantFrom(...variants, ...giftVariants), quantity: fc.integer({ min: 1, max: 3 }) })
      .map(({ door, variant, quantity }) => ({ kind: "door" as const, door, handle: variant.handle, index: variant.index, quantity })),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("gift-marked" as const), gift: fc.constantFrom(...giftVariants), group: fc.constantFrom(...giftGroups.map((group) => group.key)) }).map(({ gift, group }) => ({ kind: "gift-marked" as const, handle: gift.handle, group })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("strip" as const), pick: fc.nat({ max: 20 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "clear" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "site" as const }) },
);

// --- What the shop knows ---------------------------------------------------------------------

const productOf = (handle: string) => catalog.products.find((product) => product.handle === handle);
const collectionsOf = (handle: string) => productOf(handle)?.collections ?? [];

/** What a group counts: what is paid for lines that are neither gifts nor gift cards, of its collections when it is limited to some. */
function eligibleSpend(cart: CartJson, limitTo: readonly string[]): number {
  return cart.items
    .filter((item) => !isGiftLine(item) && !item.gift_card)
    .filter((item) => limitTo.length === 0 || collectionsOf(item.handle).some((handle) => limitTo.includes(handle)))
    .reduce((sum, item) => sum + item.final_line_price, 0);
}

const contact = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

/** Puts every tracked variant's stock back to the catalog's, after an order took some. */
async function restoreStock() {
  for (const [productIndex, product] of catalog.products.entries()) {
    for (const [variantIndex, variant] of product.variants.entries()) {
      await shop.db.query("update variants set inventory_quantity = $2 where id = $1", [variantIdFor(productIndex, variantIndex), variant.inventoryQuantity]);
    }
  }
}

// --- One shopper's run ---------------------------------------------------------------------

const json = async <T = Record<string, any>>(response: Response) => (await response.json()) as T;

async function run(steps: Step[], placeOrder: boolean) {
  const shopper = new Shopper(shop.app);
  const idOf = (handle: string, index: number) => variantIdFor(catalog.products.findIndex((product) => product.handle === handle), index);
  const sameSite = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
  let current = await json<CartViewJson>(await shopper.get("/cart.js?view=drawer"));

  for (const next of steps) {
    let response: Response | null = null;
    if (next.kind === "add") {
      response = await shopper.postJson("/cart/add.js", { id: idOf(next.handle, next.index), quantity: next.quantity });
    } else if (next.kind === "bundle") {
      const items = BUNDLES[next.bundle]!.map((item) => ({ ...item, quantity: next.sets }));
      response = await shopper.postJson("/cart/add.js", { items: bundleLines(catalog, next.bundle, next.broken ? items.slice(0, -1) : items) });
    } else if (next.kind === "change" && current.cart.items.length > 0) {
      const line = current.cart.items[next.pick % current.cart.items.length]!;
      response = await shopper.postJson("/cart/change.js", { id: line.key, quantity: next.quantity });
    } else if (next.kind === "code") {
      response = await shopper.postJson("/cart/update.js", { discount: next.code });
    } else if (next.kind === "drop-gift") {
      const gifts = current.cart.items.filter((item) => current.lines[item.key]?.isGift);
      const gift = gifts[next.pick % Math.max(1, gifts.length)];
      if (gift) {
        response = await shopper.postJson("/cart/change.js", { id: gift.key, quantity: 0 });
        // Taken out, and not put back by the change that took it out.
        expect((await json<CartJson>(response.clone())).items.some((item) => item.key === gift.key)).toBe(false);
      }
    } else if (next.kind === "door") {
      const id = idOf(next.handle, next.index);
      if (next.door === "update") response = await shopper.postJson("/cart/update.js", { updates: { [id]: next.quantity } });
      else if (next.door === "form") response = await shopper.postForm("/cart", `updates[${id}]=${next.quantity}`, sameSite);
      else if (next.door === "get-add") response = await shopper.get(`/cart/add?id=${id}&quantity=${next.quantity}`);
      else response = await shopper.get(`/cart/${id}:${next.quantity}?storefront=true`);
    } else if (next.kind === "gift-marked") {
      response = await shopper.postJson("/cart/add.js", { id: idOf(next.handle, 0), properties: { [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: next.group } });
    } else if (next.kind === "strip" && current.cart.items.length > 0) {
      const line = current.cart.items[next.pick % current.cart.items.length]!;
      response = await shopper.postJson("/cart/change.js", { id: line.key, properties: {} });
    } else if (next.kind === "clear") {
      response = await shopper.postJson("/cart/clear.js", {});
    } else if (next.kind === "site") {
      response = await shopper.get("/en-ie/cart.js");
      expect((await json<CartJson>(response.clone())).currency).toBe("EUR");
    }
    // A refusal is an answer, and so is a page's redirect; a failure of the shop is not.
    if (response) expect([200, 302, 303, 400, 404, 422]).toContain(response.status);
    current = await json<CartViewJson>(await shopper.get("/cart.js?view=drawer"));
    await checkContract(current, await json<CartJson>(await shopper.get("/cart.js")), await removedByHand(shopper));
  }

  if (placeOrder && current.cart.item_count > 0) {
    const response = await shopper.postJson("/checkout.json", contact);
    const body = await json(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    // The order charges the shipping and the total the view showed.
    expect(body.order.shipping_price).toBe(current.shipping.price);
    expect(body.order.total_price).toBe(current.cart.total_price + current.shipping.price);
    await restoreStock();
  }
}

/** The gifts the shopper removed by hand, as the shop keeps them with the cart. */
async function removedByHand(shopper: Shopper): Promise<Set<string>> {
  const [row] = await shop.db.query<{ removed_gifts: string[] }>("select removed_gifts from carts where token = $1", [shopper.cartToken]);
  return new Set(row?.removed_gifts ?? []);
}

/** `settledWithout`: the gifts removed by hand that the cart remembers. */
async function checkContract(view: CartViewJson, cart: CartJson, settledWithout: ReadonlySet<string>) {
  const { settings } = shop.platform;
  // The view draws the cart the shop holds, one line display per line.
  expect(view.cart).toEqual(cart);
  expect(Object.keys(view.lines).sort()).toEqual(cart.items.map((item) => item.key).sort());
  for (const item of cart.items) expect(view.lines[item.key]?.isGift).toBe(isGiftLine(item));

  // (i) Shipping: what the checkout charges on this cart for standard delivery to the home site's country.
  expect(view.shipping.price).toBe(quoteCartRates(zonesOf(settings), "GB", cart)?.find((rate) => rate.code === "standard")?.price);
  expect(view.shipping.shippingThresholdReached).toBe(shippingSpend(cart) >= settings.sideCart.shippingThreshold);

  // (ii) Gift lines are free; each group's spend, threshold and limit follow from the lines.
  const giftHandles = new Set(giftGroups.flatMap((group) => group.products.map((gift) => gift.handle)));
  for (const item of cart.items.filter(isGiftLine)) {
    expect(item.final_line_price).toBe(0);
    expect(giftHandles.has(item.handle)).toBe(true);
    expect(item.quantity).toBe(1);
  }
  // A line is free only when a rule made it free: a gift product's line is always a gift line, so the rule judges it.
  for (const item of cart.items) {
    if (productOf(item.handle)?.metafields?.ffc_app?.free_gift_product === true) expect(isGiftLine(item), item.handle).toBe(true);
  }
  const spendOf = new Map<string, number>();
  for (const group of view.gifts) {
    const spend = eligibleSpend(cart, group.settings.limit_to_collections);
    spendOf.set(group.key, spend);
    expect(group.eligibleTotal).toBe(spend);
    const band = group.settings.choice_thresholds.find((choice) => spend >= choice.min && (choice.max === null || spend <= choice.max)) ?? null;
    expect(group.enabled).toBe(group.live && eligibleSpend(cart, []) > 0 && band !== null);
    if (group.enabled) {
      expect(group.threshold).toEqual(band);
      expect(group.limit).toBe(band?.limit);
    } else {
      expect(group.limit).toBe(0);
    }
    const linesOfGroup = cart.items.filter((item) => isGiftLine(item) && item.properties["_gift-group"] === group.key);
    expect(linesOfGroup.length).toBeLessThanOrEqual(group.limit);
    for (const line of linesOfGroup) {
      const gift = group.settings.products.find((candidate) => candidate.handle === line.handle);
      expect(gift).toBeDefined();
      expect(spend).toBeGreaterThanOrEqual(gift!.min_spend);
    }
  }

  // (iii) An entry is reached exactly when its measure reaches it.
  for (const track of view.thresholds) {
    for (const entry of track.entries) {
      const measure = entry.type === "shipping" ? shippingSpend(cart) : spendOf.get(entry.groupKey ?? "");
      expect(measure, `${track.key} ${entry.groupKey ?? entry.type} ${entry.threshold}`).toBeDefined();
      expect(entry.reachedMin).toBe(measure! >= entry.threshold);
      expect(entry.remaining).toBe(Math.max(0, entry.threshold - measure!));
    }
  }

  // (iv) Settled: the gift rule, run on the cart as charged, has nothing to take out or add.
  const live = await shop.platform.catalog.get();
  const decision = decideGifts({
    groups: settings.sideCart.freeGiftsData,
    lines: giftCartLines(cart.items, collectionsOf),
    product: (handle) => {
      const product = live.productsByHandle.get(handle);
      return product?.published ? { handle, variants: product.variants.map((variant) => ({ id: variant.id, sku: variant.sku, available: isVariantAvailable(variant) })) } : undefined;
    },
    now: NOW,
    removedByHand: settledWithout,
  });
  expect(decision.remove).toEqual([]);
  expect(decision.autoAdd).toEqual([]);
}

describe("the cart view agrees with what the shop charges", () => {
  it("for random carts built by adds, bundles, changes and codes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 4 }), async (steps, orderDie) => {
        await run(steps, orderDie === 0);
      }),
      { numRuns: 30 },
    );
  });

  it("for carts that place an order, the order charges what the view showed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 5 }), async (steps) => {
        await run(steps, true);
      }),
      { numRuns: 4 },
    );
  });
});
