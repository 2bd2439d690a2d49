/**
 * The back office's subscriptions: the list (searched by the customer's
 * email or a product, filtered by status), one subscription with its
 * history, and the merchant's changes to it (skip, pause, resume, cancel,
 * a new next date, a price override), each recorded with the staff member.
 */
import type { AdminAnswer } from "./answers.ts";

/** Subscriptions on one page of the list. */
export const ADMIN_SUBSCRIPTIONS_PER_PAGE = 25;

export const SUBSCRIPTION_STATUSES = ["active", "paused", "cancelled", "failed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type PlanInterval = "day" | "week" | "month";

export interface AdminSubscriptionSummary {
  id: number;
  customer_id: number;
  email: string;
  /** "2 × Gentle Cleanser" per line. */
  products: string[];
  status: SubscriptionStatus;
  interval: PlanInterval;
  interval_count: number;
  /** `YYYY-MM-DD`, the shop's calendar day. */
  next_date: string;
  /** The goods of one delivery at the contract's prices, and its shipping, in minor units of `currency`. */
  delivery_price: number;
  shipping_price: number;
  currency: string;
}

export interface AdminSubscriptionList {
  subscriptions: AdminSubscriptionSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** The search as typed (part of the customer's email or of a product's title). */
  query: string;
  status: SubscriptionStatus | null;
}

/** What happened to a subscription, oldest first: the customer's changes, the renewals, and the staff's changes (with who made them). */
export interface AdminSubscriptionEvent {
  id: number;
  kind: string;
  at: string;
  detail: Record<string, unknown>;
  /** The staff member who made the change, or null for the customer's own changes and the shop's renewals. */
  staff: string | null;
}

export interface AdminSubscriptionRenewal {
  scheduled_date: string;
  /** charging: placed, its payment being taken or tried again on `retry_on`; failed: every try declined. */
  status: "waiting" | "placed" | "charging" | "failed";
  retry_on: string | null;
  order: { id: number; name: string } | null;
}

export interface AdminSubscription extends AdminSubscriptionSummary {
  customer_name: string;
  lines: { variant_id: number; title: string; quantity: number; price: number; sku: string | null }[];
  shipping_method: string;
  site: string;
  cancel_reason: string | null;
  created_at: string;
  /** The order that made it. */
  origin_order: { id: number; name: string } | null;
  events: AdminSubscriptionEvent[];
  renewals: AdminSubscriptionRenewal[];
}

/** The merchant's changes to a subscription, each a form naming itself with `intent`. */
export const SUBSCRIPTION_INTENTS = ["skip", "pause", "resume", "cancel", "reschedule", "price"] as const;
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number];

/** The cancel form's box that confirms it: a cancelled subscription delivers nothing more and cannot be resumed. */
export const CANCEL_CONFIRM_FIELD = "confirm_cancel";

/** The price override's field for a line's new unit price. */
export const priceField = (variantId: number) => `price_${variantId}`;

export interface AdminSubscriptionsClient {
  /** Soonest next delivery first, 25 a page. Empty without a signed-in staff member who may see customers. */
  list(options: { query?: string; status?: SubscriptionStatus | null; page?: number }): Promise<AdminSubscriptionList>;
  /** Null when there is no such subscription, or nobody allowed is signed in. */
  subscription(id: number): Promise<AdminSubscription | null>;
  /** One of the merchant's changes (`intent`), recorded as an event with the staff member and in the audit log. */
  change(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
}
