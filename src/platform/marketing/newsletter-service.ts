/**
 * The shop's email list, the provider side of the newsletter form.
 *
 * A sign-up is checked, rate limited per client address, and stored as
 * pending with the lists, skin answers, source and consent; a confirmation
 * email carries a signed link naming the sign-up's nonce, and only a
 * confirmed address gets anything else. Signing up again updates the row
 * (and sends a fresh link while it is unconfirmed). Every message after the
 * confirmation carries a one-click unsubscribe link, signed per address.
 * The answer never tells whether an address is on the list: a confirmed
 * subscriber signing up again is answered as anyone is, and gets a short
 * note instead of a link, at most once a day; both emails go after the answer.
 */
import { randomBytes } from "node:crypto";
import type { NewsletterAnswer, RecommendedProduct } from "../../core/marketing/newsletter.ts";
import { signupSchema } from "../../core/marketing/newsletter-signup.ts";
import type { Settings } from "../../core/settings/settings.ts";
import type { AfterAnswer } from "../accounts/after-answer.ts";
import { type LimitRule, type RateLimiter, addressKey } from "../accounts/rate-limits.ts";
import { hmacHex, sameText } from "../accounts/secrets.ts";
import type { ShopSecrets } from "../accounts/shop-secrets.ts";
import type { Database } from "../db/database.ts";
import type { MailLanguages } from "../mail/email-words.ts";
import type { Mailer } from "../mail/mailer.ts";
import { bundleReminderMessage, newsletterAlreadySubscribedMessage, newsletterConfirmMessage, newsletterWelcomeMessage } from "../mail/messages.ts";
import { parseSavedList } from "../../core/builders/saved-bundles.ts";

/** Where each kind of saved pick is finished. */
const RESUME_PATHS = { quiz: "/pages/build-your-bundle", kit: "/pages/build-your-kit", cart: "/cart" } as const;
/** Reminders one maintenance pass sends at most. */
const REMINDERS_PER_PASS = 50;

/** Sign-ups one client address may send in a window. */
export const SIGNUP_LIMIT: LimitRule = { limit: 10, windowSeconds: 60 * 60 };
/** Notes a confirmed subscriber gets about signing up again, whoever signs them up. */
const ALREADY_SUBSCRIBED_NOTES: LimitRule = { limit: 1, windowSeconds: 24 * 60 * 60 };

/** The words a shopper agrees to when signing up, kept with their consent. */
export const NEWSLETTER_CONSENT_TEXT = "Email me news, offers and skin tips. I can unsubscribe at any time.";

const SECRET_NAME = "newsletter-links";

export interface SignupContext {
  ip: string;
  customerId: number | null;
  /** The shop's address as the shopper reached it; links go to the site of `locale` on it. */
  shopUrl: string;
  /** The language of the site the shopper signs up on. */
  locale: string;
  source: string;
  /** The cart the browser signing up holds, if any: once the address is confirmed, the cart is known by it (cart reminders). */
  cartToken?: string | null;
}

interface SubscriberRow {
  id: string | number;
  email: string;
  status: "pending" | "active" | "unsubscribed";
  confirm_nonce: string | null;
  skintype?: string | null;
  /** The language of the site the address last signed up on: its emails speak it. */
  locale: string;
}

/** Products picked for a skin type (null: none given), for the welcome email, from the catalog of the site speaking `locale`. */
export type Recommend = (skintype: string | null, locale: string) => Promise<RecommendedProduct[]>;

/** What a confirmation or unsubscribe link did, in words the landing page shows. */
export type LinkOutcome = "confirmed" | "already_confirmed" | "unsubscribed" | "invalid";

const base = (shopUrl: string) => shopUrl.replace(/\/+$/, "");

export class NewsletterService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly limiter: RateLimiter;
  private readonly secrets: ShopSecrets;
  private readonly settings: Settings;
  private readonly limit: LimitRule;
  private readonly afterAnswer: AfterAnswer;
  private readonly recommend: Recommend;
  private readonly languages: MailLanguages;

  constructor(options: {
    db: Database;
    mailer: Mailer;
    limiter: RateLimiter;
    secrets: ShopSecrets;
    settings: Settings;
    afterAnswer: AfterAnswer;
    languages: MailLanguages;
    limit?: LimitRule;
    recommend?: Recommend;
  }) {
    this.db = options.db;
    this.languages = options.languages;
    this.recommend = options.recommend ?? (async () => []);
    this.afterAnswer = options.afterAnswer;
    this.mailer = options.mailer;
    this.limiter = options.limiter;
    this.secrets = options.secrets;
    this.settings = options.settings;
    this.limit = options.limit ?? SIGNUP_LIMIT;
  }

  private async sign(purpose: "confirm" | "unsubscribe", id: number, value: string): Promise<string> {
    return hmacHex(await this.secrets.get(SECRET_NAME), `${purpose}:${id}:${value}`);
  }

  /** The one-click unsubscribe address of a subscriber, for every message after the confirmation. */
  async unsubscribeUrl(shopUrl: string, id: number, email: string): Promise<string> {
    const signature = await this.sign("unsubscribe", id, email.toLowerCase());
    return `${base(shopUrl)}/newsletter/unsubscribe?s=${id}&t=${signature}`;
  }

  /** The lists a sign-up may join: the main list and the extra lists the merchant offers. */
  private allowedLists(): Set<string> {
    const { listId, extraLists } = this.settings.newsletter;
    return new Set([listId, ...extraLists.map((list) => list.id)]);
  }

  async signup(form: Record<string, unknown>, context: SignupContext): Promise<NewsletterAnswer & { retryAfter?: number }> {
    const read = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
    // `@add_to_lists` is one comma list; a form without scripts also sends each ticked extra list as `nl_lists[]`.
    const ticked = Array.isArray(form.nl_lists) ? form.nl_lists.filter((list): list is string => typeof list === "string") : [];
    const listText = [read("@add_to_lists") ?? "", ...ticked].filter(Boolean).join(",");
    const parsed = signupSchema.safeParse({ email: read("ue"), lists: listText, skintype: read("skintype"), sensitivity: read("skin_sensitivity") });
    if (!parsed.success) {
      return { errors: parsed.error.issues.map((issue) => ({ field: issue.path[0] === "email" ? "ue" : String(issue.path[0] ?? "form"), message: issue.message })) };
    }
    const verdict = await this.limiter.hit(addressKey("newsletter", context.ip), this.limit);
    if (!verdict.allowed) return { errors: [{ field: "form", message: "Too many sign-ups from here. Please try again later." }], retryAfter: verdict.retryAfter };
    // A filled hidden field is a robot's: it is told nothing different, and nothing is kept or sent.
    if (read("nl_website")?.trim()) return { errors: [], status: "confirmation_sent" };

    const input = parsed.data;
    const allowed = this.allowedLists();
    const lists = [...new Set([this.settings.newsletter.listId, ...input.lists.filter((list) => allowed.has(list))])];
    const nonce = randomBytes(16).toString("hex");
    const [row] = await this.db.query<SubscriberRow>(
      `insert into subscribers (email, lists, skintype, skin_sensitivity, source, consent_text, customer_id, confirm_nonce, cart_token, locale)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (lower(email)) do update set
         lists = (select array(select distinct unnest(subscribers.lists || excluded.lists))),
         skintype = coalesce(excluded.skintype, subscribers.skintype),
         skin_sensitivity = coalesce(excluded.skin_sensitivity, subscribers.skin_sensitivity),
         source = excluded.source, consent_text = excluded.consent_text, consent_at = now(),
         customer_id = coalesce(excluded.customer_id, subscribers.customer_id),
         status = case when subscribers.status = 'active' then 'active' else 'pending' end,
         confirm_nonce = case when subscribers.status = 'active' then subscribers.confirm_nonce else excluded.confirm_nonce end,
         unsubscribed_at = case when subscribers.status = 'active' then subscribers.unsubscribed_at else null end,
         -- A confirmed address keeps its cart: whoever types it in elsewhere cannot tie their cart to it.
         cart_token = case when subscribers.status = 'active' then subscribers.cart_token else coalesce(excluded.cart_token, subscribers.cart_token) end,
         -- The latest sign-up's site is the language the address reads.
         locale = excluded.locale,
         updated_at = now()
       returning id, email, status, confirm_nonce, locale`,
      [input.email, lists, input.skintype, input.sensitivity, context.source.slice(0, 40), NEWSLETTER_CONSENT_TEXT, context.customerId, nonce, context.cartToken ?? null, context.locale],
    );
    if (!row) throw new Error("subscriber insert returned nothing");
    this.afterAnswer.run(() => this.mailAfterSignup(row, context.shopUrl));
    return { errors: [], status: "confirmation_sent" };
  }

  /** The email a sign-up earns: the confirmation link, or for a confirmed subscriber a note (once a day) that they are on the list already. */
  private async mailAfterSignup(row: SubscriberRow, origin: string): Promise<void> {
    const id = Number(row.id);
    const { shop } = this.settings;
    const shopUrl = this.languages.siteUrl(origin, row.locale);
    const words = this.languages.words(row.locale);
    if (row.status === "active") {
      if (!(await this.limiter.hit(`newsletter-already:${id}`, ALREADY_SUBSCRIBED_NOTES)).allowed) return;
      const unsubscribeUrl = await this.unsubscribeUrl(shopUrl, id, row.email);
      await this.mailer.send(newsletterAlreadySubscribedMessage({ to: row.email, unsubscribeUrl, shopName: shop.name, shopUrl, words }));
      return;
    }
    const confirmUrl = `${base(shopUrl)}/newsletter/confirm?s=${id}&n=${row.confirm_nonce}&t=${await this.sign("confirm", id, row.confirm_nonce ?? "")}`;
    await this.mailer.send(newsletterConfirmMessage({ to: row.email, confirmUrl, shopName: shop.name, shopUrl, words }));
  }

  /** A confirmation link: the signed nonce of the latest sign-up makes the address active, once. */
  async confirm(query: { s?: string; n?: string; t?: string }, origin: string): Promise<LinkOutcome> {
    const id = Number(query.s);
    if (!Number.isSafeInteger(id) || id <= 0 || !query.n || !query.t || !/^[a-f0-9]{32}$/.test(query.n)) return "invalid";
    if (!sameText(await this.sign("confirm", id, query.n), query.t)) return "invalid";
    const [row] = await this.db.query<SubscriberRow>("select id, email, status, confirm_nonce, locale from subscribers where id = $1", [id]);
    if (!row) return "invalid";
    if (row.confirm_nonce !== query.n) return row.status === "active" ? "already_confirmed" : "invalid";
    if (row.status === "active") return "already_confirmed";
    const [updated] = await this.db.query<SubscriberRow>(
      "update subscribers set status = 'active', confirmed_at = now(), updated_at = now() where id = $1 and confirm_nonce = $2 and status <> 'active' returning id, email, status, confirm_nonce, skintype, locale",
      [id, query.n],
    );
    if (!updated) return "already_confirmed";
    const { shop } = this.settings;
    const shopUrl = this.languages.siteUrl(origin, updated.locale);
    const unsubscribeUrl = await this.unsubscribeUrl(shopUrl, id, updated.email);
    // The picks are a courtesy: the welcome goes without them when they cannot be read.
    const picks = await this.recommend(updated.skintype ?? null, updated.locale).catch(() => []);
    await this.mailer
      .send(newsletterWelcomeMessage({ to: updated.email, unsubscribeUrl, shopName: shop.name, shopUrl, words: this.languages.words(updated.locale), picks, skintype: updated.skintype ?? null }))
      .catch(() => undefined);
    return "confirmed";
  }

  /** A one-click unsubscribe link: signed per address, it works every time and keeps nothing on the list. */
  async unsubscribe(query: { s?: string; t?: string }): Promise<LinkOutcome> {
    const id = Number(query.s);
    if (!Number.isSafeInteger(id) || id <= 0 || !query.t) return "invalid";
    const [row] = await this.db.query<SubscriberRow>("select id, email, status, confirm_nonce, locale from subscribers where id = $1", [id]);
    if (!row || !sameText(await this.sign("unsubscribe", id, row.email.toLowerCase()), query.t)) return "invalid";
    await this.db.query("update subscribers set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), confirm_nonce = null, updated_at = now() where id = $1", [id]);
    return "unsubscribed";
  }

  /**
   * The shopper's saved bundle recorded against their email, once: a second
   * record for the same address keeps the first. Answers whether it was kept.
   */
  async recordBundle(form: Record<string, unknown>, context: { ip: string; customerId: number | null }): Promise<NewsletterAnswer> {
    const email = typeof form.ue === "string" ? form.ue : undefined;
    const parsed = signupSchema.shape.email.safeParse(email);
    if (!parsed.success) return { errors: [{ field: "ue", message: parsed.error.issues[0]?.message ?? "Enter a valid email address" }] };
    const raw = typeof form.bundle === "string" ? form.bundle : JSON.stringify(form.bundle ?? null);
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return { errors: [{ field: "bundle", message: "The bundle could not be read" }] };
    }
    if (!Array.isArray(data) || data.length === 0 || data.length > 50 || raw.length > 20_000) return { errors: [{ field: "bundle", message: "The bundle could not be read" }] };
    const verdict = await this.limiter.hit(addressKey("newsletter", context.ip), this.limit);
    if (!verdict.allowed) return { errors: [{ field: "form", message: "Too many requests from here. Please try again later." }] };
    await this.db.query("insert into subscriber_bundles (email, customer_id, data) values ($1, $2, $3::jsonb) on conflict (lower(email)) do nothing", [
      parsed.data,
      context.customerId,
      JSON.stringify(data),
    ]);
    return { errors: [] };
  }

  /**
   * Sends the saved-bundle reminders that are due: a record older than the
   * merchant's hours, whose address is a confirmed subscriber who has not
   * ordered since. Each record is claimed before its email goes (so two
   * servers never both send it) and sent once. Products are named from the
   * catalog by handle, never from what was posted, and a record naming none
   * that exists is passed over. Answers how many were sent.
   */
  async sendBundleReminders(shopUrl: string, product: (handle: string) => { title: string; handle: string } | undefined): Promise<number> {
    const hours = this.settings.newsletter.bundleReminderHours;
    if (hours === null) return 0;
    const due = await this.db.query<{ id: string | number; email: string; data: unknown; subscriber_id: string | number }>(
      `update subscriber_bundles b set reminded_at = now()
         from subscribers s
        where b.id in (
                select sb.id from subscriber_bundles sb
                  join subscribers ss on lower(ss.email) = lower(sb.email) and ss.status = 'active'
                 where sb.reminded_at is null and sb.created_at <= now() - make_interval(hours => $1::int)
                   and not exists (select 1 from orders o where lower(o.email) = lower(sb.email) and o.created_at > sb.created_at)
                 order by sb.created_at limit $2
                 for update of sb skip locked)
          and lower(s.email) = lower(b.email)
        returning b.id, b.email, b.data, s.id as subscriber_id`,
      [hours, REMINDERS_PER_PASS],
    );
    let sent = 0;
    for (const row of due) {
      const picks = parseSavedList(row.data);
      const items = [...new Map(picks.map((pick) => [pick.product_handle, product(pick.product_handle)])).values()]
        .filter((found): found is { title: string; handle: string } => found !== undefined)
        .map((found) => ({ title: found.title, url: `${base(shopUrl)}/products/${found.handle}` }));
      if (items.length === 0) continue;
      const source = picks[0]?.source ?? "cart";
      const message = bundleReminderMessage({
        to: row.email,
        items,
        resumeUrl: `${base(shopUrl)}${RESUME_PATHS[source]}`,
        unsubscribeUrl: await this.unsubscribeUrl(shopUrl, Number(row.subscriber_id), row.email),
        shopName: this.settings.shop.name,
        shopUrl,
      });
      try {
        await this.mailer.send(message);
        sent += 1;
      } catch (error) {
        // Not sent: the record waits for the next pass.
        await this.db.query("update subscriber_bundles set reminded_at = null where id = $1", [row.id]);
        throw error;
      }
    }
    return sent;
  }
}
