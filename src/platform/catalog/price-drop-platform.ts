/**
 * The price-drop service as the platform composes it: each product is
 * named and priced from the catalog of the site the shopper follows it on,
 * in that site's currency and money format.
 */
import { followedPrice } from "../../core/catalog/price-drop.ts";
import { formatMoney } from "../../core/money/money.ts";
import type { Settings } from "../../core/settings/settings.ts";
import type { AfterAnswer } from "../customers/after-answer.ts";
import { type LimitRule, RateLimiter } from "../customers/rate-limits.ts";
import type { ShopSecrets } from "../customers/shop-secrets.ts";
import type { Database } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { PriceDropService } from "./price-drop-service.ts";
import type { CatalogSource } from "./site-catalog.ts";

/** What the service needs of one site's view of the platform. */
interface SiteView {
  catalog: CatalogSource;
  settings: Pick<Settings, "moneyWithCurrencyFormat" | "currency">;
}

export function priceDropService(options: {
  db: Database;
  mailer: Mailer;
  secrets: ShopSecrets;
  afterAnswer: AfterAnswer;
  settings: Settings;
  now: (() => number) | undefined;
  tuning: { addressLimit?: LimitRule; emailLimit?: LimitRule; batchSize?: number } | undefined;
  siteCodes: () => string[];
  forSite: (code: string) => SiteView;
}): PriceDropService {
  return new PriceDropService({
    db: options.db,
    mailer: options.mailer,
    secrets: options.secrets,
    afterAnswer: options.afterAnswer,
    limiter: new RateLimiter(options.db, options.now),
    shopName: options.settings.shop.name,
    siteCodes: options.siteCodes,
    ...options.tuning,
    describe: async (siteCode, productId) => {
      const site = options.forSite(siteCode);
      const product = (await site.catalog.get()).products.get(productId);
      const price = product?.published ? followedPrice(product.variants) : null;
      if (!product || price === null) return null;
      const format = site.settings.moneyWithCurrencyFormat;
      return { name: product.title, handle: product.handle, price: { price, currency: site.settings.currency }, formatted: (minor) => formatMoney(minor, format) };
    },
  });
}
