/** What the back office's pages share: how an order's status is named and marked, and how dates are written. */
import type { FulfillmentStatus } from "../../core/admin/admin-orders.ts";
import type { FinancialStatus } from "../../core/orders/refunds.ts";

const LABELS: Record<FulfillmentStatus, string> = { unfulfilled: "Unfulfilled", fulfilled: "Fulfilled", cancelled: "Cancelled" };

export const statusLabel = (status: FulfillmentStatus) => LABELS[status];

/** A status in words, its colour only a second cue. */
export function FulfilmentBadge({ status }: { status: FulfillmentStatus }) {
  return <span className={`admin-badge admin-badge--${status}`}>{statusLabel(status)}</span>;
}

/** Dates and times in the shop's own time zone, the same on the server and in the browser. */
export const adminDates = (language: string, timeZone: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone });

const FINANCIAL_LABELS: Record<FinancialStatus, string> = { pending: "Awaiting payment", paid: "Paid", partially_refunded: "Partially refunded", refunded: "Refunded", voided: "Not paid" };

/** What became of the order's money, in words; nothing is shown while it is simply paid. */
export function FinancialBadge({ status }: { status: FinancialStatus }) {
  if (status === "paid") return null;
  return <span className={`admin-badge admin-badge--${status.replace("_", "-")}`}>{FINANCIAL_LABELS[status]}</span>;
}
