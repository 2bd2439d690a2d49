import { useState } from "react";
import { useSearchParams } from "react-router";
import type { ProductViewJson } from "../../core/shopify-types.ts";
import { Price } from "./Price.tsx";
import { ProductForm } from "./ProductForm.tsx";
import { ProductGallery } from "./ProductGallery.tsx";
import { StarRating, reviewSummary } from "./StarRating.tsx";
import { type OptionSelection, clampQuantity, findVariant, initialVariant, quantityLimits, selectionOf } from "./variant-selection.ts";

/** The top of the product page: pictures, title, price and the buy form, all following the chosen variant. */
export function ProductDetails({ view }: { view: ProductViewJson }) {
  const { product, metafields } = view;
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<OptionSelection>(() => selectionOf(product, initialVariant(product, searchParams.get("variant"))));
  const variant = findVariant(product, selection);
  const [shownImageId, setShownImageId] = useState<number | undefined>(() => variant?.featured_image?.id ?? product.media[0]?.id);
  const [quantity, setQuantity] = useState(1);
  // A link to another variant of this same product changes only `?variant=`: follow it.
  const variantParam = searchParams.get("variant");
  const [seenVariantParam, setSeenVariantParam] = useState(variantParam);
  if (variantParam !== seenVariantParam) {
    setSeenVariantParam(variantParam);
    const requested = product.variants.find((candidate) => String(candidate.id) === variantParam);
    if (requested && requested.id !== variant?.id) {
      setSelection(selectionOf(product, requested));
      if (requested.featured_image) setShownImageId(requested.featured_image.id);
    }
  }
  const reviews = reviewSummary(metafields);
  const badges = (metafields.product_cart_badges ?? []).filter((badge) => typeof badge === "string" && badge.trim() !== "");

  function choose(optionIndex: number, value: string) {
    const next = selection.map((chosen, index) => (index === optionIndex ? value : chosen));
    setSelection(next);
    const chosen = findVariant(product, next);
    if (!chosen) return;
    if (chosen.featured_image) setShownImageId(chosen.featured_image.id);
    setQuantity((current) => clampQuantity(current, quantityLimits(chosen)));
    // The address names the variant, replacing the entry so Back leaves the product rather than stepping through choices.
    setSearchParams(
      (params) => {
        params.set("variant", String(chosen.id));
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="product">
      <div className="product__media">
        <ProductGallery media={product.media} shownId={shownImageId} onShow={setShownImageId} productTitle={product.title} />
      </div>
      <div className="product__info">
        <p className="product__vendor">{product.vendor}</p>
        <h1 className="product__title">{product.title}</h1>
        {reviews ? <StarRating {...reviews} /> : null}
        <div className="product__price" aria-live="polite">
          {variant ? (
            <Price price={variant.price} compareAtPrice={variant.compare_at_price} className="price--large" />
          ) : (
            <Price price={product.price} compareAtPrice={product.price_varies ? null : product.compare_at_price} from={product.price_varies} className="price--large" />
          )}
        </div>
        {badges.length ? (
          <ul className="product__badges">
            {badges.map((badge) => (
              <li key={badge} className="badge">
                {badge}
              </li>
            ))}
          </ul>
        ) : null}
        <ProductForm product={product} selection={selection} variant={variant} quantity={quantity} onChoose={choose} onQuantity={setQuantity} />
        {product.description ? (
          <section className="product__description" aria-labelledby={`description-${product.id}`}>
            <h2 id={`description-${product.id}`} className="product__subtitle">
              Details
            </h2>
            <div className="rte" dangerouslySetInnerHTML={{ __html: product.description }} />
          </section>
        ) : null}
      </div>
    </div>
  );
}
