/** The back office's customers: the list, one customer with everything the shop keeps about them, their data as a download, and erasing it on request. */
import type { AdminAnswer } from "./answers.ts";
import type { AdminOrderSummary } from "./admin-orders.ts";
import type { AdminSubscriptionSummary } from "./admin-subscriptions.ts";

/** Customers on one page of the list. */
export const ADMIN_CUSTOMERS_PER_PAGE = 25;

export interface AdminCustomerSummary {
  id: number;
  email: string;
  name: string;
  created_at: string;
  accepts_marketing: boolean;
  orders_count: number;
}

export interface AdminCustomerList {
  customers: AdminCustomerSummary[];
  total: number;
  page: number;
  pageCount: number;
  /** The search as typed (part of a name or an email). */
  query: string;
}

/** One customer and everything the shop keeps about them. */
export interface AdminCustomer extends AdminCustomerSummary {
  addresses: { id: number; lines: string[]; default: boolean }[];
  orders: AdminOrderSummary[];
  /** The newsletter sign-up under their email, if any. */
  subscription: { status: "pending" | "active" | "unsubscribed"; lists: string[]; created_at: string } | null;
  messages: { id: number; created_at: string; body: string }[];
  bookings: { id: number; reference: string; type: string; created_at: string }[];
  /** Whether they keep a saved-for-later list at the shop. */
  saved_items: number;
  /** Their subscribe-and-save subscriptions, newest first. */
  subscriptions: AdminSubscriptionSummary[];
}

/** The form field that confirms an erasure: the customer's email typed again. */
export const ERASE_CONFIRM_FIELD = "confirm_email";

export interface AdminCustomersClient {
  /** Newest first, 25 a page; `query` is part of an email or a name. Empty without a signed-in staff member. */
  list(options: { query?: string; page?: number }): Promise<AdminCustomerList>;
  /** Null when there is no such customer, or nobody is signed in. */
  customer(id: number): Promise<AdminCustomer | null>;
  /** Everything the shop keeps about the customer, as a JSON document for them; null as `customer`. */
  exportData(id: number): Promise<string | null>;
  /**
   * Erases the customer on request: their account, addresses, sessions,
   * saved list, sign-up, messages and bookings are deleted, and their orders
   * kept for the books with the personal details removed. The email must be
   * typed again (`confirm_email`).
   */
  erase(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
}
