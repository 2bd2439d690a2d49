import { useId } from "react";
import { useMoney, useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import type { AddOnProduct } from "./add-ons.ts";

interface AddOnsProps {
  addOns: AddOnProduct[];
  /** Variant ids ticked. */
  chosen: number[];
  onToggle: (variantId: number, on: boolean) => void;
}

/** Extra products to add with the main one, as checkboxes; only those that may be added are offered. */
export function AddOns({ addOns, chosen, onToggle }: AddOnsProps) {
  const money = useMoney();
  const text = useText();
  const id = useId();
  return (
    <fieldset className="add-ons js-only">
      <legend className="add-ons__legend">{text("upsell_title")}</legend>
      <ul className="add-ons__list">
        {addOns.map((addOn) => (
          <li key={addOn.variant.id} className="add-ons__item">
            <input
              id={`${id}-${addOn.variant.id}`}
              className="add-ons__input"
              type="checkbox"
              value={addOn.variant.id}
              checked={chosen.includes(addOn.variant.id)}
              onChange={(event) => onToggle(addOn.variant.id, event.currentTarget.checked)}
            />
            <label className="add-ons__label" htmlFor={`${id}-${addOn.variant.id}`}>
              {addOn.image ? (
                <span className="add-ons__image">
                  <ProductImage src={addOn.image.src} alt="" width={addOn.image.width} height={addOn.image.height} sizes="48px" />
                </span>
              ) : null}
              <span className="add-ons__title">{addOn.title}</span>
              <span className="add-ons__price">+{money(addOn.variant.price)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
