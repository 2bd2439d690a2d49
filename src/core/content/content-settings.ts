/**
 * The home page's and the frame's settings: sliders, the hero, embeds loaded on demand, the header.
 */
import { z } from "../common/zod.ts";
import { clockTime, handle, link } from "../settings/settings-fields.ts";
import { SLIDER_MOTION_DEFAULTS } from "./slider-motion.ts";

// --- Sliders and the home page ------------------------------------------------------

/** The motion every slider shares. Sliders that autoplay say so where they are used. */
export const slidersSchema = z
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

export const homeSchema = z
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

export const embedsSchema = z
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

export const headerSchema = z
  .strictObject({
    /** Hide the header on scroll down past its own height and bring it back on scroll up. */
    hideOnScroll: z.boolean().default(true),
    /** Scroll distance in pixels after which the header shrinks. */
    shrinkOffset: z.number().int().min(0).max(2000).default(120),
  })
  .prefault({});
