/**
 * The back office's translations (owner only, with the catalog): the
 * translation service's status, saves and CSV behind the owner's access.
 * The list reads the translations from the database, so a save shows on
 * the next page at once; the originals come from the catalogue as loaded.
 * Every save bumps the catalog revision: each server's catalogue, and with
 * it the site's words, reloads within its catalogue check.
 */
import type { AdminAnswer, StaffJson } from "../../core/admin/admin.ts";
import {
  type AdminTranslationField,
  type AdminTranslationsClient,
  TRANSLATABLE_RESOURCES,
  TRANSLATIONS_PER_PAGE,
  isRichField,
  type TranslatableResource,
} from "../../core/admin/admin-translations.ts";
import type { Catalog } from "../catalog/catalog.ts";
import type { CatalogSource } from "../catalog/site-catalog.ts";
import { type TranslationEdit, type TranslationProblem, exportTranslationsCsv, importTranslationsCsv, saveTranslations, translationStatus } from "../catalog/translation-service.ts";
import { loadTranslations } from "../catalog/translation-store.ts";
import type { TranslatableText, TranslationSubject } from "../catalog/translations.ts";
import { contentFields } from "../content/content-translations.ts";
import type { Database } from "../db/database.ts";
import { accessTo, readerOf } from "./access.ts";
import { settingTexts } from "../../core/settings/settings-texts.ts";
import type { Platform } from "../services.ts";
import { refusal } from "./refusal.ts";

/**
 * The settings texts to translate into `locale`, as fields: the ones its
 * sites show (every site's with null). A text's key is its place, its field
 * its original, so a translation follows the sentence it translates.
 */
export function settingTextFields(platform: Pick<Platform, "shopSettings" | "sites">, locale: string | null): TranslatableText[] {
  const codes = locale === null ? null : platform.sites.filter((site) => site.language === locale).map((site) => site.code);
  return settingTexts(platform.shopSettings, codes).map(({ place, original }) => ({ resourceType: "setting", resourceKey: place, field: original, original }));
}

/** Problems named in one answer at most; the rest are counted. */
const PROBLEMS_SHOWN = 30;

function refuseProblems(problems: TranslationProblem[], what: string): Extract<AdminAnswer, { ok: false }> {
  const errors: Record<string, string> = {};
  for (const problem of problems.slice(0, PROBLEMS_SHOWN)) {
    const key = `line-${problem.line}`;
    errors[key] = errors[key] ? `${errors[key]} ${problem.message}.` : problem.line > 0 ? `Line ${problem.line}: ${problem.message}.` : `${problem.message}.`;
  }
  if (problems.length > PROBLEMS_SHOWN) errors.more = `And ${problems.length - PROBLEMS_SHOWN} more: correct these first, then try again to see the rest.`;
  const count = problems.length;
  return refusal("invalid", `Nothing was ${what}: ${count === 1 ? "one row needs" : `${count} rows need`} correcting.`, errors);
}

export function translationsAdmin(
  db: Database,
  catalog: CatalogSource,
  locales: () => string[],
  actor: () => Promise<StaffJson | null>,
  /** The settings' texts a locale's sites show (every site's with null). */
  settingTexts: (locale: string | null) => TranslatableText[] = () => [],
): AdminTranslationsClient {
  /** What is translated: the catalogue as loaded, the content as the database holds it now, and the live settings' texts. */
  const subject = async (locale: string | null = null): Promise<TranslationSubject> => ({ ...(await catalog.get()), content: await contentFields(db), settingTexts: settingTexts(locale) });
  /** The same for one locale, with the translations as the database holds them now, so a save shows on the next page at once. */
  const current = async (locale: string): Promise<TranslationSubject & Pick<Catalog, "translations">> => ({ ...(await subject(locale)), translations: await loadTranslations(db) });
  const knownLocale = (locale: string) => locales().includes(locale);
  return {
    async list(query) {
      if (!(await readerOf(actor, "catalog"))) return null;
      const offered = locales();
      const locale = query.locale && offered.includes(query.locale) ? query.locale : (offered[0] ?? "");
      const type = query.type ?? null;
      const missingOnly = query.missingOnly ?? false;
      const status = locale ? translationStatus(await current(locale), locale) : { fields: [], translated: 0, missing: 0 };
      const kept = status.fields.filter((field) => (type === null || field.resourceType === type) && (!missingOnly || field.translation === null));
      const pageCount = Math.max(1, Math.ceil(kept.length / TRANSLATIONS_PER_PAGE));
      const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
      const fields: AdminTranslationField[] = kept
        .slice((page - 1) * TRANSLATIONS_PER_PAGE, page * TRANSLATIONS_PER_PAGE)
        .map((field) => ({ ...field, rich: isRichField(field.field) }));
      return { locales: offered, query: { locale, type, missingOnly, page }, translated: status.translated, missing: status.missing, fields, matching: kept.length, pageCount };
    },

    async save(locale, form) {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (!knownLocale(locale)) return refusal("invalid", `The shop has no site in ${locale}.`);
      const edits: TranslationEdit[] = [];
      form.field.forEach((field, index) => {
        const value = form.value[index] ?? "";
        // Only what the merchant changed is written: a field left as shown keeps its row (and its date) as it was.
        if (value === (form.was[index] ?? "")) return;
        edits.push({ resourceType: (form.resourceType[index] ?? "") as TranslatableResource, resourceKey: form.resourceKey[index] ?? "", field, value });
      });
      const unknown = edits.find((edit) => !TRANSLATABLE_RESOURCES.includes(edit.resourceType));
      if (unknown) return refusal("invalid", "Nothing was saved: the form names a kind of text the shop does not translate.");
      if (!edits.length) return { ok: true, next: `/translations?locale=${locale}&unchanged=1` };
      const saved = await saveTranslations(db, await subject(), locale, edits);
      if (!saved.ok) return refuseProblems(saved.problems, "saved");
      return { ok: true, next: `/translations?locale=${locale}&saved=${edits.length}` };
    },

    async exportCsv(locale) {
      if (!(await readerOf(actor, "catalog")) || !knownLocale(locale)) return null;
      return exportTranslationsCsv(await current(locale), locale);
    },

    async importCsv(text) {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (text.trim() === "") return refusal("invalid", "Choose a CSV file to import.", { file: "Choose a translator's CSV file, as this page exports it." });
      const imported = await importTranslationsCsv(db, await subject(), text, knownLocale);
      if (!imported.ok) return refuseProblems(imported.problems, "imported");
      return { ok: true, next: `/translations?imported=${imported.saved}` };
    },
  };
}
