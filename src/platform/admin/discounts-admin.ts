/**
 * The back office's discount codes (owner only): the list with each code's
 * status and the orders that used it, and creating and editing a code.
 * Every change is audited in its own transaction, and an edit locks the
 * code's row so two owners' edits never lose one another's.
 */
import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import {
  type AdminDiscountList,
  type AdminDiscountRow,
  type AdminDiscountsClient,
  type CurrencyAmounts,
  DISCOUNTS_PAGE_SIZE,
  type DiscountInput,
  type DiscountType,
  discountStatus,
  readDiscountForm,
} from "../../core/admin/admin-discounts.ts";
import type { Database, Queryable } from "../db/database.ts";
import { ORDERS_WITH_CODE_SQL, minorAmount } from "../checkout/discounts/discount-service.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { AdminRefused, refusal } from "./refusal.ts";

export const DISCOUNTS_PATH = "/discounts";
const QUERY_MAX_LENGTH = 100;

interface DiscountSql {
  id: number;
  code: string;
  title: string;
  value_type: DiscountType;
  value: number | string;
  minimum_subtotal: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  enabled: boolean;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  currency_values: Record<string, { value?: unknown; minimumSubtotal?: unknown }> | null;
  times_used: number | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The stored amounts per currency, each read as the cart reads it (anything but whole minor units is none). */
function currencyValuesOf(stored: DiscountSql["currency_values"]): Record<string, CurrencyAmounts> {
  const amounts: Record<string, CurrencyAmounts> = {};
  for (const [currency, own] of Object.entries(stored ?? {})) {
    const read = { value: minorAmount(own?.value), minimumSubtotal: minorAmount(own?.minimumSubtotal) };
    if (read.value !== null || read.minimumSubtotal !== null) amounts[currency] = read;
  }
  return amounts;
}

/** The amounts as stored: a currency's entry names only what it sets. */
function storedCurrencyValues(amounts: Record<string, CurrencyAmounts>): string {
  const stored: Record<string, { value?: number; minimumSubtotal?: number }> = {};
  for (const [currency, own] of Object.entries(amounts)) {
    stored[currency] = { ...(own.value !== null ? { value: own.value } : {}), ...(own.minimumSubtotal !== null ? { minimumSubtotal: own.minimumSubtotal } : {}) };
  }
  return JSON.stringify(stored);
}

const SELECT_SQL = `select d.id, d.code, d.title, d.value_type, d.value, d.minimum_subtotal, d.starts_at, d.ends_at, d.enabled, d.usage_limit, d.usage_limit_per_customer, d.currency_values,
  (${ORDERS_WITH_CODE_SQL}) as times_used from discounts d`;

function rowOf(row: DiscountSql, now: number): AdminDiscountRow {
  const code = { enabled: row.enabled, startsAt: iso(row.starts_at), endsAt: iso(row.ends_at) };
  return {
    id: Number(row.id),
    code: row.code,
    title: row.title,
    type: row.value_type,
    value: Number(row.value),
    minimumSubtotal: Number(row.minimum_subtotal),
    ...code,
    status: discountStatus(code, now),
    usageLimit: row.usage_limit,
    usageLimitPerCustomer: row.usage_limit_per_customer,
    timesUsed: Number(row.times_used),
    currencyValues: currencyValuesOf(row.currency_values),
  };
}

/** What the audit log keeps of a code. */
const auditView = (row: Omit<AdminDiscountRow, "id" | "status" | "timesUsed"> | DiscountInput) => ({
  code: row.code,
  title: row.title,
  type: row.type,
  value: row.value,
  minimumSubtotal: row.minimumSubtotal,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  enabled: row.enabled,
  usageLimit: row.usageLimit,
  usageLimitPerCustomer: row.usageLimitPerCustomer,
  currencyValues: row.currencyValues,
});

const CODE_TAKEN = "Another discount already uses this code. Choose a different one.";

/** Another code spelled the same, whatever its case, in the transaction `q`. */
async function codeTaken(q: Queryable, code: string, exceptId: number | null): Promise<boolean> {
  const rows = await q.query<{ id: number }>("select id from discounts where lower(code) = lower($1) and ($2::bigint is null or id <> $2::bigint)", [code, exceptId]);
  return rows.length > 0;
}

const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/**
 * `currencies` are the shop's other currencies, whose amounts the form sets;
 * amounts stored for a currency the shop no longer sells in are kept as they are.
 */
export function discountsAdmin(
  db: Database,
  timeZone: () => string,
  actor: () => Promise<StaffJson | null>,
  now: () => number = Date.now,
  currencies: () => readonly string[] = () => [],
): AdminDiscountsClient {
  const invalid = (errors: Record<string, string>) => refusal("invalid", "Please check the highlighted fields.", errors);

  const withChange = async (work: (tx: Queryable) => Promise<AdminAnswer>): Promise<AdminAnswer> => {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof AdminRefused) return error.answer;
      // Two owners saving the same new code at once: the index keeps one.
      if (isUniqueViolation(error)) return invalid({ code: CODE_TAKEN });
      throw error;
    }
  };

  return {
    async list({ query = "", page = 1 }): Promise<AdminDiscountList> {
      const search = query.trim().slice(0, QUERY_MAX_LENGTH);
      if (!(await readerOf(actor, "discounts"))) return { rows: [], total: 0, page: 1, pageCount: 1, query: search };
      const where = search ? "where strpos(lower(d.code), lower($1)) > 0" : "where $1::text = ''";
      const [count] = await db.query<{ total: number | string }>(`select count(*) as total from discounts d ${where}`, [search]);
      const total = Number(count?.total ?? 0);
      const pageCount = Math.max(1, Math.ceil(total / DISCOUNTS_PAGE_SIZE));
      const current = Number.isSafeInteger(page) && page >= 1 ? Math.min(page, pageCount) : 1;
      const rows = await db.query<DiscountSql>(`${SELECT_SQL} ${where} order by d.created_at desc, d.id desc limit ${DISCOUNTS_PAGE_SIZE} offset $2`, [
        search,
        (current - 1) * DISCOUNTS_PAGE_SIZE,
      ]);
      const at = now();
      return { rows: rows.map((row) => rowOf(row, at)), total, page: current, pageCount, query: search };
    },

    async currencies() {
      return (await readerOf(actor, "discounts")) ? [...currencies()] : [];
    },

    async discount(id) {
      if (!Number.isSafeInteger(id) || id < 1 || !(await readerOf(actor, "discounts"))) return null;
      const [row] = await db.query<DiscountSql>(`${SELECT_SQL} where d.id = $1`, [id]);
      return row ? rowOf(row, now()) : null;
    },

    async create(form) {
      const access = await accessTo(actor, "discounts");
      if (!access.ok) return access.answer;
      const read = readDiscountForm(form, timeZone(), currencies());
      if ("errors" in read) return invalid(read.errors);
      const input = read.input;
      return withChange(async (tx) => {
        if (await codeTaken(tx, input.code, null)) throw new AdminRefused(invalid({ code: CODE_TAKEN }));
        const [row] = await tx.query<{ id: number }>(
          `insert into discounts (code, title, value_type, value, minimum_subtotal, starts_at, ends_at, enabled, usage_limit, usage_limit_per_customer, currency_values)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
          [input.code, input.title, input.type, input.value, input.minimumSubtotal, input.startsAt, input.endsAt, input.enabled, input.usageLimit, input.usageLimitPerCustomer, storedCurrencyValues(input.currencyValues)],
        );
        if (!row) throw new Error("discount insert returned nothing");
        await recordAudit(tx, { staffId: access.staff.id, action: "discount.create", subject: `discount ${row.id}`, after: auditView(input) });
        return { ok: true, next: `${DISCOUNTS_PATH}/${row.id}?saved=1` };
      });
    },

    async update(id, form) {
      const access = await accessTo(actor, "discounts");
      if (!access.ok) return access.answer;
      if (!Number.isSafeInteger(id) || id < 1) return refusal("not_found", "There is no such discount.");
      const sold = currencies();
      const read = readDiscountForm(form, timeZone(), sold);
      if ("errors" in read) return invalid(read.errors);
      return withChange(async (tx) => {
        // The row is locked first: a second edit waits, then sees this one.
        const [locked] = await tx.query<{ id: number }>("select id from discounts where id = $1 for update", [id]);
        if (!locked) throw new AdminRefused(refusal("not_found", "There is no such discount."));
        const [current] = await tx.query<DiscountSql>(`${SELECT_SQL} where d.id = $1`, [id]);
        if (!current) throw new AdminRefused(refusal("not_found", "There is no such discount."));
        const before = rowOf(current, now());
        // Amounts for currencies the form does not show (no longer sold in) stay as they were.
        const kept = Object.fromEntries(Object.entries(before.currencyValues).filter(([currency]) => !sold.includes(currency)));
        const input = { ...read.input, currencyValues: { ...kept, ...read.input.currencyValues } };
        // Orders name their code: a used code keeps its text, or their history would name a code that is not there.
        if (before.timesUsed > 0 && input.code !== before.code) {
          throw new AdminRefused(
            invalid({
              code: `${before.code} has been used on ${before.timesUsed} ${before.timesUsed === 1 ? "order" : "orders"}, so it keeps its code. Disable it or give it an end instead.`,
            }),
          );
        }
        if (input.code.toLowerCase() !== before.code.toLowerCase() && (await codeTaken(tx, input.code, id))) throw new AdminRefused(invalid({ code: CODE_TAKEN }));
        await tx.query(
          `update discounts set code = $2, title = $3, value_type = $4, value = $5, minimum_subtotal = $6, starts_at = $7, ends_at = $8, enabled = $9,
             usage_limit = $10, usage_limit_per_customer = $11, currency_values = $12, updated_at = now() where id = $1`,
          [id, input.code, input.title, input.type, input.value, input.minimumSubtotal, input.startsAt, input.endsAt, input.enabled, input.usageLimit, input.usageLimitPerCustomer, storedCurrencyValues(input.currencyValues)],
        );
        await recordAudit(tx, { staffId: access.staff.id, action: "discount.update", subject: `discount ${id}`, before: auditView(before), after: auditView(input) });
        return { ok: true, next: `${DISCOUNTS_PATH}/${id}?saved=1` };
      });
    },
  };
}
