import { useId } from "react";
import type { ProductJson } from "../../../core/contract/shopify-types.ts";
import { useText } from "../../storefront/use-shop.ts";
import { type OptionSelection, optionValueState } from "../../../core/catalog/product-rules.ts";

interface VariantPickerProps {
  product: ProductJson;
  selection: OptionSelection;
  onChoose: (optionIndex: number, value: string) => void;
}


/** One radio group per option (Size, Scent…), as native radios so arrow keys and forms just work. */
export function VariantPicker({ product, selection, onChoose }: VariantPickerProps) {
  const id = useId();
  const text = useText();
  return (
    <div className="variant-picker js-only">
      {product.options.map((option, optionIndex) => (
        <fieldset key={option.name} className="variant-picker__option">
          <legend className="variant-picker__legend">
            {option.name}
            {selection[optionIndex] ? <span className="variant-picker__chosen">: {selection[optionIndex]}</span> : null}
          </legend>
          <div className="variant-picker__values">
            {option.values.map((value, valueIndex) => {
              const state = optionValueState(product, selection, optionIndex, value);
              const inputId = `${id}-${optionIndex}-${valueIndex}`;
              const noteId = `${inputId}-note`;
              return (
                <span key={value} className={`variant-picker__value variant-picker__value--${state}`}>
                  <input
                    id={inputId}
                    className="variant-picker__input"
                    type="radio"
                    name={`options[${option.name}]`}
                    value={value}
                    checked={selection[optionIndex] === value}
                    onChange={() => onChoose(optionIndex, value)}
                    {...(state !== "available" ? { "aria-describedby": noteId } : {})}
                  />
                  <label className="variant-picker__label" htmlFor={inputId}>
                    {value}
                  </label>
                  {state !== "available" ? (
                    <span id={noteId} className="visually-hidden">
                      {state === "sold-out" ? text("sold_out") : text("variant_unavailable")}
                    </span>
                  ) : null}
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
