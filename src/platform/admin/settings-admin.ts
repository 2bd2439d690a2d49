/**
 * The back office's settings (owner only): the live version as a form
 * generated from the settings schema, publishing a new version from it, and
 * restoring an earlier one as the newest. Every server picks a new version
 * up within seconds (settings/live-settings.ts).
 */
import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import { type AdminSettingsClient, type AdminSettingsVersion, SETTINGS_HISTORY_LENGTH, SETTINGS_NOTE_MAX_LENGTH } from "../../core/admin/admin-settings.ts";
import { checkSettings } from "../../core/settings/settings.ts";
import { type SettingsField, fieldErrors, formFields, readSettingsForm, readSettingsSection, settingsForm } from "../../core/settings/settings-form.ts";
import type { Database, Queryable } from "../db/database.ts";
import { type StoredSettingsVersion, insertSettingsVersion, settingsRevision, settingsVersion, settingsVersions } from "../settings/settings-versions.ts";
import { deleteSettingsDraft, saveSettingsDraft, settingsDraft } from "../settings/settings-drafts.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { AdminRefused, refusal } from "./refusal.ts";

export const SETTINGS_PATH = "/settings";
export const EDITOR_PATH = "/editor";

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "");

/** The fields every form has: the schema's, whatever the values. */
let schemaFields: SettingsField[] | undefined;
const fieldsOfSchema = () => (schemaFields ??= formFields(settingsForm(undefined)));

const versionJson = (version: StoredSettingsVersion): AdminSettingsVersion => ({
  number: version.number,
  publishedAt: version.publishedAt,
  staffName: version.staffName,
  note: version.note,
  restoredFrom: version.restoredFrom,
});

/** Settings as typed with every default written out, as the form shows them, so leaving a setting out and typing its default compare equal. */
const explicit = (input: unknown) =>
  readSettingsForm(Object.fromEntries(formFields(settingsForm(input)).map((field) => [field.name, field.value])), fieldsOfSchema()).input;

/** Each setting a version changed, before and after, for the audit log (the settings themselves are kept with each version). */
function changes(before: unknown, after: unknown): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const at = (input: unknown, keys: readonly string[]) =>
    keys.reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), input);
  const [from, to] = [explicit(before), explicit(after)];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of fieldsOfSchema()) {
    const old = at(from, field.keys);
    const next = at(to, field.keys);
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    was[field.name] = old ?? null;
    now[field.name] = next ?? null;
  }
  return { before: was, after: now };
}

const staleAnswer = (latest: number) =>
  refusal(
    "conflict",
    `Someone published other settings (version ${latest}) since this page was opened. Nothing was published: reload the page to see their settings, then make your change again.`,
  );

/** Reads the version the form was made from; a form without one is treated as out of date. */
const baseOf = (form: Record<string, unknown>): number => {
  const base = Number(text(form.base));
  return Number.isSafeInteger(base) && base > 0 ? base : 0;
};

/** The settings' problems by field, or none: what the form could not read, then what the schema refuses. */
function problemsOf(read: { input: Record<string, unknown>; errors: Record<string, string> }, fields: readonly SettingsField[]): Record<string, string> {
  if (Object.keys(read.errors).length > 0) return { ...read.errors };
  const checked = checkSettings(read.input);
  return checked.ok ? {} : fieldErrors(checked.issues, fields);
}

const correcting = (done: string, errors: Record<string, string>) => {
  const count = Object.keys(errors).length;
  return refusal("invalid", `${done}: ${count === 1 ? "one setting needs" : `${count} settings need`} correcting.`, errors);
};

/** What the schema refuses in a kept draft, by field (none for a draft the preview can be drawn with). */
function draftProblems(input: unknown): Record<string, string> {
  const checked = checkSettings(input);
  return checked.ok ? {} : fieldErrors(checked.issues, fieldsOfSchema());
}

export function settingsAdmin(db: Database, actor: () => Promise<StaffJson | null>): AdminSettingsClient {
  /**
   * Stores the settings `take` gives (in the transaction: a draft is taken
   * as it is published) as the version after their base, with its audit
   * entry, in one transaction.
   */
  const publishVersion = async (
    staff: StaffJson,
    take: (tx: Queryable) => Promise<{ base: number; input: unknown }>,
    note: string,
    restoredFrom: number | null,
    next: (number: number) => string = (number) => `${SETTINGS_PATH}?published=${number}`,
  ): Promise<AdminAnswer> => {
    try {
      const number = await db.transaction(async (tx) => {
        const { base, input } = await take(tx);
        const previous = await settingsVersion(tx, base);
        const number = previous ? await insertSettingsVersion(tx, { base, input, staffId: staff.id, note, restoredFrom }) : null;
        if (number === null) {
          const [latest] = await settingsVersions(tx, 1);
          throw new AdminRefused(staleAnswer(latest?.number ?? 0));
        }
        const changed = changes(previous?.input, input);
        await recordAudit(tx, {
          staffId: staff.id,
          action: restoredFrom === null ? "settings.publish" : "settings.restore",
          subject: `settings version ${number}`,
          before: { version: base, settings: changed.before },
          after: { version: number, note, ...(restoredFrom === null ? {} : { restoredFrom }), settings: changed.after },
        });
        return number;
      });
      return { ok: true, next: next(number) };
    } catch (error) {
      if (error instanceof AdminRefused) return error.answer;
      throw error;
    }
  };

  const readNote = (form: Record<string, unknown>): { note: string; error?: string } => {
    const note = text(form.note).replace(/\s+/g, " ");
    return note.length > SETTINGS_NOTE_MAX_LENGTH ? { note, error: `Keep the note to ${SETTINGS_NOTE_MAX_LENGTH} characters or fewer.` } : { note };
  };

  return {
    async page() {
      if (!(await readerOf(actor, "settings"))) return null;
      const history = await settingsVersions(db, SETTINGS_HISTORY_LENGTH);
      const live = history[0];
      if (!live) return null;
      return { version: versionJson(live), form: settingsForm(live.input), history: history.map(versionJson) };
    },

    async publish(form) {
      const access = await accessTo(actor, "settings");
      if (!access.ok) return access.answer;
      const fields = fieldsOfSchema();
      const read = readSettingsForm(form, fields);
      const errors = problemsOf(read, fields);
      const note = readNote(form);
      if (note.error) errors.note = note.error;
      if (Object.keys(errors).length > 0) return correcting("Nothing was published", errors);
      return publishVersion(access.staff, async () => ({ base: baseOf(form), input: read.input }), note.note, null);
    },

    async restore(number, form) {
      const access = await accessTo(actor, "settings");
      if (!access.ok) return access.answer;
      const target = Number.isSafeInteger(number) && number > 0 ? await settingsVersion(db, number) : null;
      if (!target) return refusal("not_found", "There is no such settings version.");
      const checked = checkSettings(target.input);
      if (!checked.ok) {
        return refusal("invalid", `Version ${number} cannot be restored: ${checked.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}.`);
      }
      const note = readNote(form);
      if (note.error) return refusal("invalid", note.error, { note: note.error });
      return publishVersion(access.staff, async () => ({ base: baseOf(form), input: target.input }), note.note || `Restored version ${number}`, number);
    },

    async editor() {
      const staff = await readerOf(actor, "settings");
      if (!staff) return null;
      const [[live], draft] = await Promise.all([settingsVersions(db, 1), settingsDraft(db, staff.id)]);
      if (!live) return null;
      return {
        version: versionJson(live),
        draft: draft ? { base: draft.base, revision: draft.revision, updatedAt: draft.updatedAt, problems: draftProblems(draft.input) } : null,
        form: settingsForm(draft?.input ?? live.input),
      };
    },

    async saveDraft(form) {
      const access = await accessTo(actor, "settings");
      if (!access.ok) return access.answer;
      const section = text(form.section);
      try {
        return await db.transaction(async (tx) => {
          // The draft's row is held, so two saves of one staff member's draft never lose either's section.
          const draft = await settingsDraft(tx, access.staff.id, true);
          const base = draft?.base ?? (await settingsRevision(tx));
          const from = draft?.input ?? (await settingsVersion(tx, base))?.input;
          const read = readSettingsSection(from, form, section);
          if (!read) throw new AdminRefused(refusal("invalid", "Choose a section of the settings to change."));
          const errors = problemsOf(read, fieldsOfSchema());
          // An invalid draft is never kept, so it never reaches the preview.
          if (Object.keys(errors).length > 0) throw new AdminRefused(correcting("Your preview did not change", errors));
          const kept = await saveSettingsDraft(tx, access.staff.id, base, read.input);
          const changed = changes(from, read.input);
          await recordAudit(tx, {
            staffId: access.staff.id,
            action: "settings.draft",
            subject: `settings draft from version ${base}`,
            before: { revision: draft?.revision ?? null, settings: changed.before },
            after: { revision: kept.revision, section, settings: changed.after },
          });
          return { ok: true, next: `${EDITOR_PATH}?drafted=${kept.revision}` } as const;
        });
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },

    async publishDraft(form) {
      const access = await accessTo(actor, "settings");
      if (!access.ok) return access.answer;
      const note = readNote(form);
      if (note.error) return refusal("invalid", note.error, { note: note.error });
      return publishVersion(
        access.staff,
        async (tx) => {
          const draft = await settingsDraft(tx, access.staff.id, true);
          if (!draft) throw new AdminRefused(refusal("not_found", "There is no draft to publish: your preview shows the live settings."));
          await deleteSettingsDraft(tx, access.staff.id);
          return { base: draft.base, input: draft.input };
        },
        note.note || "Published from the theme editor",
        null,
        (number) => `${EDITOR_PATH}?published=${number}`,
      );
    },

    async discardDraft() {
      const access = await accessTo(actor, "settings");
      if (!access.ok) return access.answer;
      return db.transaction(async (tx) => {
        const draft = await settingsDraft(tx, access.staff.id, true);
        if (!draft) return refusal("not_found", "There is no draft to discard: your preview shows the live settings.");
        await deleteSettingsDraft(tx, access.staff.id);
        const changed = changes(draft.input, (await settingsVersion(tx, await settingsRevision(tx)))?.input);
        await recordAudit(tx, {
          staffId: access.staff.id,
          action: "settings.discard",
          subject: `settings draft from version ${draft.base}`,
          before: { revision: draft.revision, settings: changed.before },
          after: { settings: changed.after },
        });
        return { ok: true, next: `${EDITOR_PATH}?discarded=1` } as const;
      });
    },
  };
}
