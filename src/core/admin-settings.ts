/** The back office's settings: the live version as a form, the versions published, publishing and restoring. */
import type { AdminAnswer } from "./admin.ts";
import type { SettingsGroup } from "./settings-form.ts";

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
}
