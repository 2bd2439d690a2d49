import pino from "pino";
import type { CollectionOptions, CollectionPage, SearchOptions, SearchPage, ShopInfo, StorefrontClient, SuggestResults } from "../core/contract/storefront.ts";
import { CartService } from "./cart/cart-service.ts";
import { cartJson } from "./cart/cart-json.ts";
import { countdownWords } from "../core/marketing/countdown.ts";
import { countryOptions } from "../core/sites/localization.ts";
import type { StoredCart } from "./cart/cart-model.ts";
import { cartViewJson } from "./cart/cart-view.ts";
import { type Catalog, CatalogStore } from "./catalog/catalog.ts";
import { type CatalogSource, SiteCatalogStore } from "./catalog/site-catalog.ts";
import { type Site, baseSiteOf, shopSites, siteInfo, siteInfosOf, siteUrl } from "../core/sites/sites.ts";
import { settingsForSite } from "../core/sites/site-prices.ts";
import { StaffService } from "./admin/staff-service.ts";
import { TwoStep } from "./admin/two-step.ts";
import { type FilterGroupSetting, filterCollection } from "./catalog/filters.ts";
import { searchIndex, searchProducts } from "./catalog/search.ts";
import { collectionJson, productJs, productViewJson } from "./catalog/product-json.ts";
import { isBrowsable, recommendProducts } from "./catalog/recommendations.ts";
import { SUGGEST_DEFAULT_FIELDS, predictiveSearch } from "./catalog/predictive-search.ts";
import { zonesOf } from "../core/checkout/shipping-rates.ts";

/** Suggestions of each kind the predictive search section shows. */
const SUGGESTIONS_SHOWN = 6;
import type { Database } from "./db/database.ts";
import { DiscountService } from "./discounts/discount-service.ts";
import { OrderService } from "./orders/order-service.ts";
import { createMailer } from "./mail/create-mailer.ts";
import type { Mailer } from "./mail/mailer.ts";
import { accountClient } from "./customers/account-client.ts";
import { BotCheck } from "./customers/bot-check.ts";
import { CustomerHasher } from "./customers/customer-hash.ts";
import { type AccountLimits, CustomerService } from "./customers/customer-service.ts";
import type { LimitRule } from "./customers/rate-limits.ts";
import { SavedForLaterService } from "./customers/saved-for-later.ts";
import { ShopSecrets } from "./customers/shop-secrets.ts";
import { Geolocator } from "./geo/geolocator.ts";
import { AddressGate, NEW_CART_LIMIT, NEW_VIEWER_LIMIT } from "./customers/address-gate.ts";
import type { AccountRequest } from "./http/account-cookies.ts";
import type { Locale } from "../core/sites/locale.ts";
import type { Settings } from "../core/settings/settings.ts";
import { loadLocale } from "./settings/load.ts";
import { builderBundles } from "../core/builders/builder-bundles.ts";
import { BookingService } from "./bookings/booking-service.ts";
import { RateLimiter } from "./customers/rate-limits.ts";
import { AfterAnswer } from "./customers/after-answer.ts";
import { ContentService } from "./content/content-service.ts";
import { NewsletterService } from "./newsletter/newsletter-service.ts";
import { newsletterRecommendations } from "./newsletter/recommendations.ts";
import { SIGN_UP_PICKS } from "../core/marketing/newsletter.ts";
import { contentClient } from "./content/content-client.ts";

/** The platform's services, shared by every request a server handles. */
export interface Platform {
  db: Database;
  settings: Settings;
  locale: Locale;
  /** The catalog as this view's site sells it (prices in the site's currency). */
  catalog: CatalogSource;
  /** The site this view of the platform serves: its settings, catalog, carts, codes and checkout are in its currency. */
  site: Site;
  /** Every site of the shop. */
  sites: readonly Site[];
  /** The platform as the site with this code sees it; an unknown code is the base site. */
  forSite(code: string): Platform;
  /** The visitor's country from their address, from the database shipped with the shop. */
  geolocator: Geolocator;
  /** Counts the carts each client address starts. */
  newCarts: AddressGate;
  /** Counts the new viewers each client address adds to the product-view counter. */
  newViewers: AddressGate;
  /** The shop's own secrets (link signatures, the cart cookie's key), kept in its database. */
  secrets: ShopSecrets;
  carts: CartService;
  orders: OrderService;
  discounts: DiscountService;
  productViews: ProductViews;
  /** The shop's email: order confirmations, account messages. */
  mailer: Mailer;
  /** Work done after an answer, so its time and database work tell nothing (a reset link, a note to an account's owner). */
  afterAnswer: AfterAnswer;
  /** Customer accounts: sessions, the bot check, addresses, order history, the customer hash. */
  customers: CustomerService;
  /** Logged-in customers' saved-for-later lists. */
  savedForLater: SavedForLaterService;
  /** Free skin consultations booked from the routine builder. */
  bookings: BookingService;
  /** Pages, the journal, the policies and the contact form's messages. */
  content: ContentService;
  /** The shop's email list: sign-ups, confirmations, unsubscribes, saved bundles. */
  newsletter: NewsletterService;
  /** The back office's staff: the first owner, logins, sessions and the home page's figures. */
  staff: StaffService;
}

export interface PlatformOptions {
  catalogCheckMs?: number;
  locale?: Locale;
  /** Epoch milliseconds; tests move the clock. */
  now?: () => number;
  /** The shop's mailer; by default every message is kept in the outbox table. */
  mailer?: Mailer;
  /** CUSTOMER_HASH_SECRET; without it the shop generates one and keeps it in the database. */
  customerHashSecret?: string | undefined;
  /** Changes to the account rate limits (tests). */
  accountLimits?: Partial<AccountLimits>;
  /** Saves of a saved-for-later list per customer (tests). */
  savedForLaterLimit?: LimitRule;
  /** Changes to the booking rate limit (tests). */
  bookingLimit?: LimitRule;
  /** Changes to the checkout rate limit (tests). */
  checkoutLimit?: LimitRule;
  /** Changes to the contact form's rate limit (tests). */
  contactLimit?: LimitRule;
  /** Changes to the newsletter's sign-up limit (tests). */
  newsletterLimit?: LimitRule;
  /** New carts one client address may start (NEW_CARTS_PER_HOUR). */
  newCartLimit?: LimitRule;
  /** New viewers one client address may add to the product-view counter. */
  newViewerLimit?: LimitRule;
  /**
   * The platform built from the previous settings version: its catalog cache,
   * mailer, geolocator and secrets do not depend on the settings and are kept.
   */
  reuse?: Platform;
}

export function createPlatform(db: Database, shopSettings: Settings, { reuse, ...options }: PlatformOptions = {}): Platform {
  const sites = shopSites(shopSettings);
  const base = baseSiteOf(sites, shopSettings.geo.baseSite);
  // The base site's own view of the settings: its formats and its announcements.
  const settings = settingsForSite(shopSettings, base);
  // Browsing indexes are built as soon as a catalog loads, not on the first shopper's search.
  const catalog =
    (reuse?.catalog as CatalogStore | undefined) ??
    new CatalogStore(db, options.catalogCheckMs ?? 1000, (loaded) => {
      searchIndex(loaded);
    });
  const locale = options.locale ?? loadLocale();
  const carts = cartServiceFor(db, catalog, settings, locale, options);
  const discounts = new DiscountService(db, builderBundles(settings.builders), options.now);
  const mailer =
    options.mailer ?? reuse?.mailer ?? createMailer({ db, logger: pino({ level: "warn" }), from: { name: settings.shop.name, address: settings.shop.email } });
  const secrets = reuse?.secrets ?? new ShopSecrets(db);
  const hasher = new CustomerHasher(db, secrets, options.customerHashSecret);
  const afterAnswer = reuse?.afterAnswer ?? new AfterAnswer(afterAnswerLog());
  const customers = new CustomerService({
    db,
    carts,
    mailer,
    hasher,
    botCheck: new BotCheck(db, secrets),
    afterAnswer,
    shopName: settings.shop.name,
    ...(options.accountLimits ? { limits: options.accountLimits } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const siteViews = new Map<string, Platform>();
  const forSite = (code: string): Platform => {
    const site = sites.find((candidate) => candidate.code === code);
    if (!site || site === base) return platform;
    let view = siteViews.get(site.code);
    if (!view) {
      view = sitePlatform(platform, site, shopSettings, options);
      siteViews.set(site.code, view);
    }
    return view;
  };
  const platform: Platform = {
    site: base,
    sites,
    forSite,
    secrets,
    geolocator: reuse?.geolocator ?? new Geolocator(),
    newCarts: new AddressGate(db, "cart-new", options.newCartLimit ?? NEW_CART_LIMIT, options.now),
    newViewers: new AddressGate(db, "viewer-new", options.newViewerLimit ?? NEW_VIEWER_LIMIT, options.now),
    db,
    settings,
    locale,
    catalog,
    carts,
    orders: new OrderService(db, catalog, carts, settings, discounts, mailer, { limiter: new RateLimiter(db, options.now), ...(options.checkoutLimit ? { rule: options.checkoutLimit } : {}) }),
    discounts,
    productViews: new ProductViews(db, options.now),
    mailer,
    afterAnswer,
    customers,
    savedForLater: new SavedForLaterService({
      db,
      hasher,
      ...(options.savedForLaterLimit ? { limit: options.savedForLaterLimit } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
    bookings: new BookingService({
      db,
      mailer,
      settings,
      limiter: new RateLimiter(db, options.now),
      ...(options.bookingLimit ? { limit: options.bookingLimit } : {}),
      ...(options.now ? { now: options.now } : {}),
    }),
    newsletter: new NewsletterService({
      db,
      mailer,
      settings,
      secrets,
      afterAnswer,
      limiter: new RateLimiter(db, options.now),
      recommend: (skintype) => newsletterRecommendations({ catalog, db }, { limit: SIGN_UP_PICKS, skintype, customer: null, email: null }),
      ...(options.newsletterLimit ? { limit: options.newsletterLimit } : {}),
    }),
    content: new ContentService({ db, mailer, settings, limiter: new RateLimiter(db, options.now), ...(options.contactLimit ? { limit: options.contactLimit } : {}) }),
    staff: new StaffService({
      db,
      timeZone: settings.shop.timeZone,
      botCheck: new BotCheck(db, secrets),
      twoStep: new TwoStep(secrets, () => `${settings.shop.name} back office`),
      ...(options.now ? { now: options.now } : {}),
    }),
  };
  return platform;
}

/** A failure of work done after an answer is logged: the shopper already has their answer. */
function afterAnswerLog(): (error: unknown) => void {
  const logger = pino({ level: "warn" });
  return (error) => logger.error({ err: error }, "work after an answer failed");
}

/** Carts priced from one site's catalog and settings (its currency, gifts and builders). */
function cartServiceFor(db: Database, catalog: CatalogSource, settings: Settings, locale: Locale, options: PlatformOptions): CartService {
  return new CartService(db, catalog, {
    currency: settings.currency,
    builders: builderBundles(settings.builders),
    giftGroups: settings.sideCart.freeGiftsData,
    samplesNeedPaidProduct: settings.sideCart.samplesNeedPaidProduct,
    locale,
    ...(options.now ? { now: options.now } : {}),
  });
}

/**
 * The platform as another site sees it: the settings' money in the site's
 * currency, the site's catalog, and carts, codes and checkout priced from
 * them. Customers, email, content and everything else are the shop's own.
 */
function sitePlatform(base: Platform, site: Site, shopSettings: Settings, options: PlatformOptions): Platform {
  const { db } = base;
  const settings = settingsForSite(shopSettings, site);
  const catalog = new SiteCatalogStore(base.catalog as CatalogStore, db, site);
  const carts = cartServiceFor(db, catalog, settings, base.locale, options);
  const discounts = new DiscountService(db, builderBundles(settings.builders), options.now, site);
  const orders = new OrderService(db, catalog, carts, settings, discounts, base.mailer, {
    limiter: new RateLimiter(db, options.now),
    ...(options.checkoutLimit ? { rule: options.checkoutLimit } : {}),
  });
  return { ...base, site, settings, catalog, carts, discounts, orders };
}


/** Views older than this are swept; no counter looks further back. */
const PRODUCT_VIEW_RETENTION_MINUTES = 60;

/**
 * Who is looking at a product, for the honest "people viewing this" counter.
 * A view is one row per product and viewer, refreshed when the viewer comes
 * back, so counting rows in a window counts distinct viewers.
 */
export class ProductViews {
  private readonly db: Database;
  private readonly now: () => number;

  constructor(db: Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  async recordProductView(productId: number, viewerId: string): Promise<void> {
    const now = this.now();
    await this.db.query(
      `insert into product_views (product_id, viewer_id, seen_at) values ($1, $2, $3::timestamptz)
       on conflict (product_id, viewer_id) do update set seen_at = greatest(product_views.seen_at, excluded.seen_at)`,
      [productId, viewerId, new Date(now).toISOString()],
    );
    // Recording is when rows pile up, so it is also when old ones go (an index range, usually empty).
    await this.db.query("delete from product_views where seen_at < $1::timestamptz", [new Date(now - PRODUCT_VIEW_RETENTION_MINUTES * 60_000).toISOString()]);
  }

  /** Distinct viewers of a product in the last `minutes`. */
  async recentViewers(productId: number, minutes: number): Promise<number> {
    const since = new Date(this.now() - Math.min(minutes, PRODUCT_VIEW_RETENTION_MINUTES) * 60_000).toISOString();
    const [row] = await this.db.query<{ count: number }>("select count(*)::int as count from product_views where product_id = $1 and seen_at >= $2::timestamptz", [
      productId,
      since,
    ]);
    return row?.count ?? 0;
  }
}

/**
 * One page of a collection for the theme: filters (tag handles; within a
 * group OR, across groups AND), facet counts, sort, paging. Answered from
 * per-revision indexes (catalog/filters.ts), never by scanning the catalog.
 */
export function collectionPage(
  catalog: Catalog,
  handle: string,
  options: CollectionOptions,
  filterGroups: readonly FilterGroupSetting[] = [],
): CollectionPage | null {
  const result = filterCollection(catalog, handle, options, filterGroups);
  if (!result) return null;
  return {
    collection: result.json,
    products: result.products.map((product) => productViewJson(product, catalog)),
    page: result.page,
    pageCount: result.pageCount,
    perPage: result.perPage,
    total: result.total,
    sort: result.sort,
    filters: result.filters,
    activeFilters: result.activeFilters,
  };
}

/** One page of search results for the theme. */
export function searchPage(catalog: Catalog, query: string, options: SearchOptions): SearchPage {
  const result = searchProducts(catalog, query, options);
  return { ...result, products: result.products.map((product) => productViewJson(product, catalog)) };
}

/**
 * Shopify's `/collections/vendors?q=` and `/collections/types?q=`: the
 * browsable products of one vendor or one product type (matched without
 * regard to case), by title.
 */
export function attributePage(catalog: Catalog, kind: "vendor" | "type", value: string, options: Required<Pick<SearchOptions, "page" | "perPage">>): SearchPage {
  const wanted = value.trim().toLocaleLowerCase("en");
  const found = wanted
    ? [...catalog.productsByHandle.values()]
        .filter((product) => isBrowsable(product) && (kind === "vendor" ? product.vendor : product.productType).toLocaleLowerCase("en") === wanted)
        .sort((a, b) => a.title.localeCompare(b.title, "en"))
    : [];
  const pageCount = Math.ceil(found.length / options.perPage);
  const page = Math.min(Math.max(1, options.page), Math.max(1, pageCount));
  const products = found.slice((page - 1) * options.perPage, page * options.perPage).map((product) => productViewJson(product, catalog));
  return { query: value.trim(), products, total: found.length, page, pageCount, perPage: options.perPage };
}

/** Each platform's shop info by catalog and by the address it was reached at (see shopInfoOf). */
const shopInfos = new WeakMap<Platform, WeakMap<Catalog, Map<string, ShopInfo>>>();

/** Addresses a catalog's shop info is kept for at once. */
const SHOP_INFO_ADDRESSES = 16;

/**
 * What every page is drawn with of the shop, made once per platform, catalog
 * and address and then shared, so that a page neither builds nor (through
 * the theme's root) writes out the same object again. Nothing may change it.
 */
function shopInfoOf(platform: Platform, catalog: Catalog, shopUrl: string | undefined): ShopInfo {
  let byCatalog = shopInfos.get(platform);
  if (!byCatalog) shopInfos.set(platform, (byCatalog = new WeakMap()));
  let byAddress = byCatalog.get(catalog);
  if (!byAddress) byCatalog.set(catalog, (byAddress = new Map()));
  const known = byAddress.get(shopUrl ?? "");
  if (known) return known;
  const { settings } = platform;
  const info: ShopInfo = {
    name: settings.shop.name,
    currency: settings.currency,
    moneyFormat: settings.moneyFormat,
    menus: Object.fromEntries(catalog.menus),
    locale: platform.locale,
    sideCart: settings.sideCart,
    upsell: settings.upsell,
    checkout: { standardShippingPrice: settings.checkout.standardShippingPrice, testMode: settings.checkout.testMode, zones: zonesOf(settings) },
    productPage: settings.product,
    discountLink: settings.discountLink,
    collections: { filterTemplate: settings.collections.filterTemplate },
    header: settings.header,
    sliders: settings.sliders,
    announcementBar: settings.announcementBar,
    language: settings.locale,
    timeZone: settings.shop.timeZone,
    countdownWords: countdownWords(settings.locale),
    newsletter: settings.newsletter,
    popups: settings.popups,
    ...(shopUrl ? { url: shopUrl.replace(/\/+$/, "") } : {}),
    site: siteInfo(platform.site),
    sites: siteInfosOf(platform.sites),
    countryOptions: countryOptions(platform.sites),
    defaultSiteCode: settings.geo.defaultSite ?? settings.geo.baseSite,
  };
  // The address comes from the request's host: a few are kept, not one per name a client sends.
  if (byAddress.size >= SHOP_INFO_ADDRESSES) byAddress.clear();
  byAddress.set(shopUrl ?? "", info);
  return info;
}

/**
 * The storefront client the theme uses while rendering on the server, bound
 * to one shopper's cart and to the shop's address as that shopper reached it
 * (the links of the order confirmation email). `cartAsRead` is that cart
 * when the request has read it already.
 */
export function inProcessStorefront(platform: Platform, cartToken: string, shopUrl?: string, request?: AccountRequest, cartAsRead?: StoredCart): StorefrontClient {
  const { settings } = platform;
  // Without a request (scripts, some tests) nobody is logged in.
  const account = accountClient(platform.customers, platform.savedForLater, cartToken, request ?? { ip: "unknown", sessionToken: undefined, challengeToken: undefined, shopUrl: shopUrl ?? "", secure: false });
  return {
    account,
    content: contentClient(platform, async () => ({ ip: request?.ip ?? "unknown", customerId: (await account.customer())?.id ?? null, shopUrl: request?.shopUrl || shopUrl || "" })),
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
    async suggest(query) {
      const answer = predictiveSearch(await platform.catalog.get(), query, {
        types: ["query", "product", "collection"],
        limit: SUGGESTIONS_SHOWN,
        limitScope: "each",
        unavailable: "last",
        fields: SUGGEST_DEFAULT_FIELDS,
      });
      const results = answer.resources.results as Partial<Omit<SuggestResults, "query">>;
      return { query: query.trim(), queries: results.queries ?? [], products: results.products ?? [], collections: results.collections ?? [] };
    },
    async productsBy(kind, value, page) {
      return attributePage(await platform.catalog.get(), kind, value, { page, perPage: settings.collections.productsPerPage });
    },
    async search(query, options = {}) {
      return searchPage(await platform.catalog.get(), query, { perPage: settings.collections.productsPerPage, ...options });
    },
    async cartView() {
      const [cart, catalog] = await Promise.all([platform.carts.read(cartToken), platform.catalog.get()]);
      return cartViewJson({ cart, catalog, settings, locale: platform.locale, pricing: await platform.discounts.pricingFor(cart), siteCountries: platform.site.countries });
    },
    async cart() {
      // A page kept by its cart's count is drawn from the cart its count was read from.
      const [cart, catalog] = await Promise.all([cartAsRead ?? platform.carts.read(cartToken), platform.catalog.get()]);
      return cartJson(cart, catalog, settings.currency, await platform.discounts.pricingFor(cart));
    },
    async order(token) {
      return platform.orders.find(token);
    },
    async placeOrder(input) {
      // The confirmation's links lead back to the site the order was placed on.
      const result = await platform.orders.checkout(cartToken, input, shopUrl === undefined ? undefined : siteUrl(shopUrl, platform.site), request?.ip);
      const customer = await account.customer();
      // An order placed while logged in belongs to the customer, and shows in their history at once.
      if (result.ok && customer) await platform.customers.attachOrder(result.order.id, customer.id);
      return result;
    },
  };
}
