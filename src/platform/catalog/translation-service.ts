/**
 * The merchant's side of the catalogue's translations: what is translated
 * and missing per locale, saving fields, and a CSV a translator works in
 * (one row per field: type, handle, field, original, translation). Every
 * save bumps the catalog revision, so each server reloads its catalogue and
 * shows the new words within its catalogue check (a second).
 */
import { type CsvRecord, CsvSyntaxError, csvDocument, parseCsv, unguardFormula } from "../../core/catalog/csv.ts";
import { type Catalog, bumpCatalogRevision } from "./catalog.ts";
import type { Database, Queryable } from "../db/database.ts";
import { sanitizeRichText } from "../content/sanitize.ts";
import { fillsPlaceholders, isRichField, translationFieldLabel } from "../../core/admin/admin-translations.ts";
import { placeholderProblem } from "../../core/i18n/placeholders.ts";
import { LOCALE_PATTERN, TRANSLATABLE_RESOURCES, type TranslatableResource, type TranslationSubject, translatableFields, translationKey } from "./translations.ts";

export const TRANSLATION_CSV_HEADER = ["Type", "Handle", "Field", "Locale", "Original", "Translation"] as const;

export interface TranslationEdit {
  resourceType: TranslatableResource;
  resourceKey: string;
  field: string;
  /** The translated text; empty removes the translation, so the original shows again. */
  value: string;
}

export interface TranslatedField {
  resourceType: TranslatableResource;
  resourceKey: string;
  field: string;
  original: string;
  translation: string | null;
}

export interface TranslationProblem {
  line: number;
  message: string;
}

/** Every translatable field beside its translation for `locale`, and how many are missing. */
export function translationStatus(catalog: TranslationSubject & Pick<Catalog, "translations">, locale: string): { fields: TranslatedField[]; translated: number; missing: number } {
  const texts = catalog.translations.get(locale);
  const fields = translatableFields(catalog).map((field) => ({ ...field, translation: texts?.get(translationKey(field.resourceType, field.resourceKey, field.field)) ?? null }));
  const translated = fields.filter((field) => field.translation !== null).length;
  return { fields, translated, missing: fields.length - translated };
}

/** A translation as stored: descriptions are rich text, kept to what the shop's sanitiser allows. */
const storedValue = (edit: Pick<TranslationEdit, "field" | "value">) => (isRichField(edit.field) ? sanitizeRichText(edit.value) : edit.value.trim());

/** Writes one locale's edits in two statements whatever their number: the emptied ones removed, the others upserted. */
async function writeEdits(tx: Queryable, locale: string, edits: readonly TranslationEdit[]): Promise<void> {
  // A field given twice takes its last value: one statement may not change a row twice.
  const last = new Map(edits.map((edit) => [translationKey(edit.resourceType, edit.resourceKey, edit.field), { ...edit, value: storedValue(edit) }]));
  const kept = [...last.values()].filter((edit) => edit.value !== "");
  const removed = [...last.values()].filter((edit) => edit.value === "");
  if (removed.length) {
    await tx.query(
      `delete from translations t using unnest($2::text[], $3::text[], $4::text[]) as r(resource_type, resource_key, field)
       where t.locale = $1 and t.resource_type = r.resource_type and t.resource_key = r.resource_key and t.field = r.field`,
      [locale, removed.map((edit) => edit.resourceType), removed.map((edit) => edit.resourceKey), removed.map((edit) => edit.field)],
    );
  }
  if (kept.length) {
    await tx.query(
      `insert into translations (locale, resource_type, resource_key, field, value)
       select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[])
       on conflict (locale, resource_type, resource_key, field) do update set value = excluded.value, updated_at = now()`,
      [locale, kept.map((edit) => edit.resourceType), kept.map((edit) => edit.resourceKey), kept.map((edit) => edit.field), kept.map((edit) => edit.value)],
    );
  }
  await bumpCatalogRevision(tx);
}

/** Every translatable field's original, by `translationKey`. */
const originalsOf = (catalog: TranslationSubject) => new Map(translatableFields(catalog).map((field) => [translationKey(field.resourceType, field.resourceKey, field.field), field.original]));

/** What is wrong with one edit: a field the shop does not have, or a text the shop fills in whose placeholders differ from its original's; null when it can be saved. */
function editProblem(originals: ReadonlyMap<string, string>, edit: TranslationEdit): string | null {
  const original = originals.get(translationKey(edit.resourceType, edit.resourceKey, edit.field));
  if (original === undefined) return `${edit.resourceType} ${edit.resourceKey} has no field ${edit.field}`;
  if (!fillsPlaceholders(edit.resourceType)) return null;
  const problem = placeholderProblem(original, edit.value);
  return problem && `${translationFieldLabel(edit)}: ${problem}`;
}

/** Saves the merchant's edits for one locale in one transaction; fields the catalogue does not have, and translations that change the original's placeholders, are refused. */
export async function saveTranslations(db: Database, catalog: TranslationSubject, locale: string, edits: readonly TranslationEdit[]): Promise<{ ok: true } | { ok: false; problems: TranslationProblem[] }> {
  if (!LOCALE_PATTERN.test(locale)) return { ok: false, problems: [{ line: 0, message: `${locale} is not a locale such as fr-FR` }] };
  const originals = originalsOf(catalog);
  const problems = edits.flatMap((edit, index) => {
    const message = editProblem(originals, edit);
    return message ? [{ line: index + 1, message }] : [];
  });
  if (problems.length) return { ok: false, problems };
  await db.transaction((tx) => writeEdits(tx, locale, edits));
  return { ok: true };
}

/** Every translatable field for `locale` as a translator's spreadsheet: the original beside the translation (empty when missing). */
export function exportTranslationsCsv(catalog: TranslationSubject & Pick<Catalog, "translations">, locale: string): string {
  const { fields } = translationStatus(catalog, locale);
  return csvDocument(
    TRANSLATION_CSV_HEADER,
    fields.map((field) => [field.resourceType, field.resourceKey, field.field, locale, field.original, field.translation ?? ""]),
  );
}

/**
 * Reads a translator's file back: every row's translation is saved (an
 * empty one removes it), all in one transaction, or nothing is saved and
 * each wrong row is named by its line.
 */
export async function importTranslationsCsv(
  db: Database,
  catalog: TranslationSubject,
  text: string,
  /** The locales the shop speaks; a row for another one is refused. */
  localeOffered: (locale: string) => boolean = () => true,
): Promise<{ ok: true; saved: number } | { ok: false; problems: TranslationProblem[] }> {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, problems: [{ line: error.line, message: error.message }] };
    throw error;
  }
  const [header, ...rows] = records;
  const columns = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  const at = (name: string) => columns.indexOf(name.toLowerCase());
  const missingColumns = TRANSLATION_CSV_HEADER.filter((name) => name !== "Original" && at(name) < 0);
  if (missingColumns.length) return { ok: false, problems: [{ line: 1, message: `The file has no ${missingColumns.join(", ")} column` }] };
  const originals = originalsOf(catalog);
  const problems: TranslationProblem[] = [];
  const byLocale = new Map<string, TranslationEdit[]>();
  for (const row of rows) {
    const cell = (name: string) => unguardFormula(row.fields[at(name)] ?? "");
    const resourceType = cell("Type").trim() as TranslatableResource;
    const resourceKey = cell("Handle").trim();
    const field = cell("Field").trim();
    const locale = cell("Locale").trim();
    if (!TRANSLATABLE_RESOURCES.includes(resourceType)) problems.push({ line: row.line, message: `${resourceType || "An empty type"} is not one of ${TRANSLATABLE_RESOURCES.join(", ")}` });
    else if (!LOCALE_PATTERN.test(locale)) problems.push({ line: row.line, message: `${locale || "An empty locale"} is not a locale such as fr-FR` });
    else if (!localeOffered(locale)) problems.push({ line: row.line, message: `The shop has no site in ${locale}` });
    else {
      const edit = { resourceType, resourceKey, field, value: cell("Translation") };
      const message = editProblem(originals, edit);
      if (message) problems.push({ line: row.line, message });
      else {
        let edits = byLocale.get(locale);
        if (!edits) byLocale.set(locale, (edits = []));
        edits.push(edit);
      }
    }
  }
  if (problems.length) return { ok: false, problems };
  await db.transaction(async (tx) => {
    for (const [locale, edits] of byLocale) await writeEdits(tx, locale, edits);
  });
  return { ok: true, saved: rows.length };
}
