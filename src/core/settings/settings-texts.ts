/**
 * The merchant's own sentences in the settings that a shopper reads: the
 * popups, the announcement bar, the side cart's bars and badges, the upsell
 * title and the filter groups' names. The merchant writes them in the base
 * site's language; a site in another language shows their translation where
 * there is one, else the original.
 *
 * A text is named by its place in the settings (array items as `[]`:
 * "announcementBar.messages[].text") and by the original it translates, so a
 * translation follows the sentence: reordering messages keeps their French,
 * and an English sentence the merchant rewrites ("over £40" becoming "over
 * £50") shows in English, counted missing, until it is translated again,
 * rather than a French sentence that says something else.
 */
import type { Settings } from "./settings.ts";

/** A settings text to translate: where it is, and the merchant's original. */
export interface SettingText {
  place: string;
  original: string;
}

/** A text's translation in a site's language, or undefined to keep the original. */
export type SettingWords = (place: string, original: string) => string | undefined;

/** How the translations page names each place. */
export const SETTING_TEXT_PLACES = {
  "popups.newsletter.title": "Newsletter popup: title",
  "popups.newsletter.text": "Newsletter popup: text",
  "popups.newsletter.reminderText": "Newsletter popup: reminder tab",
  "popups.announcement.text": "Announcement popup: text",
  "popups.announcement.linkText": "Announcement popup: link",
  "popups.countdown.title": "Countdown popup: title",
  "popups.countdown.closingTitle": "Countdown popup: title in the last hours",
  "popups.countdown.text": "Countdown popup: text",
  "popups.countdown.linkText": "Countdown popup: link",
  "popups.abandonment.title": "Returning visitor popup: title",
  "popups.abandonment.text": "Returning visitor popup: text",
  "popups.abandonment.linkText": "Returning visitor popup: link",
  "popups.trafficShaping.title": "New visitor popup: title",
  "popups.trafficShaping.text": "New visitor popup: text",
  "popups.trafficShaping.linkText": "New visitor popup: link",
  "popups.geo.title": "Country popup: title",
  "popups.geo.text": "Country popup: text",
  "popups.geo.goText": "Country popup: go button",
  "popups.geo.stayText": "Country popup: stay button",
  "announcementBar.messages[].text": "Announcement bar: message",
  "sideCart.save_badge_title": "Side cart: saving badge",
  "sideCart.bundle_badge_title": "Side cart: bundle badge",
  "sideCart.shippingThresholdUnder": "Free shipping bar: before the threshold",
  "sideCart.shippingThresholdOver": "Free shipping bar: threshold reached",
  "sideCart.shippingThresholdLabel": "Free shipping bar: label",
  "sideCart.notValidForDiscountTitle": "Side cart: not eligible for discounts",
  "sideCart.freeGiftsData[].progress_title": "Gift bar: title",
  "sideCart.freeGiftsData[].threshold_under_text": "Gift bar: before the threshold",
  "sideCart.freeGiftsData[].threshold_over_text": "Gift bar: threshold reached",
  "sideCart.freeGiftsData[].icon_title": "Gift bar: icon label",
  "sideCart.freeGiftsData[].choice_thresholds[].title": "Gift choice: title",
  "sideCart.freeGiftsData[].choice_thresholds[].iconTitle": "Gift choice: icon label",
  "upsell.title": "Side cart: upsell title",
  "collections.filterGroups[].label": "Filters: group name",
} as const;

export type SettingTextPlace = keyof typeof SETTING_TEXT_PLACES;

/** The settings with every shopper-facing text in the words given; an empty text stays empty. */
export function translateSettingTexts(settings: Settings, words: SettingWords): Settings {
  const t = (place: SettingTextPlace, text: string) => (text.trim() === "" ? text : (words(place, text) ?? text));
  const { popups, announcementBar, sideCart, upsell, collections } = settings;
  const { newsletter, announcement, countdown, abandonment, trafficShaping, geo } = popups;
  return {
    ...settings,
    popups: {
      ...popups,
      newsletter: {
        ...newsletter,
        title: t("popups.newsletter.title", newsletter.title),
        text: t("popups.newsletter.text", newsletter.text),
        reminderText: t("popups.newsletter.reminderText", newsletter.reminderText),
      },
      announcement: { ...announcement, text: t("popups.announcement.text", announcement.text), linkText: t("popups.announcement.linkText", announcement.linkText) },
      countdown: {
        ...countdown,
        title: t("popups.countdown.title", countdown.title),
        closingTitle: t("popups.countdown.closingTitle", countdown.closingTitle),
        text: t("popups.countdown.text", countdown.text),
        linkText: t("popups.countdown.linkText", countdown.linkText),
      },
      abandonment: {
        ...abandonment,
        title: t("popups.abandonment.title", abandonment.title),
        text: t("popups.abandonment.text", abandonment.text),
        linkText: t("popups.abandonment.linkText", abandonment.linkText),
      },
      trafficShaping: {
        ...trafficShaping,
        title: t("popups.trafficShaping.title", trafficShaping.title),
        text: t("popups.trafficShaping.text", trafficShaping.text),
        linkText: t("popups.trafficShaping.linkText", trafficShaping.linkText),
      },
      geo: {
        ...geo,
        title: t("popups.geo.title", geo.title),
        text: t("popups.geo.text", geo.text),
        goText: t("popups.geo.goText", geo.goText),
        stayText: t("popups.geo.stayText", geo.stayText),
      },
    },
    announcementBar: { ...announcementBar, messages: announcementBar.messages.map((message) => ({ ...message, text: t("announcementBar.messages[].text", message.text) })) },
    sideCart: {
      ...sideCart,
      save_badge_title: t("sideCart.save_badge_title", sideCart.save_badge_title),
      bundle_badge_title: t("sideCart.bundle_badge_title", sideCart.bundle_badge_title),
      shippingThresholdUnder: t("sideCart.shippingThresholdUnder", sideCart.shippingThresholdUnder),
      shippingThresholdOver: t("sideCart.shippingThresholdOver", sideCart.shippingThresholdOver),
      shippingThresholdLabel: t("sideCart.shippingThresholdLabel", sideCart.shippingThresholdLabel),
      notValidForDiscountTitle: t("sideCart.notValidForDiscountTitle", sideCart.notValidForDiscountTitle),
      freeGiftsData: sideCart.freeGiftsData.map((group) => ({
        ...group,
        progress_title: t("sideCart.freeGiftsData[].progress_title", group.progress_title),
        threshold_under_text: t("sideCart.freeGiftsData[].threshold_under_text", group.threshold_under_text),
        threshold_over_text: t("sideCart.freeGiftsData[].threshold_over_text", group.threshold_over_text),
        icon_title: t("sideCart.freeGiftsData[].icon_title", group.icon_title),
        choice_thresholds: group.choice_thresholds.map((band) => ({
          ...band,
          title: t("sideCart.freeGiftsData[].choice_thresholds[].title", band.title),
          iconTitle: t("sideCart.freeGiftsData[].choice_thresholds[].iconTitle", band.iconTitle),
        })),
      })),
    },
    upsell: { ...upsell, title: t("upsell.title", upsell.title) },
    collections: { ...collections, filterGroups: collections.filterGroups.map((group) => ({ ...group, label: t("collections.filterGroups[].label", group.label) })) },
  };
}

/** An announcement bar message shows on the sites it names, or on every site when it names none. */
export const shownOnSite = (message: { sites: readonly string[] }, siteCode: string): boolean => message.sites.length === 0 || message.sites.includes(siteCode);

/**
 * Every shopper-facing text of the settings, once per place and original, in
 * the order of the settings; with `siteCodes`, only the announcements shown
 * on one of those sites (a UK-only message is not for a French translator).
 */
export function settingTexts(settings: Settings, siteCodes: readonly string[] | null = null): SettingText[] {
  const found = new Map<string, SettingText>();
  const messages = siteCodes ? settings.announcementBar.messages.filter((message) => siteCodes.some((code) => shownOnSite(message, code))) : settings.announcementBar.messages;
  translateSettingTexts({ ...settings, announcementBar: { ...settings.announcementBar, messages } }, (place, original) => {
    found.set(`${place}\u0000${original}`, { place, original });
    return undefined;
  });
  return [...found.values()];
}
