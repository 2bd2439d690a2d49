/**
 * The cart contract: what the side cart draws is what the shop charges.
 *
 * Random shoppers run short sequences of cart calls against the real server
 * (adds of any fixture variant, bundles whole or broken, gift choices,
 * quantity changes and removals, discount codes), sending the gifts they
 * removed by hand as the browser does. After every call the cart view
 * (`GET /cart.js?view=drawer`, what the browser draws) must agree with the
 * cart the shop charges for (`GET /cart.js`, and for some runs the order
 * placed from it):
 *
 * - shipping in the view is what the checkout charges on that cart;
 * - gift lines cost nothing, and each gift group's spend, threshold and
 *   limit follow from the cart's own lines (what is paid for non-gift lines);
 * - a threshold entry is reached exactly when its measure reaches it;
 * - the cart is settled: the gift rule has nothing left to take out or add.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartViewJson } from "../../src/core/cart-view-json.ts";
import { shippingPrice, shippingSpend } from "../../src/core/checkout.ts";
import { REMOVED_GIFTS_HEADER, decideGifts, giftCartLines, isGiftLine } from "../../src/core/free-gifts.ts";
import type { CartJson } from "../../src/core/shopify-types.ts";
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
  /** A new browser session: the gifts removed by hand are forgotten. */
  | { kind: "new-session" };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("add" as const), variant: fc.constantFrom(...variants), quantity: fc.integer({ min: 1, max: 3 }) }).map(({ variant, quantity }) => ({ kind: "add" as const, handle: variant.handle, index: variant.index, quantity })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("bundle" as const), bundle: fc.constantFrom(...Object.keys(BUNDLES)), sets: fc.integer({ min: 1, max: 2 }), broken: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("change" as const), pick: fc.nat({ max: 20 }), quantity: fc.integer({ min: 0, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("code" as const), code: fc.constantFrom("GLOW10", "WELCOME5", "BIG15", "HUNDRED", "") }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("drop-gift" as const), pick: fc.nat({ max: 5 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "new-session" as const }) },
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
  const removedByHand = new Set<string>();
  // Gifts a new session forgot: the cart was settled without them until the next change goes through.
  const forgotten = new Set<string>();
  const headers = (): Record<string, string> => (removedByHand.size > 0 ? { [REMOVED_GIFTS_HEADER]: [...removedByHand].join(",") } : {});
  let current = await json<CartViewJson>(await shopper.get("/cart.js?view=drawer", headers()));

  for (const next of steps) {
    let response: Response | null = null;
    if (next.kind === "add") {
      response = await shopper.postJson("/cart/add.js", { id: variantIdFor(catalog.products.findIndex((product) => product.handle === next.handle), next.index), quantity: next.quantity }, headers());
    } else if (next.kind === "bundle") {
      const items = BUNDLES[next.bundle]!.map((item) => ({ ...item, quantity: next.sets }));
      response = await shopper.postJson("/cart/add.js", { items: bundleLines(catalog, next.bundle, next.broken ? items.slice(0, -1) : items) }, headers());
    } else if (next.kind === "change" && current.cart.items.length > 0) {
      const line = current.cart.items[next.pick % current.cart.items.length]!;
      // The browser remembers a gift taken out by hand and sends it with every later change.
      if (next.quantity === 0 && current.lines[line.key]?.isGift) removedByHand.add(line.handle);
      response = await shopper.postJson("/cart/change.js", { id: line.key, quantity: next.quantity }, headers());
    } else if (next.kind === "code") {
      response = await shopper.postJson("/cart/update.js", { discount: next.code }, headers());
    } else if (next.kind === "drop-gift") {
      const gifts = current.cart.items.filter((item) => current.lines[item.key]?.isGift);
      const gift = gifts[next.pick % Math.max(1, gifts.length)];
      if (gift) {
        removedByHand.add(gift.handle);
        response = await shopper.postJson("/cart/change.js", { id: gift.key, quantity: 0 }, headers());
        // Taken out, and not put back by the change that took it out.
        expect((await json<CartJson>(response.clone())).items.some((item) => item.key === gift.key)).toBe(false);
      }
    } else if (next.kind === "new-session") {
      for (const handle of removedByHand) forgotten.add(handle);
      removedByHand.clear();
    }
    // A refusal is an answer; a failure of the shop is not.
    if (response) expect([200, 400, 404, 422]).toContain(response.status);
    if (response?.status === 200) forgotten.clear();
    current = await json<CartViewJson>(await shopper.get("/cart.js?view=drawer", headers()));
    await checkContract(current, await json<CartJson>(await shopper.get("/cart.js", headers())), new Set([...removedByHand, ...forgotten]));
  }

  if (placeOrder && current.cart.item_count > 0) {
    const response = await shopper.postJson("/checkout.json", contact, headers());
    const body = await json(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    // The order charges the shipping and the total the view showed.
    expect(body.order.shipping_price).toBe(current.shipping.price);
    expect(body.order.total_price).toBe(current.cart.total_price + current.shipping.price);
    await restoreStock();
  }
}

/** `settledWithout`: the gifts removed by hand that the cart's last change was sent with. */
async function checkContract(view: CartViewJson, cart: CartJson, settledWithout: ReadonlySet<string>) {
  const { settings } = shop.platform;
  // The view draws the cart the shop holds, one line display per line.
  expect(view.cart).toEqual(cart);
  expect(Object.keys(view.lines).sort()).toEqual(cart.items.map((item) => item.key).sort());
  for (const item of cart.items) expect(view.lines[item.key]?.isGift).toBe(isGiftLine(item));

  // (i) Shipping: what the checkout charges on this cart's total.
  expect(view.shipping.price).toBe(
    shippingPrice(shippingSpend(cart), cart.requires_shipping, { shippingThreshold: settings.sideCart.shippingThreshold, standardShippingPrice: settings.checkout.standardShippingPrice }),
  );
  expect(view.shipping.shippingThresholdReached).toBe(shippingSpend(cart) >= settings.sideCart.shippingThreshold);

  // (ii) Gift lines are free; each group's spend, threshold and limit follow from the lines.
  const giftHandles = new Set(giftGroups.flatMap((group) => group.products.map((gift) => gift.handle)));
  for (const item of cart.items.filter(isGiftLine)) {
    expect(item.final_line_price).toBe(0);
    expect(giftHandles.has(item.handle)).toBe(true);
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
