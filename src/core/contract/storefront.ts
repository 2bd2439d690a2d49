import type { AnsweredQuestion, ReviewPage, ReviewQuery } from "../catalog/reviews.ts";
import type { SiteTax } from "../tax/tax.ts";
import type { AccountAnswer, AccountOverview, ChallengeView, CheckoutPrefill, CustomerJson } from "../accounts/account.ts";
import type { CustomerPasskey, CustomerPasskeyCreation, CustomerPasskeyRequest } from "../accounts/passkeys.ts";
import type { CheckoutResult } from "../checkout/checkout.ts";
import type { CartViewJson } from "../cart/cart-view-json.ts";
import type { CompiledMessages } from "../i18n/messages.ts";
import type { NumberShape } from "../i18n/numbers.ts";
import type { DayShape } from "../i18n/dates.ts";
import type { Settings } from "../settings/settings.ts";
import type { CountdownWords } from "../marketing/countdown.ts";
import type { CountryOption } from "../sites/localization.ts";
import type { BuilderSettings } from "../builders/builder-settings.ts";
import type { BookingAnswer } from "../booking/booking.ts";
import type { SavedItem } from "../builders/saved-bundles.ts";
import type { ArticleCard, BlogView, GlossaryEntry, PageView, PolicyJson } from "../content/content.ts";
import type { ContactAnswer } from "../content/contact.ts";
import type { NewsletterAnswer } from "../marketing/newsletter.ts";
import type { GridProduct } from "../catalog/product-card.ts";
import type { ShippingZone } from "../checkout/shipping-rates.ts";
import type { OrderJson } from "../orders/order-json.ts";
import type { SiteInfo } from "../sites/sites.ts";
import type { CartJson, CollectionJson, MenuItem, ProductJson, ProductViewJson } from "./shopify-types.ts";

/** What the theme needs to know about the shop on every page. */
export interface ShopInfo {
  name: string;
  currency: string;
  moneyFormat: string;
  menus: Record<string, MenuItem[]>;
  /** The site's shopper-facing texts, compiled (core/i18n): the browser fills them in and never parses MessageFormat. */
  messages: CompiledMessages;
  /** How the site's language writes small numbers, so the browser writes them without a number formatter (core/i18n/numbers.ts). */
  numberShape?: NumberShape | null;
  /** How the site's language writes a day in long form, so the browser writes days without a date formatter (core/i18n/dates.ts). */
  dayShape?: DayShape | null;
  /** The side cart's settings: thresholds, gift groups, badge texts. Absent only in the error page's stand-in shop. */
  sideCart?: Settings["sideCart"];
  upsell?: Settings["upsell"];
  /** What the checkout page needs to show shipping: the zones and their rates. */
  checkout?: Pick<Settings["checkout"], "standardShippingPrice" | "testMode"> & {
    zones: ShippingZone[];
    tax?: { includedName: string | null; addedAtCheckout: boolean };
    /** The provider the shopper pays through, or null in test mode. */
    payments?: "stripe" | null;
  };
  /** The product page's settings: quantity limits, sticky bar, add to cart, users on page, price per ml, tax rates. */
  /** The product page's settings, and whether the site's prices include their tax (the tax calculator then shows the tax a price holds). */
  productPage?: Settings["product"] & { taxIncluded?: boolean };
  /** The discount code the theme applies once the cart reaches the threshold. */
  discountLink?: Settings["discountLink"];
  /** The collection filter widget's template option (`?view={template}` navigation instead of the swap). */
  collections?: Pick<Settings["collections"], "filterTemplate">;
  /** The messages of the bar at the top of every page. */
  announcementBar?: Settings["announcementBar"];
  /** The site's locale ("en-GB", "fr-FR"): its texts' plural rules, and its numbers and dates formatted with Intl. */
  language?: string;
  /** The shop's time zone, in which a countdown to a date writes its end. */
  timeZone?: string;
  /** How countdowns are written in the shop's language (worked out here, so the browser needs no unit or list formats). */
  countdownWords?: CountdownWords;
  /** The header's scroll behaviour. */
  header?: Settings["header"];
  /** Every slider's autoplay speed, animation duration and drag speed. */
  sliders?: Settings["sliders"];
  /** The popups: which are on, their timing and texts. */
  popups?: Settings["popups"];
  /** The newsletter form: where it posts, its lists, its timing rule and its texts. */
  newsletter?: Settings["newsletter"];
  /** The shop's public address without a trailing slash (`https://shop.example`), for canonical links and cards. */
  url?: string;
  /** The site this page is on: its prefix, currency and language. Absent only in the error page's stand-in shop. */
  site?: SiteInfo;
  /** Every site of the shop, for the footer's selector, the `hreflang` alternates and the geo popup. */
  sites?: SiteInfo[];
  /** The footer selector's countries, named and in order (worked out here: the browser's first region names, currency symbols and collation cost it a long moment). */
  countryOptions?: CountryOption[];
  /** The site for a visitor from a country no site lists. */
  defaultSiteCode?: string;
  /** The merchant's inline snippets, drawn at the end of every storefront page (the policy allows each by its hash). */
  inlineScripts?: readonly string[];
}

/** The home page's sections as the merchant set them, and the time zone their schedules are read in. */
export interface HomePageSettings extends Pick<Settings, "home" | "embeds"> {
  timeZone: string;
}

export type { FinancialStatus, FulfillmentStatus, OrderDiscountApplication, OrderJson, OrderLineJson, OrderPayment, SmsConsent } from "../orders/order-json.ts";

/** Shopify's price range filter, in minor units of the site's currency; null is no bound. */
export interface PriceRange {
  gte: number | null;
  lte: number | null;
}

/** Shopify's availability filter values: 1 in stock, 0 out of stock. */
export type StockFilter = 0 | 1;

export type CollectionSort = "manual" | "best-selling" | "title-ascending" | "title-descending" | "price-ascending" | "price-descending" | "created-descending";

/** One value of a filter group: a tag such as `skin-type:dry`, offered as `Dry`. */
export interface FilterValue {
  /** What the shopper reads: `Dry`, `Vitamin C`, `30ml`. */
  label: string;
  /** The tag's handle, as written in the filter URL: `skin-type-dry`. */
  value: string;
  /** The tag itself: `skin-type:dry`. */
  tag: string;
  /**
   * Products of the collection the shopper would see with this value ticked
   * too, given the other groups' choices (facet count). 0 means choosing it
   * would show nothing.
   */
  count: number;
  active: boolean;
  /** Products the shopper would see with this value left out too ("without retinol"). */
  excludedCount: number;
  /** Left out: only products without this value are shown. */
  excluded: boolean;
}

/** The values of one kind of tag (the settings' `collections.filterGroups`). Values within a group are OR, groups are AND. */
export interface FilterGroup {
  /** The tag prefix: `skin-type`. */
  prefix: string;
  label: string;
  /** The shopper may also leave this group's values out (the settings' `exclude`). */
  exclude: boolean;
  values: FilterValue[];
}

export interface CollectionPage {
  collection: CollectionJson;
  products: ProductViewJson[];
  page: number;
  pageCount: number;
  perPage: number;
  total: number;
  sort: CollectionSort;
  /** The filter groups with the values the collection's products carry. */
  filters: FilterGroup[];
  /** The tag handles applied, canonical (sorted), including tags outside any group (`bestseller`). */
  activeFilters: string[];
  /** The tag handles left out, canonical. */
  excludedFilters: string[];
  /** The price range asked for (minor units of the site's currency) and the highest price the other filters leave (Dawn's "The highest price is …"). */
  price: PriceFacet;
  /** "In stock" and "Out of stock" with what ticking each would show given the other filters (`filter.v.availability=1|0`). */
  availability: StockFacet[];
}

export interface PriceFacet extends PriceRange {
  highest: number;
}

export interface StockFacet {
  value: StockFilter;
  count: number;
  active: boolean;
}

export interface CollectionOptions {
  page?: number;
  perPage?: number;
  sort?: CollectionSort;
  /** Tag handles (`skin-type-dry`) or tags (`skin-type:dry`). An unknown one gives an empty page. */
  filters?: string[];
  /** Tag handles or tags whose products are left out. An unknown one leaves nothing out. */
  excluded?: string[];
  /** Only products with a variant priced within the range (minor units of the site's currency). */
  price?: PriceRange | null;
  /** In stock (1), out of stock (0); both or neither is every product. */
  availability?: readonly StockFilter[];
}

/** What the search page looks through, as Shopify's `type` parameter names it. */
export type SearchType = "product" | "page" | "article";

export interface SearchOptions {
  /** Products always when absent; pages and articles only when named. */
  types?: readonly SearchType[];
  page?: number;
  perPage?: number;
  /** Only products with a variant priced within the range (minor units of the site's currency). */
  price?: PriceRange | null;
  /** In stock (1), out of stock (0); both or neither is every product. */
  availability?: readonly StockFilter[];
}

/** A page or an article a search found: where it is and the start of its text. */
export interface SearchHit {
  title: string;
  /** Within the site (the router adds the site's prefix). */
  url: string;
  excerpt: string;
}

/** Products matching a search, best first, and the pages and articles it was asked to look through. */
export interface SearchPage {
  /** The query as searched (trimmed). */
  query: string;
  products: ProductViewJson[];
  /** On the first page only, the best first; empty unless asked for. */
  pages?: SearchHit[];
  articles?: SearchHit[];
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
  /** Products only: the price range asked for and the highest price among the matches (as a collection's). */
  price?: PriceFacet;
  /** Products only: "In stock" and "Out of stock" with what ticking each would show. */
  availability?: StockFacet[];
}

/**
 * The one way the theme reaches the platform. On the server it calls the
 * platform in-process for the current request's shopper; in the browser the
 * theme uses the HTTP API with the same shapes.
 */
export interface StorefrontClient {
  shop(): Promise<ShopInfo>;
  homePage(): Promise<HomePageSettings>;
  /** The builders as the merchant set them up: routine, quiz, kit and the facial-oil quiz. */
  builders(): Promise<BuilderSettings>;
  /** Books a free skin consultation from the routine builder's form. */
  bookConsultation(form: Record<string, unknown>): Promise<BookingAnswer>;
  /** A newsletter sign-up from Shopify's customer form (`contact[email]`), through the newsletter's double opt-in. */
  customerFormSignup(form: Record<string, unknown>): Promise<NewsletterAnswer & { retryAfter?: number }>;
  product(handle: string): Promise<ProductViewJson | null>;
  collection(handle: string, options?: CollectionOptions): Promise<CollectionPage | null>;
  collections(): Promise<CollectionJson[]>;
  /** `related` (the default) or `complementary` products, as `/recommendations/products.json` answers them. */
  recommendations(productId: number, limit: number, intent?: "related" | "complementary"): Promise<ProductJson[]>;
  /** Predictive search's suggestions for what the shopper has typed (`/search/suggest`), of the kinds asked (every kind by default). */
  suggest(query: string, kinds?: readonly SuggestKind[]): Promise<SuggestResults>;
  /** The products of one vendor or one product type (`/collections/vendors?q=`, `/collections/types?q=`). */
  productsBy(kind: "vendor" | "type", value: string, page: number): Promise<SearchPage>;
  /** Products by title, type, vendor and tags; case- and accent-insensitive, word prefixes match. */
  search(query: string, options?: SearchOptions): Promise<SearchPage>;
  cart(): Promise<CartJson>;
  /** The cart as the cart page and side cart draw it: lines' display, gifts, bars, shipping, upsells. */
  cartView(): Promise<CartViewJson>;
  /** The site's tax: what its prices include, or the table its checkout adds sales tax from; null for none. */
  siteTax: SiteTax | null;
  /** A placed order by its token, or null. */
  order(token: string): Promise<OrderJson | null>;
  /** Places the current cart as an order (the checkout page's action), through the same service as `POST /checkout.json`. */
  placeOrder(input: Record<string, unknown>): Promise<CheckoutResult>;
  /** The shopper's account: who is logged in, and the account forms' posts. */
  account: AccountClient;
  /** Pages, the journal, the policies and the contact form. */
  content: ContentClient;
  /** A product's approved reviews and answered questions. */
  reviews: ReviewsClient;
}

/** What a product page shows of its reviews and questions. */
export interface ReviewsClient {
  /** One page of the product's approved reviews, with its whole summary. */
  page(productId: number, query: ReviewQuery): Promise<ReviewPage>;
  /** The product's answered questions, newest first. */
  answered(productId: number): Promise<AnsweredQuestion[]>;
}

/** The shop's written content as its pages draw it; null for what does not exist. */
export interface ContentClient {
  page(handle: string): Promise<PageView | null>;
  /** The ingredient glossary's entries in the site's language, without the products that carry them; none when the shop has no glossary. */
  glossary(): Promise<GlossaryEntry[]>;
  /** A blog with one page of its articles, newest first; with `tagged` (a tag's handle), only the articles with that tag. */
  blog(handle: string, page: number, tagged?: string | null): Promise<BlogView | null>;
  /** An article with the products it links to, drawn as cards after it. */
  article(blog: string, handle: string): Promise<{ article: ArticleCard; blogTitle: string; products: GridProduct[]; tagLabels: Record<string, string> } | null>;
  policy(handle: string): Promise<PolicyJson | null>;
  /** The contact form's post: checked, rate limited, kept and emailed. */
  contact(form: Record<string, unknown>): Promise<ContactAnswer>;
}

/** A subscription as its customer sees it: what comes, how often, when next and for how much. */
export interface CustomerSubscription {
  id: number;
  /** `failed`: every try at a renewal's payment was declined; nothing more comes until the card is updated. */
  status: "active" | "paused" | "cancelled" | "failed";
  interval: "day" | "week" | "month";
  intervalCount: number;
  lines: { variant_id: number; title: string; quantity: number }[];
  /** `YYYY-MM-DD`: the day a declined renewal payment is tried again, while one is. */
  paymentRetryOn: string | null;
  /** Whether the customer can give a new card for it (intent `update_card`). */
  cardUpdatable: boolean;
  deliveryPrice: number;
  currency: string;
  /** `YYYY-MM-DD`, the shop's calendar day. */
  nextDate: string;
  /** The plan it delivers on, and the frequencies its plan group offers instead. */
  planId: number | null;
  frequencies: { planId: number; interval: "day" | "week" | "month"; intervalCount: number }[];
  /** The products it may be swapped for: each offers the same frequency. */
  swaps: { variantId: number; title: string }[];
}

/**
 * The customer account as the account pages use it. The form methods take
 * the posted fields as they came (Shopify's names, `customer[email]`) and
 * answer where to go next or why not, with the cookies to set.
 */
export interface AccountClient {
  /** The logged-in customer, or null. */
  customer(): Promise<CustomerJson | null>;
  /** `/account`: profile, orders, addresses; null when nobody is logged in. */
  overview(): Promise<AccountOverview | null>;
  /** The logged-in customer's saved-for-later list as the shop keeps it; null when nobody is logged in. */
  savedForLater(): Promise<SavedItem[] | null>;
  /** The email and default address the checkout starts with; null when nobody is logged in. */
  checkoutPrefill(): Promise<CheckoutPrefill | null>;
  /** The logged-in customer's subscriptions; null when nobody is logged in. */
  subscriptions(): Promise<CustomerSubscription[] | null>;
  /** Changes one of the customer's subscriptions (`intent`: update_card, answered with the provider's page to give it at; skip, pause, resume, cancel with an optional `reason`, delay with `delay`/`date`, deliver_now, frequency with `plan`, quantity with `variant`/`quantity`, swap with `variant`/`to`). */
  changeSubscription(subscriptionId: string, form: Record<string, unknown>): Promise<AccountAnswer>;
  register(form: Record<string, unknown>): Promise<AccountAnswer>;
  /** `return_url` (a path on this shop) says where to go after logging in. */
  login(form: Record<string, unknown>): Promise<AccountAnswer>;
  logout(): Promise<AccountAnswer>;
  recover(form: Record<string, unknown>): Promise<AccountAnswer>;
  resetLinkValid(customerId: string, token: string): Promise<boolean>;
  resetPassword(customerId: string, token: string, form: Record<string, unknown>): Promise<AccountAnswer>;
  /** The bot check page: what it is for and a fresh challenge. */
  challenge(): Promise<ChallengeView>;
  solveChallenge(form: Record<string, unknown>): Promise<AccountAnswer>;
  /** Adds an address, or changes the one with `addressId`. */
  saveAddress(form: Record<string, unknown>, addressId?: string): Promise<AccountAnswer>;
  deleteAddress(addressId: string): Promise<AccountAnswer>;
  setDefaultAddress(addressId: string): Promise<AccountAnswer>;
  /** The logged-in customer's passkeys; null when nobody is logged in. */
  passkeys(): Promise<CustomerPasskey[] | null>;
  /** A challenge for a new passkey of the logged-in customer. */
  passkeyOptions(): Promise<CustomerPasskeyCreation>;
  /** Adds the passkey the browser made (`passkey`) under a name (`passkey_name`); needs the password (`passkey_password`). */
  addPasskey(form: Record<string, unknown>): Promise<AccountAnswer>;
  /** Removes one of the customer's passkeys by its number; needs the password (`remove_password`). */
  removePasskey(number: string, form: Record<string, unknown>): Promise<AccountAnswer>;
  /** A challenge for signing in with any passkey the browser holds for the shop. */
  passkeySignInOptions(): Promise<CustomerPasskeyRequest>;
  /** Signs in with the browser's answer (`passkey`): a fresh session, as a password login starts. */
  passkeyLogin(form: Record<string, unknown>): Promise<AccountAnswer>;
}

/** The kinds of predictive search results, as `resources[type]` names them. */
export const SUGGEST_KINDS = ["query", "product", "collection", "page", "article"] as const;
export type SuggestKind = (typeof SUGGEST_KINDS)[number];

/** Predictive search as its section draws it: query completions, products, collections, pages and articles for what was typed. */
export interface SuggestResults {
  query: string;
  queries: { text: string; styled_text: string; url: string }[];
  products: { id: number; title: string; url: string; image: string | null; price: string; vendor: string }[];
  collections: { id: number; title: string; url: string }[];
  pages: { id: number; title: string; url: string; body: string }[];
  articles: { id: number; title: string; url: string; image: string | null; summary_html: string }[];
}
