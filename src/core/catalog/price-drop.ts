/**
 * "Tell me when the price drops": a shopper follows a product on one site
 * and is emailed once each time its price there falls below the lowest
 * price they have known for it (the price when they followed, then the price
 * of the last drop they were told about). A rise and a fall back to a price
 * they already knew is no new drop; a fall below it is.
 */

/** Where the follow form posts, with and without scripts. */
export const PRICE_DROP_PATH = "/price-drop/follow";
/** The signed confirmation link a guest is emailed. */
export const PRICE_DROP_CONFIRM_PATH = "/price-drop/confirm";
/** The signed link in every price-drop email that stops the follow. */
export const PRICE_DROP_UNFOLLOW_PATH = "/price-drop/unfollow";
/** The query the product page comes back with: `sent`, `following`, `error`, `confirmed`, `already_confirmed`, `unfollowed`. */
export const PRICE_DROP_OUTCOME_PARAM = "price_drop";

/** The catalogue key of the words a shopper agrees to: the form shows them, and the follow keeps them as the site wrote them. */
export const PRICE_DROP_CONSENT = "price_drop_consent";

/** Follows one run of the sender emails at most; the rest wait for the next run. */
export const PRICE_DROP_BATCH_SIZE = 20;

/** A product's price on a site, as a follower sees it: its lowest variant price there (minor units). */
export function followedPrice(variants: readonly { price: number }[]): number | null {
  if (variants.length === 0) return null;
  return Math.min(...variants.map((variant) => variant.price));
}

/** What the shop knows of a follow: the lowest price the follower knows of, in which currency. */
export interface KnownPrice {
  price: number;
  currency: string;
}

/**
 * What a follow's price now means: `drop` (email, then the new price is the
 * one they know), `reset` (the site's currency changed: the known price is
 * replaced without an email, prices in two currencies do not compare), or
 * `none`.
 */
export function priceDropVerdict(known: KnownPrice, now: KnownPrice | null): "drop" | "reset" | "none" {
  if (!now) return "none";
  if (now.currency !== known.currency) return "reset";
  return now.price < known.price ? "drop" : "none";
}
