import type { MessageValues } from "../../core/i18n/messages.ts";
import { type TextKey, useText } from "../storefront/use-shop.ts";

export type LocaleKey = TextKey;

/** Any text of the site's catalogue, its variables filled. */
export function useLocaleText(): (key: LocaleKey, values?: MessageValues) => string {
  return useText();
}
