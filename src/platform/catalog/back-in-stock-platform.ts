/**
 * The back-in-stock service as the platform composes it: each variant is
 * named and priced from the catalog of the site the shopper asked on, in
 * that site's money format.
 */
import { formatMoney } from "../../core/money/money.ts";
import type { Settings } from "../../core/settings/settings.ts";
import type { AfterAnswer } from "../customers/after-answer.ts";
import { type LimitRule, RateLimiter } from "../customers/rate-limits.ts";
import type { ShopSecrets } from "../customers/shop-secrets.ts";
import type { Database } from "../db/database.ts";
import type { Mailer } from "../mail/mailer.ts";
import { BackInStockService } from "./back-in-stock-service.ts";
import { variantName } from "./catalog.ts";
import type { CatalogSource } from "./site-catalog.ts";

/** What the service needs of one site's view of the platform. */
interface SiteView {
  catalog: CatalogSource;
  settings: Pick<Settings, "moneyWithCurrencyFormat">;
}

export function backInStockService(options: {
  db: Database;
  mailer: Mailer;
  secrets: ShopSecrets;
  afterAnswer: AfterAnswer;
  settings: Settings;
  now: (() => number) | undefined;
  tuning: { addressLimit?: LimitRule; emailLimit?: LimitRule; batchSize?: number } | undefined;
  forSite: (code: string) => SiteView;
}): BackInStockService {
  return new BackInStockService({
    db: options.db,
    mailer: options.mailer,
    secrets: options.secrets,
    afterAnswer: options.afterAnswer,
    limiter: new RateLimiter(options.db, options.now),
    shopName: options.settings.shop.name,
    ...options.tuning,
    describe: async (siteCode, variantId) => {
      const site = options.forSite(siteCode);
      const catalog = await site.catalog.get();
      const variant = catalog.variants.get(variantId);
      const product = variant ? catalog.products.get(variant.productId) : undefined;
      if (!variant || !product || !product.published) return null;
      return { name: variantName(product, variant), price: formatMoney(variant.price, site.settings.moneyWithCurrencyFormat) };
    },
  });
}
