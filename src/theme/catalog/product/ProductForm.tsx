import { useRef, useState } from "react";
import {
  type BuyButtonState,
  type OptionSelection,
  addOnAddable,
  buyButtonState,
  hasOnlyDefaultVariant,
  isPreorder,
  lowStockCount,
  quantityLimits,
} from "../../../core/catalog/product-rules.ts";
import type { Settings } from "../../../core/settings/settings.ts";
import type { ProductJson, VariantJson } from "../../../core/contract/shopify-types.ts";
import { useMoney, useText, useSitePath } from "../../storefront/use-shop.ts";
import { QuantityInput } from "../../ui/QuantityInput.tsx";
import { AddButton, type AddButtonTexts } from "../../cart/buying/AddButton.tsx";
import type { AddOnProduct } from "./add-ons.ts";
import { AddOns } from "./AddOns.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { useEarlyInput } from "../../ui/early-input.ts";
import { LazyStickyAddToCart } from "./lazy-enhancements.tsx";
import { TaxCalculator } from "./TaxCalculator.tsx";
import { useAddToCart } from "../../cart/buying/use-add-to-cart.ts";
import { VariantPicker } from "./VariantPicker.tsx";
import { PurchaseOptions } from "./PurchaseOptions.tsx";

/** An add-on goes in once, whatever the main quantity. */
const ADD_ON_QUANTITY = 1;

/** Options chosen and a quantity typed in the form before the page's scripts ran; null where unchanged. */
export interface EarlyChoice {
  selection: OptionSelection | null;
  quantity: number | null;
}

interface ProductFormProps {
  product: ProductJson;
  selection: OptionSelection;
  variant: VariantJson | undefined;
  quantity: number;
  addOns: AddOnProduct[];
  settings: Settings["product"] & { taxIncluded?: boolean };
  onChoose: (optionIndex: number, value: string) => void;
  onQuantity: (quantity: number) => void;
  /** What the shopper set before hydration (see ui/early-input.ts). */
  onEarlyChoice: (early: EarlyChoice) => void;
}

/**
 * The buy form. A real form posting to /cart/add, so it works before and
 * without JavaScript (the shop answers with a redirect to /cart); with
 * JavaScript it adds in place, then the side cart opens.
 */
export function ProductForm({ product, selection, variant, quantity, addOns, settings, onChoose, onQuantity, onEarlyChoice }: ProductFormProps) {
  const onSite = useSitePath();
  const { phase, error, add, dismissError } = useAddToCart(settings.addToCartWaitMs);
  const money = useMoney();
  const text = useText();
  const [chosenAddOns, setChosenAddOns] = useState<number[]>([]);
  const [sellingPlan, setSellingPlan] = useState<number | null>(null);
  const buyArea = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const state: BuyButtonState = buyButtonState(variant);
  const limits = quantityLimits(variant, settings.quantity);
  const formId = `product-form-${product.id}`;
  const left = lowStockCount(variant);
  const offered = addOns.filter((addOn) => addOnAddable(addOn.variant, ADD_ON_QUANTITY));
  const texts: AddButtonTexts = { add: text("add_to_cart"), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("added") };

  // Options chosen, a quantity typed or add-ons ticked before the scripts ran are the shopper's choice: the form adopts them as it hydrates.
  useEarlyInput(form, (changed) => {
    let chosen: OptionSelection | null = null;
    let typed: number | null = null;
    for (const early of changed) {
      const optionIndex = product.options.findIndex((option) => early.name === `options[${option.name}]`);
      if (optionIndex >= 0) chosen = (chosen ?? selection).map((value, index) => (index === optionIndex ? early.value : value));
      else if (early.name === "quantity" && /^\d+$/.test(early.value.trim())) typed = Number(early.value);
      else if (early.control.classList.contains("add-ons__input")) {
        const id = Number(early.value);
        const on = early.checked;
        setChosenAddOns((current) => (on ? [...current.filter((other) => other !== id), id] : current.filter((other) => other !== id)));
      }
    }
    if (chosen || typed !== null) onEarlyChoice({ selection: chosen, quantity: typed });
  });

  function submit() {
    if (!variant || state !== "add") return;
    const extras = offered.filter((addOn) => chosenAddOns.includes(addOn.variant.id)).map((addOn) => ({ id: addOn.variant.id, quantity: ADD_ON_QUANTITY }));
    void add([{ id: variant.id, quantity, ...(sellingPlan === null ? {} : { selling_plan: sellingPlan }) }], extras).then((added) => {
      if (added) setChosenAddOns([]);
    });
  }

  return (
    <form
      ref={form}
      id={formId}
      className="product-form"
      aria-label={product.title}
      // Marks the form as working in place (before this it is a plain form post).
      data-hydrated={hydrated || undefined}
      method="post"
      action={onSite("/cart/add")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {variant ? <input type="hidden" name="id" value={variant.id} /> : null}
      {hasOnlyDefaultVariant(product) ? null : (
        <>
          <VariantPicker
            product={product}
            selection={selection}
            onChoose={(index, value) => {
              dismissError();
              onChoose(index, value);
            }}
          />
          <noscript>
            <label className="product-form__label" htmlFor={`variant-${product.id}`}>
              {product.options.map((option) => option.name).join(" / ")}
            </label>
            <select className="select" id={`variant-${product.id}`} name="id" defaultValue={variant?.id ?? product.variants.find((candidate) => candidate.available)?.id}>
              {product.variants.map((candidate) => (
                <option key={candidate.id} value={candidate.id} disabled={!candidate.available}>
                  {`${candidate.title} – ${candidate.available ? money(candidate.price) : text("sold_out")}`}
                </option>
              ))}
            </select>
          </noscript>
        </>
      )}

      {product.selling_plan_groups.length && state !== "sold-out" ? <PurchaseOptions product={product} variant={variant} chosen={sellingPlan} onChoose={setSellingPlan} /> : null}
      {isPreorder(variant) ? <p className="product-form__note">{text("pre_order")}</p> : null}
      {left !== null ? <p className="product-form__stock">{text("low_stock", { count: left })}</p> : null}

      {/* A sold-out variant shows the sold-out area in place of the add-to-cart area. */}
      <div className="product-form__action" ref={buyArea} data-add-to-cart-area="">
        {state === "sold-out" ? (
          <div className="product-form__sold-out">
            <AddButton state={state} phase="idle" texts={texts} className="button--wide" />
          </div>
        ) : (
          <div className="product-form__buy">
            <QuantityInput
              id={`quantity-${product.id}`}
              label={text("quantity")}
              showLabel
              decreaseLabel={text("decrease_quantity", { title: product.title })}
              increaseLabel={text("increase_quantity", { title: product.title })}
              name="quantity"
              value={quantity}
              min={limits.min}
              max={limits.max}
              onChange={(next) => {
                dismissError();
                onQuantity(next);
              }}
            />
            <AddButton state={state} phase={phase} texts={texts} className="button--wide js-only" />
            <noscript>
              <button className="button button--wide" type="submit">
                {text("add_to_cart")}
              </button>
            </noscript>
          </div>
        )}
      </div>

      {offered.length ? (
        <AddOns
          addOns={offered}
          chosen={chosenAddOns}
          onToggle={(id, on) => setChosenAddOns((current) => (on ? [...current, id] : current.filter((chosen) => chosen !== id)))}
        />
      ) : null}

      {settings.taxRates.length && variant ? <TaxCalculator amount={variant.price * quantity} rates={settings.taxRates} included={settings.taxIncluded ?? false} /> : null}

      <p className="visually-hidden" role="status">
        {phase === "added" ? text("added") : ""}
      </p>
      {error ? (
        <div className="product-form__error" role="alert">
          <p>{error}</p>
          <button type="button" className="link-button" onClick={dismissError}>
            {text("dismiss_error")}
          </button>
        </div>
      ) : null}

      <LazyStickyAddToCart
        target={buyArea}
        offset={settings.stickyAddToCartOffset}
        formId={formId}
        title={product.title}
        price={variant?.price ?? product.price}
        from={!variant && product.price_varies}
        state={state}
        phase={phase}
        texts={texts}
      />
    </form>
  );
}
