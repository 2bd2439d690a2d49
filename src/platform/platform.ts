/** The composition root: the platform's services built once per settings version, and each site's view of them. */
import pino from "pino";
import { CartService } from "./cart/cart-service.ts";
import { CatalogStore } from "./catalog/catalog.ts";
import { type CatalogSource, SiteCatalogStore } from "./catalog/site-catalog.ts";
import { type Site, baseSiteOf, shopSites, siteOfLocale } from "../core/sites/sites.ts";
import { settingsForSite } from "../core/sites/site-prices.ts";
import { siteTaxOf } from "../core/tax/tax.ts";
import { StaffService } from "./admin/staff-service.ts";
import { TwoStep } from "./admin/two-step.ts";
import { searchIndex } from "./catalog/search.ts";
import type { Database } from "./db/database.ts";
import { DiscountService } from "./checkout/discounts/discount-service.ts";
import { SubscriptionService } from "./subscriptions/subscription-service.ts";
import { OrderService } from "./orders/order-service.ts";
import { createMailer } from "./mail/create-mailer.ts";
import { BotCheck } from "./accounts/bot-check.ts";
import { CustomerHasher } from "./accounts/customer-hash.ts";
import { CustomerService } from "./accounts/customer-service.ts";
import { SavedForLaterService } from "./accounts/saved-for-later.ts";
import { ShopSecrets } from "./accounts/shop-secrets.ts";
import { Geolocator } from "./sites/geolocator.ts";
import { AddressGate, NEW_CART_LIMIT, NEW_VIEWER_LIMIT } from "./accounts/address-gate.ts";
import type { Locale } from "../core/sites/locale.ts";
import type { Settings } from "../core/settings/settings.ts";
import { loadLocales } from "./settings/load.ts";
import { SOURCE_LOCALE, textsFor } from "../core/i18n/locales.ts";
import { compileCatalogue } from "../core/i18n/compile.ts";
import { type Translate, translatorFor } from "../core/i18n/messages.ts";
import { numberShapeOf } from "../core/i18n/numbers.ts";
import { builderBundles } from "../core/builders/builder-bundles.ts";
import { BookingService } from "./booking/booking-service.ts";
import { RateLimiter } from "./accounts/rate-limits.ts";
import { AfterAnswer } from "./accounts/after-answer.ts";
import { ContentService } from "./content/content-service.ts";
import { NewsletterService } from "./marketing/newsletter-service.ts";
import { productAlertServices } from "./catalog/product-alerts-platform.ts";
import { ReviewsService } from "./catalog/reviews-service.ts";
import { newsletterRecommendations } from "./marketing/recommendations.ts";
import { SIGN_UP_PICKS } from "../core/marketing/newsletter.ts";
import type { Platform, PlatformOptions } from "./services.ts";
import { ProductViews } from "./catalog/product-views.ts";
import { PaymentService } from "./payments/payment-service.ts";
import { emailWords, mailLanguages } from "./mail/email-words.ts";
import { type LocaleTranslations, translationKey } from "./catalog/translation-store.ts";
export type { Platform, PlatformOptions } from "./services.ts";

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
  const locales = options.locales ?? { ...loadLocales(), ...(options.locale ? { [SOURCE_LOCALE]: options.locale } : {}) };
  const { locale, messages, translate } = siteWords(locales, base);
  const pageSettings = siteSettings(shopSettings, base, catalog);
  const carts = cartServiceFor(db, catalog, settings, pageSettings, base, translate, options);
  const discounts = new DiscountService(db, builderBundles(settings.builders), options.now);
  const mailer =
    options.mailer ?? reuse?.mailer ?? createMailer({ db, logger: pino({ level: "warn" }), from: { name: settings.shop.name, address: settings.shop.email } });
  const secrets = reuse?.secrets ?? new ShopSecrets(db);
  const hasher = new CustomerHasher(db, secrets, options.customerHashSecret);
  const afterAnswer = reuse?.afterAnswer ?? new AfterAnswer(afterAnswerLog());
  // A shopper's emails speak the language recorded for them and link to the site speaking it.
  const languages = mailLanguages(locales, sites, base.code);
  const customers = new CustomerService({
    db,
    carts,
    mailer,
    hasher,
    botCheck: new BotCheck(db, secrets),
    afterAnswer,
    shopName: settings.shop.name,
    languages,
    ...(options.accountLimits ? { limits: options.accountLimits } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const payments = options.payments ? new PaymentService({ db, provider: options.payments, catalog, mailer, settings: shopSettings, locales, renewalCards: () => platform.subscriptions }) : undefined;
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
    siteTax: siteTaxOf(settings.tax, base.code),
    sites,
    forSite,
    secrets,
    geolocator: reuse?.geolocator ?? new Geolocator(),
    newCarts: new AddressGate(db, "cart-new", options.newCartLimit ?? NEW_CART_LIMIT, options.now),
    newViewers: new AddressGate(db, "viewer-new", options.newViewerLimit ?? NEW_VIEWER_LIMIT, options.now),
    db,
    get settings() {
      return pageSettings();
    },
    shopSettings,
    locale,
    locales,
    messages,
    translate,
    catalog,
    carts,
    orders: new OrderService(
      db,
      catalog,
      carts,
      settings,
      discounts,
      mailer,
      {
        siteTax: siteTaxOf(settings.tax, base.code),
        siteCode: base.code,
        words: emailWords(locales, base.language),
        limiter: new RateLimiter(db, options.now),
        ...(options.checkoutLimit ? { rule: options.checkoutLimit } : {}),
        ...(options.onOrderPlaced ? { onPlaced: options.onOrderPlaced } : {}),
      },
      payments,
    ),
    payments,
    subscriptions: new SubscriptionService({
      db,
      mailer,
      settingsFor: (code) => forSite(code).settings,
      wordsFor: (code) => emailWords(locales, forSite(code).site.language),
      siteTaxFor: (code) => forSite(code).siteTax,
      catalogFor: (code) => forSite(code).catalog,
      provider: payments?.provider ?? null,
      ...(options.now ? { now: options.now } : {}),
    }),
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
      languages,
      // Picked from the catalog of the subscriber's site, so a French welcome names the French products.
      recommend: (skintype, language) =>
        newsletterRecommendations({ catalog: forSite(siteOfLocale(sites, base.code, language).code).catalog, db }, { limit: SIGN_UP_PICKS, skintype, customer: null, email: null }),
      ...(options.newsletterLimit ? { limit: options.newsletterLimit } : {}),
    }),
    ...productAlertServices({
      db,
      mailer,
      secrets,
      afterAnswer,
      settings,
      locales,
      now: options.now,
      tuning: { backInStock: options.backInStock, priceDrops: options.priceDrops },
      siteCodes: () => sites.map((site) => site.code),
      forSite: (code) => forSite(code),
    }),
    reviews: new ReviewsService({ db, mailer, secrets, afterAnswer, limiter: new RateLimiter(db, options.now), shopName: settings.shop.name, wordsFor: languages.words, ...options.reviews }),
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

/** A site's texts in its language, compiled, and their translator. */
function siteWords(locales: Readonly<Record<string, Locale>>, site: Site): Pick<Platform, "locale" | "messages" | "translate"> {
  const locale = textsFor(locales, site.language);
  const messages = compileCatalogue(locale);
  return { locale, messages, translate: translatorFor(site.language, messages, numberShapeOf(site.language)) };
}

/**
 * A site's settings as its pages, its cart answers and the theme read them:
 * priced for the site, with the merchant's texts in the site's language from
 * the translations loaded with the catalogue (made again only when those
 * change, so a translation saved on any server shows within the catalogue's
 * check). The cart's gift decision reads them too: a change's answer draws
 * its bars and titles. Services that only price and count keep the untranslated copy.
 */
function siteSettings(shopSettings: Settings, site: Site, catalog: CatalogStore): () => Settings {
  const priced = settingsForSite(shopSettings, site);
  let made: { from: LocaleTranslations | undefined; settings: Settings } = { from: undefined, settings: priced };
  return () => {
    const texts = catalog.latest?.translations.get(site.language);
    if (texts !== made.from) {
      made = { from: texts, settings: texts ? settingsForSite(shopSettings, site, (place, original) => texts.get(translationKey("setting", place, original))) : priced };
    }
    return made.settings;
  };
}

/** Carts priced from one site's catalog and settings (its currency, gifts and builders). */
function cartServiceFor(db: Database, catalog: CatalogSource, settings: Settings, pageSettings: () => Settings, site: Site, translate: Translate, options: PlatformOptions): CartService {
  // A cart's currency tells its site unless another site sells in it in another language: then the cart records this site's.
  const sharesCurrency = shopSites(settings).some((other) => other.currency === site.currency && other.language !== site.language);
  return new CartService(db, catalog, {
    currency: settings.currency,
    ...(sharesCurrency ? { locale: site.language } : {}),
    builders: builderBundles(settings.builders),
    giftGroups: () => pageSettings().sideCart.freeGiftsData,
    samplesNeedPaidProduct: settings.sideCart.samplesNeedPaidProduct,
    translate,
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
  const pageSettings = siteSettings(shopSettings, site, base.catalog as CatalogStore);
  const catalog = new SiteCatalogStore(base.catalog as CatalogStore, db, site);
  const words = siteWords(base.locales, site);
  const carts = cartServiceFor(db, catalog, settings, pageSettings, site, words.translate, options);
  const discounts = new DiscountService(db, builderBundles(settings.builders), options.now, site);
  const siteTax = siteTaxOf(settings.tax, site.code);
  const orders = new OrderService(
    db,
    catalog,
    carts,
    settings,
    discounts,
    base.mailer,
    {
      siteTax,
      siteCode: site.code,
      words: emailWords(base.locales, site.language),
      limiter: new RateLimiter(db, options.now),
      ...(options.checkoutLimit ? { rule: options.checkoutLimit } : {}),
      ...(options.onOrderPlaced ? { onPlaced: options.onOrderPlaced } : {}),
    },
    base.payments,
  );
  return {
    ...base,
    ...words,
    site,
    siteTax,
    get settings() {
      return pageSettings();
    },
    catalog,
    carts,
    discounts,
    orders,
  };
}
