/** The platform as one object: every service a request may use, and how it is built (options). */
import type { CartService } from "./cart/cart-service.ts";
import type { CatalogSource } from "./catalog/site-catalog.ts";
import type { Site } from "../core/sites/sites.ts";
import type { StaffService } from "./admin/staff-service.ts";
import type { Database } from "./db/database.ts";
import type { ProductViews } from "./catalog/product-views.ts";
import type { DiscountService } from "./checkout/discounts/discount-service.ts";
import type { OrderService } from "./orders/order-service.ts";
import type { SubscriptionService } from "./subscriptions/subscription-service.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { PaymentService } from "./payments/payment-service.ts";
import type { StripePayments } from "./payments/stripe-payments.ts";
import type { AccountLimits, CustomerService } from "./accounts/customer-service.ts";
import type { LimitRule } from "./accounts/rate-limits.ts";
import type { SavedForLaterService } from "./accounts/saved-for-later.ts";
import type { ShopSecrets } from "./accounts/shop-secrets.ts";
import type { Geolocator } from "./sites/geolocator.ts";
import type { AddressGate } from "./accounts/address-gate.ts";
import type { Locale } from "../core/sites/locale.ts";
import type { CompiledMessages, Translate } from "../core/i18n/messages.ts";
import type { Settings } from "../core/settings/settings.ts";
import type { BookingService } from "./booking/booking-service.ts";
import type { AfterAnswer } from "./accounts/after-answer.ts";
import type { ContentService } from "./content/content-service.ts";
import type { NewsletterService } from "./marketing/newsletter-service.ts";
import type { BackInStockService } from "./catalog/back-in-stock-service.ts";
import type { PriceDropService } from "./catalog/price-drop-service.ts";
import type { ReviewsService } from "./catalog/reviews-service.ts";
import type { SiteTax } from "../core/tax/tax.ts";

/** The platform's services, shared by every request a server handles. */
export interface Platform {
  db: Database;
  settings: Settings;
  /** The settings as the merchant wrote them, before any site's prices or translations (what a translator translates). */
  shopSettings: Settings;
  /** The shopper-facing texts of this view's site, in its language (the source's where its catalogue lacks one). */
  locale: Locale;
  /** Every locale's catalogue, by locale tag (en-GB the source). */
  locales: Readonly<Record<string, Locale>>;
  /** This view's texts compiled, for pages and the messages written here. */
  messages: CompiledMessages;
  /** Writes a text of this view's site in its language (emails, cart messages). */
  translate: Translate;
  /** The catalog as this view's site sells it (prices in the site's currency). */
  catalog: CatalogSource;
  /** The site this view of the platform serves: its settings, catalog, carts, codes and checkout are in its currency. */
  site: Site;
  /** The site's tax: the VAT or GST its prices include, or the sales tax its checkout adds; null for none. */
  siteTax: SiteTax | null;
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
  /** Subscription contracts made at checkout, their renewals and the customer's changes to them. */
  subscriptions: SubscriptionService;
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
  /** "Email me when it's back": requests, their confirmation and the emails when stock returns. */
  backInStock: BackInStockService;
  /** "Tell me when the price drops": follows, their confirmation, the emails on each drop and the unfollow link. */
  priceDrops: PriceDropService;
  /** Product reviews and questions: writing, confirming, moderating, showing, and asking customers after delivery. */
  reviews: ReviewsService;
  /** The back office's staff: the first owner, logins, sessions and the home page's figures. */
  staff: StaffService;
  /** Payments through the provider (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set); without it orders are test orders. */
  payments: PaymentService | undefined;
}

export interface PlatformOptions {
  catalogCheckMs?: number;
  /** The source catalogue's texts (en-GB); by default config/locales/en-GB.json. */
  locale?: Locale;
  /** Every locale's catalogue; by default those in config/locales (with `locale` as the source when given). */
  locales?: Readonly<Record<string, Locale>>;
  /** Epoch milliseconds; tests move the clock. */
  now?: () => number;
  /** The shop's mailer; by default every message is kept in the outbox table. */
  mailer?: Mailer;
  /** The payment provider the environment sets up (stripe-payments.ts); none: test mode. */
  payments?: StripePayments | undefined;
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
  /** Changes to the back-in-stock limits per client address and per email, and the sender's batch (tests). */
  backInStock?: { addressLimit?: LimitRule; emailLimit?: LimitRule; batchSize?: number };
  /** Changes to the price-drop limits per client address and per email, and the sender's batch (tests). */
  priceDrops?: { addressLimit?: LimitRule; emailLimit?: LimitRule; batchSize?: number };
  /** Changes to the review limits per client address and per email (tests). */
  reviews?: { addressLimit?: LimitRule; emailLimit?: LimitRule };
  /** Told of each order placed (the server's metrics). */
  onOrderPlaced?: () => void;
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
