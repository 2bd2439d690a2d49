/**
 * The words of an email in one locale: the theme's catalogues (config/locales,
 * keys starting `email_`), so a translator works on one set of files and a
 * text missing in a language falls back to the source's. Compiled once per
 * locale and set of catalogues.
 */
import { compileCatalogue } from "../../core/i18n/compile.ts";
import { textsFor } from "../../core/i18n/locales.ts";
import { type Translate, translatorFor } from "../../core/i18n/messages.ts";
import type { Site } from "../../core/sites/sites.ts";
import { siteOfLocale, siteUrl } from "../../core/sites/sites.ts";

export interface EmailWords {
  /** The locale the email speaks ("fr-FR"): its `lang`, plural rules and country names. */
  locale: string;
  t: Translate;
}

const made = new WeakMap<object, Map<string, EmailWords>>();

/** The words of `locale`'s emails from the shop's catalogues. */
export function emailWords(catalogues: Readonly<Record<string, Readonly<Record<string, string>>>>, locale: string): EmailWords {
  let byLocale = made.get(catalogues);
  if (!byLocale) made.set(catalogues, (byLocale = new Map()));
  let words = byLocale.get(locale);
  if (!words) {
    words = { locale, t: translatorFor(locale, compileCatalogue(textsFor(catalogues, locale))) };
    byLocale.set(locale, words);
  }
  return words;
}

/** How an email reaches a shopper in their language: its words, and the address of the site speaking it. */
export interface MailLanguages {
  words(locale: string): EmailWords;
  /** The shop's address (`https://shop.example`) on the site of `locale` (`https://shop.example/fr-fr`). */
  siteUrl(shopUrl: string, locale: string): string;
}

export function mailLanguages(catalogues: Readonly<Record<string, Readonly<Record<string, string>>>>, sites: readonly Site[], baseCode: string): MailLanguages {
  return {
    words: (locale) => emailWords(catalogues, locale),
    siteUrl: (shopUrl, locale) => siteUrl(shopUrl, siteOfLocale(sites, baseCode, locale)),
  };
}
