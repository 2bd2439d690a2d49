/**
 * Abandoned-cart reminders: one email per cart, with its lines at the prices
 * the shop charges now, in its site's currency, and a signed link that brings
 * the cart back on any device.
 *
 * Who gets one (consent first):
 * - a customer whose cart it is (the cart that follows them), when they accept
 *   marketing or are a confirmed subscriber;
 * - a confirmed subscriber whose cart it is (the cart they signed up with);
 *   once a customer holds the cart, the customer's rule decides.
 *
 * When: the cart holds lines and has been untouched for the merchant's hours
 * (`newsletter.abandonedCartReminderHours`; null sends none), and not for
 * more than a week beyond them, so switching the reminder on does not mail
 * every old cart. A cart checked out or emptied holds no lines, and is read
 * again after the claim, so none is reminded of after either.
 *
 * Once: the `cart_reminders` row (token, the cart row's start, the orders placed
 * from the token so far) is claimed before the email goes; its unique key makes
 * any number of servers running this at once send one email.
 */
import { baseSiteOf, orderSiteOf, siteUrl } from "../../core/sites/sites.ts";
import { emailWords } from "../mail/email-words.ts";
import type { Site } from "../../core/sites/sites.ts";
import { hmacHex, sameText } from "../accounts/secrets.ts";
import { cartReminderMessage } from "../mail/messages.ts";
import type { Platform } from "../services.ts";
import { cartJson } from "./cart-json.ts";

/** Where the reminder's link brings the cart back, and where a customer without a subscription stops them. */
export const CART_RESTORE_PATH = "/cart/restore";
export const CART_REMINDERS_STOP_PATH = "/cart/reminders/stop";
/** Reminders one pass sends at most; the next hour's pass takes the rest. */
const REMINDERS_PER_PASS = 100;
/** A cart untouched longer than its hours and this many more is no longer reminded of. */
const LATEST_DAYS = 7;
/** A reminder's link brings its cart back for this long. */
const LINK_DAYS = 30;
const SECRET_NAME = "cart-reminder-links";

interface DueCart {
  token: string;
  cart_created_at: Date | string;
  checkouts: number;
  currency: string | null;
  /** The language of the site that last changed the cart. */
  locale: string;
  email: string;
  customer_id: string | number | null;
  subscriber_id: string | number | null;
}

async function sign(platform: Platform, purpose: "restore" | "stop", id: number): Promise<string> {
  return hmacHex(await platform.secrets.get(SECRET_NAME), `${purpose}:${id}`);
}

/** The site a cart was last priced on: the first selling in its currency (as orders are shown), else the base site. */
/** The site that last changed the cart: the one selling in its currency and speaking its language (the Irish and French sites both sell in euros). */
function siteOfCart(platform: Platform, currency: string | null, locale: string): Site {
  return currency === null ? baseSiteOf(platform.sites, platform.settings.geo.baseSite) : orderSiteOf(platform.sites, platform.settings.geo.baseSite, { currency, customer_locale: locale });
}

const DUE_CARTS = `
  with due as (
    select c.token, c.created_at, c.updated_at, c.currency, c.locale,
           (select count(*) from orders o where o.cart_token = c.token)::int as checkouts
      from carts c
     where c.lines <> '[]'::jsonb
       and c.updated_at <= now() - make_interval(hours => $1::int)
       and c.updated_at > now() - make_interval(hours => $1::int, days => ${LATEST_DAYS})
  )
  select d.token, d.created_at as cart_created_at, d.checkouts, d.currency, d.locale, who.email, who.customer_id, who.subscriber_id
    from due d
    cross join lateral (
      select cu.email, cu.id as customer_id, s.id as subscriber_id, 0 as rank
        from customers cu
        left join subscribers s on lower(s.email) = lower(cu.email) and s.status = 'active'
       where cu.cart_token = d.token and (cu.accepts_marketing or s.id is not null)
      union all
      select s.email, null, s.id, 1
        from subscribers s
       where s.cart_token = d.token and s.status = 'active'
         and not exists (select 1 from customers cu where cu.cart_token = d.token)
      order by rank
      limit 1
    ) who
   where not exists (
     select 1 from cart_reminders r where r.cart_token = d.token and r.cart_created_at = d.created_at and r.checkouts = d.checkouts)
   order by d.updated_at
   limit $2`;

/** Sends the reminders now due; answers how many went. */
export async function sendCartReminders(platform: Platform, shopUrl: string): Promise<number> {
  const hours = platform.settings.newsletter.abandonedCartReminderHours;
  if (hours === null) return 0;
  const due = await platform.db.query<DueCart>(DUE_CARTS, [hours, REMINDERS_PER_PASS]);
  let sent = 0;
  for (const cart of due) {
    const [claim] = await platform.db.query<{ id: string | number }>(
      `insert into cart_reminders (cart_token, cart_created_at, checkouts, email, customer_id, subscriber_id)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (cart_token, cart_created_at, checkouts) do nothing
       returning id`,
      [cart.token, cart.cart_created_at, cart.checkouts, cart.email, cart.customer_id, cart.subscriber_id],
    );
    // Another server claimed it first and sends it.
    if (!claim) continue;
    if (await sendOne(platform, shopUrl, cart, Number(claim.id))) sent += 1;
  }
  return sent;
}

/** The claimed reminder's email, when the cart still holds something. */
async function sendOne(platform: Platform, shopUrl: string, cart: DueCart, id: number): Promise<boolean> {
  const site = siteOfCart(platform, cart.currency, cart.locale);
  const sitePlatform = platform.forSite(site.code);
  const stored = await sitePlatform.carts.read(cart.token);
  const priced = cartJson(stored, await sitePlatform.catalog.get(), { currency: sitePlatform.settings.currency, tax: sitePlatform.siteTax }, await sitePlatform.discounts.pricingFor(stored));
  // Checked out or emptied since it was found due: nothing to remind of, and the claim stays.
  if (priced.items.length === 0) return false;
  const address = siteUrl(shopUrl, site);
  const unsubscribeUrl =
    cart.subscriber_id !== null
      ? await platform.newsletter.unsubscribeUrl(address, Number(cart.subscriber_id), cart.email)
      : `${address}${CART_REMINDERS_STOP_PATH}?r=${id}&t=${await sign(platform, "stop", id)}`;
  await platform.mailer.send(
    cartReminderMessage({
      to: cart.email,
      lines: priced.items.map((item) => ({ title: item.title, quantity: item.quantity, linePrice: item.final_line_price })),
      total: priced.total_price,
      moneyFormat: sitePlatform.settings.moneyFormat,
      restoreUrl: `${address}${CART_RESTORE_PATH}?r=${id}&t=${await sign(platform, "restore", id)}`,
      unsubscribeUrl,
      shopName: platform.settings.shop.name,
      shopUrl: address,
      words: emailWords(platform.locales, site.language),
    }),
  );
  return true;
}

/** What a restore link brings back: a customer's cart (which follows them once they sign in) or a guest's. */
export interface RestoredCart {
  token: string;
  /** The customer whose cart it is now, or null for a guest's. */
  customerId: number | null;
}

const readId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The cart a restore link names: signed, at most 30 days old, and the cart not
 * checked out since (a link must not open the carts a customer starts later).
 */
export async function restoredCart(platform: Platform, query: { r?: string; t?: string }): Promise<RestoredCart | null> {
  const id = readId(query.r);
  if (id === null || !query.t || !sameText(await sign(platform, "restore", id), query.t)) return null;
  const [row] = await platform.db.query<{ cart_token: string; customer_id: string | number | null }>(
    `select r.cart_token, (select cu.id from customers cu where cu.cart_token = r.cart_token limit 1) as customer_id
       from cart_reminders r
      where r.id = $1 and r.created_at > now() - make_interval(days => ${LINK_DAYS})
        and r.checkouts = (select count(*) from orders o where o.cart_token = r.cart_token)`,
    [id],
  );
  return row ? { token: row.cart_token, customerId: row.customer_id === null ? null : Number(row.customer_id) } : null;
}

/** A customer's one-click way out of cart reminders (one without a subscription): they no longer accept marketing. */
export async function stopCartReminders(platform: Platform, query: { r?: string; t?: string }): Promise<boolean> {
  const id = readId(query.r);
  if (id === null || !query.t || !sameText(await sign(platform, "stop", id), query.t)) return false;
  await platform.db.query("update customers set accepts_marketing = false where id = (select customer_id from cart_reminders where id = $1)", [id]);
  return true;
}
