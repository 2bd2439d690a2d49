/**
 * The shipped catalogues (config/locales): every locale has every text of
 * the source (en-GB), each one valid ICU MessageFormat using the variables
 * the source's does, so a text missing in French fails here, not in front of
 * a shopper.
 */
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SOURCE_LOCALE } from "../../core/i18n/locales.ts";
import { loadLocales } from "./load.ts";

const catalogues = loadLocales();
const source = catalogues[SOURCE_LOCALE]!;
const translations = Object.keys(catalogues).filter((locale) => locale !== SOURCE_LOCALE);

/** The variables a compiled message fills, plural and select arguments included. */
function variablesOf(message: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, , choices] = token;
    found.add(name);
    if (choices && typeof choices === "object") for (const [key, choice] of Object.entries(choices)) if (key !== "offset" && Array.isArray(choice)) variablesOf(choice as CompiledMessage, found);
  }
  return found;
}

describe("the message catalogues", () => {
  it("are the source and French at least", () => {
    expect(Object.keys(catalogues)).toEqual(expect.arrayContaining([SOURCE_LOCALE, "fr-FR"]));
  });

  it.each(Object.keys(catalogues))("%s is valid ICU MessageFormat throughout", (locale) => {
    const invalid = Object.entries(catalogues[locale]!).filter(([, text]) => {
      try {
        compileMessageOrThrow(text);
        return false;
      } catch {
        return true;
      }
    });
    expect(invalid).toEqual([]);
  });

  it.each(translations)("%s has every text of the source and no other", (locale) => {
    const keys = Object.keys(catalogues[locale]!);
    expect(Object.keys(source).filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !(key in source))).toEqual([]);
  });

  it.each(translations)("%s fills the same variables as the source in every text", (locale) => {
    const catalogue = catalogues[locale]!;
    const differing = Object.keys(source)
      .filter((key) => key in catalogue)
      .filter((key) => {
        const wanted = [...variablesOf(compileMessageOrThrow(source[key]!))].sort();
        const written = [...variablesOf(compileMessageOrThrow(catalogue[key]!))].sort();
        return wanted.join() !== written.join();
      });
    expect(differing).toEqual([]);
  });
});
