import { SUGGEST_KINDS, type ShopInfo, type StorefrontClient, type SuggestResults } from "../../core/contract/storefront.ts";
import { refusalIn } from "../../core/i18n/form-messages.ts";
import { cartJson } from "../cart/cart-json.ts";
import type { StoredCart } from "../cart/cart-model.ts";
import { cartViewJson } from "../cart/cart-view.ts";
import { siteUrl } from "../../core/sites/sites.ts";
import { collectionJson, productJs, productViewJson } from "../catalog/product-json.ts";
import { recommendProducts } from "../catalog/recommendations.ts";
import { SUGGEST_DEFAULT_FIELDS, predictiveSearch } from "../catalog/predictive-search.ts";
import { accountClient } from "./account-client.ts";
import type { AccountRequest } from "../http/account-cookies.ts";
import { contentClient } from "../content/content-client.ts";
import { searchableContent } from "../content/content-search.ts";
import { describe } from "../content/content-service.ts";
import { customerFormSignup } from "../../core/marketing/customer-form.ts";
import type { Platform } from "../services.ts";
import { attributePage, collectionPage, searchPageWithContent, shopInfoOf } from "./pages.ts";

/** Suggestions of each kind the predictive search section shows. */
const SUGGESTIONS_SHOWN = 6;

/**
 * The storefront client the theme uses while rendering on the server, bound
 * to one shopper's cart and to the shop's address as that shopper reached it
 * (the links of the order confirmation email). `cartAsRead` is that cart
 * when the request has read it already.
 */
export function inProcessStorefront(platform: Platform, cartToken: string, shopUrl?: string, request?: AccountRequest, cartAsRead?: StoredCart): StorefrontClient {
  const { settings } = platform;
  // Without a request (scripts, some tests) nobody is logged in.
  const account = accountClient(platform.customers, platform.savedForLater, cartToken, request ?? { ip: "unknown", sessionToken: undefined, challengeToken: undefined, shopUrl: shopUrl ?? "", secure: false }, platform.subscriptions, platform.site.language, platform.translate);
  return {
    account,
    content: contentClient(platform, async () => ({ ip: request?.ip ?? "unknown", customerId: (await account.customer())?.id ?? null, shopUrl: request?.shopUrl || shopUrl || "" })),
    reviews: {
      page: (productId, query) => platform.reviews.page(productId, query),
      answered: (productId) => platform.reviews.answered(productId),
    },
    async shop(): Promise<ShopInfo> {
      const catalog = await platform.catalog.get();
      return shopInfoOf(platform, catalog, shopUrl);
    },
    async homePage() {
      return { home: settings.home, embeds: settings.embeds, timeZone: settings.shop.timeZone };
    },
    async builders() {
      return settings.builders;
    },
    async bookConsultation(form) {
      const customer = await account.customer();
      return platform.bookings.book(form, { ip: request?.ip ?? "unknown", customerId: customer?.id ?? null, shopUrl: request?.shopUrl || shopUrl || "" });
    },
    async customerFormSignup(form) {
      const customer = await account.customer();
      return platform.newsletter.signup(customerFormSignup(form), {
        ip: request?.ip ?? "unknown",
        customerId: customer?.id ?? null,
        shopUrl: request?.shopUrl || shopUrl || "",
        locale: platform.site.language,
        source: "customer-form",
        // Only a cart the request has read is surely the browser's own: that one is known by the address once it is confirmed.
        cartToken: cartAsRead ? cartToken : null,
      });
    },
    async product(handle) {
      const catalog = await platform.catalog.get();
      const product = catalog.productsByHandle.get(handle);
      return product && product.published ? productViewJson(product, catalog) : null;
    },
    async collection(handle, options = {}) {
      const { productsPerPage, filterGroups } = settings.collections;
      return collectionPage(await platform.catalog.get(), handle, { perPage: productsPerPage, ...options }, filterGroups);
    },
    async collections() {
      const catalog = await platform.catalog.get();
      return [...catalog.collections.values()].filter((collection) => !collection.hidden).map((collection) => collectionJson(collection, catalog));
    },
    async recommendations(productId, limit, intent = "related") {
      const catalog = await platform.catalog.get();
      const product = catalog.products.get(productId);
      return product ? recommendProducts(product, catalog, intent, limit).map(productJs) : [];
    },
    async suggest(query, kinds = SUGGEST_KINDS) {
      const catalog = await platform.catalog.get();
      const content = (kinds.includes("page") || kinds.includes("article")) && query.trim() ? await searchableContent(platform, catalog) : undefined;
      const answer = predictiveSearch(
        catalog,
        query,
        { types: kinds, limit: SUGGESTIONS_SHOWN, limitScope: "each", unavailable: "last", fields: SUGGEST_DEFAULT_FIELDS },
        // The theme's links are within the site (its router adds the prefix).
        { content, shopName: settings.shop.name },
      );
      const results = answer.resources.results as Partial<Omit<SuggestResults, "query">>;
      return {
        query: query.trim(),
        queries: results.queries ?? [],
        products: results.products ?? [],
        collections: results.collections ?? [],
        pages: (results.pages ?? []).map((page) => ({ ...page, body: describe("", page.body) })),
        articles: results.articles ?? [],
      };
    },
    async productsBy(kind, value, page) {
      return attributePage(await platform.catalog.get(), kind, value, { page, perPage: settings.collections.productsPerPage });
    },
    async search(query, options = {}) {
      return searchPageWithContent(platform, await platform.catalog.get(), query, { perPage: settings.collections.productsPerPage, ...options });
    },
    siteTax: platform.siteTax,
    async cartView() {
      const [cart, catalog] = await Promise.all([platform.carts.read(cartToken), platform.catalog.get()]);
      return cartViewJson({ cart, catalog, settings, locale: platform.locale, pricing: await platform.discounts.pricingFor(cart), siteCountries: platform.site.countries, siteTax: platform.siteTax });
    },
    async cart() {
      // A page kept by its cart's count is drawn from the cart its count was read from.
      const [cart, catalog] = await Promise.all([cartAsRead ?? platform.carts.read(cartToken), platform.catalog.get()]);
      return cartJson(cart, catalog, { currency: settings.currency, tax: platform.siteTax }, await platform.discounts.pricingFor(cart));
    },
    async order(token) {
      return platform.orders.find(token);
    },
    async placeOrder(input) {
      // The confirmation's links lead back to the site the order was placed on.
      const customer = await account.customer();
      const result = await platform.orders.checkout(cartToken, input, shopUrl === undefined ? undefined : siteUrl(shopUrl, platform.site), request?.ip, customer?.id);
      // An order placed while logged in belongs to the customer, and shows in their history at once.
      if (result.ok && customer) await platform.customers.attachOrder(result.order.id, customer.id);
      // The form's messages in the site's language.
      return result.ok ? result : refusalIn(result, platform.translate);
    },
  };
}
