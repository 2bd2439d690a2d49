/**
 * The back office's orders: the day's list (searched by number or email,
 * filtered by status, newest first), one order, and fulfilling it with a
 * tracking number, refunding or cancelling it, and the list as CSV. Every
 * change is made under the order's row lock together with its audit entry,
 * and the customer is emailed only once it committed.
 */
import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import {
  ADMIN_ORDERS_PER_PAGE,
  type AdminOrderSummary,
  type AdminOrdersClient,
  FULFILLMENT_STATUSES,
  type FulfillmentStatus,
  TRACKING_NUMBER_MAX_LENGTH,
} from "../../core/admin/admin-orders.ts";
import type { Settings } from "../../core/settings/settings.ts";
import { baseSiteOf, moneyFormatFor, orderSiteOf, shopSites, siteUrl } from "../../core/sites/sites.ts";
import type { OrderJson } from "../../core/contract/storefront.ts";
import type { Database } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { orderRefundMessage, orderShippedMessage } from "../mail/messages.ts";
import { ORDER_COLUMNS, type OrderRow, orderJson } from "../orders/order-json.ts";
import type { CatalogSource } from "../catalog/site-catalog.ts";
import { recordAudit } from "./audit.ts";
import { containing, pageWithin, requestedPage } from "./list-query.ts";
import { ordersCsv } from "../../core/orders/orders-csv.ts";
import { invoiceResponse } from "../orders/invoice.ts";
import { type AdminOrderRow, type GivenBack, adminOrderOf, giveBack, orderPage } from "./refunds-admin.ts";
import { AdminRefused, refusal } from "./refusal.ts";
import type { StripePayments } from "../payments/stripe-payments.ts";
import { emailWords } from "../mail/email-words.ts";
import { loadLocales } from "../settings/load.ts";

/** A search longer than this is no order number or email anyone typed. */
const MAX_QUERY_LENGTH = 200;
/** Order numbers are a 32-bit column: a longer number matches no order. */
const MAX_ORDER_NUMBER = 2_147_483_647;
/** Printable ASCII, no spaces at either end (the number is trimmed first). */
const PRINTABLE = /^[\x20-\x7e]+$/;

const SIGNED_OUT = "Your session has ended. Log in again to work on orders.";

interface SummaryRow {
  id: number;
  number: number;
  created_at: Date | string;
  email: string;
  total_price: number;
  currency: string;
  item_count: number;
  fulfillment_status: FulfillmentStatus;
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** The status filter as sent: one of the statuses, or none. */
const statusOf = (value: unknown): FulfillmentStatus | null => (FULFILLMENT_STATUSES as readonly unknown[]).includes(value) ? (value as FulfillmentStatus) : null;


/**
 * The list's where clause and its parameters: "#1001" is an order number,
 * "1001" an order number or part of an email, anything else part of an email
 * (case-insensitive); every value is a parameter.
 */
function listFilter(query: string, status: FulfillmentStatus | null): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (status) {
    params.push(status);
    conditions.push(`fulfillment_status = $${params.length}`);
  }
  if (query) {
    const numbered = /^(#)?\s*(\d+)$/.exec(query);
    const number = numbered ? Number(numbered[2]) : null;
    const matches: string[] = [];
    if (number !== null && number <= MAX_ORDER_NUMBER) {
      params.push(number);
      matches.push(`number = $${params.length}`);
    }
    if (!numbered?.[1]) {
      params.push(containing(query));
      matches.push(`email ilike $${params.length} escape '\\'`);
    }
    conditions.push(matches.length ? `(${matches.join(" or ")})` : "false");
  }
  return { where: conditions.length ? `where ${conditions.join(" and ")}` : "", params };
}

/** A tracking number as typed: trimmed, 1–64 printable characters. */
function trackingNumberOf(value: unknown): { ok: true; value: string } | { ok: false; error: string } {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return { ok: false, error: "Enter the parcel's tracking number." };
  if (text.length > TRACKING_NUMBER_MAX_LENGTH) return { ok: false, error: `A tracking number is at most ${TRACKING_NUMBER_MAX_LENGTH} characters.` };
  if (!PRINTABLE.test(text)) return { ok: false, error: "Use letters, numbers, spaces and ordinary punctuation only." };
  return { ok: true, value: text };
}

type FulfilOutcome = { ok: true; order: OrderJson } | { ok: false; answer: AdminAnswer };

/**
 * The orders area of the back office. `actor` answers who is signed in (null
 * without a session); `shopUrl` is the shop's address as staff reached it,
 * for the links in the customer's email.
 */
export function ordersAdmin(
  db: Database,
  catalog: CatalogSource,
  mailer: Mailer,
  settings: Settings,
  actor: () => Promise<StaffJson | null>,
  shopUrl: string,
  payments?: StripePayments,
  /** The shop's catalogues, for each customer's emails in the language of their order (the shipped ones unless given). */
  locales: Readonly<Record<string, Readonly<Record<string, string>>>> = loadLocales(),
): AdminOrdersClient {
  const sites = shopSites(settings);

  /** Refunds or cancels, then tells the customer what came back. */
  async function refundOrCancel(id: number, form: Record<string, unknown>, cancel: boolean): Promise<AdminAnswer> {
    const staff = await actor();
    if (!staff) return refusal("signed_out", SIGNED_OUT);
    if (!validId(id)) return refusal("not_found", "There is no such order.");
    const current = await catalog.get();
    let given: GivenBack;
    try {
      given = await db.transaction((tx) => giveBack(tx, current, staff, id, form, cancel, payments));
    } catch (error) {
      if (error instanceof AdminRefused) return error.answer;
      throw error;
    }
    // A payment that still arrives for the cancelled order is refunded when its event comes in.
    if (given.sessionToEnd && payments) await payments.expireSession(given.sessionToEnd).catch(() => undefined);
    const { order, plan, cancelled } = given;
    const message = orderRefundMessage({
      order,
      amount: plan.amount,
      giftCardAmount: plan.giftCardAmount,
      lines: plan.lines.map((line) => ({ title: order.line_items[line.index]?.title ?? "An item", quantity: line.quantity })),
      shipping: plan.shipping > 0,
      cancelled,
      shopName: settings.shop.name,
      shopUrl: orderSiteUrl(order),
      moneyFormat: moneyFormatFor(order.currency, settings, sites),
    });
    await mailer.send(message).catch(() => undefined);
    return { ok: true, next: orderPage(id) };
  }

  /** The address of the site an order was placed on. */
  const orderSiteUrl = (order: OrderJson) => siteUrl(shopUrl, orderSiteOf(sites, settings.geo.baseSite, order));

  return {
    async list(options) {
      const query = (options.query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
      const status = statusOf(options.status);
      const requested = requestedPage(options.page);
      // Nobody signed in sees no orders, whatever the route around this forgot.
      if (!(await actor())) return { orders: [], total: 0, page: 1, pageCount: 0, query, status };
      const { where, params } = listFilter(query, status);
      const [counted] = await db.query<{ total: number }>(`select count(*)::int as total from orders ${where}`, params);
      const total = counted?.total ?? 0;
      const { page, pageCount } = pageWithin(requested, total, ADMIN_ORDERS_PER_PAGE);
      const rows = await db.query<SummaryRow>(
        `select id, number, created_at, email, total_price, currency, fulfillment_status,
           (select coalesce(sum((line->>'quantity')::int), 0)::int from jsonb_array_elements(lines) as line) as item_count
         from orders ${where}
         order by created_at desc, id desc
         limit ${ADMIN_ORDERS_PER_PAGE} offset $${params.length + 1}`,
        [...params, (page - 1) * ADMIN_ORDERS_PER_PAGE],
      );
      const orders = rows.map(
        (row): AdminOrderSummary => ({
          id: Number(row.id),
          name: `#${row.number}`,
          created_at: new Date(row.created_at).toISOString(),
          email: row.email,
          total_price: Number(row.total_price),
          currency: row.currency,
          item_count: row.item_count,
          fulfillment_status: row.fulfillment_status,
        }),
      );
      return { orders, total, page, pageCount, query, status };
    },

    async order(id) {
      if (!validId(id) || !(await actor())) return null;
      const [row] = await db.query<AdminOrderRow>(`select ${ORDER_COLUMNS}, customer_id, cancel_reason from orders where id = $1`, [id]);
      return row ? adminOrderOf(db, row, await catalog.get()) : null;
    },

    refund: (id, form) => refundOrCancel(id, form, false),
    cancel: (id, form) => refundOrCancel(id, form, true),

    async exportCsv(options) {
      if (!(await actor())) return null;
      const { where, params } = listFilter((options.query ?? "").trim().slice(0, MAX_QUERY_LENGTH), statusOf(options.status));
      const rows = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders ${where} order by created_at desc, id desc`, params);
      return ordersCsv(rows.map(orderJson));
    },

    async invoice(id) {
      if (!validId(id) || !(await actor())) return null;
      const [row] = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where id = $1`, [id]);
      const base = baseSiteOf(sites, settings.geo.baseSite);
      return row ? invoiceResponse(orderJson(row), { settings, site: base, sites }) : null;
    },

    async fulfil(id, form) {
      const staff = await actor();
      if (!staff) return refusal("signed_out", SIGNED_OUT);
      const tracking = trackingNumberOf(form.tracking_number);
      if (!tracking.ok) return refusal("invalid", "Check the tracking number.", { tracking_number: tracking.error });
      if (!validId(id)) return refusal("not_found", "There is no such order.");
      // The row lock makes a second fulfil wait, then see the first one's work and refuse.
      const outcome = await db.transaction(async (tx): Promise<FulfilOutcome> => {
        const [row] = await tx.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where id = $1 for update`, [id]);
        if (!row) return { ok: false, answer: refusal("not_found", "There is no such order.") };
        const name = `#${row.number}`;
        if (row.fulfillment_status === "cancelled") return { ok: false, answer: refusal("conflict", `Order ${name} was cancelled, so it cannot be fulfilled.`) };
        if (row.fulfillment_status === "fulfilled") {
          return { ok: false, answer: refusal("conflict", `Order ${name} is already fulfilled${row.tracking_number ? ` with tracking number ${row.tracking_number}` : ""}.`) };
        }
        const [updated] = await tx.query<{ fulfilled_at: Date | string }>(
          "update orders set fulfillment_status = 'fulfilled', tracking_number = $2, fulfilled_at = now() where id = $1 returning fulfilled_at",
          [id, tracking.value],
        );
        if (!updated) throw new Error("the locked order could not be updated");
        await recordAudit(tx, {
          staffId: staff.id,
          action: "order.fulfil",
          subject: `order ${row.number}`,
          before: { fulfillment_status: row.fulfillment_status, tracking_number: row.tracking_number },
          after: { fulfillment_status: "fulfilled", tracking_number: tracking.value },
        });
        return { ok: true, order: orderJson({ ...row, fulfillment_status: "fulfilled", tracking_number: tracking.value, fulfilled_at: updated.fulfilled_at }) };
      });
      if (!outcome.ok) return outcome.answer;
      // Only a committed fulfilment is announced; the mailer logs its own failures.
      const { order } = outcome;
      await mailer.send(orderShippedMessage({ order, trackingNumber: tracking.value, shopName: settings.shop.name, shopUrl: orderSiteUrl(order), words: emailWords(locales, order.customer_locale) })).catch(() => undefined);
      return { ok: true, next: `/orders/${id}` };
    },
  };
}
