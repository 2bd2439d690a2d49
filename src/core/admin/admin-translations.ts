/**
 * The back office's translations page (owner only, with the catalog): per
 * locale of the shop's other sites, how many of the shop's own words are
 * translated and missing, each field beside its original to edit and save,
 * and a translator's CSV out and back in.
 */
import type { AdminAnswer } from "./answers.ts";
import { SETTING_TEXT_PLACES } from "../settings/settings-texts.ts";
import { entryFieldName, isRichEntryField } from "../content/page-entries.ts";

/** The kinds of the shop's own words a translation names, in the order a translator reads them. */
export const TRANSLATABLE_RESOURCES = ["collection", "product", "menu", "page", "policy", "blog", "article", "setting"] as const;
export type TranslatableResource = (typeof TRANSLATABLE_RESOURCES)[number];

/** How the page names each kind, in its filter and beside each field. */
export const RESOURCE_LABELS: Record<TranslatableResource, string> = {
  collection: "Collections",
  product: "Products",
  menu: "Menus",
  page: "Pages",
  policy: "Policies",
  blog: "Blogs",
  article: "Articles",
  setting: "Settings texts",
};

/** Descriptions, bodies, FAQ answers and glossary descriptions are rich text: edited as HTML, stored through the shop's sanitiser. */
export const isRichField = (field: string): boolean => field === "body_html" || isRichEntryField(field);

/**
 * The kinds whose texts the shop fills in when it shows them (a settings
 * text's `[amount]`, `{countdown}`, `{{price:handle}}`): their translations
 * keep the original's placeholders. Elsewhere a bracket is the merchant's
 * own words (a policy's "[your name]" for the shopper to fill).
 */
export const fillsPlaceholders = (type: TranslatableResource): boolean => type === "setting";

/** How the page names one thing of each kind, beside its handle: "Policy privacy-policy". */
export const RESOURCE_LABEL: Record<TranslatableResource, string> = {
  collection: "Collection",
  product: "Product",
  menu: "Menu",
  page: "Page",
  policy: "Policy",
  blog: "Blog",
  article: "Article",
  setting: "Setting",
};

/** A field as the merchant reads it ("Text", "Option Shade: Light"); the translator's CSV keeps the stored name (`body_html`). */
export function fieldName(field: string): string {
  const named: Record<string, string> = {
    title: "Title",
    body_html: "Text",
    excerpt: "Excerpt",
    description: "Description",
    seo_title: "Title for search engines",
    seo_description: "Description for search engines",
  };
  if (named[field]) return named[field];
  const entry = entryFieldName(field);
  if (entry) return entry;
  if (field.startsWith("selling_plan_group.")) return "Purchase option's name";
  if (field.startsWith("item.")) return `Link “${field.slice("item.".length)}”`;
  if (field.startsWith("badge.")) return `Badge “${field.slice("badge.".length)}”`;
  if (field.startsWith("helps_with.")) return `Helps with “${field.slice("helps_with.".length)}”`;
  if (field.startsWith("pill.")) return `Builder pill “${field.slice("pill.".length)}”`;
  if (field.startsWith("tag.")) return `Topic “${field.slice("tag.".length)}”`;
  if (field.startsWith("option.")) {
    const rest = field.slice("option.".length);
    const dot = rest.indexOf(".");
    return dot < 0 ? `Option name “${rest}”` : `Option “${rest.slice(0, dot)}”, value “${rest.slice(dot + 1)}”`;
  }
  return field;
}

/**
 * What the page calls a translatable field beside its text: "Product
 * serum: Title"; a settings text by its place ("Setting: Announcement bar:
 * message"), since its field is its original, shown beside it anyway.
 */
export function translationFieldLabel(field: { resourceType: TranslatableResource; resourceKey: string; field: string }): string {
  if (field.resourceType === "setting") return `${RESOURCE_LABEL.setting}: ${(SETTING_TEXT_PLACES as Record<string, string>)[field.resourceKey] ?? field.resourceKey}`;
  return `${RESOURCE_LABEL[field.resourceType]} ${field.resourceKey}: ${fieldName(field.field)}`;
}

/** Fields on one page of the list: enough to work through, few enough to save in one form. */
export const TRANSLATIONS_PER_PAGE = 40;

export interface AdminTranslationField {
  resourceType: TranslatableResource;
  resourceKey: string;
  field: string;
  original: string;
  /** Null while the field is missing: the site shows the original. */
  translation: string | null;
  /** Rich text (a description or body): edited as HTML, kept to what the shop's sanitiser allows. */
  rich: boolean;
}

export interface AdminTranslationsQuery {
  locale: string;
  type: TranslatableResource | null;
  missingOnly: boolean;
  page: number;
}

export interface AdminTranslations {
  /** The locales the shop's other sites speak (fr-FR), the source's excepted. */
  locales: string[];
  /** The query as read: an unknown locale is the first one, a page past the end the last. */
  query: AdminTranslationsQuery;
  translated: number;
  missing: number;
  /** The fields the filters keep, on the page asked. */
  fields: AdminTranslationField[];
  /** How many fields the filters keep, on every page. */
  matching: number;
  pageCount: number;
}

export interface AdminTranslationsClient {
  /** Null for anyone but the owner. */
  list(query: Partial<AdminTranslationsQuery>): Promise<AdminTranslations | null>;
  /** Saves the changed fields of the form (`resource_type`, `resource_key`, `field`, `was`, `value`, repeated in one order); an empty value removes a translation. */
  save(locale: string, form: { resourceType: string[]; resourceKey: string[]; field: string[]; was: string[]; value: string[] }): Promise<AdminAnswer>;
  /** Every field of one locale as a translator's CSV; null for anyone but the owner. */
  exportCsv(locale: string): Promise<string | null>;
  /** A translator's CSV back in, all or nothing; the refusal names each wrong row by its line. */
  importCsv(text: string): Promise<AdminAnswer>;
}

/** Reads a page's query from its address: `locale`, `type`, `missing=1`, `page`. */
export function readTranslationsQuery(params: URLSearchParams): Partial<AdminTranslationsQuery> {
  const type = params.get("type");
  const page = Number(params.get("page") ?? "1");
  return {
    ...(params.get("locale") ? { locale: params.get("locale")! } : {}),
    type: (TRANSLATABLE_RESOURCES as readonly string[]).includes(type ?? "") ? (type as TranslatableResource) : null,
    missingOnly: params.get("missing") === "1",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page's address for a query, the default parts left out. */
export function translationsQueryString(query: AdminTranslationsQuery): string {
  const params = new URLSearchParams({ locale: query.locale });
  if (query.type) params.set("type", query.type);
  if (query.missingOnly) params.set("missing", "1");
  if (query.page > 1) params.set("page", String(query.page));
  return `?${params.toString()}`;
}
