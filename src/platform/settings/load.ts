import { readFileSync, readdirSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import { SOURCE_LOCALE } from "../../core/i18n/locales.ts";
import { type Locale, parseLocale } from "../../core/sites/locale.ts";
import { type Settings, parseSettings } from "../../core/settings/settings.ts";

export const DEFAULT_SETTINGS_PATH = "config/settings.json";
export const DEFAULT_LOCALES_DIR = "config/locales";
export const DEFAULT_LOCALE_PATH = `${DEFAULT_LOCALES_DIR}/${SOURCE_LOCALE}.json`;

function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/**
 * Reads and parses a JSON config file, naming the file in any error. Shared by
 * the settings and locale loaders.
 */
function readJsonFile(path: string, what: string): { data: unknown; shown: string } {
  const absolute = resolve(path);
  const shown = shownPath(absolute);
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch (error) {
    throw new Error(`Cannot read ${what} file ${shown}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    return { data: JSON.parse(text) as unknown, shown };
  } catch (error) {
    throw new Error(`Invalid ${what} in ${shown}: not valid JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
}

/** Reads and validates the settings file (by default config/settings.json under the working directory). */
export function loadSettings(path: string = DEFAULT_SETTINGS_PATH): Settings {
  const { data, shown } = readJsonFile(path, "settings");
  return parseSettings(data, shown);
}

/**
 * Reads the settings file as typed, for seeding the first settings version
 * (validated there, with the file named); `source` is the name shown in messages.
 */
export function readSettingsSeed(path: string = DEFAULT_SETTINGS_PATH): { read: () => unknown; source: string } {
  return { read: () => readJsonFile(path, "settings").data, source: shownPath(resolve(path)) };
}

/** Reads and validates a locale file (by default config/locales/en-GB.json under the working directory). */
export function loadLocale(path: string = DEFAULT_LOCALE_PATH): Locale {
  const { data, shown } = readJsonFile(path, "locale");
  return parseLocale(data, shown);
}

/** A locale tag as a catalogue's file name says it: "fr-FR" of fr-FR.json. */
const CATALOGUE_FILE = /^[a-z]{2}(?:-[A-Z]{2})?\.json$/;

/** Reads and validates every locale's catalogue in a folder (by default config/locales), by locale tag. */
export function loadLocales(dir: string = DEFAULT_LOCALES_DIR): Record<string, Locale> {
  const files = readdirSync(resolve(dir)).filter((file) => CATALOGUE_FILE.test(file));
  return Object.fromEntries(files.map((file) => [basename(file, ".json"), loadLocale(join(dir, file))]));
}
