/**
 * The back office's client for one request: the staff member its session
 * cookie names (looked up once), logging in and out with the session
 * cookie, and each area's client acting as that staff member.
 */
import type { AdminClient, StaffJson } from "../../core/admin.ts";
import { otherCurrencies } from "../../core/admin-discounts.ts";
import type { Platform } from "../platform.ts";
import { customersAdmin } from "./customers-admin.ts";
import { inboxAdmin } from "./inbox-admin.ts";
import { catalogAdmin } from "./catalog-admin.ts";
import { ordersAdmin } from "./orders-admin.ts";
import { staffAdmin } from "./staff-admin.ts";
import { stockAdmin } from "./stock-admin.ts";
import { settingsAdmin } from "./settings-admin.ts";
import { discountsAdmin } from "./discounts-admin.ts";
import { menuAdmin } from "./menu-admin.ts";

export const ADMIN_SESSION_COOKIE = "admin_session";

export interface AdminRequest {
  ip: string;
  sessionToken: string | undefined;
  secure: boolean;
  /** The shop's address for links in the emails actions send, and the catalog export's picture addresses. */
  shopUrl: string;
}

/** The session cookie: sent only to this site's own pages (SameSite=Strict), never readable by scripts. */
function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${ADMIN_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export function adminClient(platform: Platform, request: AdminRequest): AdminClient {
  let signedIn: Promise<StaffJson | null> | undefined;
  const actor = () => (signedIn ??= platform.staff.staffForSession(request.sessionToken));
  return {
    staff: actor,
    async login(form) {
      const result = await platform.staff.login(form, request.ip);
      if (!result.ok) return result;
      return { ok: true, redirect: "/admin", cookies: [sessionCookie(result.sessionToken, result.maxAgeSeconds, request.secure)] };
    },
    async logout() {
      await platform.staff.logout(request.sessionToken);
      return { ok: true, redirect: "/admin/login", cookies: [sessionCookie("", 0, request.secure)] };
    },
    home: () => platform.staff.home(),
    orders: ordersAdmin(platform.db, platform.catalog, platform.mailer, platform.settings, actor, request.shopUrl),
    stock: stockAdmin(platform.db, actor),
    customers: customersAdmin(platform.db, actor),
    inbox: inboxAdmin(platform.db, actor),
    settings: settingsAdmin(platform.db, actor),
    team: staffAdmin(platform.db, actor),
    catalog: catalogAdmin(platform.db, actor, request.shopUrl),
    discounts: discountsAdmin(platform.db, () => platform.settings.shop.timeZone, actor, Date.now, () => otherCurrencies(platform.sites, platform.settings.currency)),
    menu: menuAdmin(platform.db, () => platform.settings.builders, actor),
  };
}
