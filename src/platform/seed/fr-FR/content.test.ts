import { describe, expect, it } from "vitest";
import { pageEntryTexts } from "../../../core/content/page-entries.ts";
import { placeholderProblem } from "../../../core/i18n/placeholders.ts";
import { demoPages } from "../demo-pages.ts";
import { frenchContent } from "./content.ts";
import { frenchSettings } from "./settings.ts";

describe("the demo content in French", () => {
  it("translates every entry of the FAQ and the glossary, and names no entry the pages lack", () => {
    for (const page of demoPages.filter((candidate) => candidate.data)) {
      const fields = pageEntryTexts(page.data!).map((text) => text.field);
      const french = frenchContent.pages[page.handle] ?? {};
      expect(fields.length, page.handle).toBeGreaterThan(0);
      expect(fields.filter((field) => !french[field]?.trim()), page.handle).toEqual([]);
      const entryFields = Object.keys(french).filter((field) => field.startsWith("faq.") || field.startsWith("glossary."));
      expect(entryFields.filter((field) => !fields.includes(field)), page.handle).toEqual([]);
    }
  });

  it("keeps every settings text's placeholders in its French", () => {
    const problems = Object.values(frenchSettings).flatMap((texts) => Object.entries(texts).flatMap(([original, french]) => placeholderProblem(original, french) ?? []));
    expect(problems).toEqual([]);
  });
});
