import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.settings";
import { type AdminSettingsVersion, SETTINGS_NOTE_MAX_LENGTH } from "../../core/admin-settings.ts";
import { type SettingsField, type SettingsGroup, formFields } from "../../core/settings-form.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { ErrorSummary } from "../account/ErrorSummary.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../account/account.css";
import "../admin/settings.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Settings", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("settings")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, { timeZone }] = await Promise.all([context.get(adminContext).settings.page(), context.get(storefrontContext).homePage()]);
  if (!page) throw new Response("Only the shop's owner can change the settings.", { status: 403 });
  const published = Number(new URL(request.url).searchParams.get("published"));
  // The theme editor links to the section that edits what it shows: that section opens.
  const opened = new URL(request.url).searchParams.get("section");
  return { page, timeZone, published: published === page.version.number ? published : null, opened };
}

/** Publishing the form, or restoring an earlier version; either makes a new live version. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const settings = context.get(adminContext).settings;
  const answer = values.intent === "restore" ? await settings.restore(Number(values.version), values) : await settings.publish(values);
  return adminResponse(answer, values);
}

/** A setting's input id, shared by its label, error and the summary's link. */
const settingId = (name: string) => `setting-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
const fieldIdOf = (name: string) => (name === "note" ? "settings-note" : settingId(name));

/** "sideCart" as "Side cart", the sections' names. */
const SECTION_NAMES: Record<string, string> = { sideCart: "Side cart", discountLink: "Discount links", geo: "Countries and sites", announcementBar: "Announcement bar" };

const versionLine = (version: AdminSettingsVersion, dates: Intl.DateTimeFormat) =>
  `${dates.format(new Date(version.publishedAt))}, ${version.staffName ?? (version.number === 1 ? "from the settings file" : "former staff")}`;

/**
 * The theme's settings as a form generated from the schema that checks them:
 * a section per group, the live version's values, a note, and publish; the
 * versions published, each restorable.
 */
export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { page, timeZone, published, opened } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const { language = "en", currency } = useShop();
  const dates = adminDates(language, timeZone);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fields = formFields(page.form);
  const sectionOf = new Map(page.form.flatMap((section) => formFields([section]).map((field) => [field.name, section] as const)));
  const labels: Record<string, string> = { note: "Note" };
  for (const field of fields) labels[field.name] = `${sectionLabel(sectionOf.get(field.name))}: ${field.keys.slice(1).map(labelOf).join(" › ") || field.label} (${field.name})`;
  // A problem with the publish form is shown at it; a restore's beside the history.
  const restoreProblem = problem?.values.intent === "restore" ? problem : null;
  const publishProblem = restoreProblem ? null : problem;
  return (
    <div className="admin-settings">
      <h1 className="admin-page__title">Settings</h1>
      <p className={published && !problem ? "admin-notice" : "admin-settings__quiet"} role="status">
        {published && !problem ? `Published: version ${published} is live. Every page of the shop uses it within a few seconds.` : ""}
      </p>
      <p className="admin-settings__live">
        Live now: version {page.version.number}, {versionLine(page.version, dates)}
        {page.version.note ? ` (“${page.version.note}”)` : ""}.
      </p>
      <ErrorSummary problem={publishProblem} labels={labels} fieldIdOf={fieldIdOf} />

      <Form method="post" className="admin-settings__form" aria-labelledby="settings-form-title">
        <h2 className="admin-settings__subtitle" id="settings-form-title">
          Change the settings
        </h2>
        <p className="admin-settings__help">
          Open a section, change what you need and publish it with a note. Amounts are in whole {currency} (40 means {currency} 40.00). Lists are written as JSON
          and checked against the same rules when you publish; nothing changes in the shop until the whole form is right.
        </p>
        <input type="hidden" name="intent" value="publish" />
        <input type="hidden" name="base" value={page.version.number} />
        {page.form.map((section) => (
          <Section key={section.name} section={section} problem={publishProblem} currency={currency} opened={section.name === opened} />
        ))}
        <div className="field admin-settings__note">
          <label className="field__label" htmlFor="settings-note">
            Note<span className="field__optional"> (optional)</span>
          </label>
          <p className="field__hint" id="settings-note-hint">
            What changed and why, for the version history.
          </p>
          <input
            className="field__input"
            id="settings-note"
            name="note"
            type="text"
            maxLength={SETTINGS_NOTE_MAX_LENGTH}
            autoComplete="off"
            defaultValue={publishProblem?.values.note ?? ""}
            aria-invalid={publishProblem?.errors.note ? true : undefined}
            aria-describedby={["settings-note-hint", publishProblem?.errors.note ? "settings-note-error" : null].filter(Boolean).join(" ")}
          />
          {publishProblem?.errors.note ? (
            <p className="field__error" id="settings-note-error">
              {publishProblem.errors.note.join(" ")}
            </p>
          ) : null}
        </div>
        <button className="admin-button" type="submit" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
          {busy && navigation.formData?.get("intent") === "publish" ? "Publishing…" : "Publish"}
        </button>
      </Form>

      <section className="admin-settings__history" aria-labelledby="settings-history-title">
        <h2 className="admin-settings__subtitle" id="settings-history-title">
          Versions
        </h2>
        {restoreProblem ? (
          <p className="admin-settings__problem" role="alert">
            {restoreProblem.description}
          </p>
        ) : null}
        <div className="admin-settings__scroll">
          <table className="admin-table">
            <caption>The latest {page.history.length === 1 ? "version" : `${page.history.length} versions`}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Published</th>
                <th scope="col">Note</th>
                <th scope="col">Restore</th>
              </tr>
            </thead>
            <tbody>
              {page.history.map((version) => (
                <tr key={version.number}>
                  <th scope="row">{version.number}</th>
                  <td>
                    <time dateTime={version.publishedAt}>{dates.format(new Date(version.publishedAt))}</time>, {version.staffName ?? (version.number === 1 ? "from the settings file" : "former staff")}
                  </td>
                  <td>
                    {version.note}
                    {version.restoredFrom !== null && !version.note.includes(`version ${version.restoredFrom}`) ? ` (restored version ${version.restoredFrom})` : ""}
                  </td>
                  <td>
                    {version.number === page.version.number ? (
                      <span className="admin-settings__muted">Live</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="version" value={version.number} />
                        <input type="hidden" name="base" value={page.version.number} />
                        <button className="admin-button admin-button--quiet" type="submit">
                          Restore<span className="visually-hidden"> version {version.number}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

const labelOf = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
const sectionLabel = (section: SettingsGroup | undefined) => (section ? (SECTION_NAMES[section.name] ?? section.label) : "");

const hasProblem = (group: SettingsGroup, problem: AdminProblem | null) => Boolean(problem && formFields([group]).some((field) => problem.errors[field.name]));

/** One top-level group, folded away unless it holds a problem. */
function Section({ section, problem, currency, opened }: { section: SettingsGroup; problem: AdminProblem | null; currency: string; opened: boolean }) {
  return (
    <details className="admin-settings__section" id={`settings-section-${section.name}`} open={hasProblem(section, problem) || opened || undefined}>
      <summary className="admin-settings__summary">
        {sectionLabel(section)}
        {hasProblem(section, problem) ? <span className="admin-settings__flag"> (needs correcting)</span> : null}
      </summary>
      <div className="admin-settings__fields">
        {section.children.map((child) =>
          child.kind === "field" ? <Field key={child.name} field={child} problem={problem} currency={currency} /> : <Group key={child.name} group={child} problem={problem} currency={currency} />,
        )}
      </div>
    </details>
  );
}

function Group({ group, problem, currency }: { group: SettingsGroup; problem: AdminProblem | null; currency: string }) {
  return (
    <fieldset className="admin-settings__group">
      <legend className="admin-settings__legend">{group.label}</legend>
      {group.children.map((child) =>
        child.kind === "field" ? <Field key={child.name} field={child} problem={problem} currency={currency} /> : <Group key={child.name} group={child} problem={problem} currency={currency} />,
      )}
    </fieldset>
  );
}

/** What a field's kind asks of the merchant, under its label. */
function hintOf(field: SettingsField, currency: string): string {
  const none = field.nullable ? " Leave empty for none." : field.optional && field.type !== "text" ? " Leave empty for the shop's default." : "";
  if (field.type === "money") return `In ${currency}, such as 40 or 39.95.${none}`;
  if (field.type === "json") return `Written as JSON.${none}`;
  return none.trim();
}

/** One setting: a labelled input of its kind, its hint and its error (aria-invalid, described by both). */
function Field({ field, problem, currency }: { field: SettingsField; problem: AdminProblem | null; currency: string }) {
  const id = settingId(field.name);
  const error = problem?.errors[field.name]?.join(" ") ?? "";
  const value = problem ? (problem.values[field.name] ?? "") : field.value;
  const hint = hintOf(field, currency);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, name: field.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  if (field.type === "boolean") {
    return (
      <div className="field admin-settings__field admin-settings__field--check">
        <label className="checkbox" htmlFor={id}>
          <input {...common} type="checkbox" defaultChecked={value === "on"} />
          {field.label}
        </label>
        {error ? (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  let input;
  if (field.type === "choice") {
    input = (
      <select {...common} className="field__input" defaultValue={value}>
        {field.nullable || value === "" ? <option value="">None</option> : null}
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === "json" || (field.type === "text" && (value.length > 80 || value.includes("\n")))) {
    const lines = value.split("\n").length;
    input = (
      <textarea
        {...common}
        className={`field__input admin-settings__text${field.type === "json" ? " admin-settings__text--json" : ""}`}
        rows={Math.min(Math.max(lines, field.type === "json" ? 3 : 2), 16)}
        spellCheck={field.type === "json" ? false : undefined}
        defaultValue={value}
      />
    );
  } else if (field.type === "number" || field.type === "money") {
    input = <input {...common} className="field__input admin-settings__number" type="text" inputMode="decimal" autoComplete="off" defaultValue={value} />;
  } else {
    input = <input {...common} className="field__input" type="text" autoComplete="off" defaultValue={value} />;
  }
  return (
    <div className={`field admin-settings__field${field.type === "json" ? " admin-settings__field--wide" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {field.label}
        {field.type === "money" ? ` (${currency})` : ""}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {input}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
