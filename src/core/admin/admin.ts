/**
 * The merchant's back office as the theme's admin routes see it: who is
 * signed in, the answer to a form, the home page's figures, and the clients
 * of each area (orders, stock). The platform implements them; the routes
 * only draw what they answer.
 */
import type { AdminCustomersClient } from "./admin-customers.ts";
import type { AdminSubscriptionsClient } from "./admin-subscriptions.ts";
import type { AdminInboxClient } from "./admin-inbox.ts";
import type { AdminCatalogClient } from "./admin-catalog.ts";
import type { AdminOrdersClient } from "./admin-orders.ts";
import type { AdminStaffClient, PasskeyCreationAnswer, PasskeyRequestAnswer, PendingSignIn, RecoveryCodesAnswer, StaffAccountClient } from "./admin-staff.ts";
import type { AdminStockClient } from "./admin-stock.ts";
import type { AdminSettingsClient } from "./admin-settings.ts";
import type { AdminDiscountsClient } from "./admin-discounts.ts";
import type { AdminMenuClient } from "./admin-menu.ts";
import type { AdminReviewsClient } from "./admin-reviews.ts";
import type { AdminTranslationsClient } from "./admin-translations.ts";
import type { AdminAnswer, StaffJson, StaffRole } from "./answers.ts";

export { ADMIN_PATH, type AdminAnswer, type StaffJson, type StaffRole } from "./answers.ts";

/** The home page: today's orders and sales (per currency), and how many variants run low. */
export interface AdminHome {
  today: { orders: number; sales: { currency: string; amount: number }[] };
  unfulfilled: number;
  lowStock: number;
  lowStockThreshold: number;
  /** Active subscriptions whose next delivery falls within the next 7 days (overdue ones included). */
  renewalsDueSoon: number;
}

/** An email the shop gave up delivering after every try (a dead letter of the job queue). */
export interface FailedEmailJson {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  error: string | null;
  createdAt: string;
  gaveUpAt: string;
}

export interface AdminClient {
  /** The signed-in staff member, or null. */
  staff(): Promise<StaffJson | null>;
  /** The password step: on to the code or two-step setup when the member needs one, else signed in. */
  login(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** The sign-in waiting on a second step in this browser, or null. */
  pendingSignIn(): Promise<PendingSignIn | null>;
  /** The second step: an app's code or a recovery code (`code`). */
  signInWithCode(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** A challenge for the waiting sign-in's passkey, kept a few minutes for one answer. */
  passkeySignInOptions(): Promise<PasskeyRequestAnswer>;
  /** The second step with a passkey (`passkey`, the browser's JSON answer). */
  signInWithPasskey(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Sets up two-step sign-in during a sign-in the owner requires it of (`code`), then signs in. */
  signInWithSetup(form: Record<string, unknown>): Promise<RecoveryCodesAnswer>;
  /** During that setup, a challenge for the member's first passkey, kept a few minutes for one answer. */
  passkeySetupOptions(): Promise<PasskeyCreationAnswer>;
  /** Sets up two-step sign-in with a new passkey (`passkey`, `passkey_name`) instead of the app, then signs in. */
  signInWithPasskeySetup(form: Record<string, unknown>): Promise<RecoveryCodesAnswer>;
  logout(): Promise<AdminAnswer>;
  /** The signed-in member's own page. */
  account: StaffAccountClient;
  home(): Promise<AdminHome>;
  /** The emails not delivered, newest first (orders area: they are mostly order confirmations); empty for anyone else. */
  failedEmails(): Promise<FailedEmailJson[]>;
  orders: AdminOrdersClient;
  stock: AdminStockClient;
  customers: AdminCustomersClient;
  subscriptions: AdminSubscriptionsClient;
  inbox: AdminInboxClient;
  settings: AdminSettingsClient;
  team: AdminStaffClient;
  catalog: AdminCatalogClient;
  discounts: AdminDiscountsClient;
  menu: AdminMenuClient;
  reviews: AdminReviewsClient;
  translations: AdminTranslationsClient;
}

/** Variants at or below this many units are low on stock. */
export const LOW_STOCK_THRESHOLD = 5;

/** The back office's areas, each a page of the frame's navigation. */
export type AdminArea = "home" | "orders" | "customers" | "stock" | "reviews" | "catalog" | "discounts" | "settings" | "staff";

/**
 * What each role may use: the owner everything; staff the day's work
 * (orders, customers, stock, reviews), not the catalog, discounts, settings or staff.
 */
const ROLE_AREAS: Record<StaffRole, readonly AdminArea[]> = {
  owner: ["home", "orders", "customers", "stock", "reviews", "catalog", "discounts", "settings", "staff"],
  staff: ["home", "orders", "customers", "stock", "reviews"],
};

/** Whether a staff member of `role` may see and change `area`. */
export const mayUse = (role: StaffRole, area: AdminArea): boolean => ROLE_AREAS[role].includes(area);

/** The answer to someone signed in whose role does not reach an area. */
export const NOT_YOUR_AREA = "Only the shop's owner can do that.";

/** Whether an address is the back office's (its pages and their data requests, `/admin.data`), on any site's prefix. */
export const isAdminPath = (pathname: string): boolean => /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/admin(?:[/.]|$)/.test(pathname);
