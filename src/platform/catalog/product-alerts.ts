/**
 * Product alerts: the one mechanism behind "email me when it's back" and
 * "email me when the price drops". A kind of alert says what a shopper
 * follows (a variant, a product), when it is due and what the email says;
 * everything else is the same for every kind and lives here:
 *
 * - subscribing: the form is checked, the client address rate limited (an
 *   error), a robot's hidden field answered as anyone and nothing kept, the
 *   email rate limited silently (the answer never tells whether an address
 *   already follows), and the alert kept with the site, its address and its
 *   language; a signed-in customer using their account's own address follows
 *   at once, anyone else is emailed a signed confirmation link first (double
 *   opt-in);
 * - the signed links (confirm, unfollow, the kind's own), HMAC under the
 *   kind's secret;
 * - sending: due alerts are claimed in one statement that skips rows another
 *   server holds (status `sending`), each is emailed once and the claim ended;
 *   a claim left by a server that died is taken up again after a while.
 */
import { randomBytes } from "node:crypto";
import type { ProductAlertEntry, ProductAlertKind } from "../../core/catalog/product-alerts.ts";
import type { AfterAnswer } from "../accounts/after-answer.ts";
import { type LimitRule, type RateLimiter, addressKey } from "../accounts/rate-limits.ts";
import { hmacHex, sameText } from "../accounts/secrets.ts";
import type { ShopSecrets } from "../accounts/shop-secrets.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { EmailWords } from "../mail/email-words.ts";
import type { Mailer } from "../mail/mailer.ts";
import { ticked } from "../../core/catalog/back-in-stock-request.ts";
import type { z } from "../../core/common/zod.ts";

/** A claim older than this was left by a server that stopped mid-send: it is taken up again. */
export const STALE_CLAIM_MINUTES = 10;

export type AlertKind = ProductAlertKind;

export interface AlertAnswer {
  errors: { field: string; message: string }[];
  /** `following` for a signed-in customer's own address (no email needed), else `confirmation_sent`. */
  status?: "confirmation_sent" | "following";
  retryAfter?: number;
}

/** Who asks, from where: the alert keeps the site, its address and its language. */
export interface AlertContext {
  ip: string;
  customer: { id: number; email: string } | null;
  siteCode: string;
  shopUrl: string;
  /** The language of the page followed on; without one, the emails speak the site's. */
  locale?: string;
}

/** What a confirmation or unfollow link did, and the product page to go back to. */
export interface LinkOutcome {
  outcome: "confirmed" | "already_confirmed" | "unfollowed" | "invalid";
  productPath: string | null;
}

/** The columns every kind's table has. */
export interface AlertRow {
  id: string | number;
  email: string;
  status: string;
  confirm_nonce: string;
  site_code: string;
  shop_url: string;
  locale: string | null;
}

/** Where a kind keeps its alerts and what it calls them. */
export interface AlertTable {
  kind: AlertKind;
  table: string;
  /** The name of the secret its links are signed with. */
  secret: string;
  /** The name its rate limits are counted under. */
  limitName: string;
  /** The hidden field only a robot fills. */
  robotField: string;
  /** The status of a confirmed alert waiting for its event. */
  confirmed: string;
  /** The columns a claim returns, beside those of `AlertRow`. */
  columns: string;
}

/** What every kind's service is built with; the limits and batch size default to the kind's. */
export interface AlertServiceOptions {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  secrets: ShopSecrets;
  afterAnswer: AfterAnswer;
  /** The words of an alert's emails: its language, or its site's for an alert kept without one. */
  words: (siteCode: string, locale: string | null) => EmailWords;
  shopName: string;
  addressLimit?: LimitRule;
  emailLimit?: LimitRule;
  batchSize?: number;
}

export type Check = { field: string; message: string } | null;

const read = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
/** A shop address without a trailing slash, so `${shopUrl}/path` is one slash. */
export const siteBase = (shopUrl: string) => shopUrl.replace(/\/+$/, "");
const positive = (value: unknown) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
};

export class ProductAlerts<Row extends AlertRow> {
  readonly db: Database;
  private readonly table: AlertTable;
  private readonly limiter: RateLimiter;
  private readonly secrets: ShopSecrets;
  private readonly afterAnswer: AfterAnswer;
  private readonly addressLimit: LimitRule;
  private readonly emailLimit: LimitRule;

  constructor(table: AlertTable, options: { db: Database; limiter: RateLimiter; secrets: ShopSecrets; afterAnswer: AfterAnswer; addressLimit: LimitRule; emailLimit: LimitRule }) {
    this.table = table;
    this.db = options.db;
    this.limiter = options.limiter;
    this.secrets = options.secrets;
    this.afterAnswer = options.afterAnswer;
    this.addressLimit = options.addressLimit;
    this.emailLimit = options.emailLimit;
  }

  private async sign(purpose: string, id: number, value: string): Promise<string> {
    return hmacHex(await this.secrets.get(this.table.secret), `${purpose}:${id}:${value}`);
  }

  /** A link on the alert's site, signed over the alert and one value: `${site}${path}?{idParam}=&{valueParam}=&t=`. */
  async signedLink(row: Pick<Row, "id" | "shop_url">, path: string, purpose: string, params: { id: string; value: [string, string] }): Promise<string> {
    const id = Number(row.id);
    const [name, value] = params.value;
    const query = new URLSearchParams({ [params.id]: String(id), [name]: value, t: await this.sign(purpose, id, value) });
    return `${row.shop_url}${path}?${query.toString()}`;
  }

  /** The alert and value a signed link names, or null for a link the shop did not sign. */
  async verified(purpose: string, id: unknown, value: unknown, token: unknown): Promise<{ id: number; value: string } | null> {
    const alert = positive(id);
    if (alert === null || typeof value !== "string" || !value || typeof token !== "string" || !token) return null;
    return sameText(await this.sign(purpose, alert, value), token) ? { id: alert, value } : null;
  }

  /**
   * A shopper's subscription. `parse` names the bad fields; `check` refuses
   * what cannot be followed; `keep` writes the alert (a row already there
   * keeps its confirmed state) and answers it; a pending one is sent `confirm`.
   */
  async subscribe<Data extends { email: string }>(
    form: Record<string, unknown>,
    context: AlertContext,
    steps: {
      /** The form's schema, and the form field naming what is followed with its key in the schema. */
      parse: { schema: z.ZodType<Data>; subject: [field: string, key: string] };
      check: (data: Data) => Promise<Check>;
      keep: (data: Data, alert: { status: string; nonce: string; customerId: number | null }) => Promise<Row | undefined>;
      confirm: (row: Row, confirmUrl: string) => Promise<void>;
      confirmPath: string;
    },
  ): Promise<AlertAnswer> {
    const [field, key] = steps.parse.subject;
    const parsed = steps.parse.schema.safeParse({ [key]: read(form, field), email: read(form, "email"), consent: ticked(form.consent) });
    if (!parsed.success) return { errors: parsed.error.issues.map((issue) => ({ field: issue.path[0] === key ? field : String(issue.path[0] ?? "form"), message: issue.message })) };
    const verdict = await this.limiter.hit(addressKey(this.table.limitName, context.ip), this.addressLimit);
    if (!verdict.allowed) return { errors: [{ field: "form", message: "Too many requests from here. Please try again later." }], retryAfter: verdict.retryAfter };
    const { email } = parsed.data;
    // A customer following with the address their account is known by needs no confirmation.
    const own = context.customer !== null && context.customer.email.toLowerCase() === email.toLowerCase();
    const taken: AlertAnswer = { errors: [], status: own ? "following" : "confirmation_sent" };
    // A filled hidden field is a robot's: it is told nothing different, and nothing is kept or sent.
    if (read(form, this.table.robotField)?.trim()) return taken;
    const refused = await steps.check(parsed.data);
    if (refused) return { errors: [refused] };
    // The address's inbox is protected without telling the asker anything.
    if (!own && !(await this.limiter.hit(`${this.table.limitName}-email:${email.toLowerCase()}`, this.emailLimit)).allowed) return taken;
    const row = await steps.keep(parsed.data, { status: own ? this.table.confirmed : "pending", nonce: randomBytes(16).toString("hex"), customerId: context.customer?.id ?? null });
    if (!row) throw new Error(`${this.table.kind} insert returned nothing`);
    // Already confirmed: the alert counts as it is, and nothing is sent.
    if (row.status === "pending") {
      this.afterAnswer.run(async () => steps.confirm(row, await this.signedLink(row, steps.confirmPath, "confirm", { id: CONFIRM_ID[this.table.kind], value: ["n", row.confirm_nonce] })));
    }
    return taken;
  }

  /** A confirmation link: the signed nonce of the latest request makes the alert count, once. */
  async confirm(query: Record<string, string | undefined>, productPath: (id: number) => Promise<string | null>): Promise<LinkOutcome> {
    const invalid: LinkOutcome = { outcome: "invalid", productPath: null };
    if (!/^[a-f0-9]{32}$/.test(query.n ?? "")) return invalid;
    const link = await this.verified("confirm", query[CONFIRM_ID[this.table.kind]], query.n, query.t);
    if (!link) return invalid;
    const [row] = await this.db.query<{ confirm_nonce: string }>(`select confirm_nonce from ${this.table.table} where id = $1`, [link.id]);
    if (!row || row.confirm_nonce !== link.value) return invalid;
    const path = await productPath(link.id);
    const [updated] = await this.db.query(
      `update ${this.table.table} set status = $3, confirmed_at = now() where id = $1 and confirm_nonce = $2 and status = 'pending' returning id`,
      [link.id, link.value, this.table.confirmed],
    );
    return { outcome: updated ? "confirmed" : "already_confirmed", productPath: path };
  }

  /** Claims up to `limit` due alerts (`due` is a condition on the table's row `r`), oldest first. */
  async claim(due: { from: string; where: string; order: string; params: unknown[] }, limit: number): Promise<Row[]> {
    const { table, confirmed, columns } = this.table;
    const at = due.params.length;
    const claimed = await this.db.transaction((tx) =>
      tx.query<Row>(
        `update ${table} set status = 'sending', claimed_at = now()
          where id in (
                select r.id from ${table} r ${due.from}
                 where ${due.where}
                   and (r.status = $${at + 1} or (r.status = 'sending' and r.claimed_at < now() - make_interval(mins => $${at + 2}::int)))
                 order by ${due.order}
                 limit $${at + 3}
                 for update of r skip locked)
          returning id, email, status, confirm_nonce, site_code, shop_url, locale, ${columns}`,
        [...due.params, confirmed, STALE_CLAIM_MINUTES, limit],
      ),
    );
    // The statement's returning order is not the claim's: oldest alert first.
    return claimed.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /**
   * Emails each claimed alert once: `send` answers false when it is no longer
   * due (the alert goes back to waiting, in its place), else emails it; a
   * failed email gives the alert back too. `done` ends the claim.
   */
  async sendClaimed(claimed: Row[], send: (row: Row) => Promise<boolean>, done: (row: Row, db: Queryable) => Promise<void>): Promise<number> {
    let sent = 0;
    for (const row of claimed) {
      let emailed: boolean;
      try {
        emailed = await send(row);
      } catch (error) {
        await this.release(row);
        throw error;
      }
      if (!emailed) {
        await this.release(row);
        continue;
      }
      await done(row, this.db);
      sent += 1;
    }
    return sent;
  }

  private async release(row: Row): Promise<void> {
    await this.db.query(`update ${this.table.table} set status = $2, claimed_at = null where id = $1 and status = 'sending'`, [Number(row.id), this.table.confirmed]);
  }

  /** The unfollow link: the alert is gone (a second click finds nothing to remove and says the same). */
  async unfollow(query: Record<string, string | undefined>, subject: { param: string; column: string; path: (value: number) => Promise<string | null> }): Promise<LinkOutcome> {
    const link = await this.verified("unfollow", query[CONFIRM_ID[this.table.kind]], query[subject.param], query.t);
    const value = positive(link?.value);
    if (!link || value === null) return { outcome: "invalid", productPath: null };
    await this.db.query(`delete from ${this.table.table} where id = $1 and ${subject.column} = $2`, [link.id, value]);
    return { outcome: "unfollowed", productPath: (await subject.path(value)) ?? "/" };
  }
}

/** The query parameter naming the alert in each kind's links (kept as they were first sent). */
const CONFIRM_ID: Record<AlertKind, string> = { back_in_stock: "r", price_drop: "f" };

/** Who follows what, every kind in one list: most followed first, each one's followers oldest first. */
export async function productAlertList(db: Queryable): Promise<ProductAlertEntry[]> {
  const rows = await db.query<{
    kind: ProductAlertKind;
    product_id: string | number;
    product_title: string;
    variant_id: string | number | null;
    variant_title: string | null;
    quantity: number | null;
    email: string;
    status: "pending" | "following" | "sending";
    site_code: string;
    locale: string | null;
    since: Date | string;
    last_emailed_at: Date | string | null;
    known_price: string | number | null;
    known_currency: string | null;
  }>(
    `select 'back_in_stock' as kind, p.id as product_id, p.title as product_title, v.id as variant_id, v.title as variant_title, v.inventory_quantity as quantity,
            r.email, case when r.status = 'waiting' then 'following' else r.status end as status, r.site_code, r.locale,
            r.requested_at as since, null::timestamptz as last_emailed_at, null::bigint as known_price, null::text as known_currency, r.id
       from back_in_stock_requests r join variants v on v.id = r.variant_id join products p on p.id = v.product_id
      where r.status <> 'sent'
     union all
     select 'price_drop', p.id, p.title, null, null, null,
            f.email, f.status, f.site_code, f.locale,
            f.followed_at, f.last_emailed_at, f.known_price, f.known_currency, f.id
       from price_drop_follows f join products p on p.id = f.product_id
      order by since, id`,
  );
  const entries = new Map<string, ProductAlertEntry>();
  for (const row of rows) {
    const variantId = row.variant_id === null ? null : Number(row.variant_id);
    const key = `${row.kind}:${row.product_id}:${variantId ?? ""}`;
    let entry = entries.get(key);
    if (!entry) {
      const variant = variantId === null ? null : { id: variantId, title: row.variant_title ?? "", quantity: Number(row.quantity) };
      entry = { kind: row.kind, productId: Number(row.product_id), productTitle: row.product_title, variant, following: 0, unconfirmed: 0, followers: [] };
      entries.set(key, entry);
    }
    if (row.status === "pending") entry.unconfirmed += 1;
    else entry.following += 1;
    entry.followers.push({
      email: row.email,
      status: row.status,
      siteCode: row.site_code,
      locale: row.locale,
      since: new Date(row.since).toISOString(),
      lastEmailedAt: row.last_emailed_at ? new Date(row.last_emailed_at).toISOString() : null,
      knownPrice: row.known_price === null || row.known_currency === null ? null : { price: Number(row.known_price), currency: row.known_currency },
    });
  }
  return [...entries.values()].sort((a, b) => b.following - a.following || b.unconfirmed - a.unconfirmed || a.productTitle.localeCompare(b.productTitle) || a.kind.localeCompare(b.kind));
}
