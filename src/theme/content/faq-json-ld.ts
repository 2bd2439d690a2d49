import type { FaqGroup } from "../../core/content/content.ts";

/** A FAQ page for search engines (schema.org FAQPage): every question with its answer, in the site's words and language. */
export function faqJsonLd(groups: readonly FaqGroup[], inLanguage: string, url: string) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage,
    url,
    mainEntity: groups.flatMap((group) =>
      group.items.map((item) => ({
        "@type": "Question",
        name: item.question,
        // schema.org allows an answer's text a few HTML tags (links, paragraphs, lists): the sanitised answer as shown.
        acceptedAnswer: { "@type": "Answer", text: item.answerHtml },
      })),
    ),
  };
}
