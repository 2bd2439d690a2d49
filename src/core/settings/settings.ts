/**
 * The merchant's settings (config/settings.json): the same role as a Shopify
 * theme's settings_data.json. Validated at start; anything wrong stops the
 * start with a message naming each bad field.
 *
 * Money is typed in whole currency units (40 means £40.00), as a merchant types
 * it, and the schema turns every amount into minor units once, so no rule
 * converts again. Gift spend limits: a string ("50") is whole units and is
 * multiplied by 100; a number is minor units already. Timestamps are epoch seconds.
 *
 * Objects are strict, so a misspelt key is reported rather than silently
 * ignored; most sections have defaults, so a small file is enough. Popups
 * default to off: a feature that can cover the page is opt-in.
 */
import { z } from "../common/zod.ts";
import { toMinorUnits } from "../money/money.ts";
import { clockTime, countryCode, currencyCode, epochSeconds, handle, link, minorFromWhole, moneyFormat, textWith, timeZone, wholeAmount } from "./settings-fields.ts";
import { SLIDER_MOTION_DEFAULTS } from "../content/slider-motion.ts";
import { buildersSchema } from "../builders/builder-settings.ts";
import { DEFAULT_POPUP_PRIORITY, POPUP_NAMES } from "../marketing/popup-visit.ts";
import { SHIPPING_COUNTRIES } from "../checkout/checkout.ts";
import { MIN_HONEST_VIEWERS } from "../catalog/viewer-count.ts";

// --- Building blocks: settings-fields.ts ----------------------------------------

// --- Side cart: free gifts --------------------------------------------------------

/** Spend limit: "50" = £50 (whole units, multiplied by 100); a number is minor units already. Held in minor units. */
const spendLimit = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d+(?:\.\d{1,2})?$/, "expected an amount in whole currency units such as \"50\" or \"49.99\"")
    .transform((text) => toMinorUnits(Number(text))),
]);

const giftProductSchema = z.strictObject({
  handle,
  /** Picks the gift's variant (case-insensitive, trimmed); empty means the first variant. */
  sku: z.string().default(""),
  min_spend: spendLimit.default(0),
  /** null: no upper limit. */
  max_spend: spendLimit.nullable().default(null),
  auto_add: z.boolean().default(false),
});

/** `min-max:limit---title---icon_title`, amounts in whole currency units, MAX = unbounded. */
export const CHOICE_THRESHOLD_PATTERN = /^(\d+(?:\.\d{1,2})?)-(\d+(?:\.\d{1,2})?|MAX):(\d+)---(.*?)---(.*)$/;

/** A choice threshold as held: amounts in minor units, `max` null when unbounded. */
export interface ChoiceThreshold {
  min: number;
  max: number | null;
  /** How many gifts the shopper may choose inside this band. */
  limit: number;
  title: string;
  iconTitle: string;
}

const choiceThreshold = z
  .string()
  .transform((text) => text.trim())
  .pipe(z.string().regex(CHOICE_THRESHOLD_PATTERN, "expected \"min-max:limit---title---icon_title\", e.g. \"50-MAX:1---Free gift---Gift\""))
  .transform((text): ChoiceThreshold => {
    const [, min = "0", max = "MAX", limit = "0", title = "", iconTitle = ""] = CHOICE_THRESHOLD_PATTERN.exec(text) ?? [];
    return { min: toMinorUnits(Number(min)), max: max === "MAX" ? null : toMinorUnits(Number(max)), limit: Number(limit), title, iconTitle };
  })
  .refine((band) => band.max === null || band.min <= band.max, { message: "min must not be above max" });

const giftGroupSchema = z
  .strictObject({
    key: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, "expected a key of lower-case letters, digits, - and _"),
    enabled: z.boolean().default(true),
    products: z.array(giftProductSchema).min(1, "a gift group needs at least one product"),
    choice_thresholds: z.array(choiceThreshold).min(1, "a gift group needs at least one choice threshold"),
    /** Collection handles whose items count towards this group; empty means every item. */
    limit_to_collections: z.array(handle).default([]),
    startTimestamp: epochSeconds.nullable().default(null),
    endTimestamp: epochSeconds.nullable().default(null),
    progress_title: z.string().default(""),
    threshold_under_text: textWith("[amount]"),
    threshold_over_text: z.string(),
    icon_type: z.enum(["gift", "sample", "sparkle", "heart", "star"]).default("gift"),
    icon_title: z.string().default(""),
    show_product_picker: z.boolean().default(false),
  })
  .superRefine((group, ctx) => {
    if (group.startTimestamp !== null && group.endTimestamp !== null && group.endTimestamp <= group.startTimestamp) {
      ctx.addIssue({ code: "custom", path: ["endTimestamp"], message: "must be after startTimestamp" });
    }
  });

/** A gift group as the merchant types it in the settings file. */
export type GiftGroupInput = z.input<typeof giftGroupSchema>;
/** A gift group as the rules read it: amounts in minor units, thresholds parsed. */
export type GiftGroupSettings = z.output<typeof giftGroupSchema>;

/** Validates one gift group (tests and tools that build groups by hand). */
export function parseGiftGroup(input: GiftGroupInput): GiftGroupSettings {
  return giftGroupSchema.parse(input);
}

const sideCartSchema = z
  .strictObject({
    save_badge_title: textWith("[price]").default("Save [price]"),
    bundle_badge_title: z.string().default("Bundle"),
    useAutomaticRecommendations: z.boolean().default(true),
    /** Free shipping from this cart total: typed in whole currency units, held in minor units. */
    shippingThreshold: minorFromWhole(40),
    shippingThresholdUnder: textWith("[x]").default("You're [x] away from free shipping"),
    shippingThresholdOver: z.string().default("You've unlocked free shipping"),
    shippingThresholdLabel: z.string().default("Free shipping"),
    notValidForDiscountTitle: textWith("[x]").default("[x] is not eligible for discounts"),
    /** Free samples come only beside a product the shopper pays for (at most one of each sample in any case). */
    samplesNeedPaidProduct: z.boolean().default(true),
    freeGiftsData: z.array(giftGroupSchema).default([]),
  })
  .superRefine((cart, ctx) => {
    const seen = new Set<string>();
    cart.freeGiftsData.forEach((group, i) => {
      if (seen.has(group.key)) ctx.addIssue({ code: "custom", path: ["freeGiftsData", i, "key"], message: `duplicate gift group key "${group.key}"` });
      seen.add(group.key);
    });
  });

// --- Upsells --------------------------------------------------------------------------

const UPSELL_ENTRY = /^[a-z0-9]+(?:-[a-z0-9]+)*(?::\d+:[^,:]*)?$/;

const upsellSchema = z.strictObject({
  enabled: z.boolean().default(true),
  title: z.string().default("You may also like"),
  /** Comma list; each entry is `handle` or `handle:variantId:tag`. */
  upsell_products: z
    .string()
    .default("")
    .superRefine((list, ctx) => {
      for (const entry of list.split(",").map((e) => e.trim()).filter(Boolean)) {
        if (!UPSELL_ENTRY.test(entry)) ctx.addIssue({ code: "custom", message: `"${entry}" is not "handle" or "handle:variantId:tag"` });
      }
    }),
});

// --- Product page -----------------------------------------------------------------------

const productPageSchema = z
  .strictObject({
    quantity: z
      .strictObject({
        /** Highest quantity offered when stock does not set a lower one. */
        defaultMax: z.number().int().min(1).default(15),
        /** Hard cap on any quantity choice. */
        cap: z.number().int().min(1).default(50),
        /** A merchant override of the maximum; null to use the rules. */
        configuredMax: z.number().int().min(1).nullable().default(null),
      })
      .prefault({})
      .refine((q) => q.defaultMax <= q.cap, { message: "defaultMax must not exceed cap", path: ["defaultMax"] }),
    /** The sticky add-to-cart bar shows when the main button is within this many pixels of the viewport top. */
    stickyAddToCartOffset: z.number().int().nonnegative().default(600),
    addToCartWaitMs: z.number().int().nonnegative().default(1500),
    /** Redirect after a successful add, e.g. "/cart"; null opens the side cart instead. */
    addToCartRedirect: link.nullable().default(null),
    usersOnPage: z
      .strictObject({
        enabled: z.boolean().default(true),
        /** "honest": shoppers who really viewed the product in the last `windowMinutes`; "random": a random number from `randomMin` to `randomMax` (5 to 49 by default). */
        mode: z.enum(["honest", "random"]).default("honest"),
        windowMinutes: z.number().int().min(1).max(60).default(5),
        /** "honest" says nothing below this many real viewers, the shopper among them: 2 keeps quiet while they are alone, 1 (a demo with no traffic) shows the count from the first. */
        minViewers: z.number().int().min(1).default(MIN_HONEST_VIEWERS),
        randomMin: z.number().int().min(0).default(5),
        randomMax: z.number().int().min(1).default(49),
        refreshSeconds: z.number().int().min(1).default(30),
      })
      .prefault({})
      .refine((u) => u.randomMin <= u.randomMax, { message: "randomMin must not exceed randomMax", path: ["randomMin"] }),
    pricePerMl: z
      .strictObject({
        enabled: z.boolean().default(true),
        /** Shown as the price of this many millilitres, e.g. "£12.67 / 100 ml". */
        unitMl: z.number().int().min(1).default(100),
      })
      .prefault({}),
    /** Rates offered by the tax calculator. */
    taxRates: z
      .array(z.strictObject({ label: z.string().min(1), percent: z.number().min(0).max(100) }))
      .default([
        { label: "UK VAT (20%)", percent: 20 },
        { label: "Reduced rate (5%)", percent: 5 },
      ]),
  })
  .prefault({});

// --- Discount link ----------------------------------------------------------------------------

const discountLinkSchema = z
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

const popupsSchema = z
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
const announcementBarSchema = z
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

const newsletterSchema = z
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

// --- Geo sites -----------------------------------------------------------------------

const geoSchema = z
  .strictObject({
    enabled: z.boolean().default(true),
    /** Code of the site whose currency the catalog is priced in (`currency`), served at the shop's root. */
    baseSite: z.string().default("UK"),
    /** The site for visitors from a country no site lists; null is the base site. */
    defaultSite: z.string().nullable().default(null),
    /** The country answered for an address no database can place (loopback, a private network). */
    defaultCountry: countryCode.default("GB"),
    sites: z
      .array(
        z.strictObject({
          code: z.string().regex(/^[A-Z]{2,3}$/, "expected a short upper-case site code such as \"UK\""),
          name: z.string().min(1),
          currency: currencyCode,
          /** Where the site is served: "" for the shop's root, or a path prefix such as "/fr-fr". */
          path: z
            .string()
            .regex(/^(?:\/[a-z]{2}(?:-[a-z]{2})?)?$/, "expected \"\" or a prefix such as \"/fr-fr\"")
            .default(""),
          /** A host name of the site's own (such as "fr.lumenandleaf.example"); null serves it on the shop's host. */
          host: z
            .string()
            .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, "expected a host name such as \"fr.shop.example\"")
            .nullable()
            .default(null),
          /** The language of the site's pages (an `hreflang` value such as "en-US"). */
          language: z.string().regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, "expected a language such as \"en-GB\""),
          moneyFormat,
          moneyWithCurrencyFormat: moneyFormat,
          /** Units of the site's currency for one unit of the base currency; the base site's is 1. */
          rate: z.number().positive().max(10_000).default(1),
          /** How converted prices are rounded: to the minor unit, up to a whole unit, or up to .95 or .99. */
          rounding: z.enum(["none", "whole", "0.95", "0.99"]).default("none"),
          /** Visitors from these countries belong to this site. */
          countries: z.array(countryCode).min(1),
        }),
      )
      .default([]),
  })
  .superRefine((geo, ctx) => {
    if (geo.sites.length > 0 && !geo.sites.some((s) => s.code === geo.baseSite)) {
      ctx.addIssue({ code: "custom", path: ["baseSite"], message: `no site has code "${geo.baseSite}"` });
    }
    if (geo.defaultSite !== null && !geo.sites.some((s) => s.code === geo.defaultSite)) {
      ctx.addIssue({ code: "custom", path: ["defaultSite"], message: `no site has code "${geo.defaultSite}"` });
    }
    const owner = new Map<string, string>();
    const places = new Map<string, string>();
    geo.sites.forEach((site, i) => {
      site.countries.forEach((country, j) => {
        const other = owner.get(country);
        if (other) ctx.addIssue({ code: "custom", path: ["sites", i, "countries", j], message: `${country} already belongs to site ${other}` });
        owner.set(country, site.code);
      });
      const place = `${site.host ?? ""}${site.path}`;
      const other = places.get(place);
      if (other) ctx.addIssue({ code: "custom", path: ["sites", i, "path"], message: `site ${other} is already served at "${place || "/"}"` });
      places.set(place, site.code);
      if (site.code === geo.baseSite && (site.rate !== 1 || site.path !== "" || site.host !== null)) {
        ctx.addIssue({ code: "custom", path: ["sites", i], message: "the base site is served at the root, at rate 1" });
      }
    });
  })
  .prefault({});

// --- Sliders and the home page ------------------------------------------------------

/** The motion every slider shares. Sliders that autoplay say so where they are used. */
const slidersSchema = z
  .strictObject({
    /** How long a slide stays before autoplay moves on. */
    autoplaySpeedMs: z.number().int().min(1000).default(SLIDER_MOTION_DEFAULTS.autoplaySpeedMs),
    /** How long a move to another slide takes; 0 jumps. */
    animationDurationMs: z.number().int().min(0).max(5000).default(SLIDER_MOTION_DEFAULTS.animationDurationMs),
    /** Track movement per pixel dragged: 1 follows the pointer (the only ratio Embla drags at); 0 turns dragging off. */
    dragSpeed: z.union([z.literal(0), z.literal(1)], { error: "expected 1 (follow the pointer) or 0 (no dragging)" }).default(SLIDER_MOTION_DEFAULTS.dragSpeed),
  })
  .prefault({});

/**
 * Days of the week (0 = Sunday) and hours in the shop's time zone
 * (`shop.timeZone`). `to` is the last minute shown; a `from` after `to` runs
 * past midnight into the next day.
 */
const dayTimeWindow = z.strictObject({
  days: z.array(z.number().int().min(0).max(6)).min(1, "list at least one day"),
  from: clockTime,
  to: clockTime,
});

const heroSlideSchema = z.strictObject({
  eyebrow: z.string().default(""),
  title: z.string().min(1),
  text: z.string().default(""),
  links: z.array(z.strictObject({ label: z.string().min(1), url: link })).max(2).default([]),
  /** A product whose picture illustrates the slide (from the desktop breakpoint). */
  product: handle.nullable().default(null),
  /** Shown only within one of these windows; null: always. */
  schedule: z.array(dayTimeWindow).min(1).nullable().default(null),
});

const homeSchema = z
  .strictObject({
    hero: z
      .strictObject({
        /** The slideshow's accessible name. */
        label: z.string().min(1).default("Highlights"),
        autoplay: z.boolean().default(true),
        slides: z
          .array(heroSlideSchema)
          .min(1)
          .default([{ eyebrow: "", title: "Considered skincare", text: "", links: [{ label: "Shop all", url: "/collections/all" }], product: null, schedule: null }])
          .refine((slides) => slides[0]?.schedule === null, { message: "the first slide holds the page's main heading and cannot carry a schedule", path: [0, "schedule"] }),
      })
      .prefault({}),
    /** The product carousel under the categories. */
    featured: z
      .strictObject({
        /** Collection shown; "all" when it does not exist. */
        collection: handle.default("bestsellers"),
        autoplay: z.boolean().default(true),
      })
      .prefault({}),
  })
  .prefault({});

// --- Embeds loaded on demand ------------------------------------------------------------

/**
 * A section whose content comes from an embed script: nothing of it loads
 * with the page; the script loads when the shopper asks (a click on the
 * poster) or when the section comes into view, and draws into the section.
 */
const embedSchema = z.strictObject({
  enabled: z.boolean().default(true),
  heading: z.string().min(1),
  text: z.string().default(""),
  /** The embed's script; it registers itself and draws into the section's container. */
  scriptUrl: link,
  /** What the script shows: the show or the feed, handed to it when it draws. */
  sourceUrl: link,
  /** `click`: the poster's button loads it; `visible`: it loads as the section scrolls into view. */
  loadOn: z.enum(["click", "visible"]),
  /** The poster's button label (click) and a product whose picture the poster shows. */
  posterLabel: z.string().min(1).default("Load"),
  posterProduct: handle.nullable().default(null),
});

/** One moment of a recorded live show: when, which product is on screen, and what the host says. */
const showSegmentSchema = z.strictObject({
  at: z.string().regex(/^\d{1,2}:[0-5]\d$/, "expected minutes and seconds such as \"12:30\""),
  product: handle,
  caption: z.string().min(1),
});

const embedsSchema = z
  .strictObject({
    /** How long a script may take to arrive before the section says it could not load. */
    timeoutMs: z.number().int().min(1000).max(60_000).default(10_000),
    liveShopping: embedSchema.extend({
      /** The recorded show the shop serves at its source address. */
      show: z.strictObject({ title: z.string().min(1), host: z.string().min(1), recordedOn: z.iso.date(), segments: z.array(showSegmentSchema).min(1) }),
    }),
    socialFeed: embedSchema,
  })
  .optional();

// --- Browsing and checkout ------------------------------------------------------------

const headerSchema = z
  .strictObject({
    /** Hide the header on scroll down past its own height and bring it back on scroll up. */
    hideOnScroll: z.boolean().default(true),
    /** Scroll distance in pixels after which the header shrinks. */
    shrinkOffset: z.number().int().min(0).max(2000).default(120),
  })
  .prefault({});

const collectionsSchema = z
  .strictObject({
    productsPerPage: z.number().int().min(1).max(250).default(24),
    /** Filter groups: tags `prefix:value` are offered under `label`. */
    filterGroups: z
      .array(z.strictObject({ prefix: z.string().regex(/^[a-z][a-z-]*$/), label: z.string().min(1) }))
      .default([
        { prefix: "skin-type", label: "Skin type" },
        { prefix: "concern", label: "Concern" },
        { prefix: "ingredient", label: "Key ingredient" },
        { prefix: "size", label: "Size" },
      ]),
    /** When set, applying filters navigates to `{url}?view={template}` instead of swapping in place. */
    filterTemplate: z.string().nullable().default(null),
  })
  .prefault({});

/** A shipping zone beyond the home zone: its countries and its standard rate. Money typed in whole units, held in minor units. */
const shippingZoneSchema = z.strictObject({
  name: z.string().min(1),
  countries: z
    .array(countryCode.refine((code) => SHIPPING_COUNTRIES.some((country) => country.code === code), "expected a country the checkout offers"))
    .min(1),
  standardPrice: wholeAmount.transform(toMinorUnits),
  /** The spend from which standard shipping is free; null: never. */
  freeOver: wholeAmount.transform(toMinorUnits).nullable().default(null),
  /** Working days from dispatch, fewest and most. */
  days: z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([fewest, most]) => fewest <= most, "expected [fewest, most] days"),
});

const checkoutSchema = z
  .strictObject({
    /** No payment provider: orders are placed as test orders. */
    testMode: z.boolean().default(true),
    /** Home-zone standard shipping below the free-shipping threshold (`sideCart.shippingThreshold`): typed in whole currency units, held in minor units. */
    standardShippingPrice: minorFromWhole(3.95),
    /** Home-zone express shipping, never free. */
    expressShippingPrice: minorFromWhole(5.95),
    /** Other sites allowed to show the checkout in a frame (their origins, such as "https://brand.example"); the shop itself always may. */
    frameAncestors: z
      .array(z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin))
      .default([]),
    /** Zones beyond the home zone; the home zone is every checkout country none of them names. */
    zones: z
      .array(shippingZoneSchema)
      .default([
        { name: "European Union", countries: ["IE", "FR"], standardPrice: 995, freeOver: 8000, days: [4, 7] },
        { name: "Rest of the world", countries: ["US", "AU", "CA"], standardPrice: 1495, freeOver: null, days: [7, 12] },
      ])
      .refine((zones) => new Set(zones.flatMap((zone) => zone.countries)).size === zones.flatMap((zone) => zone.countries).length, "a country can be in one zone only"),
  })
  .prefault({});

// --- The whole file ---------------------------------------------------------------

export const settingsSchema = z.strictObject({
  shop: z.strictObject({
    name: z.string().min(1),
    tagline: z.string().default(""),
    email: z.email(),
    timeZone: timeZone.default("Europe/London"),
  }),
  currency: currencyCode,
  locale: z.string().regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, "expected a locale such as \"en\"").default("en"),
  moneyFormat,
  moneyWithCurrencyFormat: moneyFormat,
  sideCart: sideCartSchema,
  upsell: upsellSchema.prefault({}),
  product: productPageSchema,
  discountLink: discountLinkSchema,
  popups: popupsSchema,
  announcementBar: announcementBarSchema,
  newsletter: newsletterSchema,
  geo: geoSchema,
  header: headerSchema,
  collections: collectionsSchema,
  checkout: checkoutSchema,
  sliders: slidersSchema,
  home: homeSchema,
  builders: buildersSchema,
  embeds: embedsSchema,
}).superRefine((settings, ctx) => {
  const base = settings.geo.sites.find((site) => site.code === settings.geo.baseSite);
  if (base && base.currency !== settings.currency) {
    ctx.addIssue({ code: "custom", path: ["geo", "baseSite"], message: `the base site's currency must be the shop's (${settings.currency})` });
  }
});

export type Settings = z.infer<typeof settingsSchema>;

// --- Loading --------------------------------------------------------------------------------

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(top level)";
}

/** One problem with the settings: the field's path as in `sideCart.freeGiftsData[0].key`, and what is wrong. */
export interface SettingsIssue {
  /** The path's keys, for matching a problem to the form field that holds it. */
  keys: PropertyKey[];
  path: string;
  message: string;
}

/** Each problem of a failed parse, named by its field's path. */
export function settingsIssues(error: z.ZodError): SettingsIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ keys: [...issue.path, key], path: formatPath([...issue.path, key]), message: "unknown setting" }));
    }
    return [{ keys: [...issue.path], path: formatPath(issue.path), message: issue.message.replace(/^Invalid input: /, "") }];
  });
}

/** One "path: problem" line per issue, e.g. `sideCart.shippingThreshold: expected number, received string`. */
export function describeIssues(error: z.ZodError): string[] {
  return settingsIssues(error).map((issue) => `${issue.path}: ${issue.message}`);
}

/** Validates settings a merchant publishes: the settings, or each problem named by its field (the start-up check's messages). */
export function checkSettings(data: unknown): { ok: true; settings: Settings } | { ok: false; issues: SettingsIssue[] } {
  const result = settingsSchema.safeParse(data);
  return result.success ? { ok: true, settings: result.data } : { ok: false, issues: settingsIssues(result.error) };
}

/** Validates settings already read; `source` names them in the error. */
export function parseSettings(data: unknown, source = "settings"): Settings {
  const result = settingsSchema.safeParse(data);
  if (!result.success) throw new Error(`Invalid settings in ${source}: ${describeIssues(result.error).join("; ")}`);
  return result.data;
}
