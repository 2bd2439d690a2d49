/**
 * "Tell me when the price drops": the price-drop kind of product alert
 * (product-alerts.ts has the mechanism every kind shares: the checks and
 * limits, double opt-in, signed links, claiming and sending once).
 *
 * What is its own: a shopper follows a product on one site, and the follow
 * keeps the product's price there. `sendDue` reads each site's catalog, finds
 * the follows whose product now costs less there than the lowest price the
 * follower knows of (every path a price changes by is covered: the product
 * editor, the CSV import, a site's fixed prices or exchange rule), claims
 * them, and keeps one email each with the new known price, so the same drop
 * is never emailed twice. Every email carries a signed unfollow link.
 */
import {
  PRICE_DROP_BATCH_SIZE,
  PRICE_DROP_CONFIRM_PATH,
  PRICE_DROP_CONSENT,
  PRICE_DROP_UNFOLLOW_PATH,
  type KnownPrice,
  priceDropVerdict,
} from "../../core/catalog/price-drop.ts";
import { priceDropRequestSchema } from "../../core/catalog/price-drop-request.ts";
import type { LimitRule } from "../accounts/rate-limits.ts";
import { priceDropAlertMessage, priceDropConfirmMessage } from "../mail/messages.ts";
import { type AlertAnswer, type AlertContext, type AlertRow, type AlertServiceOptions, type LinkOutcome, ProductAlerts, STALE_CLAIM_MINUTES, siteBase } from "./product-alerts.ts";

/** Follows one client address may ask for in a window. */
export const PRICE_DROP_ADDRESS_LIMIT: LimitRule = { limit: 10, windowSeconds: 60 * 60 };
/** Confirmation emails one address may be sent in a window, whoever asks. */
export const PRICE_DROP_EMAIL_LIMIT: LimitRule = { limit: 3, windowSeconds: 24 * 60 * 60 };

export type PriceDropAnswer = AlertAnswer;
export type FollowContext = AlertContext;

/** A product as one site sells it: its name, handle, its followed price there and that price formatted. */
export type DescribeProduct = (siteCode: string, productId: number) => Promise<{ name: string; handle: string; price: KnownPrice; formatted: (minor: number) => string } | null>;

interface FollowRow extends AlertRow {
  product_id: string | number;
  known_price: string | number;
  known_currency: string;
}

export class PriceDropService {
  private readonly alerts: ProductAlerts<FollowRow>;
  private readonly options: AlertServiceOptions & { describe: DescribeProduct; siteCodes: () => string[] };
  private readonly batchSize: number;

  constructor(options: AlertServiceOptions & { describe: DescribeProduct; siteCodes: () => string[] }) {
    this.alerts = new ProductAlerts<FollowRow>(
      { kind: "price_drop", table: "price_drop_follows", secret: "price-drop-links", limitName: "price-drop", robotField: "pd_website", confirmed: "following", columns: "product_id, known_price, known_currency" },
      { ...options, addressLimit: options.addressLimit ?? PRICE_DROP_ADDRESS_LIMIT, emailLimit: options.emailLimit ?? PRICE_DROP_EMAIL_LIMIT },
    );
    this.options = options;
    this.batchSize = options.batchSize ?? PRICE_DROP_BATCH_SIZE;
  }

  /** A follow from the product page. */
  async follow(form: Record<string, unknown>, context: FollowContext): Promise<PriceDropAnswer> {
    let price: KnownPrice | null = null;
    return this.alerts.subscribe(form, context, {
      parse: { schema: priceDropRequestSchema, subject: ["product_id", "productId"] },
      check: async ({ productId }) => {
        price = (await this.options.describe(context.siteCode, productId))?.price ?? null;
        return price ? null : { field: "product_id", message: "Choose a product to follow" };
      },
      keep: async ({ productId, email }, alert) => {
        if (!price) return undefined;
        const pendingKeeps = (column: string) => `${column} = case when price_drop_follows.status = 'pending' then excluded.${column} else price_drop_follows.${column} end`;
        const [row] = await this.alerts.db.query<FollowRow>(
          `insert into price_drop_follows (product_id, email, status, site_code, shop_url, locale, customer_id, consent_text, known_price, known_currency, confirm_nonce, confirmed_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, case when $3 = 'following' then now() end)
           on conflict (product_id, lower(email)) do update set
             ${["status", "confirmed_at", "site_code", "shop_url", "locale", "known_price", "known_currency", "confirm_nonce"].map(pendingKeeps).join(",\n")},
             customer_id = coalesce(price_drop_follows.customer_id, excluded.customer_id)
           returning id, product_id, email, status, confirm_nonce, site_code, shop_url, locale, known_price, known_currency`,
          [productId, email, alert.status, context.siteCode, siteBase(context.shopUrl), context.locale ?? null, alert.customerId, this.options.words(context.siteCode, context.locale ?? null).t(PRICE_DROP_CONSENT), price.price, price.currency, alert.nonce],
        );
        return row;
      },
      confirm: async (row, confirmUrl) => {
        const product = await this.options.describe(row.site_code, Number(row.product_id));
        if (!product) return;
        await this.options.mailer.send(
          priceDropConfirmMessage({ to: row.email, productName: product.name, price: product.formatted(Number(row.known_price)), confirmUrl, shopName: this.options.shopName, shopUrl: row.shop_url, words: this.options.words(row.site_code, row.locale) }),
        );
      },
      confirmPath: PRICE_DROP_CONFIRM_PATH,
    });
  }

  private async productPath(productId: number): Promise<string | null> {
    const [row] = await this.alerts.db.query<{ handle: string }>("select handle from products where id = $1", [productId]);
    return row ? `/products/${row.handle}` : null;
  }

  /** A confirmation link: the signed nonce of the latest request makes the follow count, once. */
  confirm(query: Record<string, string | undefined>): Promise<LinkOutcome> {
    return this.alerts.confirm(query, async (id) => {
      const [row] = await this.alerts.db.query<{ product_id: string | number }>("select product_id from price_drop_follows where id = $1", [id]);
      return row ? this.productPath(Number(row.product_id)) : null;
    });
  }

  /** The unfollow link in every email: the follow is gone. */
  unfollow(query: Record<string, string | undefined>): Promise<LinkOutcome> {
    return this.alerts.unfollow(query, { param: "p", column: "product_id", path: (productId) => this.productPath(productId) });
  }

  /**
   * Emails the follows whose product now costs less on their site than the
   * lowest price they know of, at most one batch; answers how many were sent.
   */
  async sendDue(): Promise<number> {
    const due: number[] = [];
    const db = this.alerts.db;
    for (const siteCode of this.options.siteCodes()) {
      const follows = await db.query<FollowRow>(
        `select id, product_id, known_price, known_currency from price_drop_follows
          where site_code = $1 and (status = 'following' or (status = 'sending' and claimed_at < now() - make_interval(mins => $2::int)))
          order by id`,
        [siteCode, STALE_CLAIM_MINUTES],
      );
      const prices = new Map<number, KnownPrice | null>();
      for (const follow of follows) {
        const productId = Number(follow.product_id);
        if (!prices.has(productId)) prices.set(productId, (await this.options.describe(siteCode, productId))?.price ?? null);
        const now = prices.get(productId) ?? null;
        const verdict = priceDropVerdict({ price: Number(follow.known_price), currency: follow.known_currency }, now);
        if (verdict === "drop") due.push(Number(follow.id));
        // The site's currency changed: the known price is replaced without an email.
        if (verdict === "reset" && now) {
          await db.query("update price_drop_follows set known_price = $2, known_currency = $3 where id = $1 and status = 'following'", [Number(follow.id), now.price, now.currency]);
        }
      }
    }
    if (due.length === 0) return 0;
    const claimed = await this.alerts.claim({ from: "", where: "r.id = any($1::bigint[])", order: "r.id", params: [due] }, this.batchSize);
    const emailed = new Map<number, number>();
    return this.alerts.sendClaimed(
      claimed,
      async (row) => {
        const productId = Number(row.product_id);
        // Read again: the price may have gone back up since the list was drawn.
        const product = await this.options.describe(row.site_code, productId);
        const known: KnownPrice = { price: Number(row.known_price), currency: row.known_currency };
        if (!product || priceDropVerdict(known, product.price) !== "drop") return false;
        const unfollowUrl = await this.alerts.signedLink(row, PRICE_DROP_UNFOLLOW_PATH, "unfollow", { id: "f", value: ["p", String(productId)] });
        await this.options.mailer.send(
          priceDropAlertMessage({
            to: row.email,
            productName: product.name,
            was: product.formatted(known.price),
            now: product.formatted(product.price.price),
            productUrl: `${row.shop_url}/products/${product.handle}`,
            unfollowUrl,
            shopName: this.options.shopName,
            shopUrl: row.shop_url,
            words: this.options.words(row.site_code, row.locale),
          }),
        );
        emailed.set(Number(row.id), product.price.price);
        return true;
      },
      // The price just emailed is the one they know now: the same drop is never emailed again.
      async (row, queryable) => {
        await queryable.query("update price_drop_follows set status = 'following', claimed_at = null, known_price = $2, last_emailed_at = now() where id = $1", [Number(row.id), emailed.get(Number(row.id))]);
      },
    );
  }
}
