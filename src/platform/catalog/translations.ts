/**
 * The catalogue's own words per locale: product titles, descriptions,
 * option names and values, collection titles and descriptions, menu labels.
 * Each translated field is one row of `translations`; a field without one
 * shows the original. A site's catalogue takes its language's words when
 * it is derived, so an English-only shop holds no second copy of anything
 * and its pages do no extra work.
 */
import type { MenuItem } from "../../core/contract/shopify-types.ts";
import { type CatalogCollection, type CatalogProduct, type CatalogVariant, type ProductMetafieldGroups, variantCopy } from "./catalog.ts";

export * from "./translation-store.ts";
import { type LocaleTranslations, type TranslatableResource, badgeField, helpsWithField, menuItemField, optionNameField, optionValueField, pillField, sellingPlanGroupField, translationKey } from "./translation-store.ts";

/** A product in the locale's words, or the product itself when nothing of it is translated. */
export function translateProduct(product: CatalogProduct, texts: LocaleTranslations): CatalogProduct {
  const word = (field: string) => texts.get(translationKey("product", product.handle, field));
  const title = word("title");
  const bodyHtml = word("body_html");
  let changedOptions = false;
  const options = product.options.map((option) => {
    const values = option.values.map((value) => word(optionValueField(option.name, value)) ?? value);
    const name = word(optionNameField(option.name)) ?? option.name;
    if (name !== option.name || values.some((value, index) => value !== option.values[index])) changedOptions = true;
    return { name, values };
  });
  const groupNames = product.sellingPlanGroups.map((group) => word(sellingPlanGroupField(group.key)));
  const changedGroups = groupNames.some((name) => name !== undefined);
  const metafields = translateMetafieldTexts(product.metafields, word);
  if (title === undefined && bodyHtml === undefined && !changedOptions && !changedGroups && metafields === product.metafields) return product;
  const copy: CatalogProduct = { ...product, title: title ?? product.title, bodyHtml: bodyHtml ?? product.bodyHtml, metafields };
  if (changedGroups) copy.sellingPlanGroups = product.sellingPlanGroups.map((group, index) => ({ ...group, name: groupNames[index] ?? group.name }));
  if (changedOptions) {
    copy.options = options;
    copy.variants = product.variants.map((variant) => translateVariant(variant, product.options, options));
  }
  return copy;
}

/**
 * The texts a product's metafields show the shopper: its card badges, its
 * 'helps with' points (the list and the builders' numbered copies of it) and
 * its builder pills, each by its original text. The groups themselves when
 * nothing of them is translated.
 */
function translateMetafieldTexts(metafields: ProductMetafieldGroups, word: (field: string) => string | undefined): ProductMetafieldGroups {
  /** The list in the locale's words, or the list itself when none of it is translated. */
  const list = (values: string[] | undefined, field: (text: string) => string) => {
    const words = values?.map((value) => word(field(value)) ?? value);
    return values && words?.some((text, index) => text !== values[index]) ? words : values;
  };
  const { custom, vitals } = metafields;
  const badges = list(custom.product_cart_badges, badgeField);
  const helpsWith = list(custom.helps_with, helpsWithField);
  const pills = list(vitals.builder_pills, pillField);
  const points = Object.entries(vitals).flatMap(([key, value]) => {
    const translated = key.startsWith("helps_with_point_") && typeof value === "string" ? word(helpsWithField(value)) : undefined;
    return translated === undefined ? [] : [[key, translated] as const];
  });
  if (badges === custom.product_cart_badges && helpsWith === custom.helps_with && pills === vitals.builder_pills && points.length === 0) return metafields;
  return {
    ...metafields,
    custom: { ...custom, ...(badges && { product_cart_badges: badges }), ...(helpsWith && { helps_with: helpsWith }) },
    vitals: { ...vitals, ...(pills && { builder_pills: pills }), ...Object.fromEntries(points) },
  };
}

/** A variant's option values and title as its product's translated options name them; stock still reads through. */
function translateVariant(variant: CatalogVariant, original: CatalogProduct["options"], translated: CatalogProduct["options"]): CatalogVariant {
  const value = (position: number, text: string | null) => {
    if (text === null) return null;
    const index = original[position]?.values.indexOf(text) ?? -1;
    return index < 0 ? text : (translated[position]?.values[index] ?? text);
  };
  const option1 = value(0, variant.option1);
  const option2 = value(1, variant.option2);
  const option3 = value(2, variant.option3);
  const title = variant.title === "Default Title" ? variant.title : [option1, option2, option3].filter((part) => part !== null).join(" / ");
  return variantCopy(variant, { option1, option2, option3, title });
}

export function translateCollection(collection: CatalogCollection, texts: LocaleTranslations): CatalogCollection {
  const title = texts.get(translationKey("collection", collection.handle, "title"));
  const bodyHtml = texts.get(translationKey("collection", collection.handle, "body_html"));
  if (title === undefined && bodyHtml === undefined) return collection;
  return { ...collection, title: title ?? collection.title, bodyHtml: bodyHtml ?? collection.bodyHtml };
}

export function translateMenu(handle: string, items: MenuItem[], texts: LocaleTranslations): MenuItem[] {
  return items.map((item) => ({
    ...item,
    title: texts.get(translationKey("menu", handle, menuItemField(item.title))) ?? item.title,
    items: translateMenu(handle, item.items, texts),
  }));
}

/** A field a translator translates, with its original text. */
export interface TranslatableText {
  resourceType: TranslatableResource;
  resourceKey: string;
  field: string;
  original: string;
}

/** What translations are made for: the catalogue, and the shop's written content (pages, policies, the journal) read beside it. */
export interface TranslationSubject {
  products: ReadonlyMap<number, CatalogProduct>;
  collectionsById: ReadonlyMap<number, CatalogCollection>;
  menus: ReadonlyMap<string, MenuItem[]>;
  /** The content's fields, read from its own tables (platform/content/content-translations.ts); none when left out. */
  content?: readonly TranslatableText[];
  /** The settings' shopper-facing texts (core/settings/settings-texts.ts); none when left out. */
  settingTexts?: readonly TranslatableText[];
}

/** Every translatable field of the catalogue, then of the content and the settings, with its original text, in the order a translator reads them. */
export function translatableFields(catalog: TranslationSubject): TranslatableText[] {
  const fields: TranslatableText[] = [];
  for (const collection of catalog.collectionsById.values()) {
    fields.push({ resourceType: "collection", resourceKey: collection.handle, field: "title", original: collection.title });
    if (collection.bodyHtml) fields.push({ resourceType: "collection", resourceKey: collection.handle, field: "body_html", original: collection.bodyHtml });
  }
  for (const product of catalog.products.values()) {
    fields.push({ resourceType: "product", resourceKey: product.handle, field: "title", original: product.title });
    if (product.bodyHtml) fields.push({ resourceType: "product", resourceKey: product.handle, field: "body_html", original: product.bodyHtml });
    for (const option of product.options) {
      fields.push({ resourceType: "product", resourceKey: product.handle, field: optionNameField(option.name), original: option.name });
      for (const value of option.values) fields.push({ resourceType: "product", resourceKey: product.handle, field: optionValueField(option.name, value), original: value });
    }
    for (const group of product.sellingPlanGroups) fields.push({ resourceType: "product", resourceKey: product.handle, field: sellingPlanGroupField(group.key), original: group.name });
    const texts = (values: string[] | undefined, field: (text: string) => string) => {
      for (const value of new Set(values ?? [])) fields.push({ resourceType: "product", resourceKey: product.handle, field: field(value), original: value });
    };
    texts(product.metafields.custom.product_cart_badges, badgeField);
    texts(product.metafields.custom.helps_with, helpsWithField);
    texts(product.metafields.vitals.builder_pills, pillField);
  }
  for (const [handle, items] of catalog.menus) {
    const labels = new Set<string>();
    const walk = (list: MenuItem[]) => {
      for (const item of list) {
        if (!labels.has(item.title)) fields.push({ resourceType: "menu", resourceKey: handle, field: menuItemField(item.title), original: item.title });
        labels.add(item.title);
        walk(item.items);
      }
    };
    walk(items);
  }
  fields.push(...(catalog.content ?? []));
  fields.push(...(catalog.settingTexts ?? []));
  return fields;
}
