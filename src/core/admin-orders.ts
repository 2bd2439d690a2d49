/** The back office's orders: the list, one order, and fulfilling it. */
import type { AdminAnswer } from "./admin.ts";
import type { FulfillmentStatus, OrderJson } from "./storefront.ts";

export type { FulfillmentStatus } from "./storefront.ts";
export const FULFILLMENT_STATUSES = ["unfulfilled", "fulfilled", "cancelled"] as const satisfies readonly FulfillmentStatus[];

/** Orders on one page of the list. */
export const ADMIN_ORDERS_PER_PAGE = 25;
/** A tracking number's longest length, in characters. */
export const TRACKING_NUMBER_MAX_LENGTH = 64;

export interface AdminOrderSummary {
  id: number;
  /** "#1001". */
  name: string;
  created_at: string;
  email: string;
  total_price: number;
  currency: string;
  item_count: number;
  fulfillment_status: FulfillmentStatus;
}

export interface AdminOrderList {
  orders: AdminOrderSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** The search as typed (order number or email). */
  query: string;
  status: FulfillmentStatus | null;
}

/** One order as the shop's staff see it: the customer's order (with its fulfilment) and whether it was placed from an account. */
export interface AdminOrder extends OrderJson {
  /** The account the order belongs to, or null for a guest's order. */
  customer_id: number | null;
}

export interface AdminOrdersClient {
  /** Newest first, 25 a page; `query` is an order number ("1001", "#1001") or part of an email. Empty without a signed-in staff member. */
  list(options: { query?: string; status?: FulfillmentStatus | null; page?: number }): Promise<AdminOrderList>;
  /** Null when there is no such order, or nobody is signed in. */
  order(id: number): Promise<AdminOrder | null>;
  /** Marks an order fulfilled with its tracking number (`tracking_number`); the customer is told by email. */
  fulfil(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
}
