/** The back office's orders: the list, one order, and fulfilling it. */
import type { AdminAnswer } from "./answers.ts";
import type { CancelReason } from "../orders/refunds.ts";
import type { FulfillmentStatus, OrderJson } from "../contract/storefront.ts";

export type { FulfillmentStatus } from "../contract/storefront.ts";
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

/** One refund as the order page lists it. */
export interface AdminRefund {
  id: number;
  at: string;
  /** Who gave it, or null when their account has since been removed. */
  staff: string | null;
  amount: number;
  /** Of `amount`, what went back onto the gift card that paid. */
  gift_card_amount: number;
  shipping: number;
  lines: { index: number; title: string; quantity: number; amount: number }[];
  restocked: boolean;
  note: string;
  /** The payment provider's id for the money it gave back, when it went back through the provider. */
  provider_refund_id: string | null;
}

/** One order as the shop's staff see it: the customer's order (with its fulfilment), whether it was placed from an account, and its refunds. */
export interface AdminOrder extends OrderJson {
  /** The account the order belongs to, or null for a guest's order. */
  customer_id: number | null;
  refunds: AdminRefund[];
  /** Units of each line that may still be refunded. */
  refundable: number[];
  /** Whether the shipping may still be refunded. */
  shipping_refundable: boolean;
  /** Which lines are gift cards (refunded only while unused; no stock to return). */
  gift_card_lines: boolean[];
  cancel_reason: CancelReason | null;
}

/** A refund note's longest length, in characters. */
export const REFUND_NOTE_MAX_LENGTH = 500;

export interface AdminOrdersClient {
  /** Newest first, 25 a page; `query` is an order number ("1001", "#1001") or part of an email. Empty without a signed-in staff member. */
  list(options: { query?: string; status?: FulfillmentStatus | null; page?: number }): Promise<AdminOrderList>;
  /** Null when there is no such order, or nobody is signed in. */
  order(id: number): Promise<AdminOrder | null>;
  /** Marks an order fulfilled with its tracking number (`tracking_number`); the customer is told by email. */
  fulfil(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Gives back some units (`quantity_<line index>`) and perhaps the shipping (`shipping`), returning the units to stock with `restock`; the customer is told by email. */
  refund(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Cancels an order not yet sent (`reason`): everything not yet refunded is given back, and with `restock` its units return to stock. */
  cancel(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** The orders the list's search and filter find, every page, as CSV; null without a signed-in staff member. */
  exportCsv(options: { query?: string; status?: FulfillmentStatus | null }): Promise<string | null>;
  /** The order's invoice as a PDF download; null when there is no such order or nobody is signed in. */
  invoice(id: number): Promise<Response | null>;
}
