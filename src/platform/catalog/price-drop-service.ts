/**
 * "Tell me when the price drops", the shop's side.
 *
 * A follow is checked and rate limited per client address (an error) and
 * per email (silently), and kept with the site it came from and the product's
 * price there. A signed-in customer following with their own address follows
 * at once; anyone else is emailed a signed confirmation link first (double
 * opt-in). The answer for a guest is the same whether or not the address
 * already follows the product.
 *
 * Sending: `sendDue` reads each site's catalog, finds the follows whose
 * product now costs less there than the lowest price the follower knows of
 * (every path a price changes by is covered: the product editor, the CSV
 * import, a site's fixed prices or exchange rule), claims them in one
 * statement that skips rows another server holds, and keeps one email each
 * with the new known price, so the same drop is never emailed twice. Every
 * email carries a signed unfollow link.
 */
import { randomBytes } from "node:crypto";
import {
  PRICE_DROP_BATCH_SIZE,
  PRICE_DROP_CONFIRM_PATH,
  PRICE_DROP_CONSENT_TEXT,
  PRICE_DROP_UNFOLLOW_PATH,
  type KnownPrice,
  type PriceDropFollowing,
  priceDropVerdict,
} from "../../core/catalog/price-drop.ts";
import { priceDropRequestSchema } from "../../core/catalog/price-drop-request.ts";
import { ticked } from "../../core/catalog/back-in-stock-request.ts";
import type { AfterAnswer } from "../customers/after-answer.ts";
import { type LimitRule, type RateLimiter, addressKey } from "../customers/rate-limits.ts";
import { hmacHex, sameText } from "../customers/secrets.ts";
import type { ShopSecrets } from "../customers/shop-secrets.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { priceDropAlertMessage, priceDropConfirmMessage } from "../mail/messages.ts";

/** Follows one client address may ask for in a window. */
export const PRICE_DROP_ADDRESS_LIMIT: LimitRule = { limit: 10, windowSeconds: 60 * 60 };
/** Confirmation emails one address may be sent in a window, whoever asks. */
export const PRICE_DROP_EMAIL_LIMIT: LimitRule = { limit: 3, windowSeconds: 24 * 60 * 60 };
/** A claim older than this was left by a server that stopped mid-send: it is taken up again. */
const STALE_CLAIM_MINUTES = 10;

const SECRET_NAME = "price-drop-links";

export interface PriceDropAnswer {
  errors: { field: string; message: string }[];
  /** `following` for a customer's own address (no email needed), else `confirmation_sent`. */
  status?: "confirmation_sent" | "following";
  retryAfter?: number;
}

export interface FollowContext {
  ip: string;
  customer: { id: number; email: string } | null;
  siteCode: string;
  shopUrl: string;
}

/** A product as one site sells it: its name, handle, its followed price there and that price formatted. */
export type DescribeProduct = (siteCode: string, productId: number) => Promise<{ name: string; handle: string; price: KnownPrice; formatted: (minor: number) => string } | null>;

/** What a confirmation or unfollow link did, and the product page to go back to. */
export interface LinkOutcome {
  outcome: "confirmed" | "already_confirmed" | "unfollowed" | "invalid";
  productPath: string | null;
}

interface FollowRow {
  id: string | number;
  product_id: string | number;
  email: string;
  status: "pending" | "following" | "sending";
  confirm_nonce: string;
  site_code: string;
  shop_url: string;
  known_price: string | number;
  known_currency: string;
}

const base = (shopUrl: string) => shopUrl.replace(/\/+$/, "");
const read = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
const FOLLOW_COLUMNS = "id, product_id, email, status, confirm_nonce, site_code, shop_url, known_price, known_currency";

export class PriceDropService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly limiter: RateLimiter;
  private readonly secrets: ShopSecrets;
  private readonly afterAnswer: AfterAnswer;
  private readonly describe: DescribeProduct;
  private readonly siteCodes: () => string[];
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
    describe: DescribeProduct;
    siteCodes: () => string[];
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
    this.siteCodes = options.siteCodes;
    this.shopName = options.shopName;
    this.addressLimit = options.addressLimit ?? PRICE_DROP_ADDRESS_LIMIT;
    this.emailLimit = options.emailLimit ?? PRICE_DROP_EMAIL_LIMIT;
    this.batchSize = options.batchSize ?? PRICE_DROP_BATCH_SIZE;
  }

  private async sign(purpose: "confirm" | "unfollow", id: number, value: string): Promise<string> {
    return hmacHex(await this.secrets.get(SECRET_NAME), `${purpose}:${id}:${value}`);
  }

  /** A follow from the product page. */
  async follow(form: Record<string, unknown>, context: FollowContext): Promise<PriceDropAnswer> {
    const parsed = priceDropRequestSchema.safeParse({ productId: read(form, "product_id"), email: read(form, "email"), consent: ticked(form.consent) });
    if (!parsed.success) {
      const field = (path: PropertyKey | undefined) => (path === "productId" ? "product_id" : String(path ?? "form"));
      return { errors: parsed.error.issues.map((issue) => ({ field: field(issue.path[0]), message: issue.message })) };
    }
    const verdict = await this.limiter.hit(addressKey("price-drop", context.ip), this.addressLimit);
    if (!verdict.allowed) return { errors: [{ field: "form", message: "Too many requests from here. Please try again later." }], retryAfter: verdict.retryAfter };
    const { productId, email } = parsed.data;
    // A customer following with the address their account is known by needs no confirmation.
    const own = context.customer !== null && context.customer.email.toLowerCase() === email.toLowerCase();
    const taken: PriceDropAnswer = { errors: [], status: own ? "following" : "confirmation_sent" };
    // A filled hidden field is a robot's: it is told nothing different, and nothing is kept or sent.
    if (read(form, "pd_website")?.trim()) return taken;

    const product = await this.describe(context.siteCode, productId);
    if (!product) return { errors: [{ field: "product_id", message: "Choose a product to follow" }] };
    // The address's inbox is protected without telling the asker anything.
    if (!own && !(await this.limiter.hit(`price-drop-email:${email.toLowerCase()}`, this.emailLimit)).allowed) return taken;

    const [row] = await this.db.query<FollowRow>(
      `insert into price_drop_follows (product_id, email, status, site_code, shop_url, customer_id, consent_text, known_price, known_currency, confirm_nonce, confirmed_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $3 = 'following' then now() end)
       on conflict (product_id, lower(email)) do update set
         status = case when price_drop_follows.status = 'pending' then excluded.status else price_drop_follows.status end,
         confirmed_at = case when price_drop_follows.status = 'pending' then excluded.confirmed_at else price_drop_follows.confirmed_at end,
         site_code = case when price_drop_follows.status = 'pending' then excluded.site_code else price_drop_follows.site_code end,
         shop_url = case when price_drop_follows.status = 'pending' then excluded.shop_url else price_drop_follows.shop_url end,
         known_price = case when price_drop_follows.status = 'pending' then excluded.known_price else price_drop_follows.known_price end,
         known_currency = case when price_drop_follows.status = 'pending' then excluded.known_currency else price_drop_follows.known_currency end,
         customer_id = coalesce(price_drop_follows.customer_id, excluded.customer_id),
         confirm_nonce = case when price_drop_follows.status = 'pending' then excluded.confirm_nonce else price_drop_follows.confirm_nonce end
       returning ${FOLLOW_COLUMNS}`,
      [
        productId,
        email,
        own ? "following" : "pending",
        context.siteCode,
        base(context.shopUrl),
        context.customer?.id ?? null,
        PRICE_DROP_CONSENT_TEXT,
        product.price.price,
        product.price.currency,
        randomBytes(16).toString("hex"),
      ],
    );
    if (!row) throw new Error("price-drop insert returned nothing");
    // Already following: the follow counts as it is, and nothing is sent.
    if (row.status === "pending") this.afterAnswer.run(() => this.sendConfirmation(row));
    return taken;
  }

  private async sendConfirmation(row: FollowRow): Promise<void> {
    const id = Number(row.id);
    const product = await this.describe(row.site_code, Number(row.product_id));
    if (!product) return;
    const confirmUrl = `${row.shop_url}${PRICE_DROP_CONFIRM_PATH}?f=${id}&n=${row.confirm_nonce}&t=${await this.sign("confirm", id, row.confirm_nonce)}`;
    await this.mailer.send(priceDropConfirmMessage({ to: row.email, productName: product.name, price: product.formatted(Number(row.known_price)), confirmUrl, shopName: this.shopName, shopUrl: row.shop_url }));
  }

  private async productPath(id: number): Promise<string | null> {
    const [row] = await this.db.query<{ handle: string }>("select p.handle from price_drop_follows f join products p on p.id = f.product_id where f.id = $1", [id]);
    return row ? `/products/${row.handle}` : null;
  }

  /** A confirmation link: the signed nonce of the latest request makes the follow count, once. */
  async confirm(query: { f?: string; n?: string; t?: string }): Promise<LinkOutcome> {
    const invalid: LinkOutcome = { outcome: "invalid", productPath: null };
    const id = Number(query.f);
    if (!Number.isSafeInteger(id) || id <= 0 || !query.n || !query.t || !/^[a-f0-9]{32}$/.test(query.n)) return invalid;
    if (!sameText(await this.sign("confirm", id, query.n), query.t)) return invalid;
    const [row] = await this.db.query<{ confirm_nonce: string }>("select confirm_nonce from price_drop_follows where id = $1", [id]);
    if (!row || row.confirm_nonce !== query.n) return invalid;
    const productPath = await this.productPath(id);
    const [updated] = await this.db.query("update price_drop_follows set status = 'following', confirmed_at = now() where id = $1 and confirm_nonce = $2 and status = 'pending' returning id", [id, query.n]);
    return { outcome: updated ? "confirmed" : "already_confirmed", productPath };
  }

  /** The unfollow link in every email: the follow is gone (a second click finds nothing to remove and says the same). */
  async unfollow(query: { f?: string; p?: string; t?: string }): Promise<LinkOutcome> {
    const invalid: LinkOutcome = { outcome: "invalid", productPath: null };
    const id = Number(query.f);
    const productId = Number(query.p);
    if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(productId) || productId <= 0 || !query.t) return invalid;
    if (!sameText(await this.sign("unfollow", id, String(productId)), query.t)) return invalid;
    const [product] = await this.db.query<{ handle: string }>("select handle from products where id = $1", [productId]);
    await this.db.query("delete from price_drop_follows where id = $1 and product_id = $2", [id, productId]);
    return { outcome: "unfollowed", productPath: product ? `/products/${product.handle}` : "/" };
  }

  /**
   * Emails the follows whose product now costs less on their site than the
   * lowest price they know of, at most one batch; answers how many were sent.
   */
  async sendDue(): Promise<number> {
    const due: { id: number; price: KnownPrice }[] = [];
    const resets: { id: number; price: KnownPrice }[] = [];
    for (const siteCode of this.siteCodes()) {
      const follows = await this.db.query<FollowRow>(
        `select ${FOLLOW_COLUMNS} from price_drop_follows
          where site_code = $1 and (status = 'following' or (status = 'sending' and claimed_at < now() - make_interval(mins => $2::int)))
          order by id`,
        [siteCode, STALE_CLAIM_MINUTES],
      );
      const prices = new Map<number, KnownPrice | null>();
      for (const follow of follows) {
        const productId = Number(follow.product_id);
        if (!prices.has(productId)) prices.set(productId, (await this.describe(siteCode, productId))?.price ?? null);
        const now = prices.get(productId) ?? null;
        const verdict = priceDropVerdict({ price: Number(follow.known_price), currency: follow.known_currency }, now);
        if (verdict === "drop" && now) due.push({ id: Number(follow.id), price: now });
        if (verdict === "reset" && now) resets.push({ id: Number(follow.id), price: now });
      }
    }
    for (const reset of resets) {
      await this.db.query("update price_drop_follows set known_price = $2, known_currency = $3 where id = $1 and status = 'following'", [reset.id, reset.price.price, reset.price.currency]);
    }
    if (due.length === 0) return 0;
    const claimed = await this.db.transaction((tx) =>
      tx.query<FollowRow>(
        `update price_drop_follows set status = 'sending', claimed_at = now()
          where id in (
                select id from price_drop_follows
                 where id = any($1::bigint[])
                   and (status = 'following' or (status = 'sending' and claimed_at < now() - make_interval(mins => $3::int)))
                 order by id
                 limit $2
                 for update skip locked)
          returning ${FOLLOW_COLUMNS}`,
        [due.map((entry) => entry.id), this.batchSize, STALE_CLAIM_MINUTES],
      ),
    );
    claimed.sort((a, b) => Number(a.id) - Number(b.id));
    let sent = 0;
    for (const row of claimed) {
      const id = Number(row.id);
      const productId = Number(row.product_id);
      // Read again: the price may have gone back up since the list was drawn.
      const product = await this.describe(row.site_code, productId);
      const known: KnownPrice = { price: Number(row.known_price), currency: row.known_currency };
      if (!product || priceDropVerdict(known, product.price) !== "drop") {
        await this.db.query("update price_drop_follows set status = 'following', claimed_at = null where id = $1 and status = 'sending'", [id]);
        continue;
      }
      const productUrl = `${row.shop_url}/products/${product.handle}`;
      const unfollowUrl = `${row.shop_url}${PRICE_DROP_UNFOLLOW_PATH}?f=${id}&p=${productId}&t=${await this.sign("unfollow", id, String(productId))}`;
      try {
        await this.mailer.send(
          priceDropAlertMessage({
            to: row.email,
            productName: product.name,
            was: product.formatted(known.price),
            now: product.formatted(product.price.price),
            productUrl,
            unfollowUrl,
            shopName: this.shopName,
            shopUrl: row.shop_url,
          }),
        );
      } catch (error) {
        await this.db.query("update price_drop_follows set status = 'following', claimed_at = null where id = $1 and status = 'sending'", [id]);
        throw error;
      }
      // The price just emailed is the one they know now: the same drop is never emailed again.
      await this.db.query("update price_drop_follows set status = 'following', claimed_at = null, known_price = $2, last_emailed_at = now() where id = $1", [id, product.price.price]);
      sent += 1;
    }
    return sent;
  }

  /** Who follows what, for the back office. */
  following(): Promise<PriceDropFollowing[]> {
    return priceDropFollowing(this.db);
  }
}

/** Who follows which product's price, most followed first, each product's followers in order of following. */
export async function priceDropFollowing(db: Queryable): Promise<PriceDropFollowing[]> {
  const rows = await db.query<{
    product_id: string | number;
    product_title: string;
    email: string;
    status: "pending" | "following" | "sending";
    site_code: string;
    known_price: string | number;
    known_currency: string;
    followed_at: Date | string;
    last_emailed_at: Date | string | null;
  }>(
    `select f.product_id, p.title as product_title, f.email, f.status, f.site_code, f.known_price, f.known_currency, f.followed_at, f.last_emailed_at
       from price_drop_follows f join products p on p.id = f.product_id
      order by f.followed_at, f.id`,
  );
  const byProduct = new Map<number, PriceDropFollowing>();
  for (const row of rows) {
    const productId = Number(row.product_id);
    let entry = byProduct.get(productId);
    if (!entry) {
      entry = { productId, productTitle: row.product_title, following: 0, unconfirmed: 0, followers: [] };
      byProduct.set(productId, entry);
    }
    if (row.status === "pending") entry.unconfirmed += 1;
    else entry.following += 1;
    entry.followers.push({
      email: row.email,
      status: row.status,
      siteCode: row.site_code,
      knownPrice: Number(row.known_price),
      currency: row.known_currency,
      followedAt: new Date(row.followed_at).toISOString(),
      lastEmailedAt: row.last_emailed_at ? new Date(row.last_emailed_at).toISOString() : null,
    });
  }
  return [...byProduct.values()].sort((a, b) => b.following - a.following || b.unconfirmed - a.unconfirmed || a.productTitle.localeCompare(b.productTitle));
}
