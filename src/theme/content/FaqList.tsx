import type { FaqGroup } from "../../core/content/content.ts";
import { handleize } from "../../core/catalog/handles.ts";
import { RichText } from "./RichText.tsx";
import { useText } from "../storefront/use-shop.ts";

/**
 * The FAQ as groups of disclosures: each question is a native `<details>`,
 * opened and closed by click, Enter or Space, found by the browser's
 * find-in-page, and readable without scripts. One question of a group opens
 * at a time.
 */
export function FaqList({ groups }: { groups: FaqGroup[] }) {
  const text = useText();
  return (
    <div className="faq">
      <nav className="faq__topics" aria-label={text("faq_topics")}>
        <ul>
          {groups.map((group) => (
            <li key={group.title}>
              <a href={`#faq-${handleize(group.title)}`}>{group.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((group) => {
        const id = `faq-${handleize(group.title)}`;
        return (
          <section className="faq__group" key={group.title} aria-labelledby={id}>
            <h2 className="faq__group-title" id={id}>
              {group.title}
            </h2>
            {group.items.map((item) => (
              <details className="faq__item" name={id} key={item.question}>
                <summary className="faq__question">{item.question}</summary>
                <RichText className="faq__answer" html={item.answerHtml} />
              </details>
            ))}
          </section>
        );
      })}
    </div>
  );
}
