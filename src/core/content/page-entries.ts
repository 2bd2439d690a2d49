/**
 * The entries of a FAQ or glossary page as translatable fields of the page,
 * beside its title and body. A FAQ topic and a question are named by their
 * original words (as menu items are), an answer by its question: reordering
 * topics or questions keeps their translations, and a question the merchant
 * rewrites shows in the original, counted missing, until it is translated
 * again, rather than French that answers another question. A glossary entry
 * is named by its tag (`ingredient:niacinamide`), the id its products carry.
 */
import type { FaqGroup, GlossaryEntry, PageData } from "./content.ts";

export const faqTopicField = (title: string) => `faq.topic.${title}`;
export const faqQuestionField = (question: string) => `faq.question.${question}`;
export const faqAnswerField = (question: string) => `faq.answer.${question}`;

/** A glossary entry's three texts. */
export const GLOSSARY_PARTS = ["name", "also_known_as", "description_html"] as const;
export type GlossaryPart = (typeof GLOSSARY_PARTS)[number];
export const glossaryField = (tag: string, part: GlossaryPart) => `glossary.${tag}.${part}`;

/** An answer and a description are rich text, edited as HTML and stored through the shop's sanitiser. */
export const isRichEntryField = (field: string): boolean => field.startsWith("faq.answer.") || (field.startsWith("glossary.") && field.endsWith(".description_html"));

/** How the back office names an entry's field: "FAQ answer to “How much is delivery?”"; null for a field that is not an entry's. */
export function entryFieldName(field: string): string | null {
  const faq = /^faq\.(topic|question|answer)\.([^]*)$/.exec(field);
  if (faq) return faq[1] === "topic" ? `FAQ topic “${faq[2]}”` : faq[1] === "question" ? `FAQ question “${faq[2]}”` : `FAQ answer to “${faq[2]}”`;
  const glossary = /^glossary\.([^]*)\.(name|also_known_as|description_html)$/.exec(field);
  if (glossary) {
    const part = { name: "name", also_known_as: "other names", description_html: "description" }[glossary[2] as GlossaryPart];
    return `Glossary ${glossary[1]!.replace(/^ingredient:/, "")}: ${part}`;
  }
  return null;
}

/** Every text of a page's entries with its field, in the order the page shows them; empty texts have nothing to translate. */
export function pageEntryTexts(data: PageData): { field: string; original: string }[] {
  const texts: { field: string; original: string }[] = [];
  const add = (field: string, original: string | undefined) => {
    if (original?.trim()) texts.push({ field, original });
  };
  for (const group of data.faq ?? []) {
    add(faqTopicField(group.title), group.title);
    for (const item of group.items) {
      add(faqQuestionField(item.question), item.question);
      add(faqAnswerField(item.question), item.answerHtml);
    }
  }
  for (const entry of data.glossary ?? []) {
    add(glossaryField(entry.tag, "name"), entry.name);
    add(glossaryField(entry.tag, "also_known_as"), entry.alsoKnownAs);
    add(glossaryField(entry.tag, "description_html"), entry.descriptionHtml);
  }
  return texts;
}

/** A translated field's words, or undefined to keep the original. */
export type EntryWords = (field: string) => string | undefined;

function translateFaq(groups: FaqGroup[], word: EntryWords): FaqGroup[] {
  return groups.map((group) => ({
    title: word(faqTopicField(group.title)) ?? group.title,
    items: group.items.map((item) => ({ question: word(faqQuestionField(item.question)) ?? item.question, answerHtml: word(faqAnswerField(item.question)) ?? item.answerHtml })),
  }));
}

/**
 * A glossary entry in the locale's words; a translated one keeps its
 * original names, so a label's INCI names ("Glycerin") still find it when
 * the entry reads "Glycérine".
 */
function translateGlossaryEntry(entry: GlossaryEntry, word: EntryWords): GlossaryEntry {
  const name = word(glossaryField(entry.tag, "name"));
  const alsoKnownAs = entry.alsoKnownAs === undefined ? undefined : word(glossaryField(entry.tag, "also_known_as"));
  const descriptionHtml = word(glossaryField(entry.tag, "description_html"));
  if (name === undefined && alsoKnownAs === undefined && descriptionHtml === undefined) return entry;
  return {
    ...entry,
    name: name ?? entry.name,
    ...(entry.alsoKnownAs !== undefined ? { alsoKnownAs: alsoKnownAs ?? entry.alsoKnownAs } : {}),
    descriptionHtml: descriptionHtml ?? entry.descriptionHtml,
    sourceNames: entry.sourceNames ?? [entry.name, ...(entry.alsoKnownAs ? [entry.alsoKnownAs] : [])],
  };
}

/** A page's entries in the locale's words, each text without a translation in the original; the data itself when it has no entries. */
export function translatePageData(data: PageData, word: EntryWords): PageData {
  if (!data.faq && !data.glossary) return data;
  return {
    ...data,
    ...(data.faq ? { faq: translateFaq(data.faq, word) } : {}),
    ...(data.glossary ? { glossary: data.glossary.map((entry) => translateGlossaryEntry(entry, word)) } : {}),
  };
}
