/**
 * The back office's client for one request: the staff member its session
 * cookie names (looked up once), logging in and out with the session
 * cookie, and each area's client acting as that staff member.
 */
import type { AdminClient, StaffJson } from "../../core/admin/admin.ts";
import { otherCurrencies } from "../../core/admin/admin-discounts.ts";
import type { Platform } from "../services.ts";
import { customersAdmin } from "./customers-admin.ts";
import { subscriptionsAdmin } from "./subscriptions-admin.ts";
import { inboxAdmin } from "./inbox-admin.ts";
import { catalogAdmin } from "./catalog-admin.ts";
import { ordersAdmin } from "./orders-admin.ts";
import { staffAccount } from "./staff-account.ts";
import { staffAdmin } from "./staff-admin.ts";
import type { SignedIn } from "./staff-service.ts";
import { stockAdmin } from "./stock-admin.ts";
import { settingsAdmin } from "./settings-admin.ts";
import { discountsAdmin } from "./discounts-admin.ts";
import { menuAdmin } from "./menu-admin.ts";
import { reviewsAdmin } from "./reviews-admin.ts";
import { settingTextFields, translationsAdmin } from "./translations-admin.ts";
import { readerOf } from "./access.ts";
import { listFailedEmails } from "../mail/outbox.ts";
import { languageOf } from "../../core/i18n/locales.ts";

/** The dead letters the home page lists at most. */
const FAILED_EMAILS_SHOWN = 20;

export const ADMIN_SESSION_COOKIE = "admin_session";
/** A sign-in waiting on its second step: sent only to the login's own pages. */
export const ADMIN_SIGN_IN_COOKIE = "admin_sign_in";

export interface AdminRequest {
  ip: string;
  sessionToken: string | undefined;
  /** The sign-in waiting on a code in this browser, if any. */
  signInToken?: string | undefined;
  /** The browser as it names itself (User-Agent), shown with its session. */
  device?: string;
  secure: boolean;
  /** The shop's address for links in the emails actions send, and the catalog export's picture addresses. */
  shopUrl: string;
}

/** The session cookie: sent only to this site's own pages (SameSite=Strict), never readable by scripts. */
function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${ADMIN_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

function signInCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${ADMIN_SIGN_IN_COOKIE}=${value}; Path=/admin/login; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export function adminClient(platform: Platform, request: AdminRequest): AdminClient {
  let signedIn: Promise<StaffJson | null> | undefined;
  const actor = () => (signedIn ??= platform.staff.staffForSession(request.sessionToken));
  const client = { address: request.ip, device: request.device ?? "" };
  /** Signed in: the session cookie, and the waiting sign-in's cookie gone. */
  const session = (result: SignedIn) => [sessionCookie(result.sessionToken, result.maxAgeSeconds, request.secure), signInCookie("", 0, request.secure)];
  return {
    staff: actor,
    async login(form) {
      const result = await platform.staff.login(form, client);
      if (!result.ok) return result;
      if (result.step) return { ok: true, next: `/login/${result.step}`, cookies: [signInCookie(result.signInToken, result.maxAgeSeconds, request.secure)] };
      return { ok: true, next: "/", cookies: session(result) };
    },
    pendingSignIn: () => platform.staff.pendingSignIn(request.signInToken),
    async signInWithCode(form) {
      const result = await platform.staff.signInWithCode(request.signInToken, form, client);
      return result.ok ? { ok: true, next: "/", cookies: session(result) } : result;
    },
    async signInWithSetup(form) {
      const result = await platform.staff.signInWithSetup(request.signInToken, form, client);
      return result.ok ? { ok: true, recoveryCodes: result.recoveryCodes, cookies: session(result) } : result;
    },
    async passkeySetupOptions() {
      const options = await platform.staff.passkeySetupOptions(request.signInToken, request.shopUrl);
      return options ? { ok: true, options } : { ok: false, reason: "signed_out", description: "Your sign-in has expired. Log in again.", errors: {} };
    },
    async signInWithPasskeySetup(form) {
      const result = await platform.staff.signInWithPasskeySetup(request.signInToken, form, client, request.shopUrl);
      return result.ok ? { ok: true, recoveryCodes: result.recoveryCodes, cookies: session(result) } : result;
    },
    async passkeySignInOptions() {
      const options = await platform.staff.passkeySignInOptions(request.signInToken, request.shopUrl);
      return options ? { ok: true, options } : { ok: false, reason: "signed_out", description: "Your sign-in has expired. Log in again.", errors: {} };
    },
    async signInWithPasskey(form) {
      const result = await platform.staff.signInWithPasskey(request.signInToken, form, client, request.shopUrl);
      return result.ok ? { ok: true, next: "/", cookies: session(result) } : result;
    },
    account: staffAccount(platform.staff, request.sessionToken, request.shopUrl),
    async logout() {
      await platform.staff.logout(request.sessionToken);
      return { ok: true, next: "/login", cookies: [sessionCookie("", 0, request.secure)] };
    },
    home: async () => ({ ...(await platform.staff.home()), renewalsDueSoon: await platform.subscriptions.dueWithin(7) }),
    failedEmails: async () => ((await readerOf(actor, "orders")) ? listFailedEmails(platform.db, FAILED_EMAILS_SHOWN) : []),
    orders: ordersAdmin(platform.db, platform.catalog, platform.mailer, platform.settings, actor, request.shopUrl, platform.payments?.provider, platform.locales),
    stock: stockAdmin(platform.db, actor),
    customers: customersAdmin(platform.db, actor),
    subscriptions: subscriptionsAdmin(platform.db, platform.subscriptions, actor),
    inbox: inboxAdmin(platform.db, actor),
    settings: settingsAdmin(platform.db, actor),
    team: staffAdmin(platform.db, actor),
    catalog: catalogAdmin(platform.db, actor, request.shopUrl),
    discounts: discountsAdmin(platform.db, () => platform.settings.shop.timeZone, actor, Date.now, () => otherCurrencies(platform.sites, platform.settings.currency)),
    menu: menuAdmin(platform.db, () => platform.settings.builders, actor),
    reviews: reviewsAdmin(platform.db, platform.reviews, actor, request.shopUrl),
    // The originals are in the base site's language; each site in another language (fr-FR, not en-US) is offered for translation.
    translations: translationsAdmin(
      platform.db,
      platform.catalog,
      () => [...new Set(platform.sites.map((site) => site.language).filter((language) => languageOf(language) !== languageOf(platform.site.language)))],
      actor,
      (locale) => settingTextFields(platform, locale),
    ),
  };
}
