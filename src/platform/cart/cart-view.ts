/**
 * The cart as the side cart and the cart page draw it, in one answer: the
 * priced cart, how each line shows, the gift decision with its products, the
 * threshold bars and their sentences, shipping and the upsells. Everything is
 * worked out here, from the same rules the shop charges by.
 */
import type { SiteTax } from "../../core/tax/tax.ts";
import { shippingSpend } from "../../core/checkout/checkout.ts";
import { lineDisplay } from "../../core/cart/line-display.ts";
import type { CartViewJson, GiftProductView, UpsellOfferView } from "../../core/cart/cart-view-json.ts";
import { type GiftDecision, giftVariant } from "../../core/cart/free-gifts.ts";
import type { Locale } from "../../core/sites/locale.ts";
import { upsellHandlesOf } from "../../core/catalog/product-metafields.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { chosenRate, quoteCartRates, quoteCountryOf, zonesOf } from "../../core/checkout/shipping-rates.ts";
import type { CartJson, LineItemJson, ProductViewJson } from "../../core/contract/shopify-types.ts";
import { shippingState, thresholdMessages, thresholdTracks } from "../../core/money/thresholds.ts";
import { type UpsellEntry, mergeUpsellEntries, parseUpsellList, upsellOffers } from "../../core/cart/upsells.ts";
import { type Catalog, isVariantAvailable } from "../catalog/catalog.ts";
import { productViewJson } from "../catalog/product-json.ts";
import { recommendProducts } from "../catalog/recommendations.ts";
import type { StoredCart } from "./cart-model.ts";
import { cartJson, kitContents } from "./cart-json.ts";
import { giftDecisionFor } from "./cart-rules.ts";
import type { LinePricing, PricingContext } from "./pricing.ts";

/** How many suggestions the upsell slider carries at most. */
const MAX_UPSELLS = 10;
/** Related products asked for per cart product. */
const RECOMMENDATIONS_PER_PRODUCT = 4;

export interface CartViewInput {
  cart: StoredCart;
  catalog: Catalog;
  settings: Pick<Settings, "currency" | "moneyFormat" | "sideCart" | "upsell" | "checkout">;
  /** The tax of the site the cart is drawn on. */
  siteTax: SiteTax | null;
  locale: Pick<Locale, "gift_declined" | "thresholds_label">;
  pricing: PricingContext;
  /** The countries of the site the cart is drawn on: shipping is quoted to the first the shop ships to, as the checkout starts. */
  siteCountries: readonly string[];
  /** The line-level pricing, when the change that led here has it already. */
  lines?: LinePricing;
  /** The gift decision the change settled the cart with, so it is not worked out twice. */
  decision?: GiftDecision;
  /** Lines the request added, for the answer to an add. */
  added?: LineItemJson[];
}

export function cartViewJson(input: CartViewInput): CartViewJson {
  const { catalog, settings } = input;
  const cart = cartJson(input.cart, catalog, { currency: settings.currency, tax: input.siteTax }, input.pricing, input.lines);
  const decision = input.decision ?? giftDecisionFor(cart.items, catalog, { groups: settings.sideCart.freeGiftsData, now: input.pricing.now, removedByHand: new Set(input.cart.removed_gifts) });
  const views = new Map<string, ProductViewJson>();
  const viewOf = (handle: string): ProductViewJson | undefined => {
    const known = views.get(handle);
    if (known) return known;
    const product = catalog.productsByHandle.get(handle);
    if (!product || !product.published) return undefined;
    const view = productViewJson(product, catalog);
    views.set(handle, view);
    return view;
  };
  const spend = shippingSpend(cart);
  const tracks = thresholdTracks(spend, settings.sideCart, decision.groups, settings.moneyFormat, input.locale.thresholds_label);
  const shipping = shippingState(spend, settings.sideCart, settings.moneyFormat);
  return {
    cart,
    lines: Object.fromEntries(cart.items.map((item) => [item.key, { ...lineDisplay(item, viewOf(item.handle), cart), contents: kitContents(catalog, item.product_id, item.quantity) }])),
    gifts: decision.groups,
    giftProducts: giftProducts(settings.sideCart.freeGiftsData, catalog),
    thresholds: tracks,
    messages: thresholdMessages(tracks, decision.groups, (title) => input.locale.gift_declined.replace("{title}", title)),
    shipping: { ...shipping, price: standardShippingPrice(cart, settings, input.siteCountries) },
    upsells: upsellViews(cart, catalog, settings, viewOf),
    ...(input.added ? { added: input.added } : {}),
  };
}

/** What the cart pays to ship at the standard rate to the site's country, by the rule the checkout charges by. */
function standardShippingPrice(cart: CartJson, settings: CartViewInput["settings"], siteCountries: readonly string[]): number {
  const zones = zonesOf(settings);
  const rates = quoteCartRates(zones, quoteCountryOf(zones, siteCountries), cart) ?? [];
  return chosenRate(rates, "standard")?.price ?? 0;
}

function giftProducts(groups: Settings["sideCart"]["freeGiftsData"], catalog: Catalog): Record<string, GiftProductView> {
  const entries: [string, GiftProductView][] = [];
  for (const group of groups) {
    for (const gift of group.products) {
      const product = catalog.productsByHandle.get(gift.handle);
      if (!product || !product.published) continue;
      const variant = giftVariant({ handle: product.handle, variants: product.variants.map((candidate) => ({ id: candidate.id, sku: candidate.sku, available: isVariantAvailable(candidate) })) }, gift.sku);
      entries.push([gift.handle, { handle: gift.handle, title: product.title, image: product.images[0]?.src ?? null, available: variant?.available ?? false }]);
    }
  }
  return Object.fromEntries(entries);
}

/**
 * The upsell slider's offers: the merchant's list, then each cart product's
 * own suggestions, then (when switched on) products related to what is in the
 * cart, minus what the upsell rule hides.
 */
function upsellViews(cart: CartJson, catalog: Catalog, settings: CartViewInput["settings"], viewOf: (handle: string) => ProductViewJson | undefined): UpsellOfferView[] {
  if (!settings.upsell.enabled || cart.items.length === 0) return [];
  const entry = (handle: string): UpsellEntry => ({ handle, variantId: null, tag: null });
  const fromProducts = cart.items.flatMap((item) => upsellHandlesOf(viewOf(item.handle)?.metafields, item.handle).map(entry));
  const paidProducts = [...new Set(cart.items.filter((item) => item.final_line_price > 0).map((item) => item.product_id))];
  const fromRelated = settings.sideCart.useAutomaticRecommendations
    ? paidProducts.flatMap((id) => {
        const product = catalog.products.get(id);
        return product ? recommendProducts(product, catalog, "related", RECOMMENDATIONS_PER_PRODUCT).map((related) => entry(related.handle)) : [];
      })
    : [];
  const entries = mergeUpsellEntries(parseUpsellList(settings.upsell.upsell_products), fromProducts, fromRelated);
  const views = new Map<string, ProductViewJson>();
  for (const { handle } of entries) {
    const view = viewOf(handle);
    if (view) views.set(handle, view);
  }
  return upsellOffers(entries, views, cart.items)
    .slice(0, MAX_UPSELLS)
    .map((offer) => ({
      handle: offer.handle,
      variantId: offer.variant.id,
      title: offer.variant.title === "Default Title" ? offer.view.product.title : `${offer.view.product.title} – ${offer.variant.title}`,
      price: offer.variant.price,
      image: offer.variant.featured_image?.src ?? offer.view.product.featured_image,
      tag: offer.tag,
      added: offer.added,
    }));
}
