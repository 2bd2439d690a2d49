import { type AdminAnswer, LOW_STOCK_THRESHOLD, type StaffJson } from "../../core/admin/admin.ts";
import {
  type AdminStockAdjustment,
  type AdminStockClient,
  type AdminStockList,
  type AdminStockRow,
  STOCK_ADJUSTMENT_MAX,
  STOCK_NOTE_MAX_LENGTH,
  STOCK_PAGE_SIZE,
  STOCK_REASONS,
  type StockReason,
} from "../../core/admin/admin-stock.ts";
import { productAlertList } from "../catalog/product-alerts.ts";
import { bumpInventoryRevision } from "../catalog/catalog.ts";
import type { Database } from "../db/database.ts";
import { recordAudit } from "./audit.ts";
import { containing } from "./list-query.ts";
import { AdminRefused, refusal } from "./refusal.ts";

/** The longest search the list takes; the rest is ignored. */
const QUERY_MAX_LENGTH = 100;
const ADJUSTMENTS_DEFAULT = 20;
const ADJUSTMENTS_MAX = 100;
const INT4_MAX = 2_147_483_647;
/**
 * Titles sort by their letters without accents, byte by byte, so "Sérum"
 * files under S beside "Serum" and both databases agree whatever their locale.
 */
const TITLE_ORDER_SQL = "translate(lower(p.title), 'àáâäãåæçèéêëìíîïñòóôöõøœùúûüýÿ', 'aaaaaaaceeeeiiiinooooooouuuuyy') collate \"C\"";

/**
 * A variant runs low when the shop counts its stock, will not sell beyond it,
 * and has no more than the threshold left (a pre-order keeps selling, so it never runs out).
 * The home page's count (StaffService.home) follows the same rule; the stock tests hold them together.
 */
const lowStockSql = (threshold: string) => `v.inventory_management = 'shopify' and v.inventory_policy = 'deny' and v.inventory_quantity <= ${threshold}`;

interface StockRowSql {
  id: number;
  product_title: string;
  product_handle: string;
  variant_title: string;
  sku: string;
  inventory_quantity: number;
  inventory_management: "shopify" | null;
  inventory_policy: "deny" | "continue";
}

interface AdjustmentSql {
  id: number;
  variant_id: number;
  product_title: string;
  variant_title: string;
  sku: string;
  delta: number;
  quantity_after: number;
  reason: StockReason;
  note: string;
  staff_name: string | null;
  staff_email: string | null;
  at: Date | string;
}

/** A posted field as text: strings trimmed, finite numbers written out, anything else empty. */
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "");

const WHOLE_NUMBER = /^[+-]?\d+$/;
const formatCount = (n: number) => n.toLocaleString("en-GB");

const rowOf = (row: StockRowSql): AdminStockRow => {
  const tracked = row.inventory_management !== null;
  return {
    variantId: row.id,
    productTitle: row.product_title,
    productHandle: row.product_handle,
    variantTitle: row.variant_title,
    sku: row.sku,
    quantity: row.inventory_quantity,
    tracked,
    policy: row.inventory_policy,
    low: tracked && row.inventory_policy === "deny" && row.inventory_quantity <= LOW_STOCK_THRESHOLD,
  };
};

/** What the form asks for: a change by `delta` or a new count `quantity`, with the reason; or the fields' errors. */
type StockChange = { kind: "delta"; delta: number; reason: StockReason; note: string } | { kind: "set"; quantity: number; reason: StockReason; note: string };

function readChange(form: Record<string, unknown>): { change: StockChange } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const deltaText = text(form.delta);
  const quantityText = text(form.quantity);
  let change: { kind: "delta"; delta: number } | { kind: "set"; quantity: number } | null = null;
  if (deltaText !== "" && quantityText !== "") {
    errors.quantity = "Enter either the units to add or take away, or the new count, not both.";
  } else if (quantityText !== "") {
    const quantity = Number(quantityText);
    if (!WHOLE_NUMBER.test(quantityText) || quantity < 0) errors.quantity = "Enter the new count as a whole number of 0 or more.";
    else if (quantity > STOCK_ADJUSTMENT_MAX) errors.quantity = `Enter a count of at most ${formatCount(STOCK_ADJUSTMENT_MAX)}.`;
    else change = { kind: "set", quantity };
  } else if (deltaText === "") {
    errors.delta = "Enter how many units to add, or a minus number to take away.";
  } else {
    const delta = Number(deltaText);
    if (!WHOLE_NUMBER.test(deltaText)) errors.delta = "Enter a whole number of units, such as 12 or -3.";
    else if (delta === 0) errors.delta = "Enter a number other than 0.";
    else if (Math.abs(delta) > STOCK_ADJUSTMENT_MAX) errors.delta = `Enter at most ${formatCount(STOCK_ADJUSTMENT_MAX)} units at a time.`;
    else change = { kind: "delta", delta };
  }
  const reason = text(form.reason);
  if (!(STOCK_REASONS as readonly string[]).includes(reason)) errors.reason = "Choose why the stock is changing.";
  const note = text(form.note);
  if (note.length > STOCK_NOTE_MAX_LENGTH) errors.note = `Keep the note to ${STOCK_NOTE_MAX_LENGTH} characters or fewer.`;
  if (Object.keys(errors).length > 0 || change === null) return { errors };
  return { change: { ...change, reason: reason as StockReason, note } };
}

/**
 * The back office's stock area. `actor` names who is signed in; reads
 * assume the admin layout has already checked that, and every adjustment
 * checks it again (a post reaches the action whatever the layout decides).
 */
export function stockAdmin(db: Database, actor: () => Promise<StaffJson | null>): AdminStockClient {
  return {
    async list({ query = "", lowOnly = false, page = 1 }): Promise<AdminStockList> {
      const search = query.trim().slice(0, QUERY_MAX_LENGTH);
      const params: unknown[] = [];
      const where: string[] = [];
      if (lowOnly) {
        params.push(LOW_STOCK_THRESHOLD);
        where.push(lowStockSql(`$${params.length}`));
      }
      if (search !== "") {
        // The search is a literal: its % and _ match only themselves.
        params.push(containing(search));
        where.push(`(p.title ilike $${params.length} or v.sku ilike $${params.length})`);
      }
      const from = `from variants v join products p on p.id = v.product_id ${where.length ? `where ${where.join(" and ")}` : ""}`;
      const [counted] = await db.query<{ count: number }>(`select count(*)::int as count ${from}`, params);
      const total = counted?.count ?? 0;
      const pageCount = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
      const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pageCount);
      const rows = await db.query<StockRowSql>(
        `select v.id, p.title as product_title, p.handle as product_handle, v.title as variant_title, v.sku,
                v.inventory_quantity, v.inventory_management, v.inventory_policy
         ${from}
         order by ${TITLE_ORDER_SQL}, p.id, v.position, v.id
         limit ${STOCK_PAGE_SIZE} offset ${(current - 1) * STOCK_PAGE_SIZE}`,
        params,
      );
      return { rows: rows.map(rowOf), total, page: current, pageCount, query: search, lowOnly };
    },

    async adjustments({ variantId, limit = ADJUSTMENTS_DEFAULT } = {}): Promise<AdminStockAdjustment[]> {
      const params: unknown[] = [Math.min(Math.max(1, Math.trunc(limit) || ADJUSTMENTS_DEFAULT), ADJUSTMENTS_MAX)];
      if (variantId !== undefined) params.push(variantId);
      const rows = await db.query<AdjustmentSql>(
        `select a.id, a.variant_id, p.title as product_title, v.title as variant_title, v.sku, a.delta, a.quantity_after,
                a.reason, a.note, s.name as staff_name, s.email as staff_email, a.at
         from stock_adjustments a
         join variants v on v.id = a.variant_id
         join products p on p.id = v.product_id
         left join staff s on s.id = a.staff_id
         ${variantId !== undefined ? "where a.variant_id = $2" : ""}
         order by a.at desc, a.id desc
         limit $1`,
        params,
      );
      return rows.map((row) => ({
        id: row.id,
        variantId: row.variant_id,
        productTitle: row.product_title,
        variantTitle: row.variant_title,
        sku: row.sku,
        delta: row.delta,
        quantityAfter: row.quantity_after,
        reason: row.reason,
        note: row.note,
        staffName: row.staff_name || row.staff_email || null,
        at: new Date(row.at).toISOString(),
      }));
    },

    productAlerts: () => productAlertList(db),

    async adjust(variantId, form): Promise<AdminAnswer> {
      const staff = await actor();
      if (!staff) return refusal("signed_out", "Please sign in to change stock.");
      if (!Number.isSafeInteger(variantId) || variantId <= 0) return refusal("not_found", "That variant is not in the catalog.");
      const read = readChange(form);
      if ("errors" in read) return refusal("invalid", "Stock was not changed. Please check the highlighted fields.", read.errors);
      const { change } = read;
      try {
        return await db.transaction(async (tx) => {
          // The row lock orders this change with checkouts and other adjustments: each reads the count the last one left.
          const [variant] = await tx.query<StockRowSql>(
            `select v.id, p.title as product_title, p.handle as product_handle, v.title as variant_title, v.sku,
                    v.inventory_quantity, v.inventory_management, v.inventory_policy
             from variants v join products p on p.id = v.product_id
             where v.id = $1
             for update of v`,
            [variantId],
          );
          if (!variant) throw new AdminRefused(refusal("not_found", "That variant is not in the catalog."));
          const name = variant.variant_title === "Default Title" ? variant.product_title : `${variant.product_title} (${variant.variant_title})`;
          if (variant.inventory_management === null) {
            throw new AdminRefused(refusal("conflict", `The shop does not count stock for ${name}: it is always available, so there is no stock to adjust.`));
          }
          const before = variant.inventory_quantity;
          const after = change.kind === "set" ? change.quantity : before + change.delta;
          // Taking away never leaves less than nothing on hand; a count already below zero (oversold) may still be raised.
          if (change.kind === "delta" && change.delta < 0 && after < 0) {
            const left = Math.max(0, before);
            throw new AdminRefused(
              refusal("conflict", "Stock was not changed.", {
                delta: left === 0 ? `${name} has none on hand to take away.` : `Only ${formatCount(left)} on hand, so at most ${formatCount(left)} can be taken away.`,
              }),
            );
          }
          if (after > INT4_MAX) {
            throw new AdminRefused(refusal("invalid", "Stock was not changed.", { delta: "That would be more units than the shop can count. Enter a smaller number." }));
          }
          const delta = after - before;
          await tx.query("update variants set inventory_quantity = $2 where id = $1", [variantId, after]);
          await tx.query("insert into stock_adjustments (variant_id, staff_id, delta, quantity_after, reason, note) values ($1, $2, $3, $4, $5, $6)", [
            variantId,
            staff.id,
            delta,
            after,
            change.reason,
            change.note,
          ]);
          await recordAudit(tx, {
            staffId: staff.id,
            action: "stock.adjust",
            subject: `variant ${variantId}`,
            before: { quantity: before },
            after: { quantity: after, delta, reason: change.reason, ...(change.note ? { note: change.note } : {}) },
          });
          await bumpInventoryRevision(tx);
          return { ok: true, next: `/stock?adjusted=${variantId}` } as const;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },
  };
}
