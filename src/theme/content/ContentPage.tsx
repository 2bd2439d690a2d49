import type { PageView } from "../../core/content/content.ts";
import type { AccountProblem } from "../accounts/answer.ts";
import { ContactForm } from "./ContactForm.tsx";
import { FaqList } from "./FaqList.tsx";
import { Glossary } from "./Glossary.tsx";
import { RichText } from "./RichText.tsx";
import "./content.css";

/** A page of the shop's content, drawn by its template: rich text, the FAQ, the glossary or the contact page. */
export function ContentPage({ view, contact }: { view: PageView; contact?: { problem: AccountProblem | null; sent: boolean } }) {
  const { page, productsByTag } = view;
  return (
    <main id="main" className={`page page--content page--${page.template}`} tabIndex={-1}>
      <article className="content">
        <header className="content__header">
          <h1 className="content__title">{page.title}</h1>
        </header>
        {page.bodyHtml ? <RichText html={page.bodyHtml} /> : null}
        {page.template === "faq" && page.data.faq ? <FaqList groups={page.data.faq} /> : null}
        {page.template === "glossary" && page.data.glossary ? <Glossary entries={page.data.glossary} productsByTag={productsByTag} /> : null}
        {page.template === "contact" ? <ContactForm problem={contact?.problem ?? null} sent={contact?.sent ?? false} /> : null}
      </article>
    </main>
  );
}
