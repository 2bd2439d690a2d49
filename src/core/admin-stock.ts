/** The back office's stock: quantities per variant, the low-stock list, and adjustments with a reason. */
import type { AdminAnswer } from "./admin.ts";

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

export interface AdminStockClient {
  list(options: { query?: string; lowOnly?: boolean; page?: number }): Promise<AdminStockList>;
  /** Adds `delta` units (negative takes away) with a `reason`, or sets `quantity`; recorded with who did it. */
  adjust(variantId: number, form: Record<string, unknown>): Promise<AdminAnswer>;
}
