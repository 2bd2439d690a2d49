/** The back office's orders: the list, one order, and fulfilling it. */
import type { AdminAnswer } from "./admin.ts";
import type { OrderJson } from "./storefront.ts";

export const FULFILLMENT_STATUSES = ["unfulfilled", "fulfilled", "cancelled"] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

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

export interface AdminOrder extends OrderJson {
  fulfillment_status: FulfillmentStatus;
  tracking_number: string | null;
  fulfilled_at: string | null;
}

export interface AdminOrdersClient {
  list(options: { query?: string; status?: FulfillmentStatus | null; page?: number }): Promise<AdminOrderList>;
  order(id: number): Promise<AdminOrder | null>;
  /** Marks an order fulfilled with its tracking number (`tracking_number`); the customer is told by email. */
  fulfil(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
}
