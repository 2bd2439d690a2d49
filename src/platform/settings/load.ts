import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { type Locale, parseLocale } from "../../core/sites/locale.ts";
import { type Settings, parseSettings } from "../../core/settings/settings.ts";

export const DEFAULT_SETTINGS_PATH = "config/settings.json";
export const DEFAULT_LOCALE_PATH = "config/locales/en.json";

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

/** Reads and validates a locale file (by default config/locales/en.json under the working directory). */
export function loadLocale(path: string = DEFAULT_LOCALE_PATH): Locale {
  const { data, shown } = readJsonFile(path, "locale");
  return parseLocale(data, shown);
}
