/**
 * What a server builds from the live settings (its platform and app), kept
 * current: at most once per `checkEveryMs` a request checks the settings'
 * revision (one indexed read, as the catalog cache checks catalog_meta), and
 * when a newer version has been published, by this server or another, it is
 * validated and everything is built again from it, so the next request uses
 * it. Between checks a request costs a clock read.
 */
import type { Logger } from "pino";
import { type Settings, parseSettings } from "../../core/settings/settings.ts";
import { type Database, isDatabaseUnavailable } from "../db/database.ts";
import { openSettings, settingsRevision, settingsVersion } from "./settings-versions.ts";

/** Builds what depends on the settings (of version number `version`); `previous` is what the last version built, to reuse what does not depend on them. */
export type BuildFromSettings<T> = (settings: Settings, previous: T | undefined, version: number) => T;

export interface LiveSettingsOptions {
  checkEveryMs?: number;
  logger?: Pick<Logger, "info" | "warn" | "error">;
}

/** How often a server looks for newly published settings by default. */
export const SETTINGS_CHECK_MS = 1000;

export class LiveSettings<T> {
  private readonly db: Database;
  private readonly build: BuildFromSettings<T>;
  private readonly checkEveryMs: number;
  private readonly logger: LiveSettingsOptions["logger"];
  private built: { version: number; settings: Settings; value: T };
  private checkedAt: number;
  private checking: Promise<void> | null = null;
  /** A version that failed to build, so it is reported once rather than on every check. */
  private refused = 0;

  private constructor(db: Database, version: number, settings: Settings, build: BuildFromSettings<T>, options: LiveSettingsOptions) {
    this.db = db;
    this.build = build;
    this.checkEveryMs = options.checkEveryMs ?? SETTINGS_CHECK_MS;
    this.logger = options.logger;
    this.built = { version, settings, value: build(settings, undefined, version) };
    this.checkedAt = Date.now();
  }

  /** Seeds the settings from `seed` on a first start, and builds from the newest version. */
  static async open<T>(db: Database, seed: { read: () => unknown; source: string }, build: BuildFromSettings<T>, options: LiveSettingsOptions = {}): Promise<LiveSettings<T>> {
    const { version, settings } = await openSettings(db, seed.read, seed.source);
    return new LiveSettings(db, version, settings, build, options);
  }

  /** The live version's number, as of the last check. */
  get version(): number {
    return this.built.version;
  }

  get settings(): Settings {
    return this.built.settings;
  }

  /** What was built from the settings as of the last check, without checking (start-up, timers). */
  get value(): T {
    return this.built.value;
  }

  /** What is built from the live settings, checking for a newer version when the last check is old enough. */
  async current(): Promise<T> {
    if (Date.now() - this.checkedAt >= this.checkEveryMs) {
      this.checking ??= this.refresh().finally(() => {
        this.checking = null;
      });
      await this.checking;
    }
    return this.built.value;
  }

  /** Looks for a newer version now. */
  async refresh(): Promise<void> {
    this.checkedAt = Date.now();
    try {
      const revision = await settingsRevision(this.db);
      if (revision === this.built.version || revision === this.refused) return;
      const stored = await settingsVersion(this.db, revision);
      if (!stored) return;
      const settings = parseSettings(stored.input, `settings version ${stored.number} in the database`);
      this.built = { version: stored.number, settings, value: this.build(settings, this.built.value, stored.number) };
      this.logger?.info({ version: stored.number }, "published settings are live");
    } catch (error) {
      // The shop keeps answering with the settings it has: a database away for a moment, or a version this code cannot use.
      if (isDatabaseUnavailable(error)) return;
      this.refused = await settingsRevision(this.db).catch(() => this.refused);
      this.logger?.error({ err: error }, "the newest settings could not be used; the shop keeps the previous version");
    }
  }
}
