import { useId } from "react";
import { useMoney, useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import type { BundleProduct } from "./bundle-data.ts";

interface BundleOptionProps {
  /** The radio group's name. */
  name: string;
  product: BundleProduct;
  /** The variant shown (and picked, when this option is). */
  variantId: number | undefined;
  checked: boolean;
  /** The bundle page lets a sold-out variant be chosen (its button then says out of stock); the product-page chooser does not. */
  allowUnavailable?: boolean;
  onPick: (variantId: number) => void;
}

/** One product to pick in a bundle group or step: a radio card, with a select for its variants when it has several. */
export function BundleOption({ name, product, variantId, checked, allowUnavailable = false, onPick }: BundleOptionProps) {
  const money = useMoney();
  const text = useText();
  const id = useId();
  const variant = product.variants.find((candidate) => candidate.id === variantId) ?? product.variants[0];
  const anyAvailable = product.variants.some((candidate) => candidate.available);
  const disabled = !variant || (!allowUnavailable && !anyAvailable);
  const image = variant?.image ?? product.image;
  return (
    <div className={`bundle-option ${checked ? "bundle-option--checked" : ""} ${anyAvailable ? "" : "bundle-option--sold-out"}`}>
      <input id={id} className="bundle-option__input" type="radio" name={name} value={product.handle} checked={checked} disabled={disabled} onChange={() => variant && onPick(variant.id)} />
      <label className="bundle-option__label" htmlFor={id}>
        <span className="bundle-option__image">{image ? <ProductImage src={image.src} alt="" width={image.width} height={image.height} sizes="64px" /> : null}</span>
        <span className="bundle-option__text">
          <span className="bundle-option__title">{product.title}</span>
          <span className="bundle-option__meta">
            {variant ? money(variant.price) : null}
            {variant && !variant.available ? ` · ${text("sold_out")}` : null}
          </span>
        </span>
      </label>
      {variant && product.variants.length > 1 ? (
        <select
          className="select bundle-option__variant"
          aria-label={`${product.optionName ?? "Option"}: ${product.title}`}
          value={variant.id}
          disabled={disabled}
          onChange={(event) => onPick(Number(event.currentTarget.value))}
        >
          {product.variants.map((candidate) => (
            <option key={candidate.id} value={candidate.id} disabled={!allowUnavailable && !candidate.available}>
              {candidate.available ? `${candidate.title} – ${money(candidate.price)}` : `${candidate.title} – ${text("sold_out")}`}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}
