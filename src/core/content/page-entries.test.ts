import { describe, expect, it } from "vitest";
import type { PageData } from "./content.ts";
import { faqAnswerField, faqQuestionField, faqTopicField, glossaryField, isRichEntryField, entryFieldName, pageEntryTexts, translatePageData } from "./page-entries.ts";

const data: PageData = {
  faq: [
    { title: "Returns", items: [
      { question: "How long do refunds take?", answerHtml: "<p>14 days.</p>" },
      { question: "My order arrived damaged.", answerHtml: "<p>We are sorry.</p>" },
    ] },
  ],
  glossary: [
    { name: "Glycerin", tag: "ingredient:glycerin", descriptionHtml: "<p>A humectant.</p>" },
    { name: "Niacinamide", tag: "ingredient:niacinamide", alsoKnownAs: "Vitamin B3", descriptionHtml: "<p>Vitamin B3.</p>" },
  ],
};

const french = new Map([
  [faqTopicField("Returns"), "Retours"],
  [faqQuestionField("How long do refunds take?"), "Sous quel délai suis-je remboursé ?"],
  [faqAnswerField("How long do refunds take?"), "<p>14 jours.</p>"],
  [glossaryField("ingredient:glycerin", "name"), "Glycérine"],
  [glossaryField("ingredient:niacinamide", "also_known_as"), "Vitamine B3"],
]);

describe("a FAQ's and a glossary's entries as fields of their page", () => {
  it("lists every entry's texts in the page's order, each named by what survives reordering", () => {
    expect(pageEntryTexts(data).map((text) => text.field)).toEqual([
      "faq.topic.Returns",
      "faq.question.How long do refunds take?",
      "faq.answer.How long do refunds take?",
      "faq.question.My order arrived damaged.",
      "faq.answer.My order arrived damaged.",
      "glossary.ingredient:glycerin.name",
      "glossary.ingredient:glycerin.description_html",
      "glossary.ingredient:niacinamide.name",
      "glossary.ingredient:niacinamide.also_known_as",
      "glossary.ingredient:niacinamide.description_html",
    ]);
  });

  it("lays the translations over the entries, the untranslated ones showing the original", () => {
    const translated = translatePageData(data, (field) => french.get(field));
    expect(translated.faq).toEqual([
      { title: "Retours", items: [
        { question: "Sous quel délai suis-je remboursé ?", answerHtml: "<p>14 jours.</p>" },
        { question: "My order arrived damaged.", answerHtml: "<p>We are sorry.</p>" },
      ] },
    ]);
    expect(translated.glossary).toEqual([
      { name: "Glycérine", tag: "ingredient:glycerin", descriptionHtml: "<p>A humectant.</p>", sourceNames: ["Glycerin"] },
      { name: "Niacinamide", tag: "ingredient:niacinamide", alsoKnownAs: "Vitamine B3", descriptionHtml: "<p>Vitamin B3.</p>", sourceNames: ["Niacinamide", "Vitamin B3"] },
    ]);
  });

  it("keeps a question's translation when the merchant reorders the questions", () => {
    const reordered: PageData = { faq: [{ title: "Returns", items: [...data.faq![0]!.items].reverse() }] };
    expect(translatePageData(reordered, (field) => french.get(field)).faq?.[0]?.items[1]).toEqual({ question: "Sous quel délai suis-je remboursé ?", answerHtml: "<p>14 jours.</p>" });
  });

  it("shows a rewritten question in the original until it is translated again", () => {
    const rewritten: PageData = { faq: [{ title: "Returns", items: [{ question: "When is my refund paid?", answerHtml: "<p>14 days.</p>" }] }] };
    expect(translatePageData(rewritten, (field) => french.get(field)).faq?.[0]?.items[0]).toEqual({ question: "When is my refund paid?", answerHtml: "<p>14 days.</p>" });
  });

  it("leaves a page without entries as it is", () => {
    const plain: PageData = {};
    expect(translatePageData(plain, (field) => french.get(field))).toBe(plain);
  });

  it("names answers and descriptions as rich text, and each field for the back office", () => {
    expect(isRichEntryField(faqAnswerField("Why?"))).toBe(true);
    expect(isRichEntryField(glossaryField("ingredient:rose", "description_html"))).toBe(true);
    expect(isRichEntryField(faqQuestionField("Why?"))).toBe(false);
    expect(isRichEntryField(glossaryField("ingredient:rose", "name"))).toBe(false);
    expect(entryFieldName(faqAnswerField("Why?"))).toBe("FAQ answer to “Why?”");
    expect(entryFieldName(glossaryField("ingredient:rose", "also_known_as"))).toBe("Glossary rose: other names");
    expect(entryFieldName("title")).toBeNull();
  });
});
