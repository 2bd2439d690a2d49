/**
 * The merchant's own sentences in the settings that a shopper reads: the
 * popups, the announcement bar, the side cart's bars and badges, the upsell
 * title, the filter groups' names, the home page's slides, the product
 * page's tax rates, the newsletter's lists and thank-you messages, the
 * embeds' headings, the live show's title and captions, and the builders' words (routine, quiz, kit, oil quiz). The merchant writes them in the base
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
  "shop.tagline": "Shop: tagline",
  "home.hero.label": "Home slideshow: name",
  "home.hero.slides[].eyebrow": "Home slide: eyebrow",
  "home.hero.slides[].title": "Home slide: title",
  "home.hero.slides[].text": "Home slide: text",
  "home.hero.slides[].links[].label": "Home slide: link",
  "product.taxRates[].label": "Product page tax estimate: rate",
  "newsletter.extraLists[].label": "Newsletter: extra list",
  "newsletter.tailoredSuccess[].text": "Newsletter: thank-you message",
  "embeds.liveShopping.heading": "Live show: heading",
  "embeds.liveShopping.text": "Live show: text",
  "embeds.liveShopping.posterLabel": "Live show: button",
  "embeds.liveShopping.show.title": "Live show: the show's title",
  "embeds.liveShopping.show.segments[].caption": "Live show: what the host says",
  "embeds.socialFeed.heading": "Social feed: heading",
  "embeds.socialFeed.text": "Social feed: text",
  "embeds.socialFeed.posterLabel": "Social feed: button",
  "builders.routine.title": "Routine builder: title",
  "builders.routine.intro": "Routine builder: introduction",
  "builders.routine.start.points[]": "Routine builder: start point",
  "builders.routine.booking.title": "Routine builder: consultation title",
  "builders.routine.booking.text": "Routine builder: consultation text",
  "builders.routine.booking.forms[].label": "Routine builder: consultation kind",
  "builders.routine.booking.forms[].description": "Routine builder: consultation kind's description",
  "builders.routine.steps[].title": "Routine builder: step",
  "builders.routine.steps[].description": "Routine builder: step's description",
  "builders.quiz.title": "Skin quiz: title",
  "builders.quiz.intro.title": "Skin quiz: introduction title",
  "builders.quiz.intro.text": "Skin quiz: introduction text",
  "builders.quiz.intro.button": "Skin quiz: start button",
  "builders.quiz.start.points[]": "Skin quiz: start point",
  "builders.quiz.questions[].question": "Skin quiz: question",
  "builders.quiz.questions[].answers[].label": "Skin quiz: answer",
  "builders.quiz.steps[].step_title": "Skin quiz: step",
  "builders.quiz.steps[].header_title": "Skin quiz: step's header",
  "builders.quiz.steps[].products_to_compare[].product_why": "Skin quiz: why this product",
  "builders.quiz.results.title": "Skin quiz: results title",
  "builders.kit.title": "Kit builder: title",
  "builders.kit.intro": "Kit builder: introduction",
  "builders.kit.start.points[]": "Kit builder: start point",
  "builders.kit.bundle_text": "Kit builder: discount name",
  "builders.kit.dropdown.label": "Kit builder: concern menu",
  "builders.kit.dropdown.options[].label": "Kit builder: concern",
  "builders.kit.steps[].title": "Kit builder: step",
  "builders.kit.steps[].description": "Kit builder: step's description",
  "builders.kit.steps[].popup_title": "Kit builder: extras' title",
  "builders.kit.steps[].products[].pills[]": "Kit builder: product label",
  "builders.kit.steps[].products[].title_override": "Kit builder: product name in the kit",
  "builders.oilQuiz.title": "Oil quiz: title",
  "builders.oilQuiz.start.points[]": "Oil quiz: start point",
  "builders.oilQuiz.options[].label": "Oil quiz: skin type",
  "builders.oilQuiz.options[].description": "Oil quiz: skin type's description",
} as const;

export type SettingTextPlace = keyof typeof SETTING_TEXT_PLACES;

/** The settings with every shopper-facing text in the words given; an empty text stays empty. */
export function translateSettingTexts(settings: Settings, words: SettingWords): Settings {
  const t = (place: SettingTextPlace, text: string) => (text.trim() === "" ? text : (words(place, text) ?? text));
  const { popups, announcementBar, sideCart, upsell, collections, shop, home, product, embeds } = settings;
  const signUp = settings.newsletter;
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
    shop: { ...shop, tagline: t("shop.tagline", shop.tagline) },
    home: {
      ...home,
      hero: {
        ...home.hero,
        label: t("home.hero.label", home.hero.label),
        slides: home.hero.slides.map((slide) => ({
          ...slide,
          eyebrow: t("home.hero.slides[].eyebrow", slide.eyebrow),
          title: t("home.hero.slides[].title", slide.title),
          text: t("home.hero.slides[].text", slide.text),
          links: slide.links.map((link) => ({ ...link, label: t("home.hero.slides[].links[].label", link.label) })),
        })),
      },
    },
    product: { ...product, taxRates: product.taxRates.map((rate) => ({ ...rate, label: t("product.taxRates[].label", rate.label) })) },
    newsletter: {
      ...signUp,
      extraLists: signUp.extraLists.map((list) => ({ ...list, label: t("newsletter.extraLists[].label", list.label) })),
      tailoredSuccess: signUp.tailoredSuccess.map((message) => ({ ...message, text: t("newsletter.tailoredSuccess[].text", message.text) })),
    },
    embeds: embeds && {
      ...embeds,
      ...(embeds.liveShopping && {
        liveShopping: {
          ...embeds.liveShopping,
          heading: t("embeds.liveShopping.heading", embeds.liveShopping.heading),
          text: t("embeds.liveShopping.text", embeds.liveShopping.text),
          posterLabel: t("embeds.liveShopping.posterLabel", embeds.liveShopping.posterLabel),
          show: {
            ...embeds.liveShopping.show,
            title: t("embeds.liveShopping.show.title", embeds.liveShopping.show.title),
            segments: embeds.liveShopping.show.segments.map((segment) => ({ ...segment, caption: t("embeds.liveShopping.show.segments[].caption", segment.caption) })),
          },
        },
      }),
      ...(embeds.socialFeed && {
        socialFeed: {
          ...embeds.socialFeed,
          heading: t("embeds.socialFeed.heading", embeds.socialFeed.heading),
          text: t("embeds.socialFeed.text", embeds.socialFeed.text),
          posterLabel: t("embeds.socialFeed.posterLabel", embeds.socialFeed.posterLabel),
        },
      }),
    },
    builders: translateBuilders(settings.builders, t),
  };
}

/** The builders' words: titles, introductions, start points, questions and answers, steps, labels. */
function translateBuilders(builders: Settings["builders"], t: (place: SettingTextPlace, text: string) => string): Settings["builders"] {
  const { routine, quiz, kit, oilQuiz } = builders;
  const points = (place: SettingTextPlace, list: string[]) => list.map((point) => t(place, point));
  return {
    ...builders,
    routine: {
      ...routine,
      title: t("builders.routine.title", routine.title),
      intro: t("builders.routine.intro", routine.intro),
      start: { ...routine.start, points: points("builders.routine.start.points[]", routine.start.points) },
      booking: {
        ...routine.booking,
        title: t("builders.routine.booking.title", routine.booking.title),
        text: t("builders.routine.booking.text", routine.booking.text),
        forms: routine.booking.forms.map((form) => ({
          ...form,
          label: t("builders.routine.booking.forms[].label", form.label),
          description: t("builders.routine.booking.forms[].description", form.description),
        })),
      },
      steps: routine.steps.map((step) => ({ ...step, title: t("builders.routine.steps[].title", step.title), description: t("builders.routine.steps[].description", step.description) })),
    },
    quiz: {
      ...quiz,
      title: t("builders.quiz.title", quiz.title),
      intro: { ...quiz.intro, title: t("builders.quiz.intro.title", quiz.intro.title), text: t("builders.quiz.intro.text", quiz.intro.text), button: t("builders.quiz.intro.button", quiz.intro.button) },
      start: { ...quiz.start, points: points("builders.quiz.start.points[]", quiz.start.points) },
      questions: quiz.questions.map((question) => ({
        ...question,
        question: t("builders.quiz.questions[].question", question.question),
        answers: question.answers.map((answer) => ({ ...answer, label: t("builders.quiz.questions[].answers[].label", answer.label) })),
      })),
      steps: quiz.steps.map((step) => ({
        ...step,
        step_title: t("builders.quiz.steps[].step_title", step.step_title),
        header_title: t("builders.quiz.steps[].header_title", step.header_title),
        products_to_compare: step.products_to_compare.map((product) => ({ ...product, product_why: t("builders.quiz.steps[].products_to_compare[].product_why", product.product_why) })),
      })),
      results: { ...quiz.results, title: t("builders.quiz.results.title", quiz.results.title) },
    },
    kit: {
      ...kit,
      title: t("builders.kit.title", kit.title),
      intro: t("builders.kit.intro", kit.intro),
      start: { ...kit.start, points: points("builders.kit.start.points[]", kit.start.points) },
      bundle_text: t("builders.kit.bundle_text", kit.bundle_text),
      dropdown: {
        ...kit.dropdown,
        label: t("builders.kit.dropdown.label", kit.dropdown.label),
        options: kit.dropdown.options.map((option) => ({ ...option, label: t("builders.kit.dropdown.options[].label", option.label) })),
      },
      steps: kit.steps.map((step) => ({
        ...step,
        title: t("builders.kit.steps[].title", step.title),
        description: t("builders.kit.steps[].description", step.description),
        popup_title: t("builders.kit.steps[].popup_title", step.popup_title),
        products: step.products.map((product) => ({
          ...product,
          pills: points("builders.kit.steps[].products[].pills[]", product.pills),
          title_override: product.title_override === null ? null : t("builders.kit.steps[].products[].title_override", product.title_override),
        })),
      })),
    },
    oilQuiz: {
      ...oilQuiz,
      title: t("builders.oilQuiz.title", oilQuiz.title),
      start: { ...oilQuiz.start, points: points("builders.oilQuiz.start.points[]", oilQuiz.start.points) },
      options: oilQuiz.options.map((option) => ({ ...option, label: t("builders.oilQuiz.options[].label", option.label), description: t("builders.oilQuiz.options[].description", option.description) })),
    },
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
