/**
 * The back office's customers: the list (searched by email or name), one
 * customer with everything the shop keeps about them, that data as a JSON
 * download for the customer, and erasing it on request. Erasing deletes the
 * account and what hangs off it, and keeps their orders for the books with
 * the personal details replaced; it is one transaction with its audit entry.
 */
import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import { ADMIN_CUSTOMERS_PER_PAGE, type AdminCustomer, type AdminCustomerSummary, type AdminCustomersClient, ERASE_CONFIRM_FIELD } from "../../core/admin/admin-customers.ts";
import type { AdminOrderSummary, FulfillmentStatus } from "../../core/admin/admin-orders.ts";
import { regionName } from "../../core/sites/geo.ts";
import type { Database, Queryable } from "../db/database.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { containing, pageWithin, requestedPage } from "./list-query.ts";
import { subscriptionsOfCustomer } from "./subscriptions-admin.ts";

const MAX_QUERY_LENGTH = 200;
const validId = (id: number) => Number.isSafeInteger(id) && id > 0;
const iso = (value: Date | string) => new Date(value).toISOString();

interface CustomerSql {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  created_at: Date | string;
  accepts_marketing: boolean;
  orders_count: number;
  default_address_id: number | null;
}

const summaryOf = (row: CustomerSql): AdminCustomerSummary => ({
  id: Number(row.id),
  email: row.email,
  name: `${row.first_name} ${row.last_name}`.trim(),
  created_at: iso(row.created_at),
  accepts_marketing: row.accepts_marketing,
  orders_count: Number(row.orders_count),
});

const CUSTOMER_SQL = `select c.id, c.email, c.first_name, c.last_name, c.created_at, c.accepts_marketing, c.default_address_id,
  (select count(*)::int from orders o where o.customer_id = c.id or lower(o.email) = lower(c.email)) as orders_count
  from customers c`;

/** Orders are the customer's when placed from the account or, as a guest, with the same email. */
const THEIR_ORDERS = "(customer_id = $1 or lower(email) = lower($2))";

async function customerRow(q: Queryable, id: number, lock = false): Promise<CustomerSql | null> {
  const [row] = await q.query<CustomerSql>(`${CUSTOMER_SQL} where c.id = $1${lock ? " for update" : ""}`, [id]);
  return row ?? null;
}

/** Everything kept about one customer, as the detail page and the export read it. */
async function everything(q: Queryable, row: CustomerSql) {
  const id = Number(row.id);
  const [addresses, orders, subscription, messages, bookings, saved] = await Promise.all([
    q.query<Record<string, string | null> & { id: number }>(
      "select id, first_name, last_name, company, address1, address2, city, province, zip, country, phone from customer_addresses where customer_id = $1 order by id",
      [id],
    ),
    q.query<{ id: number; number: number; created_at: Date | string; email: string; total_price: number | string; currency: string; fulfillment_status: FulfillmentStatus; item_count: number; lines: unknown; shipping_address: unknown; phone: string | null }>(
      `select id, number, created_at, email, total_price, currency, fulfillment_status, lines, shipping_address, phone,
         (select coalesce(sum((line->>'quantity')::int), 0)::int from jsonb_array_elements(lines) as line) as item_count
       from orders where ${THEIR_ORDERS} order by created_at desc, id desc`,
      [id, row.email],
    ),
    q.query<{ status: "pending" | "active" | "unsubscribed"; lists: string[]; created_at: Date | string; skintype: string | null; consent_text: string; consent_at: Date | string }>(
      "select status, lists, created_at, skintype, consent_text, consent_at from subscribers where customer_id = $1 or lower(email) = lower($2) order by id limit 1",
      [id, row.email],
    ),
    q.query<{ id: number; created_at: Date | string; body: string; name: string; phone: string | null }>(
      "select id, created_at, body, name, phone from contact_messages where customer_id = $1 or lower(email) = lower($2) order by created_at desc",
      [id, row.email],
    ),
    q.query<{ id: number; reference: string; type: string; created_at: Date | string; date: string | null; time: string | null; store: string | null; message: string | null }>(
      "select id, reference, type, created_at, date::text as date, time, store, message from bookings where customer_id = $1 or lower(email) = lower($2) order by created_at desc",
      [id, row.email],
    ),
    q.query<{ items: unknown[] }>("select items from saved_for_later where customer_id = $1", [id]),
  ]);
  return { addresses, orders, subscription: subscription[0] ?? null, messages, bookings, saved: saved[0]?.items ?? [] };
}

function addressLines(address: Record<string, string | null>): string[] {
  return [
    `${address.first_name ?? ""} ${address.last_name ?? ""}`.trim(),
    address.company,
    address.address1,
    address.address2,
    [address.city, address.province, address.zip].filter(Boolean).join(" "),
    address.country ? regionName(address.country, "en") : null,
    address.phone,
  ].filter((line): line is string => Boolean(line));
}

export function customersAdmin(db: Database, actor: () => Promise<StaffJson | null>): AdminCustomersClient {
  return {
    async list(options) {
      const query = (options.query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
      const requested = requestedPage(options.page);
      if (!(await readerOf(actor, "customers"))) return { customers: [], total: 0, page: 1, pageCount: 0, query };
      const params: unknown[] = [];
      let where = "";
      if (query) {
        params.push(containing(query));
        where = `where c.email ilike $1 escape '\\' or (c.first_name || ' ' || c.last_name) ilike $1 escape '\\'`;
      }
      const [counted] = await db.query<{ total: number }>(`select count(*)::int as total from customers c ${where}`, params);
      const total = counted?.total ?? 0;
      const { page, pageCount } = pageWithin(requested, total, ADMIN_CUSTOMERS_PER_PAGE);
      const rows = await db.query<CustomerSql>(`${CUSTOMER_SQL} ${where} order by c.created_at desc, c.id desc limit ${ADMIN_CUSTOMERS_PER_PAGE} offset $${params.length + 1}`, [
        ...params,
        (page - 1) * ADMIN_CUSTOMERS_PER_PAGE,
      ]);
      return { customers: rows.map(summaryOf), total, page, pageCount, query };
    },

    async customer(id) {
      if (!validId(id) || !(await readerOf(actor, "customers"))) return null;
      const row = await customerRow(db, id);
      if (!row) return null;
      const [kept, subscriptions] = await Promise.all([everything(db, row), subscriptionsOfCustomer(db, id)]);
      return {
        ...summaryOf(row),
        addresses: kept.addresses.map((address) => ({ id: Number(address.id), lines: addressLines(address), default: Number(address.id) === Number(row.default_address_id) })),
        orders: kept.orders.map(
          (order): AdminOrderSummary => ({
            id: Number(order.id),
            name: `#${order.number}`,
            created_at: iso(order.created_at),
            email: order.email,
            total_price: Number(order.total_price),
            currency: order.currency,
            item_count: order.item_count,
            fulfillment_status: order.fulfillment_status,
          }),
        ),
        subscription: kept.subscription ? { status: kept.subscription.status, lists: kept.subscription.lists, created_at: iso(kept.subscription.created_at) } : null,
        messages: kept.messages.map((message) => ({ id: Number(message.id), created_at: iso(message.created_at), body: message.body })),
        bookings: kept.bookings.map((booking) => ({ id: Number(booking.id), reference: booking.reference, type: booking.type, created_at: iso(booking.created_at) })),
        saved_items: kept.saved.length,
        subscriptions,
      } satisfies AdminCustomer;
    },

    async exportData(id) {
      const staff = validId(id) ? await readerOf(actor, "customers") : null;
      if (!staff) return null;
      return db.transaction(async (tx) => {
        const row = await customerRow(tx, id);
        if (!row) return null;
        const kept = await everything(tx, row);
        await recordAudit(tx, { staffId: staff.id, action: "customer.export", subject: `customer ${id}` });
        const document = {
          exported_at: new Date().toISOString(),
          customer: { id: Number(row.id), email: row.email, first_name: row.first_name, last_name: row.last_name, accepts_marketing: row.accepts_marketing, created_at: iso(row.created_at) },
          addresses: kept.addresses,
          orders: kept.orders.map(({ item_count: _count, ...order }) => ({ ...order, name: `#${order.number}`, created_at: iso(order.created_at), total_price: Number(order.total_price) })),
          newsletter: kept.subscription && { ...kept.subscription, created_at: iso(kept.subscription.created_at), consent_at: iso(kept.subscription.consent_at) },
          contact_messages: kept.messages.map((message) => ({ ...message, created_at: iso(message.created_at) })),
          bookings: kept.bookings.map((booking) => ({ ...booking, created_at: iso(booking.created_at) })),
          saved_for_later: kept.saved,
        };
        return `${JSON.stringify(document, null, 2)}\n`;
      });
    },

    async erase(id, form) {
      const access = await accessTo(actor, "customers");
      if (!access.ok) return access.answer;
      if (!validId(id)) return { ok: false, reason: "not_found", description: "There is no such customer.", errors: {} };
      return db.transaction(async (tx): Promise<AdminAnswer> => {
        const row = await customerRow(tx, id, true);
        if (!row) return { ok: false, reason: "not_found", description: "There is no such customer.", errors: {} };
        const typed = typeof form[ERASE_CONFIRM_FIELD] === "string" ? (form[ERASE_CONFIRM_FIELD] as string).trim().toLowerCase() : "";
        if (typed !== row.email.toLowerCase()) {
          return {
            ok: false,
            reason: "invalid",
            description: "Nothing was erased.",
            errors: { [ERASE_CONFIRM_FIELD]: typed ? "That is not this customer's email. Type it exactly to confirm." : "Type the customer's email to confirm." },
          };
        }
        const email = row.email;
        // Orders stay for the books, with nothing left that names or reaches the person.
        const redacted = await tx.query<{ id: number }>(
          `update orders set email = 'erased-' || id || '@erased.invalid', phone = null, sms_consent = null, customer_id = null,
             shipping_address = jsonb_build_object('first_name', 'Erased', 'last_name', '', 'address1', '', 'city', '', 'zip', '', 'country', shipping_address->>'country')
           where ${THEIR_ORDERS} returning id`,
          [id, email],
        );
        await tx.query("update gift_cards set email = 'erased-' || id || '@erased.invalid' where lower(email) = lower($1)", [email]);
        const removed = {
          messages: (await tx.query("delete from contact_messages where customer_id = $1 or lower(email) = lower($2) returning id", [id, email])).length,
          bookings: (await tx.query("delete from bookings where customer_id = $1 or lower(email) = lower($2) returning id", [id, email])).length,
          subscriptions: (await tx.query("delete from subscribers where customer_id = $1 or lower(email) = lower($2) returning id", [id, email])).length,
        };
        await tx.query("delete from subscriber_bundles where customer_id = $1 or lower(email) = lower($2)", [id, email]);
        await tx.query("delete from outbox where lower(recipient) = lower($1)", [email]);
        // Sessions, addresses, reset links, passkeys and the saved list go with the account.
        await tx.query("delete from customers where id = $1", [id]);
        await recordAudit(tx, {
          staffId: access.staff.id,
          action: "customer.erase",
          subject: `customer ${id}`,
          // The log keeps what was done, not who it was done to.
          after: { orders_redacted: redacted.length, ...removed },
        });
        return { ok: true, next: `/customers?erased=1` };
      });
    },
  };
}
