import { CsvFileField } from "../admin/CsvFileField.tsx";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.translations";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import {
  type AdminTranslationField,
  RESOURCE_LABELS,
  TRANSLATABLE_RESOURCES,
  readTranslationsQuery,
  translationFieldLabel,
  translationsQueryString,
} from "../../core/admin/admin-translations.ts";
import { type AdminProblem, adminAddress, adminHeaders, adminRedirect, adminResponse } from "../admin/answer.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { fieldId } from "../accounts/AccountField.tsx";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../accounts/account.css";
import "../admin/stock.css";
import "../admin/catalog.css";
import "../admin/translations.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Translations", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

/** What the last action did, read back from the address it sent the merchant to. */
const RESULT_PARAMS = ["saved", "imported", "unchanged"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const admin = context.get(adminContext);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  const list = await admin.translations.list(readTranslationsQuery(url.searchParams));
  if (!list) throw redirect(ADMIN_PATH);
  const counted = (name: string) => {
    const value = url.searchParams.get(name);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
  };
  return { list, saved: counted("saved"), imported: counted("imported"), unchanged: url.searchParams.has("unchanged") };
}

/** Saving the fields shown, or importing a translator's file; done, the page comes back with the same filters and what was done. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const form = await request.formData();
  const texts = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  let answer;
  if (form.get("intent") === "import") {
    const file = form.get("file");
    answer = await admin.translations.importCsv(file instanceof File ? await file.text() : typeof file === "string" ? file : "");
  } else {
    const locale = form.get("locale");
    answer = await admin.translations.save(typeof locale === "string" ? locale : "", {
      resourceType: texts("resource_type"),
      resourceKey: texts("resource_key"),
      field: texts("field"),
      was: texts("was"),
      value: texts("value"),
    });
  }
  if (!answer.ok) return adminResponse(answer);
  // Back to the page as it was filtered, with the answer's result (and its locale) in place of the last one.
  // The page's own address: a script's submission comes to its data address (`translations.data?_routes=…`).
  const address = new URL(request.url);
  address.pathname = `${ADMIN_PATH}/translations`;
  for (const name of [...RESULT_PARAMS, "_routes"]) address.searchParams.delete(name);
  for (const [name, value] of new URL(adminAddress(answer.next), address).searchParams) address.searchParams.set(name, value);
  return adminRedirect(answer, `${address.pathname}${address.search}`);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A locale as the merchant reads it: "French (France)". */
const localeName = (locale: string) => new Intl.DisplayNames(["en-GB"], { type: "language" }).of(locale) ?? locale;

/** Where a field sits, as the merchant reads it: "Product vitamin-c-serum: Title". */
const fieldLabel = (field: AdminTranslationField) => translationFieldLabel(field);

function TranslationRow({ field, index, locale }: { field: AdminTranslationField; index: number; locale: string }) {
  const id = fieldId(`translation-${index}`);
  return (
    <li className="admin-translation">
      <input type="hidden" name="resource_type" value={field.resourceType} />
      <input type="hidden" name="resource_key" value={field.resourceKey} />
      <input type="hidden" name="field" value={field.field} />
      <input type="hidden" name="was" value={field.translation ?? ""} />
      <div className="admin-translation__original">
        <p className="admin-translation__where" id={`${id}-where`}>
          {fieldLabel(field)}
          {field.translation === null ? <span className="admin-translation__missing"> · missing</span> : null}
        </p>
        <p className="admin-translation__caption" id={`${id}-original-caption`}>
          Original
        </p>
        {/* A long original scrolls in its box: the box takes focus, so the keyboard can scroll it too. */}
        <div
          className={field.rich ? "admin-translation__text admin-translation__text--code" : "admin-translation__text"}
          lang="en-GB"
          id={`${id}-original`}
          {...(field.rich ? { tabIndex: 0, role: "region", "aria-label": `Original, ${fieldLabel(field)}` } : {})}
        >
          {field.original}
        </div>
      </div>
      <div className="field admin-translation__edit">
        <label className="field__label" htmlFor={id}>
          {localeName(locale)}
          <span className="visually-hidden">, {fieldLabel(field)}</span>
        </label>
        <textarea
          className="field__input admin-translation__input"
          id={id}
          name="value"
          lang={locale}
          rows={field.rich ? 8 : 2}
          data-rich={field.rich || undefined}
          defaultValue={field.translation ?? ""}
          aria-describedby={`${id}-where ${id}-original`}
          spellCheck
        />
      </div>
    </li>
  );
}

/** The translator's spreadsheet: the locale's CSV to download, and the form that brings it back. */
function TranslatorCsv({ locale, fileError, importing, busy }: { locale: string; fileError: string | undefined; importing: boolean; busy: boolean }) {
  return (
    <section className="admin-translations__csv" aria-labelledby="translations-csv-title">
      <h2 id="translations-csv-title">Work in a spreadsheet</h2>
      <p>
        <a href={`${ADMIN_PATH}/translations/export.csv?locale=${encodeURIComponent(locale)}`} download>
          Export the {localeName(locale)} translations (CSV)
        </a>
        , fill in the Translation column, and import the file back. An empty Translation removes that translation. If any row is wrong, nothing is imported and every wrong row is
        listed by its line.
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-catalog__import">
        <input type="hidden" name="intent" value="import" />
        <CsvFileField error={fileError} />
        <button className="admin-button admin-button--quiet" type="submit" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
          {importing ? "Importing…" : "Import"}
        </button>
      </Form>
    </section>
  );
}

/** The translations page: a locale's counts, its fields filtered and paged, each edited beside its original, and the translator's CSV. */
export default function AdminTranslations({ loaderData, actionData }: Route.ComponentProps) {
  const { list, saved, imported, unchanged } = loaderData;
  const { query } = list;
  const problem: AdminProblem | null = actionData ?? null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  const notice = problem
    ? ""
    : saved !== null
      ? `Saved ${plural(saved, "translation", "translations")}. The ${localeName(query.locale)} site shows ${saved === 1 ? "it" : "them"} within a few seconds.`
      : imported !== null
        ? `Imported ${plural(imported, "row", "rows")}. The shop's sites show the new words within a few seconds.`
        : unchanged
          ? "Nothing was changed, so nothing was saved."
          : "";
  const fileError = problem?.errors.file?.join(" ");
  if (!query.locale) {
    return (
      <div className="admin-catalog">
        <h1 className="admin-page__title">Translations</h1>
        <p className="admin-catalog__about">The shop sells in one language only. Once a site in another language is set up in the settings, its translations are made here.</p>
      </div>
    );
  }
  const total = list.translated + list.missing;
  return (
    <div className="admin-catalog admin-translations">
      <h1 className="admin-page__title">Translations</h1>
      <p className={notice ? "admin-notice" : "admin-stock__quiet"} role="status">
        {notice}
      </p>
      <ErrorSummary problem={problem} labels={{ file: "CSV file" }} />
      <p className="admin-catalog__about">
        The shop's own words on its sites in other languages: products, collections, menus, pages, policies and the journal. A field left empty shows the original on the{" "}
        {localeName(query.locale)} site.
      </p>
      <p className="admin-translations__counts">
        <span>
          <strong>{localeName(query.locale)}</strong>: {plural(list.translated, "field", "fields")} translated, {list.missing} missing, of {total}.
        </span>
        <meter className="admin-translations__meter" min={0} max={Math.max(total, 1)} value={list.translated} aria-label={`${localeName(query.locale)} translated`} />
      </p>
      <Form method="get" className="admin-translations__filters" aria-label="Filter the fields">
        {list.locales.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor="translations-locale">
              Language
            </label>
            <select className="field__input" id="translations-locale" name="locale" defaultValue={query.locale}>
              {list.locales.map((locale) => (
                <option key={locale} value={locale}>
                  {localeName(locale)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="locale" value={query.locale} />
        )}
        <div className="field">
          <label className="field__label" htmlFor="translations-type">
            Show
          </label>
          <select className="field__input" id="translations-type" name="type" defaultValue={query.type ?? ""}>
            <option value="">Every kind of text</option>
            {TRANSLATABLE_RESOURCES.map((type) => (
              <option key={type} value={type}>
                {RESOURCE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field admin-translations__check">
          <input type="checkbox" id="translations-missing" name="missing" value="1" defaultChecked={query.missingOnly} />
          <label htmlFor="translations-missing">Missing only</label>
        </div>
        <button className="admin-button admin-button--quiet" type="submit">
          Filter
        </button>
      </Form>
      <TranslatorCsv locale={query.locale} fileError={fileError} importing={busy && intent === "import"} busy={busy} />
      <h2 className="admin-translations__list-title" id="translations-list-title">
        {list.matching === 0 ? "No fields" : `${plural(list.matching, "field", "fields")}`}
        {query.missingOnly ? " missing" : ""}
        {query.type ? ` in ${RESOURCE_LABELS[query.type].toLowerCase()}` : ""}
      </h2>
      {list.fields.length ? (
        <Form method="post" className="admin-translations__form" aria-labelledby="translations-list-title">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="locale" value={query.locale} />
          <ol className="admin-translations__list">
            {list.fields.map((field, index) => (
              <TranslationRow key={`${field.resourceType} ${field.resourceKey} ${field.field}`} field={field} index={index} locale={query.locale} />
            ))}
          </ol>
          <div className="admin-translations__save">
            <button className="admin-button" type="submit" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
              {busy && intent === "save" ? "Saving…" : "Save translations"}
            </button>
          </div>
        </Form>
      ) : (
        <p>{query.missingOnly ? "Every field here is translated." : "Nothing to translate here."}</p>
      )}
      <AdminPagination
        page={query.page}
        pageCount={list.pageCount}
        href={(page) => `${ADMIN_PATH}/translations${translationsQueryString({ ...query, page })}`}
        label="Pages of fields"
      />
      <p className="admin-catalog__back">
        <Link to={`${ADMIN_PATH}/products`}>Products</Link>
      </p>
    </div>
  );
}
