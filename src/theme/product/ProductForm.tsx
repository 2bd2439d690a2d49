import { Link } from "react-router";
import type { ProductJson, VariantJson } from "../../core/shopify-types.ts";
import { useMoney, useText } from "../storefront/use-shop.ts";
import { QuantityInput } from "../ui/QuantityInput.tsx";
import { useAddToCart } from "./use-add-to-cart.ts";
import { VariantPicker } from "./VariantPicker.tsx";
import { BUY_BUTTON_TEXT, type OptionSelection, buyButtonState, hasOnlyDefaultVariant, isPreorder, quantityLimits } from "./variant-selection.ts";

interface ProductFormProps {
  product: ProductJson;
  selection: OptionSelection;
  variant: VariantJson | undefined;
  quantity: number;
  onChoose: (optionIndex: number, value: string) => void;
  onQuantity: (quantity: number) => void;
}

/**
 * The buy form. A real form posting to /cart/add, so it works before and
 * without JavaScript (the shop answers with a redirect to /cart); with
 * JavaScript it adds in place and says so.
 */
export function ProductForm({ product, selection, variant, quantity, onChoose, onQuantity }: ProductFormProps) {
  const { state, add, reset } = useAddToCart();
  const money = useMoney();
  const text = useText();
  const buttonState = buyButtonState(variant);
  const limits = quantityLimits(variant);
  const adding = state.status === "adding";
  const quantityId = `quantity-${product.id}`;

  return (
    <form
      className="product-form"
      method="post"
      action="/cart/add"
      onSubmit={(event) => {
        event.preventDefault();
        // While adding, the button stays focusable (aria-disabled) and further submits are ignored.
        if (!adding && variant && buttonState === "add") void add([{ id: variant.id, quantity }]);
      }}
    >
      <input type="hidden" name="id" value={variant?.id ?? ""} />
      {hasOnlyDefaultVariant(product) ? null : (
        <>
          <VariantPicker
            product={product}
            selection={selection}
            onChoose={(index, value) => {
              reset();
              onChoose(index, value);
            }}
          />
          <noscript>
            <label className="product-form__label" htmlFor={`variant-${product.id}`}>
              {product.options.map((option) => option.name).join(" / ")}
            </label>
            <select className="select" id={`variant-${product.id}`} name="id" defaultValue={variant?.id}>
              {product.variants.map((candidate) => (
                <option key={candidate.id} value={candidate.id} disabled={!candidate.available}>
                  {`${candidate.title} – ${candidate.available ? money(candidate.price) : text("sold_out")}`}
                </option>
              ))}
            </select>
          </noscript>
        </>
      )}

      {isPreorder(variant) ? (
        <p className="product-form__note">{text("pre_order")}</p>
      ) : null}

      <div className="product-form__buy">
        <QuantityInput
          id={quantityId}
          label={text("quantity")}
          showLabel
          decreaseLabel="Decrease"
          increaseLabel="Increase"
          name="quantity"
          value={quantity}
          min={limits.min}
          max={limits.max}
          onChange={(next) => {
            if (state.status !== "adding") reset();
            onQuantity(next);
          }}
        />
        <button className="button button--wide product-form__submit" type="submit" disabled={buttonState !== "add"} aria-disabled={adding || undefined}>
          {text(adding ? "adding" : BUY_BUTTON_TEXT[buttonState])}
        </button>
      </div>

      <div className="product-form__messages" aria-live="polite">
        {state.status === "added" ? (
          <p className="product-form__added">
            <span>Added to your cart — </span>
            <Link to="/cart" prefetch="intent">
              View cart
            </Link>
          </p>
        ) : null}
      </div>
      {state.status === "failed" ? (
        <p className="product-form__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
