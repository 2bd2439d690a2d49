import { useCallback } from "react";
import type { Locale } from "../../core/sites/locale.ts";
import { useShop } from "../storefront/use-shop.ts";

export type LocaleKey = Extract<keyof Locale, string>;

/** Any text of the shop's locale file, `{placeholders}` filled. */
export function useLocaleText(): (key: LocaleKey, values?: Record<string, string | number>) => string {
  const { locale } = useShop();
  return useCallback(
    (key: LocaleKey, values: Record<string, string | number> = {}) =>
      String(locale[key] ?? "").replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder)),
    [locale],
  );
}
