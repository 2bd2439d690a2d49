import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { amountMlOf, cartBadgesOf } from "../../../core/catalog/product-metafields.ts";
import { DEFAULT_QUANTITY_SETTINGS, type OptionSelection, clampQuantity, findVariant, initialSelection, quantityLimits, selectionOf } from "../../../core/catalog/product-rules.ts";
import type { Settings } from "../../../core/settings/settings.ts";
import type { ProductViewJson } from "../../../core/contract/shopify-types.ts";
import type { BundleData } from "../../builders/bundles/bundle-data.ts";
import { useShop, useText } from "../../storefront/use-shop.ts";
import type { AddOnProduct } from "./add-ons.ts";
import { BundleChooserSlot } from "./BundleChooserSlot.tsx";
import { Price } from "../../cart/buying/Price.tsx";
import { PricePerMl } from "./PricePerMl.tsx";
import { ProductIngredients } from "./ProductIngredients.tsx";
import { type EarlyChoice, ProductForm } from "./ProductForm.tsx";
import { BackInStockSlot } from "./BackInStockSlot.tsx";
import { ProductAlertForm } from "./ProductAlertForm.tsx";
import { ProductGallery } from "./ProductGallery.tsx";
import { StarRating, reviewSummary } from "./StarRating.tsx";
import { LazyDiscountLinkAtLoad, LazyUsersOnPage } from "./lazy-enhancements.tsx";

/** The settings a page rendered without the shop's (the error page's stand-in shop) works with. */
const FALLBACK_SETTINGS: Settings["product"] & { taxIncluded?: boolean } = {
  quantity: DEFAULT_QUANTITY_SETTINGS,
  stickyAddToCartOffset: 600,
  addToCartWaitMs: 1500,
  addToCartRedirect: null,
  usersOnPage: { enabled: false, mode: "honest", windowMinutes: 5, minViewers: 2, randomMin: 5, randomMax: 49, refreshSeconds: 30 },
  pricePerMl: { enabled: true, unitMl: 100 },
  taxRates: [],
};

interface ProductDetailsProps {
  view: ProductViewJson;
  addOns: AddOnProduct[];
  bundle: BundleData | null;
  /** The glossary's anchor for each ingredient it explains. */
  glossary?: Readonly<Record<string, string>>;
}

/**
 * The top of the product page: pictures, title, price and the buy form, all
 * following the chosen variant. A product holding a preselected or
 * multiselect bundle is bought through its bundle chooser instead of the
 * form; a variants bundle is offered beside the form.
 */
export function ProductDetails({ view, addOns, bundle, glossary = {} }: ProductDetailsProps) {
  const { product, metafields } = view;
  const shop = useShop();
  const text = useText();
  const settings = shop.productPage ?? FALLBACK_SETTINGS;
  const [searchParams, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<OptionSelection>(() => initialSelection(product, searchParams.get("variant")));
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
      setQuantity((current) => clampQuantity(current, quantityLimits(requested, settings.quantity)));
    }
  }
  const reviews = reviewSummary(metafields);
  const badges = cartBadgesOf(metafields);
  const bundleOnly = bundle !== null && bundle.definition.type !== "variants";

  function choose(optionIndex: number, value: string) {
    chooseSelection(selection.map((chosen, index) => (index === optionIndex ? value : chosen)));
  }

  function chooseSelection(next: OptionSelection) {
    setSelection(next);
    const chosen = findVariant(product, next);
    if (!chosen) return;
    if (chosen.featured_image) setShownImageId(chosen.featured_image.id);
    // The current quantity is reduced to fit the new variant's limits.
    setQuantity((current) => clampQuantity(current, quantityLimits(chosen, settings.quantity)));
    // The address names the variant, replacing the entry so Back leaves the product rather than stepping through choices.
    setSearchParams(
      (params) => {
        params.set("variant", String(chosen.id));
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  /** What the shopper set in the form before the page's scripts ran: taken as their choice, options first. */
  function adoptEarly({ selection: chosen, quantity: typed }: EarlyChoice) {
    if (chosen) chooseSelection(chosen);
    if (typed !== null) setQuantity(clampQuantity(typed, quantityLimits(findVariant(product, chosen ?? selection), settings.quantity)));
  }

  return (
    <div className="product" data-section-id="main-product">
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
          {settings.pricePerMl.enabled ? <PricePerMl variant={variant} amountMl={amountMlOf(metafields)} unitMl={settings.pricePerMl.unitMl} /> : null}
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
        <LazyUsersOnPage handle={product.handle} settings={settings.usersOnPage} />
        <LazyDiscountLinkAtLoad settings={shop.discountLink} />
        {bundleOnly ? null : (
          <ProductForm
            product={product}
            selection={selection}
            variant={variant}
            quantity={quantity}
            addOns={addOns}
            settings={settings}
            onChoose={choose}
            onQuantity={setQuantity}
            onEarlyChoice={adoptEarly}
          />
        )}
        {bundleOnly ? null : <BackInStockSlot variants={product.variants} chosen={variant} />}
        {bundleOnly ? null : <ProductAlertForm followed={{ kind: "price_drop", productId: product.id }} />}
        {bundle ? <BundleChooserSlot bundle={bundle} parentVariant={variant} /> : null}
        {bundleOnly ? (
          <p className="product__bundle-page">
            <Link to={`/bundles/${product.handle}`} prefetch="intent">
              {text("bundle_page_link")}
            </Link>
          </p>
        ) : null}
        {product.description ? (
          <section className="product__description" aria-labelledby={`description-${product.id}`}>
            <h2 id={`description-${product.id}`} className="product__subtitle">
              {text("product_details")}
            </h2>
            <div className="rte" dangerouslySetInnerHTML={{ __html: product.description }} />
          </section>
        ) : null}
        <ProductIngredients productId={product.id} tags={product.tags} metafields={metafields} glossary={glossary} />
      </div>
    </div>
  );
}
