/** The back office's stock: quantities per variant, the low-stock list, and adjustments with a reason. */
import type { AdminAnswer } from "./answers.ts";
import type { ProductAlertEntry } from "../catalog/product-alerts.ts";

export interface AdminStockRow {
  variantId: number;
  productTitle: string;
  productHandle: string;
  variantTitle: string;
  sku: string;
  /** Units on hand (may be below zero when the variant may oversell). */
  quantity: number;
  /** Whether the shop counts this variant's stock at all. */
  tracked: boolean;
  policy: "deny" | "continue";
  low: boolean;
}

export interface AdminStockList {
  rows: AdminStockRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
  lowOnly: boolean;
}

/** Why stock changed, as the adjust form offers it. */
export const STOCK_REASONS = ["received", "correction", "damaged", "returned", "other"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Each reason in the shop's words. */
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: "Received from supplier",
  correction: "Count correction",
  damaged: "Damaged or expired",
  returned: "Returned by a customer",
  other: "Other",
};

/** The most units one adjustment may add or take away, and the most a count may be set to. */
export const STOCK_ADJUSTMENT_MAX = 1_000_000;
/** The longest note an adjustment keeps. */
export const STOCK_NOTE_MAX_LENGTH = 200;
/** Variants listed per page. */
export const STOCK_PAGE_SIZE = 50;

/** One recorded change to a variant's stock. */
export interface AdminStockAdjustment {
  id: number;
  variantId: number;
  productTitle: string;
  variantTitle: string;
  sku: string;
  delta: number;
  quantityAfter: number;
  reason: StockReason;
  note: string;
  /** Who made it; null once their staff account is removed. */
  staffName: string | null;
  at: string;
}

export interface AdminStockClient {
  list(options: { query?: string; lowOnly?: boolean; page?: number }): Promise<AdminStockList>;
  /** The latest adjustments, newest first: the shop's, or one variant's. */
  adjustments(options?: { variantId?: number; limit?: number }): Promise<AdminStockAdjustment[]>;
  /**
   * Adds `delta` units (negative takes away) or sets `quantity`, with a
   * `reason` (one of STOCK_REASONS) and an optional `note`; recorded with who
   * did it. Field errors are keyed `delta`, `quantity`, `reason`, `note`.
   */
  adjust(variantId: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Who waits for a product alert (back in stock, a price drop), most followed first. */
  productAlerts(): Promise<ProductAlertEntry[]>;
}
