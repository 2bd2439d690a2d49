/**
 * The settings' fields as forms draw them, generated from the schema: a
 * labelled input per setting of its kind, with its hint and its error. The
 * settings page and the theme editor's panel draw the same fields.
 */
import { type SettingsField, type SettingsGroup, formFields } from "../../core/settings/settings-form.ts";
import type { AdminProblem } from "./answer.ts";

/** A setting's input id, shared by its label, error and the summary's link. */
export const settingId = (name: string) => `setting-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** "sideCart" as "Side cart", the sections' names. */
const SECTION_NAMES: Record<string, string> = { sideCart: "Side cart", discountLink: "Discount links", geo: "Countries and sites", announcementBar: "Announcement bar" };

const labelOf = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
export const sectionLabel = (section: SettingsGroup | undefined) => (section ? (SECTION_NAMES[section.name] ?? section.label) : "");

const hasProblem = (group: SettingsGroup, problem: AdminProblem | null) => Boolean(problem && formFields([group]).some((field) => problem.errors[field.name]));

/** The error summary's names of the settings (and the note): the section, the setting's words and its path. */
export function settingLabels(form: readonly SettingsGroup[]): Record<string, string> {
  const labels: Record<string, string> = { note: "Note" };
  for (const section of form) {
    for (const field of formFields([section])) labels[field.name] = `${sectionLabel(section)}: ${field.keys.slice(1).map(labelOf).join(" › ") || field.label} (${field.name})`;
  }
  return labels;
}

/** One top-level group, folded away unless it holds a problem. */
export function SettingsSection({ section, problem, currency, opened }: { section: SettingsGroup; problem: AdminProblem | null; currency: string; opened: boolean }) {
  return (
    <details className="admin-settings__section" id={`settings-section-${section.name}`} open={hasProblem(section, problem) || opened || undefined}>
      <summary className="admin-settings__summary">
        {sectionLabel(section)}
        {hasProblem(section, problem) ? <span className="admin-settings__flag"> (needs correcting)</span> : null}
      </summary>
      <SettingsFields group={section} problem={problem} currency={currency} />
    </details>
  );
}

/** A group's settings, each a field of its kind (nested groups as fieldsets). */
export function SettingsFields({ group, problem, currency }: { group: SettingsGroup; problem: AdminProblem | null; currency: string }) {
  return (
    <div className="admin-settings__fields">
      {group.children.map((child) =>
        child.kind === "field" ? <Field key={child.name} field={child} problem={problem} currency={currency} /> : <Group key={child.name} group={child} problem={problem} currency={currency} />,
      )}
    </div>
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
  const errorLine = error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
  if (field.type === "boolean") {
    return (
      <div className="field admin-settings__field admin-settings__field--check">
        <label className="checkbox" htmlFor={id}>
          <input {...common} type="checkbox" defaultChecked={value === "on"} />
          {field.label}
        </label>
        {errorLine}
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
      {errorLine}
    </div>
  );
}
