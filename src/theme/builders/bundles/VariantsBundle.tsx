import { useId, useState } from "react";
import { bundleButtonState, bundleQuote } from "../../../core/builders/bundle-chooser.ts";
import type { BuyButtonState } from "../../../core/catalog/product-rules.ts";
import type { VariantJson } from "../../../core/contract/shopify-types.ts";
import { AddButton } from "../../cart/buying/AddButton.tsx";
import { useMoney, useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { BundleAlert } from "./BundleAlert.tsx";
import { BundlePopup } from "./BundlePopup.tsx";
import { BundlePrice, offerAmount } from "./BundlePrice.tsx";
import { type BundleData, bundleHeading } from "./bundle-data.ts";
import { useBundleAdd } from "./use-bundle-add.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";

interface VariantsBundleProps {
  bundle: BundleData;
  /** The main product's chosen variant: the parent of the bundle. */
  parentVariant: VariantJson | undefined;
}

/**
 * A variants bundle: the product on the page plus one variant of a listed
 * product (a Skin Tint shade), chosen with radios. Each radio carries this
 * data: variant id, price, discount type and amount, parent product
 * and variant ids, bundle title and discount group.
 */
export function VariantsBundle({ bundle, parentVariant }: VariantsBundleProps) {
  const { definition, products, holder } = bundle;
  const money = useMoney();
  const text = useText();
  const hydrated = useHydrated();
  const id = useId();
  const { phase, error, addBundle, dismissError } = useBundleAdd(bundle, parentVariant?.id);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const options = definition.products.flatMap((handle) => (products[handle]?.variants ?? []).map((variant) => ({ product: products[handle]!, variant })));
  const chosen = options.find((option) => option.variant.id === chosenId);
  const heading = bundleHeading(bundle);
  const manyProducts = definition.products.length > 1;

  let state: BuyButtonState = bundleButtonState([{ optional: false, options: options.map((option) => option.variant) }], [chosen?.variant]);
  if (state !== "sold-out" && parentVariant && !parentVariant.available) state = "sold-out";
  else if (state === "add" && !parentVariant) state = "select";

  const quote = bundleQuote(definition, [
    ...(parentVariant ? [{ handle: holder.handle, price: parentVariant.price }] : []),
    ...(chosen ? [{ handle: chosen.product.handle, price: chosen.variant.price }] : []),
  ]);

  function add() {
    if (state !== "add" || !parentVariant || !chosen) return;
    void addBundle([
      { handle: holder.handle, variantId: parentVariant.id, available: parentVariant.available, group: holder.handle },
      { handle: chosen.product.handle, variantId: chosen.variant.id, available: chosen.variant.available, group: holder.handle },
    ]);
  }

  return (
    <>
      <section id="bundle" data-bundle-chooser="" className="bundle bundle--variants" aria-labelledby={`${id}-heading`} tabIndex={-1} data-hydrated={hydrated || undefined}>
        <h2 id={`${id}-heading`} className="bundle__heading">
          {heading}
        </h2>
        <fieldset className="bundle__choices">
          <legend className="visually-hidden">{heading}</legend>
          {options.map(({ product, variant }) => {
            const image = variant.image ?? product.image;
            return (
              <span key={variant.id} className={`bundle-swatch ${variant.available ? "" : "bundle-swatch--sold-out"}`}>
                <input
                  id={`${id}-${variant.id}`}
                  className="bundle-swatch__input"
                  type="radio"
                  name={`bundle-${holder.id}`}
                  value={variant.id}
                  checked={chosenId === variant.id}
                  disabled={!variant.available}
                  onChange={() => {
                    dismissError();
                    setChosenId(variant.id);
                  }}
                  data-variant-id={variant.id}
                  data-price={variant.price}
                  data-discount-type={definition.discountType}
                  data-discount-amount={definition.discountAmount}
                  data-parent-product-id={holder.id}
                  data-parent-variant-id={parentVariant?.id ?? ""}
                  data-bundle-title={holder.title}
                  data-discount-group={holder.handle}
                />
                <label className="bundle-swatch__label" htmlFor={`${id}-${variant.id}`}>
                  {image ? (
                    <span className="bundle-swatch__image">
                      <ProductImage src={image.src} alt="" width={image.width} height={image.height} sizes="56px" />
                    </span>
                  ) : null}
                  <span className="bundle-swatch__title">{manyProducts ? `${product.title}: ${variant.title}` : variant.title}</span>
                  <span className="bundle-swatch__price">{variant.available ? money(variant.price) : text("sold_out")}</span>
                </label>
              </span>
            );
          })}
        </fieldset>
        <BundlePrice quote={quote} definition={definition} runningTotal={false} />
        <AddButton
          state={state}
          phase={phase}
          type="button"
          className="button--wide"
          texts={{ add: text("add_to_cart"), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("bundle_added") }}
          onClick={add}
        />
        <BundleAlert message={error} onDismiss={dismissError} />
      </section>
      <BundlePopup handle={holder.handle} heading={heading} offer={offerAmount(quote, definition, money)}>
        <button
          type="button"
          className="button button--wide"
          onClick={(event) => {
            // Closing first: the dialog hands focus back to where it was, then it moves to the chooser.
            event.currentTarget.closest("dialog")?.close();
            document.getElementById("bundle")?.focus();
          }}
        >
          {text("bundle_select")}
        </button>
      </BundlePopup>
    </>
  );
}
