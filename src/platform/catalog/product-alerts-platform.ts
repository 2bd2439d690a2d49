/**
 * The product alerts as the platform composes them: each variant or product
 * is named and priced from the catalog of the site the shopper follows it on,
 * in that site's currency and money format, and each email is written in the
 * alert's language (the site's, for an alert kept before languages were).
 */
import { followedPrice } from "../../core/catalog/price-drop.ts";
import { formatMoney } from "../../core/money/money.ts";
import type { Settings } from "../../core/settings/settings.ts";
import type { Site } from "../../core/sites/sites.ts";
import type { AfterAnswer } from "../accounts/after-answer.ts";
import { type LimitRule, RateLimiter } from "../accounts/rate-limits.ts";
import type { ShopSecrets } from "../accounts/shop-secrets.ts";
import type { Database } from "../db/database.ts";
import { emailWords } from "../mail/email-words.ts";
import type { Mailer } from "../mail/mailer.ts";
import { BackInStockService } from "./back-in-stock-service.ts";
import { variantName } from "./catalog.ts";
import { PriceDropService } from "./price-drop-service.ts";
import type { CatalogSource } from "./site-catalog.ts";

/** What the services need of one site's view of the platform. */
interface SiteView {
  site: Pick<Site, "language">;
  catalog: CatalogSource;
  settings: Pick<Settings, "moneyWithCurrencyFormat" | "currency">;
}

type Tuning = { addressLimit?: LimitRule; emailLimit?: LimitRule; batchSize?: number } | undefined;

export function productAlertServices(options: {
  db: Database;
  mailer: Mailer;
  secrets: ShopSecrets;
  afterAnswer: AfterAnswer;
  settings: Settings;
  locales: Parameters<typeof emailWords>[0];
  now: (() => number) | undefined;
  tuning: { backInStock: Tuning; priceDrops: Tuning };
  siteCodes: () => string[];
  forSite: (code: string) => SiteView;
}): { backInStock: BackInStockService; priceDrops: PriceDropService } {
  const shared = {
    db: options.db,
    mailer: options.mailer,
    secrets: options.secrets,
    afterAnswer: options.afterAnswer,
    shopName: options.settings.shop.name,
    words: (siteCode: string, locale: string | null) => emailWords(options.locales, locale ?? options.forSite(siteCode).site.language),
  };
  return {
    backInStock: new BackInStockService({
      ...shared,
      limiter: new RateLimiter(options.db, options.now),
      ...options.tuning.backInStock,
      describe: async (siteCode, variantId) => {
        const site = options.forSite(siteCode);
        const catalog = await site.catalog.get();
        const variant = catalog.variants.get(variantId);
        const product = variant ? catalog.products.get(variant.productId) : undefined;
        if (!variant || !product || !product.published) return null;
        return { name: variantName(product, variant), price: formatMoney(variant.price, site.settings.moneyWithCurrencyFormat) };
      },
    }),
    priceDrops: new PriceDropService({
      ...shared,
      limiter: new RateLimiter(options.db, options.now),
      siteCodes: options.siteCodes,
      ...options.tuning.priceDrops,
      describe: async (siteCode, productId) => {
        const site = options.forSite(siteCode);
        const product = (await site.catalog.get()).products.get(productId);
        const price = product?.published ? followedPrice(product.variants) : null;
        if (!product || price === null) return null;
        const format = site.settings.moneyWithCurrencyFormat;
        return { name: product.title, handle: product.handle, price: { price, currency: site.settings.currency }, formatted: (minor) => formatMoney(minor, format) };
      },
    }),
  };
}
