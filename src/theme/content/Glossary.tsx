import { useSitePath, useText } from "../storefront/use-shop.ts";
import type { GlossaryEntry, ProductLink } from "../../core/content/content.ts";
import { tagHandle } from "../../core/catalog/handles.ts";
import { glossaryAnchorOf } from "../../core/content/glossary-links.ts";
import { RichText } from "./RichText.tsx";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

const initial = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .charAt(0)
    .toUpperCase();

/**
 * The ingredient glossary from A to Z: a letter index (letters without an
 * ingredient are shown but not links), and for each ingredient what it does
 * and the products that contain it, found by the ingredient's tag.
 */
export function Glossary({ entries, productsByTag }: { entries: GlossaryEntry[]; productsByTag: Record<string, ProductLink[]> }) {
  const onSite = useSitePath();
  const text = useText();
  // The entries come in the site's alphabetical order (the server's inGlossaryOrder).
  const byLetter = new Map<string, GlossaryEntry[]>();
  for (const entry of entries) {
    const letter = initial(entry.name);
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), entry]);
  }
  return (
    <div className="glossary">
      <nav className="glossary__index" aria-label={text("glossary_letters")}>
        <ul>
          {LETTERS.map((letter) => (
            <li key={letter}>
              {byLetter.has(letter) ? (
                <a href={`#letter-${letter.toLowerCase()}`}>{letter}</a>
              ) : (
                <span aria-hidden="true" className="glossary__letter--empty">
                  {letter}
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {[...byLetter.entries()].map(([letter, group]) => (
        <section className="glossary__letter" key={letter} aria-labelledby={`letter-${letter.toLowerCase()}`}>
          <h2 className="glossary__letter-title" id={`letter-${letter.toLowerCase()}`}>
            {letter}
          </h2>
          <dl className="glossary__entries">
            {group.map((entry) => {
              const products = productsByTag[entry.tag] ?? [];
              const id = glossaryAnchorOf(entry);
              return (
                <div className="glossary__entry" key={entry.tag} id={id}>
                  <dt className="glossary__name">
                    {entry.name}
                    {entry.alsoKnownAs ? <span className="glossary__aka"> ({entry.alsoKnownAs})</span> : null}
                  </dt>
                  <dd className="glossary__body">
                    <RichText html={entry.descriptionHtml} />
                    {products.length ? (
                      <>
                        <p className="glossary__found">{text("glossary_found_in")}</p>
                        <ul className="glossary__products">
                          {products.map((product) => (
                            <li key={product.handle}>
                              <a href={onSite(product.url)}>{product.title}</a>
                            </li>
                          ))}
                        </ul>
                        <a className="glossary__shop" href={onSite(`/collections/all/${tagHandle(entry.tag)}`)}>
                          {text("glossary_shop_all", { name: entry.name })}
                          <span aria-hidden="true"> →</span>
                        </a>
                      </>
                    ) : null}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
