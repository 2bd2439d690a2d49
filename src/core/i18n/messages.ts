/**
 * Shopper-facing texts as ICU MessageFormat (plurals, selects, `{name}`
 * variables), written through Lingui's runtime from catalogues compiled on
 * the server (see compile.ts): the browser interprets compiled messages and
 * never loads a MessageFormat parser. Used by the theme and by the platform
 * (cart messages, emails) alike.
 */
import { setupI18n } from "@lingui/core";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";

/** One locale's catalogue, each message compiled. */
export type CompiledMessages = Readonly<Record<string, CompiledMessage>>;

/** What a message's variables may be: text, or numbers that plurals choose by and Intl writes. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Writes a message of the catalogue with its variables filled; a key no catalogue has is written as the key, for a test to catch. */
export type Translate = (key: string, values?: MessageValues) => string;

const translators = new WeakMap<CompiledMessages, Map<string, Translate>>();

/** The translator of one compiled catalogue in `locale` (whose plural rules and number formats it uses), made once per catalogue. */
export function translatorFor(locale: string, messages: CompiledMessages): Translate {
  let byLocale = translators.get(messages);
  if (!byLocale) translators.set(messages, (byLocale = new Map()));
  let translate = byLocale.get(locale);
  if (!translate) {
    const i18n = setupI18n({ locale, messages: { [locale]: messages as Record<string, CompiledMessage> }, missing: (_locale, key) => key });
    translate = (key, values) => i18n._(key, values as Record<string, unknown> | undefined);
    byLocale.set(locale, translate);
  }
  return translate;
}
