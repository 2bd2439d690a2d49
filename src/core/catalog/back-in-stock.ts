/**
 * "Email me when it's back": who may ask (a shopper looking at a sold-out
 * variant), what the request is checked for, what the shopper is told, and
 * how the shop sends the emails when the variant is in stock again (in order
 * of request, a batch at a time, only while it can be bought).
 */
import type { VariantJson } from "../contract/shopify-types.ts";

/** Where the form posts, with and without scripts. */
export const BACK_IN_STOCK_PATH = "/back-in-stock/request";
/** The signed confirmation link in the first email. */
export const BACK_IN_STOCK_CONFIRM_PATH = "/back-in-stock/confirm";
/** The signed link in the "it's back" email: it puts the variant in the shopper's cart. */
export const BACK_IN_STOCK_ADD_PATH = "/back-in-stock/add";
/** The query a plain form's page comes back with: `sent` or `error`. */
export const BACK_IN_STOCK_OUTCOME_PARAM = "back_in_stock";

/** The catalogue key of the words a shopper agrees to: the form shows them, and the request keeps them as the site wrote them. */
export const BACK_IN_STOCK_CONSENT = "alert_back_in_stock_consent";

/** Requests one run of the sender emails at most; the rest wait for the next run. */
export const BACK_IN_STOCK_BATCH_SIZE = 20;

type StockFields = Pick<VariantJson, "available" | "inventory_management">;

/** A variant the shop counts stock for and cannot sell now may be asked after; one always on sale never runs out. */
export function offersBackInStock(variant: StockFields | undefined): boolean {
  return !!variant && !variant.available && variant.inventory_management === "shopify";
}

/** The variants of a product a shopper may ask after (every one of them, when the whole product is sold out). */
export function backInStockVariants<V extends StockFields>(variants: readonly V[]): V[] {
  return variants.filter((variant) => offersBackInStock(variant));
}
