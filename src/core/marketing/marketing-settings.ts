/**
 * The marketing settings: the discount link, the popups, the announcement bar and the newsletter.
 */
import { z } from "../common/zod.ts";
import { clockTime, epochSeconds, link, minorFromWhole, timeZone } from "../settings/settings-fields.ts";
import { DEFAULT_POPUP_PRIORITY, POPUP_NAMES } from "./popup-visit.ts";

// --- Discount link ----------------------------------------------------------------------------

export const discountLinkSchema = z
  .strictObject({
    enabled: z.boolean().default(false),
    code: z.string().min(1).nullable().default(null),
    /** Applied once the cart total reaches this: typed in whole currency units (the threshold option), held in minor units. */
    threshold: minorFromWhole(0),
  })
  .refine((d) => !d.enabled || d.code !== null, { message: "an enabled discount link needs a code", path: ["code"] })
  .prefault({});

// --- Popups, announcement bar, newsletter ---------------------------------------------------------

/** Only between these local times on these days (0 = Sunday). */
const dayTimeRule = z.strictObject({
  days: z.array(z.number().int().min(0).max(6)).min(1).default([0, 1, 2, 3, 4, 5, 6]),
  from: clockTime.default("00:00"),
  to: clockTime.default("23:59"),
  timeZone: timeZone.default("Europe/London"),
});

const countdownTarget = z.discriminatedUnion("mode", [
  z.strictObject({ mode: z.literal("epoch"), endsAt: epochSeconds }),
  z.strictObject({ mode: z.literal("daily"), time: clockTime, timeZone }),
]);

const audience = z.enum(["new", "returning", "all"]);

export const popupsSchema = z
  .strictObject({
    /** How long a closed or seen popup stays away. */
    rememberDays: z.number().int().min(0).default(7),
    /** Hold popups back while a cookie-consent banner is showing. */
    waitForConsentBanner: z.boolean().default(true),
    /** Which popup shows first when several are due. Popups left out come after, in the default order. */
    priority: z
      .array(z.enum(POPUP_NAMES))
      .refine((names) => new Set(names).size === names.length, { message: "each popup at most once" })
      .default([...DEFAULT_POPUP_PRIORITY]),
    /** After a popup closes, the next one waits at least this long. */
    gapSeconds: z.number().int().min(0).max(3600).default(20),
    newsletter: z
      .strictObject({
        enabled: z.boolean().default(false),
        delayMs: z.number().int().nonnegative().default(2000),
        /** Distinct pages a visitor must see before it appears. */
        pagesBeforeShow: z.number().int().min(0).default(2),
        showReminder: z.boolean().default(true),
        title: z.string().default("Get 10% off your first order"),
        text: z.string().default("Join our newsletter for skincare advice, early access and a welcome discount."),
        reminderText: z.string().default("Get 10% off"),
      })
      .prefault({}),
    announcement: z
      .strictObject({
        enabled: z.boolean().default(false),
        delayMs: z.number().int().nonnegative().default(10_000),
        hideAfterScrollPx: z.number().int().nonnegative().default(150),
        text: z.string().default(""),
        url: link.nullable().default(null),
        linkText: z.string().min(1).default("Find out more"),
      })
      .prefault({}),
    countdown: z
      .strictObject({
        enabled: z.boolean().default(false),
        /** Show even when it was seen within the remember period or signed up in. */
        alwaysShow: z.boolean().default(false),
        delayMs: z.number().int().nonnegative().default(0),
        /** What it counts down to: an epoch, or a daily time in a time zone. No popup without one. */
        target: countdownTarget.nullable().default(null),
        title: z.string().default(""),
        /** The title for the last hours only ("almost gone"), so the popup's urgency is true; empty keeps the title throughout. */
        closingTitle: z.string().default(""),
        /** How many hours before the end the closing title takes over. */
        closingHours: z.number().positive().max(720).default(48),
        text: z.string().default(""),
        url: link.nullable().default(null),
        linkText: z.string().min(1).default("Shop now"),
        /** A newsletter sign-up in the popup; signing up marks it submitted. */
        signUp: z.boolean().default(false),
      })
      .prefault({}),
    abandonment: z
      .strictObject({
        enabled: z.boolean().default(false),
        audience: audience.default("returning"),
        title: z.string().default(""),
        text: z.string().default(""),
        /** A discount code offered, applied to the bag by a discount link. */
        code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).nullable().default(null),
        url: link.nullable().default(null),
        linkText: z.string().min(1).default("Go to my bag"),
      })
      .prefault({}),
    trafficShaping: z
      .strictObject({
        enabled: z.boolean().default(false),
        delayMs: z.number().int().nonnegative().default(5000),
        audience: audience.default("new"),
        title: z.string().default(""),
        text: z.string().default(""),
        url: link.nullable().default(null),
        linkText: z.string().min(1).default("Take me there"),
      })
      .prefault({}),
    /** Offers a visitor the site of their country. Texts' places: {country} the visitor's, {site} this site, {target} the offered site, {currency} its currency. */
    geo: z
      .strictObject({
        enabled: z.boolean().default(true),
        title: z.string().min(1).default("Shopping from {country}?"),
        text: z.string().default("You're on our {site} site. Visit our {target} site to see prices in {currency} and delivery to {country}."),
        goText: z.string().min(1).default("Go to the {target} site"),
        stayText: z.string().min(1).default("Stay on the {site} site"),
      })
      .prefault({}),
  })
  .prefault({});

/**
 * The bar at the top of every page. It shows one message: the first whose
 * schedule allows it now and whose countdown (to an epoch, or to the next
 * occurrence of a daily time in a time zone) has not reached zero.
 */
export const announcementBarSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    messages: z
      .array(
        z.strictObject({
          /** May contain {countdown}, where the running countdown is shown. */
          text: z.string().min(1),
          url: link.nullable().default(null),
          countdown: countdownTarget.nullable().default(null),
          schedule: dayTimeRule.nullable().default(null),
          /** The codes of the sites it shows on (its amounts are in their currency); empty: every site. */
          sites: z.array(z.string()).default([]),
        }),
      )
      .default([]),
  })
  .prefault({});

export const newsletterSchema = z
  .strictObject({
    /** Where the sign-up form posts. */
    endpoint: link.default("/newsletter/subscribe"),
    listId: z.string().default("newsletter"),
    /** Extra lists offered as checkboxes; chosen ones join @add_to_lists. */
    extraLists: z.array(z.strictObject({ id: z.string().min(1), label: z.string().min(1) })).default([]),
    /** Submits sooner than this after page load are treated as bots. */
    minSecondsAfterLoad: z.number().min(0).default(3),
    successRedirect: link.nullable().default(null),
    /** Custom error text; null uses the locale's newsletter_error. */
    errorMessage: z.string().nullable().default(null),
    /** Hours after a saved bundle is recorded that its reminder email goes to a confirmed subscriber; null sends none. */
    bundleReminderHours: z.number().int().min(1).max(720).nullable().default(24),
    /**
     * Hours a non-empty cart waits untouched before its one reminder email goes (a signed-in customer who accepts
     * marketing, or a confirmed subscriber whose cart is known); null sends none.
     */
    abandonedCartReminderHours: z.number().int().min(1).max(168).nullable().default(10),
    /** Success texts chosen by the answers to the skin type and sensitivity questions; null matches any. */
    tailoredSuccess: z
      .array(
        z.strictObject({
          skintype: z.string().nullable().default(null),
          sensitivity: z.string().nullable().default(null),
          text: z.string().min(1),
        }),
      )
      .default([]),
  })
  .prefault({});
