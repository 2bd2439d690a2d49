import { useId, useState } from "react";
import { Link } from "react-router";
import { bundleButtonState, bundleQuote } from "../../../core/builders/bundle-chooser.ts";
import { setVariant, variantIdsFromHash } from "../../../core/catalog/product-rules.ts";
import { AddButton, type AddButtonTexts } from "../../cart/buying/AddButton.tsx";
import { useMoney, useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { BundleAlert } from "./BundleAlert.tsx";
import { BundlePopup } from "./BundlePopup.tsx";
import { BundlePrice, offerAmount } from "./BundlePrice.tsx";
import { type BundleData, type BundleProduct, type BundleVariant, bundleHeading } from "./bundle-data.ts";
import { useLocationHash } from "../../catalog/product/browser-state.ts";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { useBundleAdd } from "./use-bundle-add.ts";

interface SetItem {
  product: BundleProduct;
  variant: BundleVariant | undefined;
}

/**
 * A preselected bundle: a fixed set, one of each product, added with one
 * call. Each product comes in its first available variant, or the one the
 * address hash names (`#variant=123,456`); a product sold in several variants
 * can be switched here too. Out of stock when any product of the set is.
 */
export function PreselectedBundle({ bundle }: { bundle: BundleData }) {
  const { definition, products, holder } = bundle;
  const text = useText();
  const hydrated = useHydrated();
  const money = useMoney();
  const id = useId();
  const { phase, error, addBundle, dismissError } = useBundleAdd(bundle);
  // The hash is only known in the browser; a new hash starts the set afresh.
  const hash = useLocationHash();
  const requested = variantIdsFromHash(hash);
  const [switchedFor, setSwitchedFor] = useState<{ hash: string; variants: Record<number, number> }>({ hash: "", variants: {} });
  const switched = switchedFor.hash === hash ? switchedFor.variants : {};

  const items: SetItem[] = definition.products.map((handle, index) => {
    const product = products[handle]!;
    const chosenId = switched[index];
    const variant = product.variants.find((candidate) => candidate.id === chosenId) ?? setVariant(product.variants, requested);
    return { product, variant };
  });
  const state = bundleButtonState(
    items.map((item) => ({ optional: false, options: item.variant ? [item.variant] : [] })),
    items.map((item) => item.variant),
  );
  const quote = bundleQuote(
    definition,
    items.flatMap((item) => (item.variant ? [{ handle: item.product.handle, price: item.variant.price }] : [])),
  );
  const heading = bundleHeading(bundle);
  const texts: AddButtonTexts = { add: text("add_to_cart"), soldOut: text("sold_out"), select: text("make_a_selection"), adding: text("adding"), added: text("bundle_added") };

  function add() {
    if (state !== "add") return;
    void addBundle(items.flatMap((item) => (item.variant ? [{ handle: item.product.handle, variantId: item.variant.id, available: item.variant.available, group: holder.handle }] : [])));
  }

  return (
    <>
      <section id="bundle" data-bundle-chooser="" className="bundle bundle--preselected" aria-labelledby={`${id}-heading`} tabIndex={-1} data-hydrated={hydrated || undefined}>
        <h2 id={`${id}-heading`} className="bundle__heading">
          {heading}
        </h2>
        <ul className="bundle-set" aria-label={heading}>
          {items.map(({ product, variant }, index) => {
            const image = variant?.image ?? product.image;
            return (
              <li key={`${product.handle}-${index}`} className={`bundle-set__item ${variant?.available ? "" : "bundle-set__item--sold-out"}`}>
                <span className="bundle-set__image">{image ? <ProductImage src={image.src} alt="" width={image.width} height={image.height} sizes="64px" /> : null}</span>
                <span className="bundle-set__text">
                  <Link className="bundle-set__title" to={product.url} prefetch="intent">
                    {product.title}
                  </Link>
                  <span className="bundle-set__meta">
                    {variant && product.variants.length > 1 ? `${variant.title} · ` : ""}
                    {variant ? (variant.available ? money(variant.price) : text("sold_out")) : text("sold_out")}
                  </span>
                </span>
                {variant && product.variants.length > 1 ? (
                  <select
                    className="select bundle-set__variant"
                    aria-label={`${product.optionName ?? "Option"}: ${product.title}`}
                    value={variant.id}
                    onChange={(event) => {
                      const value = Number(event.currentTarget.value);
                      setSwitchedFor({ hash, variants: { ...switched, [index]: value } });
                    }}
                  >
                    {product.variants.map((candidate) => (
                      <option key={candidate.id} value={candidate.id} disabled={!candidate.available}>
                        {candidate.available ? `${candidate.title} – ${money(candidate.price)}` : `${candidate.title} – ${text("sold_out")}`}
                      </option>
                    ))}
                  </select>
                ) : null}
              </li>
            );
          })}
        </ul>
        <BundlePrice quote={quote} definition={definition} />
        <div className="bundle__action" data-add-to-cart-area="">
          <AddButton state={state} phase={phase} type="button" className="button--wide" texts={texts} onClick={add} />
        </div>
        <BundleAlert message={error} onDismiss={dismissError} />
      </section>
      <BundlePopup handle={holder.handle} heading={heading} offer={offerAmount(quote, definition, money)}>
        <span data-popup-close="">
          <AddButton state={state} phase={phase} type="button" className="button--wide" texts={texts} onClick={add} />
        </span>
      </BundlePopup>
    </>
  );
}
