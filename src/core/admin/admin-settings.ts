/** The back office's settings: the live version as a form, the versions published, publishing and restoring. */
import type { AdminAnswer } from "./answers.ts";
import type { SettingsGroup } from "../settings/settings-form.ts";

/** The longest note a published version keeps. */
export const SETTINGS_NOTE_MAX_LENGTH = 200;
/** Versions the history lists. */
export const SETTINGS_HISTORY_LENGTH = 30;

export interface AdminSettingsVersion {
  number: number;
  publishedAt: string;
  /** Who published it; null for the first settings (from the file) or a removed account. */
  staffName: string | null;
  note: string;
  /** The earlier version this one restored, if it is a restore. */
  restoredFrom: number | null;
}

export interface AdminSettingsPage {
  /** The live version: the form is its settings, and a publish is made from it. */
  version: AdminSettingsVersion;
  form: SettingsGroup[];
  /** The latest versions, newest first. */
  history: AdminSettingsVersion[];
}

/** A staff member's draft of the settings, made in the theme editor and seen only in their preview. */
export interface AdminSettingsDraft {
  /** The live version it started from; publishing it is refused once another version is live. */
  base: number;
  /** Counts its changes: the preview redraws when it moves on. */
  revision: number;
  updatedAt: string;
  /**
   * What the settings schema refuses in the draft as kept, by field: none for
   * a draft saved now (an invalid change is never kept), some for one kept
   * before the shop's settings changed shape. Until they are corrected the
   * preview cannot be drawn with the draft and shows the live shop.
   */
  problems: Record<string, string>;
}

/** The theme editor's settings: the live version, the staff member's draft, and the form of what their preview shows. */
export interface AdminEditorSettings {
  version: AdminSettingsVersion;
  draft: AdminSettingsDraft | null;
  /** The draft's settings as a form, else the live version's. */
  form: SettingsGroup[];
}

export interface AdminSettingsClient {
  /** The live settings as a form, and the history; null for anyone but the owner. */
  page(): Promise<AdminSettingsPage | null>;
  /**
   * Publishes the form's settings as the next version after `base` (the
   * version the form was made from), with a `note`. Each problem is keyed by
   * the setting's path (`sideCart.shippingThreshold`); a 409 when another
   * version was published since `base`.
   */
  publish(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Publishes a copy of version `number` as the newest, from the form's `base`. */
  restore(number: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** The editor's settings for the signed-in staff member; null for anyone not allowed the settings. */
  editor(): Promise<AdminEditorSettings | null>;
  /**
   * Keeps one section of the form (`section`, a top-level settings group)
   * over the staff member's draft (started from the live version); nothing
   * is kept unless the whole settings then pass the schema, each problem
   * keyed by the setting's path.
   */
  saveDraft(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Publishes the draft as the next version after its base, with the form's `note`, and drops it; a 409 when another version was published since. */
  publishDraft(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Drops the draft: the preview shows the live settings again. */
  discardDraft(): Promise<AdminAnswer>;
}
