/**
 * What the browser does to the cart on its own, once per page whatever shows
 * the cart (spec §4, §8): after every cart change it loads each line's product
 * details, runs the shared gift rule, takes out gift lines the rule rejects
 * and lines whose product is gone, holds limited-to-one lines at one, and
 * adds automatic gifts (not those removed by hand this session). It also
 * holds what the side cart draws from: the products, the gift decision, the
 * gift picker's error. The server applies the same gift rule on every change,
 * so this only makes the cart show the right thing sooner.
 */
import { isLimitedToOne } from "../../core/cart-view.ts";
import { AUTOMATIC_GIFT_PROPERTY, GIFT_GROUP_PROPERTY, GIFT_PROPERTY, type GiftDecision, canAddGift, decideGifts, giftLimitMessage } from "../../core/free-gifts.ts";
import type { CartJson, LineItemJson, ProductJson, ProductViewJson } from "../../core/shopify-types.ts";
import type { ShopInfo } from "../../core/storefront.ts";
import { CartApiError, addToCart, getCart, updateCart } from "../storefront/cart-api.ts";
import { CART_UPDATED, announceCart } from "../storefront/cart-events.ts";
import { enqueueCartWork } from "./cart-queue.ts";
import { forgetRemovedGift, giftCartLines, giftProductInfo, removedGifts, sessionStore } from "./gift-lines.ts";
import { isGiftLine } from "./line-rules.ts";
import { loadProductJs, loadProductView } from "./product-views.ts";

/** The shop as the side cart needs it: with its settings. */
export type CartShop = ShopInfo & Required<Pick<ShopInfo, "sideCart" | "upsell">>;

export interface AutomationSnapshot {
  /** The cart as the shop last answered it. */
  cart: CartJson | null;
  /** Product details of the cart's lines, by handle. */
  products: ReadonlyMap<string, ProductViewJson>;
  /** The gift products (`/products/{handle}.js`), by handle. */
  giftProducts: ReadonlyMap<string, ProductJson>;
  decision: GiftDecision | null;
  /** Why the last gift choice was refused. */
  giftError: string | null;
  /** Component quantities of lines that have components, by line key. */
  componentsQty: ReadonlyMap<string, number>;
}

let snapshot: AutomationSnapshot = { cart: null, products: new Map(), giftProducts: new Map(), decision: null, giftError: null, componentsQty: new Map() };
const listeners = new Set<() => void>();
let shop: CartShop | null = null;
let latest: CartJson | null = null;
let running = false;
let again = false;
/** Actions already tried on a given cart, so a refused action is not repeated in a loop. */
const attempted = new Set<string>();

function publish(patch: Partial<AutomationSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  for (const listener of listeners) listener();
}

export const automationSnapshot = (): AutomationSnapshot => snapshot;

export function subscribeAutomation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts once per page; later calls do nothing. */
export function startCartAutomation(info: CartShop): void {
  if (shop) return;
  shop = info;
  window.addEventListener(CART_UPDATED, (event) => consider(event.detail));
  refreshCart();
}

/** Fetch /cart.js through the cart queue and tell the page. */
export function refreshCart(): Promise<void> {
  return enqueueCartWork(getCart).then(announceCart, (error: unknown) => console.error(error));
}

function consider(cart: CartJson) {
  latest = cart;
  publish({ cart });
  if (running) {
    again = true;
    return;
  }
  void run();
}

async function run() {
  running = true;
  try {
    do {
      again = false;
      if (latest) await evaluate(latest);
    } while (again);
  } catch (error) {
    console.error(error);
  } finally {
    running = false;
  }
}

const unique = <T>(values: T[]) => [...new Set(values)];
const signature = (cart: CartJson) => cart.items.map((item) => `${item.key}:${item.quantity}`).join(",");

async function loadComponents(): Promise<Map<string, number>> {
  try {
    const response = await fetch(`/cart?view=json&v=${Date.now().toString(36)}`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return new Map();
    const answer = (await response.json()) as { item_components?: { id: string | number; components: { quantity: number }[] }[] };
    return new Map((answer.item_components ?? []).map((entry) => [String(entry.id), entry.components.reduce((sum, component) => sum + component.quantity, 0)]));
  } catch {
    return new Map();
  }
}

async function evaluate(cart: CartJson) {
  if (!shop) return;
  const groups = shop.sideCart.freeGiftsData;
  const products = new Map<string, ProductViewJson>();
  const broken: LineItemJson[] = [];
  await Promise.all(
    unique(cart.items.map((item) => item.handle)).map(async (handle) => {
      const result = await loadProductView(handle);
      if (result.status === "ok") products.set(handle, result.value);
      else broken.push(...cart.items.filter((item) => item.handle === handle));
    }),
  );
  const giftProducts = new Map<string, ProductJson>();
  await Promise.all(
    unique(groups.flatMap((group) => group.products.map((gift) => gift.handle))).map(async (handle) => {
      const result = await loadProductJs(handle);
      if (result.status === "ok") giftProducts.set(handle, result.value);
    }),
  );
  const componentsQty = cart.items.some((item) => item.has_components) ? await loadComponents() : new Map<string, number>();
  const decision = decideGifts({
    groups,
    lines: giftCartLines(cart.items, products),
    product: (handle) => {
      const product = giftProducts.get(handle);
      return product ? giftProductInfo(product) : undefined;
    },
    now: Date.now(),
    removedByHand: removedGifts(sessionStore()),
    onGroupError: (key, error) => console.error(`Gift group "${key}" failed and is switched off for now`, error),
  });
  publish({ products, giftProducts, decision, componentsQty });
  // A newer cart came in while this one was being looked at: decide on that one instead.
  if (latest !== cart) return;

  const updates: Record<string, number> = {};
  // A line whose product cannot be loaded or no longer exists leaves the cart (spec §8).
  for (const line of broken) updates[line.key] = 0;
  for (const key of decision.remove) updates[key] = 0;
  for (const item of cart.items) {
    const view = products.get(item.handle);
    const limited = isGiftLine(item, view) || isLimitedToOne(view?.metafields, view?.metafields_ffc_app);
    if (limited && item.quantity > 1 && !(item.key in updates)) updates[item.key] = 1;
  }
  const additions = decision.autoAdd;
  if (Object.keys(updates).length === 0 && additions.length === 0) return;
  const attempt = `${signature(cart)}|${JSON.stringify(updates)}|${additions.map((gift) => gift.variantId).join(",")}`;
  if (attempted.has(attempt)) return;
  attempted.add(attempt);

  await enqueueCartWork(async () => {
    try {
      if (Object.keys(updates).length > 0) await updateCart({ updates });
    } catch (error) {
      console.error(error);
    }
    for (const gift of additions) {
      try {
        await addToCart([{ id: gift.variantId, quantity: 1, properties: { [GIFT_PROPERTY]: "true", [AUTOMATIC_GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: gift.groupKey } }]);
      } catch (error) {
        console.error(error);
      }
    }
    announceCart(await getCart());
  }).catch((error: unknown) => console.error(error));
}

/** The shopper picks a gift: refused with the limit message when the group is full (spec §8). */
export function chooseGift(groupKey: string, handle: string): void {
  const decision = snapshot.decision;
  if (!decision || !shop) return;
  const { locale } = shop;
  const verdict = canAddGift(decision, groupKey, handle);
  if (!verdict.ok) {
    publish({
      giftError: verdict.reason === "limit" && verdict.group ? giftLimitMessage(locale.gift_limit_error, verdict.group.limit, locale.gift_singular, locale.gift_plural) : locale.gift_not_qualified,
    });
    return;
  }
  const gift = verdict.group.gifts.find((candidate) => candidate.handle === handle);
  if (!gift || gift.variantId === null || gift.disabled) {
    publish({ giftError: locale.gift_unavailable });
    return;
  }
  const variantId = gift.variantId;
  forgetRemovedGift(sessionStore(), handle);
  publish({ giftError: null });
  void enqueueCartWork(async () => {
    try {
      await addToCart([{ id: variantId, quantity: 1, properties: { [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: groupKey } }]);
    } catch (error) {
      console.error(error);
      publish({ giftError: error instanceof CartApiError ? error.message : locale.cart_error_generic });
    }
    announceCart(await getCart());
  }).catch((error: unknown) => console.error(error));
}

export function dismissGiftError(): void {
  publish({ giftError: null });
}
