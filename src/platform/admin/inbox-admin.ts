/**
 * The back office's lists of what shoppers send: newsletter sign-ups,
 * contact messages and consultation bookings, searched and paged in the
 * database, with a page per entry. Reading them is the customers area's.
 */
import type { StaffJson } from "../../core/admin/admin.ts";
import { type AdminInboxClient, INBOX_PER_PAGE, type InboxEntry, type InboxKind, type InboxSummary, messagePreview } from "../../core/admin/admin-inbox.ts";
import type { Database } from "../db/database.ts";
import { readerOf } from "./access.ts";
import { containing, pageWithin, requestedPage } from "./list-query.ts";

const MAX_QUERY_LENGTH = 200;
const iso = (value: Date | string | null) => (value === null ? "" : new Date(value).toISOString());

type Row = Record<string, unknown> & { id: number; email: string; created_at: Date | string; customer_id: number | string | null };

const SUBSCRIPTION_STATUS: Record<string, string> = { pending: "Signed up, not yet confirmed", active: "Subscribed", unsubscribed: "Unsubscribed" };
const BOOKING_TYPE: Record<string, string> = { video: "Video call", "in-store": "In store", email: "By email" };

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** Where each kind lives, what a search matches, and how a row reads in the list and on its page. */
const KINDS: Record<
  InboxKind,
  { table: string; columns: string; search: string[]; summary: (row: Row) => Omit<InboxSummary, "id" | "email" | "created_at">; fields: (row: Row) => { label: string; value: string }[] }
> = {
  subscribers: {
    table: "subscribers",
    columns: "id, email, status, lists, skintype, skin_sensitivity, source, consent_text, consent_at, confirmed_at, unsubscribed_at, customer_id, created_at",
    search: ["email"],
    summary: (row) => ({ title: row.email, detail: SUBSCRIPTION_STATUS[text(row.status)] ?? text(row.status) }),
    fields: (row) => [
      { label: "Status", value: SUBSCRIPTION_STATUS[text(row.status)] ?? text(row.status) },
      { label: "Lists", value: ((row.lists as string[] | null) ?? []).join(", ") || "None" },
      { label: "Skin type", value: text(row.skintype) || "Not given" },
      { label: "Skin sensitivity", value: text(row.skin_sensitivity) || "Not given" },
      { label: "Signed up from", value: text(row.source) },
      { label: "Words agreed to", value: text(row.consent_text) },
      { label: "Agreed on", value: iso(row.consent_at as Date | string) },
      { label: "Confirmed on", value: row.confirmed_at ? iso(row.confirmed_at as Date | string) : "Not confirmed" },
      ...(row.unsubscribed_at ? [{ label: "Unsubscribed on", value: iso(row.unsubscribed_at as Date | string) }] : []),
    ],
  },
  messages: {
    table: "contact_messages",
    columns: "id, name, email, phone, order_number, body, customer_id, created_at",
    search: ["email", "name", "body"],
    summary: (row) => ({ title: text(row.name) || row.email, detail: messagePreview(text(row.body)) }),
    fields: (row) => [
      { label: "Name", value: text(row.name) },
      { label: "Phone", value: text(row.phone) || "Not given" },
      { label: "Order number", value: text(row.order_number) || "Not given" },
      { label: "Message", value: text(row.body) },
    ],
  },
  bookings: {
    table: "bookings",
    columns: "id, reference, type, name, email, date::text as date, time, store, message, customer_id, created_at",
    search: ["email", "name", "reference"],
    summary: (row) => ({
      title: `${text(row.reference)} · ${text(row.name)}`,
      detail: [BOOKING_TYPE[text(row.type)] ?? text(row.type), row.date ? `on ${text(row.date)}` : null, row.time ? `at ${text(row.time)}` : null, row.store ? `(${text(row.store)})` : null].filter(Boolean).join(" "),
    }),
    fields: (row) => [
      { label: "Reference", value: text(row.reference) },
      { label: "Name", value: text(row.name) },
      { label: "Kind", value: BOOKING_TYPE[text(row.type)] ?? text(row.type) },
      ...(row.date ? [{ label: "Day", value: text(row.date) }] : []),
      ...(row.time ? [{ label: "Time", value: text(row.time) }] : []),
      ...(row.store ? [{ label: "Store", value: text(row.store) }] : []),
      ...(row.message ? [{ label: "Message", value: text(row.message) }] : []),
    ],
  },
};

export function inboxAdmin(db: Database, actor: () => Promise<StaffJson | null>): AdminInboxClient {
  return {
    async list(kind, options) {
      const query = (options.query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
      const requested = requestedPage(options.page);
      const empty = { kind, entries: [], total: 0, page: 1, pageCount: 0, query };
      const shape = KINDS[kind];
      if (!shape || !(await readerOf(actor, "customers"))) return empty;
      const params: unknown[] = [];
      let where = "";
      if (query) {
        params.push(containing(query));
        where = `where ${shape.search.map((column) => `${column} ilike $1 escape '\\'`).join(" or ")}`;
      }
      const [counted] = await db.query<{ total: number }>(`select count(*)::int as total from ${shape.table} ${where}`, params);
      const total = counted?.total ?? 0;
      const { page, pageCount } = pageWithin(requested, total, INBOX_PER_PAGE);
      const rows = await db.query<Row>(`select ${shape.columns} from ${shape.table} ${where} order by created_at desc, id desc limit ${INBOX_PER_PAGE} offset $${params.length + 1}`, [
        ...params,
        (page - 1) * INBOX_PER_PAGE,
      ]);
      const entries = rows.map((row): InboxSummary => ({ id: Number(row.id), email: row.email, created_at: iso(row.created_at), ...shape.summary(row) }));
      return { kind, entries, total, page, pageCount, query };
    },

    async entry(kind, id) {
      const shape = KINDS[kind];
      if (!shape || !Number.isSafeInteger(id) || id <= 0 || !(await readerOf(actor, "customers"))) return null;
      const [row] = await db.query<Row>(`select ${shape.columns} from ${shape.table} where id = $1`, [id]);
      if (!row) return null;
      return {
        kind,
        id: Number(row.id),
        title: shape.summary(row).title,
        email: row.email,
        created_at: iso(row.created_at),
        fields: shape.fields(row),
        customer_id: row.customer_id === null ? null : Number(row.customer_id),
      } satisfies InboxEntry;
    },
  };
}
