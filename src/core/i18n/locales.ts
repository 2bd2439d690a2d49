/**
 * Which message catalogue and which formats a site speaks. A site names its
 * language as a BCP 47 tag ("fr-FR", "en-US"); its numbers, money and dates
 * are written in that tag's formats, its words come from the catalogue of the
 * same tag, else of the same language ("en-US" reads the "en-GB" catalogue),
 * else from the source catalogue. Shared by the platform (emails, cart
 * messages) and the theme.
 */

/** The catalogue every other one is translated from. */
export const SOURCE_LOCALE = "en-GB";

/** The language part of a tag: "fr" of "fr-FR". */
export function languageOf(tag: string): string {
  return tag.split("-")[0]!.toLowerCase();
}

/** The catalogue a site in `language` reads, among those the shop has. */
export function catalogueLocaleFor(language: string, available: Iterable<string>): string {
  const locales = [...available];
  if (locales.includes(language)) return language;
  const base = languageOf(language);
  // The source catalogue first among those of the same language, so every English site reads British English.
  const sameLanguage = [SOURCE_LOCALE, ...locales].find((locale) => locales.includes(locale) && languageOf(locale) === base);
  return sameLanguage ?? SOURCE_LOCALE;
}

/** The Open Graph form of a tag: "fr_FR". */
export function openGraphLocale(tag: string): string {
  return tag.replace("-", "_");
}

/**
 * A site's words: its catalogue's, each text it lacks taken from the source
 * (a missing key shows the original, never a key; the catalogue test keeps
 * the shipped catalogues complete).
 */
export function textsFor<T extends Record<string, string>>(catalogues: Readonly<Record<string, T>>, language: string): T {
  const source = catalogues[SOURCE_LOCALE];
  if (!source) throw new Error(`No ${SOURCE_LOCALE} catalogue`);
  const locale = catalogueLocaleFor(language, Object.keys(catalogues));
  return locale === SOURCE_LOCALE ? source : { ...source, ...catalogues[locale] };
}
