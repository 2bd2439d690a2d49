/**
 * Shopper-facing texts as ICU MessageFormat (plurals, selects, `{name}`
 * variables), written through Lingui's runtime from catalogues compiled on
 * the server (see compile.ts): the browser interprets compiled messages and
 * never loads a MessageFormat parser. Used by the theme and by the platform
 * (cart messages, emails) alike.
 */
import { setupI18n } from "@lingui/core";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { type NumberShape, formatNumber, pluralCategory } from "./numbers.ts";

/** One locale's catalogue, each message compiled. */
export type CompiledMessages = Readonly<Record<string, CompiledMessage>>;

/** What a message's variables may be: text, or numbers that plurals choose by and Intl writes. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Writes a message of the catalogue with its variables filled; a key no catalogue has is written as the key, for a test to catch. */
export type Translate = (key: string, values?: MessageValues) => string;

/** Values the translator adds beside each number it is given, which compiled messages read (compile.ts). */
export const NUMBER_WRITTEN = "#written";
export const NUMBER_CATEGORY = "#category";
export const NUMBER_EXACT = "#exact";

const translators = new WeakMap<CompiledMessages, Map<string, Translate>>();

/**
 * The translator of one compiled catalogue in `locale` (whose plural rules and number formats it
 * uses), made once per catalogue. With the locale's `shape`, small numbers are written without a
 * number formatter (numbers.ts).
 */
export function translatorFor(locale: string, messages: CompiledMessages, shape?: NumberShape | null): Translate {
  let byLocale = translators.get(messages);
  if (!byLocale) translators.set(messages, (byLocale = new Map()));
  const key = shape ? `${locale} ${shape.decimal}` : locale;
  let translate = byLocale.get(key);
  if (!translate) {
    const i18n = setupI18n({ locale, messages: { [locale]: messages as Record<string, CompiledMessage> }, missing: (_locale, id) => id });
    translate = (id, values) => i18n._(id, values && (withNumbersWritten(values, locale, shape) as Record<string, unknown>));
    byLocale.set(key, translate);
  }
  return translate;
}

/** `values` with, beside each number, how it is written, its plural category and its exact value. */
function withNumbersWritten(values: MessageValues, locale: string, shape: NumberShape | null | undefined): MessageValues {
  let written: Record<string, string | number> | undefined;
  for (const name in values) {
    const value = values[name];
    const number = typeof value === "number" ? value : typeof value === "string" && /^-?\d+(?:\.\d+)?$/.test(value) ? Number(value) : null;
    if (number === null) continue;
    written ??= { ...values };
    written[`${name}${NUMBER_WRITTEN}`] = formatNumber(locale, number, shape);
    written[`${name}${NUMBER_CATEGORY}`] = pluralCategory(locale, number);
    written[`${name}${NUMBER_EXACT}`] = `=${String(value)}`;
  }
  return written ?? values;
}
