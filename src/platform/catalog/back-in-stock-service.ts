/**
 * "Email me when it's back", the shop's side.
 *
 * A request is checked, rate limited per client address (an error) and per
 * email (silently: the answer never tells whether an address already asked),
 * and kept as pending with the site it came from; a confirmation email with a
 * signed link makes it count (double opt-in). A shopper already waiting for
 * the variant is answered as anyone is and gets nothing new.
 *
 * Sending: `sendDue` claims confirmed requests whose variant can be bought
 * again, oldest request first, a batch at a time, by setting their status in
 * one statement that skips rows another server holds; each claimed request
 * gets one email (the price in its site's currency, a signed link that puts
 * the variant in the cart) and is marked sent. Before each email the variant
 * is checked again, so sending stops the moment the stock runs out; the rest
 * wait for the next restock. A claim left by a server that died is taken up
 * again after a while. Every stock path (the stock page, the CSV import, a
 * refund's restock) is covered because sending reads the stock itself.
 */
import { randomBytes } from "node:crypto";
import {
  BACK_IN_STOCK_ADD_PATH,
  BACK_IN_STOCK_BATCH_SIZE,
  BACK_IN_STOCK_CONFIRM_PATH,
  BACK_IN_STOCK_CONSENT_TEXT,
  type BackInStockWaiting,
} from "../../core/catalog/back-in-stock.ts";
import { backInStockRequestSchema, ticked } from "../../core/catalog/back-in-stock-request.ts";
import type { AfterAnswer } from "../customers/after-answer.ts";
import { type LimitRule, type RateLimiter, addressKey } from "../customers/rate-limits.ts";
import { hmacHex, sameText } from "../customers/secrets.ts";
import type { ShopSecrets } from "../customers/shop-secrets.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { backInStockAlertMessage, backInStockConfirmMessage } from "../mail/messages.ts";

/** Requests one client address may send in a window. */
export const BACK_IN_STOCK_ADDRESS_LIMIT: LimitRule = { limit: 10, windowSeconds: 60 * 60 };
/** Confirmation emails one address may be sent in a window, whoever asks. */
export const BACK_IN_STOCK_EMAIL_LIMIT: LimitRule = { limit: 3, windowSeconds: 24 * 60 * 60 };
/** A claim older than this was left by a server that stopped mid-send: it is taken up again. */
const STALE_CLAIM_MINUTES = 10;

const SECRET_NAME = "back-in-stock-links";

/** The SQL rule for "can be bought", as the catalog's `isVariantAvailable` reads it. */
const CAN_BE_BOUGHT = "(v.inventory_management is null or v.inventory_policy = 'continue' or v.inventory_quantity > 0)";

export interface BackInStockAnswer {
  errors: { field: string; message: string }[];
  status?: "confirmation_sent";
  retryAfter?: number;
}

export interface RequestContext {
  ip: string;
  customerId: number | null;
  siteCode: string;
  shopUrl: string;
}

/** A variant as one site sells it: its full name and its price there, formatted in the site's currency. */
export type DescribeVariant = (siteCode: string, variantId: number) => Promise<{ name: string; price: string } | null>;

/** What a confirmation link did, and the product page to go back to. */
export interface ConfirmOutcome {
  outcome: "confirmed" | "already_confirmed" | "invalid";
  productPath: string | null;
}

interface RequestRow {
  id: string | number;
  email: string;
  status: "pending" | "waiting" | "sending" | "sent";
  confirm_nonce: string;
  variant_id: string | number;
  site_code: string;
  shop_url: string;
}

const base = (shopUrl: string) => shopUrl.replace(/\/+$/, "");
const read = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);

export class BackInStockService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly limiter: RateLimiter;
  private readonly secrets: ShopSecrets;
  private readonly afterAnswer: AfterAnswer;
  private readonly describe: DescribeVariant;
  private readonly shopName: string;
  private readonly addressLimit: LimitRule;
  private readonly emailLimit: LimitRule;
  private readonly batchSize: number;

  constructor(options: {
    db: Database;
    mailer: Mailer;
    limiter: RateLimiter;
    secrets: ShopSecrets;
    afterAnswer: AfterAnswer;
    describe: DescribeVariant;
    shopName: string;
    addressLimit?: LimitRule;
    emailLimit?: LimitRule;
    batchSize?: number;
  }) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.limiter = options.limiter;
    this.secrets = options.secrets;
    this.afterAnswer = options.afterAnswer;
    this.describe = options.describe;
    this.shopName = options.shopName;
    this.addressLimit = options.addressLimit ?? BACK_IN_STOCK_ADDRESS_LIMIT;
    this.emailLimit = options.emailLimit ?? BACK_IN_STOCK_EMAIL_LIMIT;
    this.batchSize = options.batchSize ?? BACK_IN_STOCK_BATCH_SIZE;
  }

  private async sign(purpose: "confirm" | "add", id: number, value: string): Promise<string> {
    return hmacHex(await this.secrets.get(SECRET_NAME), `${purpose}:${id}:${value}`);
  }

  /** A shopper's request: the answer is the same whether or not the address already waits for the variant. */
  async request(form: Record<string, unknown>, context: RequestContext): Promise<BackInStockAnswer> {
    const parsed = backInStockRequestSchema.safeParse({ variantId: read(form, "id"), email: read(form, "email"), consent: ticked(form.consent) });
    if (!parsed.success) {
      const field = (path: PropertyKey | undefined) => (path === "variantId" ? "id" : String(path ?? "form"));
      return { errors: parsed.error.issues.map((issue) => ({ field: field(issue.path[0]), message: issue.message })) };
    }
    const verdict = await this.limiter.hit(addressKey("back-in-stock", context.ip), this.addressLimit);
    if (!verdict.allowed) return { errors: [{ field: "form", message: "Too many requests from here. Please try again later." }], retryAfter: verdict.retryAfter };
    const taken: BackInStockAnswer = { errors: [], status: "confirmation_sent" };
    // A filled hidden field is a robot's: it is told nothing different, and nothing is kept or sent.
    if (read(form, "bis_website")?.trim()) return taken;

    const { variantId, email } = parsed.data;
    const [variant] = await this.db.query<{ sold_out: boolean }>(
      `select (v.inventory_management = 'shopify' and not ${CAN_BE_BOUGHT}) as sold_out
         from variants v join products p on p.id = v.product_id where v.id = $1 and p.published`,
      [variantId],
    );
    if (!variant) return { errors: [{ field: "id", message: "Choose the size you want" }] };
    if (!variant.sold_out) return { errors: [{ field: "id", message: "Good news: this is in stock now, so you can add it to your cart." }] };
    // The address's inbox is protected without telling the asker anything.
    if (!(await this.limiter.hit(`back-in-stock-email:${email.toLowerCase()}`, this.emailLimit)).allowed) return taken;

    const [row] = await this.db.query<RequestRow>(
      `insert into back_in_stock_requests (variant_id, email, site_code, shop_url, customer_id, consent_text, confirm_nonce)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (variant_id, lower(email)) where status <> 'sent' do update set
         site_code = case when back_in_stock_requests.status = 'pending' then excluded.site_code else back_in_stock_requests.site_code end,
         shop_url = case when back_in_stock_requests.status = 'pending' then excluded.shop_url else back_in_stock_requests.shop_url end,
         customer_id = coalesce(back_in_stock_requests.customer_id, excluded.customer_id),
         confirm_nonce = case when back_in_stock_requests.status = 'pending' then excluded.confirm_nonce else back_in_stock_requests.confirm_nonce end
       returning id, email, status, confirm_nonce, variant_id, site_code, shop_url`,
      [variantId, email, context.siteCode, base(context.shopUrl), context.customerId, BACK_IN_STOCK_CONSENT_TEXT, randomBytes(16).toString("hex")],
    );
    if (!row) throw new Error("back-in-stock insert returned nothing");
    // Already confirmed: the request counts as it is, and nothing is sent.
    if (row.status === "pending") this.afterAnswer.run(() => this.sendConfirmation(row));
    return taken;
  }

  private async sendConfirmation(row: RequestRow): Promise<void> {
    const id = Number(row.id);
    const described = await this.describe(row.site_code, Number(row.variant_id));
    if (!described) return;
    const confirmUrl = `${row.shop_url}${BACK_IN_STOCK_CONFIRM_PATH}?r=${id}&n=${row.confirm_nonce}&t=${await this.sign("confirm", id, row.confirm_nonce)}`;
    await this.mailer.send(backInStockConfirmMessage({ to: row.email, productName: described.name, confirmUrl, shopName: this.shopName, shopUrl: row.shop_url }));
  }

  /** A confirmation link: the signed nonce of the latest request makes it count, once. */
  async confirm(query: { r?: string; n?: string; t?: string }): Promise<ConfirmOutcome> {
    const invalid: ConfirmOutcome = { outcome: "invalid", productPath: null };
    const id = Number(query.r);
    if (!Number.isSafeInteger(id) || id <= 0 || !query.n || !query.t || !/^[a-f0-9]{32}$/.test(query.n)) return invalid;
    if (!sameText(await this.sign("confirm", id, query.n), query.t)) return invalid;
    const [row] = await this.db.query<{ status: RequestRow["status"]; confirm_nonce: string; handle: string; variant_id: string | number }>(
      `select r.status, r.confirm_nonce, p.handle, r.variant_id from back_in_stock_requests r
         join variants v on v.id = r.variant_id join products p on p.id = v.product_id where r.id = $1`,
      [id],
    );
    if (!row || row.confirm_nonce !== query.n) return invalid;
    const productPath = `/products/${row.handle}?variant=${row.variant_id}`;
    const [updated] = await this.db.query("update back_in_stock_requests set status = 'waiting', confirmed_at = now() where id = $1 and confirm_nonce = $2 and status = 'pending' returning id", [id, query.n]);
    return { outcome: updated ? "confirmed" : "already_confirmed", productPath };
  }

  /** The variant a signed "add it to my cart" link names, or null for a link the shop did not sign. */
  async addLinkVariant(query: { r?: string; v?: string; t?: string }): Promise<number | null> {
    const id = Number(query.r);
    const variantId = Number(query.v);
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(variantId) || variantId <= 0 || !query.t) return null;
    return sameText(await this.sign("add", id, String(variantId)), query.t) ? variantId : null;
  }

  /**
   * Emails the confirmed requests whose variant can be bought again, oldest
   * first, at most one batch; answers how many were sent.
   */
  async sendDue(): Promise<number> {
    const claimed = await this.db.transaction((tx) =>
      tx.query<RequestRow>(
        `update back_in_stock_requests set status = 'sending', claimed_at = now()
          where id in (
                select r.id from back_in_stock_requests r join variants v on v.id = r.variant_id
                 where ${CAN_BE_BOUGHT}
                   and (r.status = 'waiting' or (r.status = 'sending' and r.claimed_at < now() - make_interval(mins => $2::int)))
                 order by r.requested_at, r.id
                 limit $1
                 for update of r skip locked)
          returning id, email, status, confirm_nonce, variant_id, site_code, shop_url, requested_at`,
        [this.batchSize, STALE_CLAIM_MINUTES],
      ),
    );
    // The statement's returning order is not the claim's: oldest request first.
    claimed.sort((a, b) => Number(a.id) - Number(b.id));
    let sent = 0;
    for (const row of claimed) {
      const id = Number(row.id);
      const variantId = Number(row.variant_id);
      const [stock] = await this.db.query<{ can_be_bought: boolean }>(`select ${CAN_BE_BOUGHT} as can_be_bought from variants v where v.id = $1`, [variantId]);
      const described = stock?.can_be_bought ? await this.describe(row.site_code, variantId) : null;
      if (!described) {
        // Sold out again (or gone from the site): back in the queue, in its place.
        await this.db.query("update back_in_stock_requests set status = 'waiting', claimed_at = null where id = $1 and status = 'sending'", [id]);
        continue;
      }
      const addUrl = `${row.shop_url}${BACK_IN_STOCK_ADD_PATH}?r=${id}&v=${variantId}&t=${await this.sign("add", id, String(variantId))}`;
      try {
        await this.mailer.send(backInStockAlertMessage({ to: row.email, productName: described.name, price: described.price, addUrl, shopName: this.shopName, shopUrl: row.shop_url }));
      } catch (error) {
        await this.db.query("update back_in_stock_requests set status = 'waiting', claimed_at = null where id = $1 and status = 'sending'", [id]);
        throw error;
      }
      await this.db.query("update back_in_stock_requests set status = 'sent', sent_at = now() where id = $1", [id]);
      sent += 1;
    }
    return sent;
  }

  /** Who waits for what, for the back office. */
  waiting(): Promise<BackInStockWaiting[]> {
    return backInStockWaiting(this.db);
  }
}

/** Who waits for what, most awaited variant first, each variant's shoppers in order of request. */
export async function backInStockWaiting(db: Queryable): Promise<BackInStockWaiting[]> {
  const rows = await db.query<{
    variant_id: string | number;
    product_title: string;
    variant_title: string;
    inventory_quantity: number;
    email: string;
    status: "pending" | "waiting" | "sending";
    requested_at: Date | string;
    site_code: string;
  }>(
    `select r.variant_id, p.title as product_title, v.title as variant_title, v.inventory_quantity, r.email, r.status, r.requested_at, r.site_code
       from back_in_stock_requests r join variants v on v.id = r.variant_id join products p on p.id = v.product_id
      where r.status <> 'sent'
      order by r.requested_at, r.id`,
  );
  const byVariant = new Map<number, BackInStockWaiting>();
  for (const row of rows) {
    const variantId = Number(row.variant_id);
    let entry = byVariant.get(variantId);
    if (!entry) {
      entry = { variantId, productTitle: row.product_title, variantTitle: row.variant_title, quantity: row.inventory_quantity, waiting: 0, unconfirmed: 0, shoppers: [] };
      byVariant.set(variantId, entry);
    }
    if (row.status === "pending") entry.unconfirmed += 1;
    else entry.waiting += 1;
    entry.shoppers.push({ email: row.email, status: row.status, requestedAt: new Date(row.requested_at).toISOString(), siteCode: row.site_code });
  }
  return [...byVariant.values()].sort((a, b) => b.waiting - a.waiting || b.unconfirmed - a.unconfirmed || a.productTitle.localeCompare(b.productTitle));
}
