/**
 * "Email me when it's back": the back-in-stock kind of product alert
 * (product-alerts.ts has the mechanism every kind shares: the checks and
 * limits, double opt-in, signed links, claiming and sending once).
 *
 * What is its own: a shopper follows a sold-out variant (the server checks it
 * is one); the alert is due once the variant can be bought again, oldest
 * request first, a batch at a time; before each email the variant is checked
 * again, so sending stops the moment the stock runs out and the rest wait for
 * the next restock. The one email names the price in the site's currency and
 * carries a signed link that puts the variant in the cart; the request is then
 * `sent`. Every stock path (the stock page, the CSV import, a refund's
 * restock) is covered because sending reads the stock itself.
 */
import {
  BACK_IN_STOCK_ADD_PATH,
  BACK_IN_STOCK_BATCH_SIZE,
  BACK_IN_STOCK_CONFIRM_PATH,
  BACK_IN_STOCK_CONSENT,
} from "../../core/catalog/back-in-stock.ts";
import { backInStockRequestSchema } from "../../core/catalog/back-in-stock-request.ts";
import type { LimitRule } from "../accounts/rate-limits.ts";
import { backInStockAlertMessage, backInStockConfirmMessage } from "../mail/messages.ts";
import { type AlertAnswer, type AlertContext, type AlertRow, type AlertServiceOptions, type LinkOutcome, ProductAlerts, siteBase } from "./product-alerts.ts";

/** Requests one client address may send in a window. */
export const BACK_IN_STOCK_ADDRESS_LIMIT: LimitRule = { limit: 10, windowSeconds: 60 * 60 };
/** Confirmation emails one address may be sent in a window, whoever asks. */
export const BACK_IN_STOCK_EMAIL_LIMIT: LimitRule = { limit: 3, windowSeconds: 24 * 60 * 60 };

/** The SQL rule for "can be bought", as the catalog's `isVariantAvailable` reads it. */
const CAN_BE_BOUGHT = "(v.inventory_management is null or v.inventory_policy = 'continue' or v.inventory_quantity > 0)";

export type BackInStockAnswer = AlertAnswer;
export type RequestContext = AlertContext;

/** A variant as one site sells it: its full name and its price there, formatted in the site's currency. */
export type DescribeVariant = (siteCode: string, variantId: number) => Promise<{ name: string; price: string } | null>;

interface RequestRow extends AlertRow {
  variant_id: string | number;
}

export class BackInStockService {
  private readonly alerts: ProductAlerts<RequestRow>;
  private readonly options: AlertServiceOptions & { describe: DescribeVariant };
  private readonly batchSize: number;

  constructor(options: AlertServiceOptions & { describe: DescribeVariant }) {
    this.alerts = new ProductAlerts<RequestRow>(
      { kind: "back_in_stock", table: "back_in_stock_requests", secret: "back-in-stock-links", limitName: "back-in-stock", robotField: "bis_website", confirmed: "waiting", columns: "variant_id" },
      { ...options, addressLimit: options.addressLimit ?? BACK_IN_STOCK_ADDRESS_LIMIT, emailLimit: options.emailLimit ?? BACK_IN_STOCK_EMAIL_LIMIT },
    );
    this.options = options;
    this.batchSize = options.batchSize ?? BACK_IN_STOCK_BATCH_SIZE;
  }

  /** A shopper's request: the answer is the same whether or not the address already waits for the variant. */
  request(form: Record<string, unknown>, context: RequestContext): Promise<BackInStockAnswer> {
    return this.alerts.subscribe(form, context, {
      parse: { schema: backInStockRequestSchema, subject: ["id", "variantId"] },
      check: async ({ variantId }) => {
        const [variant] = await this.alerts.db.query<{ sold_out: boolean }>(
          `select (v.inventory_management = 'shopify' and not ${CAN_BE_BOUGHT}) as sold_out
             from variants v join products p on p.id = v.product_id where v.id = $1 and p.published`,
          [variantId],
        );
        if (!variant) return { field: "id", message: "Choose the size you want" };
        return variant.sold_out ? null : { field: "id", message: "Good news: this is in stock now, so you can add it to your cart." };
      },
      keep: async ({ variantId, email }, alert) => {
        const pendingKeeps = (column: string) => `${column} = case when back_in_stock_requests.status = 'pending' then excluded.${column} else back_in_stock_requests.${column} end`;
        const [row] = await this.alerts.db.query<RequestRow>(
          `insert into back_in_stock_requests (variant_id, email, status, site_code, shop_url, locale, customer_id, consent_text, confirm_nonce, confirmed_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $3 = 'waiting' then now() end)
           on conflict (variant_id, lower(email)) where status <> 'sent' do update set
             ${["status", "confirmed_at", "site_code", "shop_url", "locale", "confirm_nonce"].map(pendingKeeps).join(",\n")},
             customer_id = coalesce(back_in_stock_requests.customer_id, excluded.customer_id)
           returning id, email, status, confirm_nonce, variant_id, site_code, shop_url, locale`,
          [variantId, email, alert.status, context.siteCode, siteBase(context.shopUrl), context.locale ?? null, alert.customerId, this.options.words(context.siteCode, context.locale ?? null).t(BACK_IN_STOCK_CONSENT), alert.nonce],
        );
        return row;
      },
      confirm: async (row, confirmUrl) => {
        const described = await this.options.describe(row.site_code, Number(row.variant_id));
        if (!described) return;
        await this.options.mailer.send(backInStockConfirmMessage({ to: row.email, productName: described.name, confirmUrl, shopName: this.options.shopName, shopUrl: row.shop_url, words: this.options.words(row.site_code, row.locale) }));
      },
      confirmPath: BACK_IN_STOCK_CONFIRM_PATH,
    });
  }

  /** The product page (with the variant) an alert is about. */
  private async productPath(id: number): Promise<string | null> {
    const [row] = await this.alerts.db.query<{ handle: string; variant_id: string | number }>(
      "select p.handle, r.variant_id from back_in_stock_requests r join variants v on v.id = r.variant_id join products p on p.id = v.product_id where r.id = $1",
      [id],
    );
    return row ? `/products/${row.handle}?variant=${row.variant_id}` : null;
  }

  /** A confirmation link: the signed nonce of the latest request makes it count, once. */
  confirm(query: Record<string, string | undefined>): Promise<LinkOutcome> {
    return this.alerts.confirm(query, (id) => this.productPath(id));
  }

  /** The variant a signed "add it to my cart" link names, or null for a link the shop did not sign. */
  async addLinkVariant(query: { r?: string; v?: string; t?: string }): Promise<number | null> {
    const link = await this.alerts.verified("add", query.r, query.v, query.t);
    const variantId = Number(link?.value);
    return link && Number.isSafeInteger(variantId) && variantId > 0 ? variantId : null;
  }

  /**
   * Emails the confirmed requests whose variant can be bought again, oldest
   * first, at most one batch; answers how many were sent.
   */
  async sendDue(): Promise<number> {
    const claimed = await this.alerts.claim({ from: "join variants v on v.id = r.variant_id", where: CAN_BE_BOUGHT, order: "r.requested_at, r.id", params: [] }, this.batchSize);
    return this.alerts.sendClaimed(
      claimed,
      async (row) => {
        const variantId = Number(row.variant_id);
        const [stock] = await this.alerts.db.query<{ can_be_bought: boolean }>(`select ${CAN_BE_BOUGHT} as can_be_bought from variants v where v.id = $1`, [variantId]);
        // Sold out again (or gone from the site): back in the queue, in its place.
        const described = stock?.can_be_bought ? await this.options.describe(row.site_code, variantId) : null;
        if (!described) return false;
        const variant: [string, string] = ["v", String(variantId)];
        const addUrl = await this.alerts.signedLink(row, BACK_IN_STOCK_ADD_PATH, "add", { id: "r", value: variant });
        await this.options.mailer.send(backInStockAlertMessage({ to: row.email, productName: described.name, price: described.price, addUrl, shopName: this.options.shopName, shopUrl: row.shop_url, words: this.options.words(row.site_code, row.locale) }));
        return true;
      },
      async (row, db) => {
        await db.query("update back_in_stock_requests set status = 'sent', sent_at = now() where id = $1", [Number(row.id)]);
      },
    );
  }
}
