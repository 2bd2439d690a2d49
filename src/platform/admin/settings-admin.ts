/**
 * The back office's settings (owner only): the live version as a form
 * generated from the settings schema, publishing a new version from it, and
 * restoring an earlier one as the newest. Every server picks a new version
 * up within seconds (settings/live-settings.ts).
 */
import { ADMIN_PATH, type AdminAnswer, type StaffJson } from "../../core/admin.ts";
import { type AdminSettingsClient, type AdminSettingsVersion, SETTINGS_HISTORY_LENGTH, SETTINGS_NOTE_MAX_LENGTH } from "../../core/admin-settings.ts";
import { checkSettings } from "../../core/settings.ts";
import { type SettingsField, fieldErrors, formFields, readSettingsForm, settingsForm } from "../../core/settings-form.ts";
import type { Database } from "../db/database.ts";
import { type StoredSettingsVersion, insertSettingsVersion, settingsVersion, settingsVersions } from "../settings/settings-versions.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { AdminRefused, refusal } from "./refusal.ts";

export const SETTINGS_PATH = `${ADMIN_PATH}/settings`;

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
    409,
    `Someone published other settings (version ${latest}) since this page was opened. Nothing was published: reload the page to see their settings, then make your change again.`,
  );

/** Reads the version the form was made from; a form without one is treated as out of date. */
const baseOf = (form: Record<string, unknown>): number => {
  const base = Number(text(form.base));
  return Number.isSafeInteger(base) && base > 0 ? base : 0;
};

export function settingsAdmin(db: Database, actor: () => Promise<StaffJson | null>): AdminSettingsClient {
  /** Stores `input` as the version after `base`, with its audit entry, in one transaction. */
  const publishVersion = async (staff: StaffJson, base: number, input: unknown, note: string, restoredFrom: number | null): Promise<AdminAnswer> => {
    try {
      const number = await db.transaction(async (tx) => {
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
      return { ok: true, redirect: `${SETTINGS_PATH}?published=${number}` };
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
      const errors: Record<string, string> = { ...read.errors };
      const note = readNote(form);
      if (note.error) errors.note = note.error;
      if (Object.keys(read.errors).length === 0) {
        const checked = checkSettings(read.input);
        if (!checked.ok) Object.assign(errors, fieldErrors(checked.issues, fields));
      }
      if (Object.keys(errors).length > 0) {
        const count = Object.keys(errors).length;
        return refusal(422, `Nothing was published: ${count === 1 ? "one setting needs" : `${count} settings need`} correcting.`, errors);
      }
      return publishVersion(access.staff, baseOf(form), read.input, note.note, null);
    },

    async restore(number, form) {
      const access = await accessTo(actor, "settings");
      if (!access.ok) return access.answer;
      const target = Number.isSafeInteger(number) && number > 0 ? await settingsVersion(db, number) : null;
      if (!target) return refusal(404, "There is no such settings version.");
      const checked = checkSettings(target.input);
      if (!checked.ok) {
        return refusal(422, `Version ${number} cannot be restored: ${checked.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}.`);
      }
      const note = readNote(form);
      if (note.error) return refusal(422, note.error, { note: note.error });
      return publishVersion(access.staff, baseOf(form), target.input, note.note || `Restored version ${number}`, number);
    },
  };
}
