import type { LineDisplay } from "./line-display.ts";
import type { KitPart } from "../orders/order-summary.ts";
import type { GiftGroupState } from "./free-gifts.ts";
import type { CartJson, LineItemJson } from "../contract/shopify-types.ts";
import type { ShippingState, ThresholdMessage, ThresholdTrack } from "../money/thresholds.ts";

/** A gift product as the side cart's picker shows it. */
export interface GiftProductView {
  handle: string;
  title: string;
  image: string | null;
  /** The gift's chosen variant can be had. */
  available: boolean;
}

/** An upsell offer as the slider shows it. */
export interface UpsellOfferView {
  handle: string;
  variantId: number;
  /** Product title, with the variant's when it has several. */
  title: string;
  price: number;
  image: string | null;
  tag: string | null;
  /** Already in the cart, added from the upsells. */
  added: boolean;
}

/**
 * Everything the side cart and the cart page draw, in one answer of the shop:
 * the cart, how each line shows, the gift decision with its products, the
 * threshold bars and their sentences, shipping and the upsells.
 */
export interface CartViewJson {
  cart: CartJson;
  /** Line display by line key. */
  /** Each line's display and, for a kit, what it holds. */
  lines: Record<string, LineDisplay & { contents: KitPart[] }>;
  gifts: GiftGroupState[];
  giftProducts: Record<string, GiftProductView>;
  thresholds: ThresholdTrack[];
  messages: ThresholdMessage[];
  shipping: ShippingState & { price: number };
  upsells: UpsellOfferView[];
  /** Lines added by the request that answered this view (an add), newest first. */
  added?: LineItemJson[];
}
