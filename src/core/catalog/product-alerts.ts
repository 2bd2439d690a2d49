/**
 * Product alerts, as the back office lists them: back in stock (a shopper
 * follows a sold-out variant) and price drops (a shopper follows a product's
 * price on one site) are two kinds of one thing, so one list shows both.
 */

export type ProductAlertKind = "back_in_stock" | "price_drop";

/** One thing followed (a variant for back in stock, a product for a price drop) and who follows it. */
export interface ProductAlertEntry {
  kind: ProductAlertKind;
  productId: number;
  productTitle: string;
  /** The variant followed, with its stock on hand; null when the whole product is. */
  variant: { id: number; title: string; quantity: number } | null;
  /** Confirmed alerts, emailed when the event comes. */
  following: number;
  /** Not confirmed yet: they do not count until they are. */
  unconfirmed: number;
  /** Oldest first: the order back-in-stock emails go in. */
  followers: {
    email: string;
    status: "pending" | "following" | "sending";
    siteCode: string;
    /** The language the emails are written in; null for an alert kept before languages were (its site's). */
    locale: string | null;
    since: string;
    lastEmailedAt: string | null;
    /** The lowest price a price-drop follower knows of (minor units); null for back in stock. */
    knownPrice: { price: number; currency: string } | null;
  }[];
}
