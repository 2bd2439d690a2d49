/**
 * The back office's subscriptions: the list (searched by the customer's email
 * or a product's title, filtered by status, soonest delivery first), one
 * subscription with its events and renewal orders, and the merchant's
 * changes, made by the subscription service itself (the same rules as the
 * customer's) with the staff member named in the event and the audit log.
 */
import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import {
  ADMIN_SUBSCRIPTIONS_PER_PAGE,
  type AdminSubscription,
  type AdminSubscriptionSummary,
  type AdminSubscriptionsClient,
  CANCEL_CONFIRM_FIELD,
  SUBSCRIPTION_INTENTS,
  type SubscriptionIntent,
  priceField,
} from "../../core/admin/admin-subscriptions.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ContractChange, ContractLine, SubscriptionService } from "../subscriptions/subscription-service.ts";
import { accessTo, readerOf } from "./access.ts";
import { containing, pageWithin, requestedPage } from "./list-query.ts";

const MAX_QUERY_LENGTH = 200;
const validId = (id: number) => Number.isSafeInteger(id) && id > 0;
const iso = (value: Date | string) => new Date(value).toISOString();
/** A `date` column as `YYYY-MM-DD` (PGlite and node-postgres answer a Date at local midnight). */
const day = (value: string | Date): string =>
  typeof value === "string" ? value.slice(0, 10) : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, "0")}-${String(value.getDate()).padStart(2, "0")}`;
const NOT_FOUND: AdminAnswer = { ok: false, reason: "not_found", description: "There is no such subscription.", errors: {} };

interface ContractSql {
  id: number | string;
  customer_id: number | string;
  email: string;
  lines: ContractLine[];
  status: AdminSubscriptionSummary["status"];
  interval: AdminSubscriptionSummary["interval"];
  interval_count: number;
  next_date: string | Date;
  delivery_price: number;
  shipping_price: number;
  currency: string;
}

const summaryOf = (row: ContractSql): AdminSubscriptionSummary => ({
  id: Number(row.id),
  customer_id: Number(row.customer_id),
  email: row.email,
  products: row.lines.map((line) => `${line.quantity} × ${line.title}`),
  status: row.status,
  interval: row.interval,
  interval_count: row.interval_count,
  next_date: day(row.next_date),
  delivery_price: row.delivery_price,
  shipping_price: row.shipping_price,
  currency: row.currency,
});

const SUMMARY_COLUMNS = "s.id, s.customer_id, s.email, s.lines, s.status, s.interval, s.interval_count, s.next_date, s.delivery_price, s.shipping_price, s.currency";

/** A customer's subscriptions, newest first, for their page in the back office. */
export async function subscriptionsOfCustomer(q: Queryable, customerId: number): Promise<AdminSubscriptionSummary[]> {
  const rows = await q.query<ContractSql>(`select ${SUMMARY_COLUMNS} from subscription_contracts s where s.customer_id = $1 order by s.id desc`, [customerId]);
  return rows.map(summaryOf);
}

export function subscriptionsAdmin(db: Database, subscriptions: SubscriptionService, actor: () => Promise<StaffJson | null>): AdminSubscriptionsClient {
  return {
    async list(options) {
      const query = (options.query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
      const status = options.status ?? null;
      const requested = requestedPage(options.page);
      if (!(await readerOf(actor, "customers"))) return { subscriptions: [], total: 0, page: 1, pageCount: 0, query, status };
      const params: unknown[] = [];
      const conditions: string[] = [];
      if (query) {
        params.push(containing(query));
        conditions.push(`(s.email ilike $${params.length} escape '\\' or exists (select 1 from jsonb_array_elements(s.lines) as line where line->>'title' ilike $${params.length} escape '\\'))`);
      }
      if (status) {
        params.push(status);
        conditions.push(`s.status = $${params.length}`);
      }
      const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
      const [counted] = await db.query<{ total: number }>(`select count(*)::int as total from subscription_contracts s ${where}`, params);
      const total = counted?.total ?? 0;
      const { page, pageCount } = pageWithin(requested, total, ADMIN_SUBSCRIPTIONS_PER_PAGE);
      const rows = await db.query<ContractSql>(
        `select ${SUMMARY_COLUMNS} from subscription_contracts s ${where} order by s.next_date, s.id limit ${ADMIN_SUBSCRIPTIONS_PER_PAGE} offset $${params.length + 1}`,
        [...params, (page - 1) * ADMIN_SUBSCRIPTIONS_PER_PAGE],
      );
      return { subscriptions: rows.map(summaryOf), total, page, pageCount, query, status };
    },

    async subscription(id) {
      if (!validId(id) || !(await readerOf(actor, "customers"))) return null;
      const [row] = await db.query<
        ContractSql & { first_name: string | null; last_name: string | null; shipping_method: string; site: string; cancel_reason: string | null; created_at: Date | string; origin_order_id: number | string | null; origin_number: number | null }
      >(
        `select ${SUMMARY_COLUMNS}, s.shipping_method, s.site, s.cancel_reason, s.created_at, s.origin_order_id, c.first_name, c.last_name, o.number as origin_number
         from subscription_contracts s join customers c on c.id = s.customer_id left join orders o on o.id = s.origin_order_id where s.id = $1`,
        [id],
      );
      if (!row) return null;
      const [events, renewals] = await Promise.all([
        db.query<{ id: number | string; kind: string; detail: Record<string, unknown>; created_at: Date | string }>(
          "select id, kind, detail, created_at from subscription_events where contract_id = $1 order by id",
          [id],
        ),
        db.query<{ scheduled_date: string | Date; status: AdminSubscription["renewals"][number]["status"]; retry_on: string | Date | null; order_id: number | string | null; number: number | null }>(
          "select r.scheduled_date, r.status, r.retry_on, r.order_id, o.number from subscription_renewals r left join orders o on o.id = r.order_id where r.contract_id = $1 order by r.scheduled_date desc",
          [id],
        ),
      ]);
      return {
        ...summaryOf(row),
        customer_name: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(),
        lines: row.lines.map((line) => ({ variant_id: line.variant_id, title: line.title, quantity: line.quantity, price: line.price, sku: line.sku })),
        shipping_method: row.shipping_method,
        site: row.site,
        cancel_reason: row.cancel_reason,
        created_at: iso(row.created_at),
        origin_order: row.origin_order_id === null || row.origin_number === null ? null : { id: Number(row.origin_order_id), name: `#${row.origin_number}` },
        events: events.map((event) => {
          const staff = event.detail.staff as { name?: unknown } | undefined;
          return { id: Number(event.id), kind: event.kind, at: iso(event.created_at), detail: event.detail, staff: typeof staff?.name === "string" ? staff.name : null };
        }),
        renewals: renewals.map((renewal) => ({
          scheduled_date: day(renewal.scheduled_date),
          status: renewal.status,
          retry_on: renewal.retry_on === null ? null : day(renewal.retry_on),
          order: renewal.order_id === null || renewal.number === null ? null : { id: Number(renewal.order_id), name: `#${renewal.number}` },
        })),
      } satisfies AdminSubscription;
    },

    async change(id, form) {
      const access = await accessTo(actor, "customers");
      if (!access.ok) return access.answer;
      if (!validId(id)) return NOT_FOUND;
      const intent = (SUBSCRIPTION_INTENTS as readonly unknown[]).includes(form.intent) ? (form.intent as SubscriptionIntent) : null;
      if (!intent) return { ok: false, reason: "malformed", description: "That change is not one the back office makes.", errors: {} };
      const owner = { staff: access.staff };
      let changed: ContractChange;
      switch (intent) {
        case "skip":
          changed = await subscriptions.skip(owner, id);
          break;
        case "pause":
          changed = await subscriptions.pause(owner, id);
          break;
        case "resume":
          changed = await subscriptions.resume(owner, id);
          break;
        case "cancel":
          // The second step: a cancelled subscription delivers nothing more and cannot be resumed.
          if (form[CANCEL_CONFIRM_FIELD] !== "on") {
            return { ok: false, reason: "invalid", description: "The subscription was not cancelled.", errors: { [CANCEL_CONFIRM_FIELD]: "Tick the box to confirm: no more deliveries will be made." } };
          }
          changed = await subscriptions.cancel(owner, id, typeof form.reason === "string" ? form.reason : undefined);
          break;
        case "reschedule":
          changed = await subscriptions.reschedule(owner, id, form.date);
          break;
        case "price":
          changed = await subscriptions.overridePrice(owner, id, form, priceField);
          break;
      }
      if (changed.ok) return { ok: true, next: `/subscriptions/${id}?saved=${intent}` };
      return { ok: false, reason: changed.reason, description: changed.reason === "not_found" ? "There is no such subscription." : changed.description, errors: changed.errors ?? {} };
    },
  };
}
