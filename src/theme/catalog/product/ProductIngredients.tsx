import { type FreeFromBadge, freeFromBadges, inciListOf, keyIngredientsFirst, keyIngredientsOf } from "../../../core/catalog/inci.ts";
import type { ProductMetafields } from "../../../core/contract/shopify-types.ts";
import { GLOSSARY_PAGE } from "../../../core/content/glossary-links.ts";
import { type TextKey, useSitePath, useText } from "../../storefront/use-shop.ts";

/** Each badge's words in the message catalogue. */
const BADGE_TEXT: Record<FreeFromBadge, TextKey> = {
  fragrance: "free_from_fragrance",
  alcohol: "free_from_alcohol",
  "essential-oils": "free_from_essential_oils",
  silicones: "free_from_silicones",
  vegan: "free_from_vegan",
};

interface ProductIngredientsProps {
  productId: number;
  tags: readonly string[];
  metafields: ProductMetafields;
  /** The glossary's anchor for each name it explains. */
  glossary: Readonly<Record<string, string>>;
}

/**
 * The Ingredients section: what the formula is free from, its key
 * ingredients, then the full INCI list in the label's order, each name the
 * glossary explains linked to its entry.
 */
export function ProductIngredients({ productId, tags, metafields, glossary }: ProductIngredientsProps) {
  const onSite = useSitePath();
  const text = useText();
  const list = inciListOf(metafields);
  if (list.length === 0) return null;
  const key = keyIngredientsFirst(list, keyIngredientsOf(metafields)).filter((entry) => entry.key);
  const badges = freeFromBadges(list, tags);
  const name = (ingredient: string) => {
    const anchor = glossary[ingredient];
    return anchor ? <a href={onSite(`/pages/${GLOSSARY_PAGE}#${anchor}`)}>{ingredient}</a> : ingredient;
  };
  return (
    <section className="product__ingredients" aria-labelledby={`ingredients-${productId}`}>
      <h2 id={`ingredients-${productId}`} className="product__subtitle">
        {text("ingredients")}
      </h2>
      {badges.length ? (
        <ul className="product__free-from" aria-label={text("free_from")}>
          {badges.map((badge) => (
            <li key={badge} className="badge">
              {text(BADGE_TEXT[badge])}
            </li>
          ))}
        </ul>
      ) : null}
      {key.length ? (
        <>
          <h3 className="product__ingredients-title">{text("key_ingredients")}</h3>
          <ul className="product__key-ingredients">
            {key.map((entry) => (
              <li key={entry.name}>{name(entry.name)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="product__ingredients-title">{text("full_ingredients")}</h3>
      <p className="product__inci">
        {list.map((ingredient, position) => (
          <span key={ingredient}>
            {position > 0 ? ", " : null}
            {name(ingredient)}
          </span>
        ))}
      </p>
    </section>
  );
}
