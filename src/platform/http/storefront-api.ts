/**
 * The storefront API: Shopify's AJAX contract, one route module per area
 * (cart, catalog, search, checkout, account, saved for later, the files
 * search engines read), and the
 * `?view=json` alternate templates.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { collectionSelection, parseCollectionPath, readPage, readSort, shopifyAvailability, shopifyPriceRange } from "../../core/catalog/collection-url.ts";
import { type Platform } from "../platform.ts";
import { collectionPage, searchPageWithContent } from "../storefront/pages.ts";
import { readSearchTypes } from "../../core/catalog/search-types.ts";
import { cartJson, itemComponents } from "../cart/cart-json.ts";
import { productViewJson } from "../catalog/product-json.ts";
import { accountRoutes } from "./account-routes.ts";
import { cartRoutes } from "./cart-routes.ts";
import { storefrontRoutes } from "./storefront-routes.ts";
import { shippingRoutes } from "./shipping-routes.ts";
import { catalogRoutes } from "./catalog-routes.ts";
import { checkoutRoutes } from "./checkout-routes.ts";
import { paymentRoutes } from "./payment-routes.ts";
import { cartToken } from "./cookies.ts";
import { notFound } from "./errors.ts";
import { savedRoutes } from "./saved-routes.ts";
import { searchRoutes } from "./search-routes.ts";
import { seoRoutes } from "./seo-routes.ts";
import { feedRoutes } from "./feed-routes.ts";
import { embedRoutes } from "./embed-routes.ts";
import { geoRoutes } from "./geo-routes.ts";
import { newsletterRoutes } from "./newsletter-routes.ts";
import { productAlertRoutes } from "./product-alert-routes.ts";
import { cartReminderRoutes } from "./cart-reminder-routes.ts";
import { reviewRoutes } from "./review-routes.ts";
import { consentRoutes } from "./consent-routes.ts";
import { localizationRoutes } from "./localization-routes.ts";

export function storefrontApi(platform: Platform): Hono {
  const app = new Hono();
  app.route("/", cartRoutes(platform));
  app.route("/", reviewRoutes(platform));
  app.route("/", storefrontRoutes(platform));
  app.route("/", shippingRoutes(platform));
  app.route("/", checkoutRoutes(platform));
  app.route("/", paymentRoutes(platform));
  app.route("/", searchRoutes(platform));
  app.route("/", catalogRoutes(platform));
  app.route("/", accountRoutes(platform));
  app.route("/", savedRoutes(platform));
  app.route("/", seoRoutes(platform));
  app.route("/", feedRoutes(platform));
  app.route("/", embedRoutes(platform));
  app.route("/", geoRoutes(platform));
  app.route("/", newsletterRoutes(platform));
  app.route("/", productAlertRoutes(platform));
  app.route("/", cartReminderRoutes(platform));
  app.route("/", consentRoutes());
  app.route("/", localizationRoutes(platform));
  return app;
}

/**
 * The `?view=json` alternate templates the theme reads: a product with its
 * metafields, a collection page (filters in the path or Shopify's filter parameters, `sort_by`, `page`),
 * search results (`q`, `page`) and the cart's bundle components.
 */
export async function viewJson(c: Context, platform: Platform): Promise<Response | null> {
  if (c.req.method !== "GET" || c.req.query("view") !== "json") return null;
  const path = new URL(c.req.url).pathname.replace(/\/$/, "");
  const productMatch = /^\/products\/([^/.]+)$/.exec(path);
  if (productMatch) {
    const catalog = await platform.catalog.get();
    const product = catalog.productsByHandle.get(decodeURIComponent(productMatch[1] ?? ""));
    if (!product || !product.published) throw notFound("Product not found");
    return c.json(productViewJson(product, catalog));
  }
  const collectionAddress = parseCollectionPath(path);
  if (collectionAddress) {
    // What the theme's storefront client answers in-process, for the browser: filters, facets, sort, page.
    const url = new URL(c.req.url);
    const sort = readSort(url);
    const { productsPerPage, filterGroups } = platform.settings.collections;
    const page = collectionPage(
      await platform.catalog.get(),
      collectionAddress.collection,
      { ...collectionSelection(collectionAddress.filters.join("+"), url), page: readPage(url), perPage: productsPerPage, ...(sort ? { sort } : {}) },
      filterGroups,
    );
    if (!page) throw notFound("Collection not found");
    return c.json(page);
  }
  if (path === "/search") {
    const url = new URL(c.req.url);
    return c.json(
      await searchPageWithContent(platform, await platform.catalog.get(), url.searchParams.get("q") ?? "", {
        types: readSearchTypes(url),
        price: shopifyPriceRange(url),
        availability: shopifyAvailability(url),
        page: readPage(url),
        perPage: platform.settings.collections.productsPerPage,
      }),
    );
  }
  if (path === "/cart") {
    const cart = await platform.carts.read(cartToken(c));
    const catalog = await platform.catalog.get();
    const items = cartJson(cart, catalog, { currency: platform.settings.currency, tax: platform.siteTax }, await platform.discounts.pricingFor(cart)).items;
    return c.json({ item_components: itemComponents(items, catalog) });
  }
  return null;
}
