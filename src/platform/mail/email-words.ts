/**
 * The words of an email in one locale: the theme's catalogues (config/locales,
 * keys starting `email_`), so a translator works on one set of files and a
 * text missing in a language falls back to the source's. Compiled once per
 * locale and set of catalogues.
 */
import { compileCatalogue } from "../../core/i18n/compile.ts";
import { textsFor } from "../../core/i18n/locales.ts";
import { type Translate, translatorFor } from "../../core/i18n/messages.ts";

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
