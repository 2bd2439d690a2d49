/**
 * The catalogue's translations as stored: one row of `translations` per
 * translated field, keyed by locale, resource, handle and field, read in one
 * query when the catalogue loads.
 */
import type { Queryable } from "../db/database.ts";
import type { TranslatableResource } from "../../core/admin/admin-translations.ts";

export { TRANSLATABLE_RESOURCES, type TranslatableResource } from "../../core/admin/admin-translations.ts";

export interface Translation {
  resourceType: TranslatableResource;
  /** The product's, collection's or menu's handle. */
  resourceKey: string;
  /** `title`, `body_html`, `option.<name>`, `option.<name>.<value>`, `selling_plan_group.<key>`, a menu's `item.<original label>`; content's `title`, `body_html`, `excerpt`, `description`; a settings text's original (its key is its place in the settings). */
  field: string;
  locale: string;
  value: string;
}

/** One locale's translations, by `translationKey`. */
export type LocaleTranslations = ReadonlyMap<string, string>;
/** Every locale's translations; empty for a shop that translates nothing. */
export type CatalogTranslations = ReadonlyMap<string, LocaleTranslations>;

export const translationKey = (resourceType: TranslatableResource, resourceKey: string, field: string) => `${resourceType}\u0000${resourceKey}\u0000${field}`;

export const optionNameField = (name: string) => `option.${name}`;
export const optionValueField = (name: string, value: string) => `option.${name}.${value}`;
/** A selling plan group's name ("Subscribe and save"), named by the group's key, which the merchant does not rename. */
export const sellingPlanGroupField = (key: string) => `selling_plan_group.${key}`;
/** A product's card badge, 'helps with' point and builder pill are each named by their original text, as option values are. */
export const badgeField = (text: string) => `badge.${text}`;
export const helpsWithField = (text: string) => `helps_with.${text}`;
export const pillField = (text: string) => `pill.${text}`;
/** A menu item is named by its original label: one menu may link several items to the same address. */
export const menuItemField = (title: string) => `item.${title}`;

/** A locale as written in translations and site settings ("fr-FR"): language lower case, region upper case. */
export const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Z]{2})?$/;

export async function loadTranslations(db: Queryable): Promise<CatalogTranslations> {
  const rows = await db.query<{ resource_type: TranslatableResource; resource_key: string; field: string; locale: string; value: string }>(
    "select resource_type, resource_key, field, locale, value from translations",
  );
  const byLocale = new Map<string, Map<string, string>>();
  for (const row of rows) {
    let texts = byLocale.get(row.locale);
    if (!texts) byLocale.set(row.locale, (texts = new Map()));
    texts.set(translationKey(row.resource_type, row.resource_key, row.field), row.value);
  }
  return byLocale;
}
