/**
 * Customer accounts: the shapes the account pages are drawn from and the
 * limits the forms show. The forms' schemas are in account-forms.ts, which
 * only the platform loads (zod stays out of the browser's bundle).
 */
import type { RefusalReason } from "../common/refusal.ts";
import type { OrderJson } from "../orders/order-json.ts";
import type { Translate } from "../i18n/messages.ts";

/** Shorter passwords are guessed too easily; longer ones only cost the server hashing time. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The customer as every page sees them: `id` and `hash` let later features (save for later) prove who is asking. */
export interface CustomerJson {
  id: number;
  /** HMAC-SHA256 of the id under the shop's secret, in hex. */
  hash: string;
  email: string;
  first_name: string;
  last_name: string;
  accepts_marketing: boolean;
}

export interface CustomerAddress {
  id: number;
  first_name: string;
  last_name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string | null;
  zip: string;
  country: string;
  phone: string | null;
  default: boolean;
}

/** An order in the account's history. */
export interface CustomerOrder extends OrderJson {
  /** What the shopper reads as the order's state. */
  status: string;
}

/** Everything `/account` shows. */
export interface AccountOverview {
  customer: CustomerJson;
  /** Newest first. */
  orders: CustomerOrder[];
  /** The default first. */
  addresses: CustomerAddress[];
}

/** What the checkout fills in for a logged-in customer. */
export interface CheckoutPrefill {
  email: string;
  address: CustomerAddress | null;
}

/** Field name (without Shopify's `customer[…]` wrapper) → messages, and the text above the form. */
export interface FormProblem {
  description: string;
  errors: Record<string, string[]>;
}

/**
 * What an account form's post did: where to go next (the account, the bot
 * check, back to the form), or why not, with the status the page answers.
 * Either way `cookies` are the Set-Cookie values the response must carry
 * (a new session, the customer's cart, the bot check's pass).
 */
export type AccountAnswer =
  | { ok: true; redirect: string; cookies: string[] }
  | (FormProblem & { ok: false; reason: RefusalReason; cookies: string[]; retryAfter?: number });

export type ChallengePurpose = "register" | "login" | "recover";

/** The bot check page: what it is for, and the proof-of-work challenge for the widget. */
export interface ChallengeView {
  /** Null when nobody is waiting on a check (the page then says so). */
  purpose: ChallengePurpose | null;
  /** The ALTCHA challenge, as the widget takes it. */
  challenge: Record<string, unknown> | null;
}

/** The order's state as the account's history shows it. The shop takes no payment yet, so a test order says so. In the site's words with `translate`, else in English (the back office). */
export function orderStatus(order: Pick<OrderJson, "test" | "fulfillment_status" | "tracking_number"> & Partial<Pick<OrderJson, "financial_status">>, translate?: Translate): string {
  const refund = order.financial_status === "refunded" ? "refunded" : order.financial_status === "partially_refunded" ? "partly refunded" : null;
  if (translate) {
    const state = [fulfilmentText(order, translate) ?? translate("order_status_placed"), refund === null ? null : translate(refund === "refunded" ? "order_status_refunded" : "order_status_partly_refunded")];
    return [...state.filter(Boolean), ...(order.test ? [translate("order_status_test")] : [])].join(" · ");
  }
  const state = [fulfilmentText(order) ?? "Placed", refund].filter(Boolean).join(" · ");
  return order.test ? `${state} · test order, no payment taken` : state;
}

/** What has been given back of an order, with the amount written by `money`; null while nothing has. */
export function refundText(order: Pick<OrderJson, "financial_status" | "total_refunded">, money: (cents: number) => string, translate?: Translate): string | null {
  if (order.total_refunded <= 0) return null;
  if (translate) return translate(order.financial_status === "refunded" ? "order_refunded_full" : "order_refunded_part", { amount: money(order.total_refunded) });
  return order.financial_status === "refunded" ? `Refunded in full: ${money(order.total_refunded)}` : `Partly refunded: ${money(order.total_refunded)}`;
}

/** What has become of a sent or cancelled order, in the shopper's words; null while it waits to be sent. */
export function fulfilmentText(order: Pick<OrderJson, "fulfillment_status" | "tracking_number">, translate?: Translate): string | null {
  if (order.fulfillment_status === "cancelled") return translate ? translate("order_cancelled") : "Cancelled";
  if (order.fulfillment_status !== "fulfilled") return null;
  if (translate) return order.tracking_number ? translate("order_fulfilled_tracking", { tracking: order.tracking_number }) : translate("order_fulfilled");
  return order.tracking_number ? `Fulfilled — tracking number ${order.tracking_number}` : "Fulfilled";
}
