import { useState } from "react";
import { Link } from "react-router";
import { lineToAnalyticsItem, trackAddToCart } from "../storefront/analytics.ts";
import { addToCart, getCart } from "../storefront/cart-api.ts";
import { announceCart } from "../storefront/cart-events.ts";
import { useMoney, useText } from "../storefront/use-shop.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { QuantityInput } from "../ui/QuantityInput.tsx";
import { enqueueCartWork } from "./cart-queue.ts";
import { Slider } from "../ui/Slider.tsx";
import { UPSELL_PROPERTY, type UpsellOffer } from "./upsells.ts";
import { useLocaleText } from "./use-locale-text.ts";

/** Spec §9: the upsell slider shows 3 slides. It does not autoplay: the shopper is choosing. */
const UPSELL_SLIDES_PER_VIEW = 3;
export const UPSELL_LIST_NAME = "Cart upsell";

export function Upsells({ offers, title, currency }: { offers: UpsellOffer[]; title: string; currency: string }) {
  if (!offers.length) return null;
  return (
    <div className="upsells">
      <h3 className="upsells__title" id="upsells-title">
        {title}
      </h3>
      <Slider
        label={{ labelledBy: "upsells-title" }}
        perView={UPSELL_SLIDES_PER_VIEW}
        slides={offers.map((offer) => ({ key: `${offer.handle}-${offer.variant.id}`, content: <UpsellCard offer={offer} currency={currency} /> }))}
      />
    </div>
  );
}

function UpsellCard({ offer, currency }: { offer: UpsellOffer; currency: string }) {
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const money = useMoney();
  const text = useText();
  const localeText = useLocaleText();
  const { product } = offer.view;
  const image = offer.variant.featured_image?.src ?? product.featured_image;
  const name = offer.variant.title === "Default Title" ? product.title : `${product.title} – ${offer.variant.title}`;

  async function add() {
    if (adding) return;
    setAdding(true);
    try {
      await enqueueCartWork(async () => {
        const lines = await addToCart([{ id: offer.variant.id, quantity, properties: { [UPSELL_PROPERTY]: "true" } }]);
        trackAddToCart(currency, lines.map((line) => lineToAnalyticsItem(line, quantity)), UPSELL_LIST_NAME);
        announceCart(await getCart());
      });
    } catch (error) {
      // Spec §8: add failures are logged only.
      console.error(error);
    } finally {
      setAdding(false);
    }
  }

  return (
    <article className={`upsell-card ${offer.added ? "is-added" : ""}`}>
      <Link className="upsell-card__media" to={`/products/${product.handle}?variant=${offer.variant.id}`} tabIndex={-1} aria-hidden="true">
        {image ? <ProductImage src={image} alt="" width={240} height={240} sizes="120px" /> : null}
      </Link>
      {offer.tag ? <p className="badge upsell-card__tag">{offer.tag}</p> : null}
      <h4 className="upsell-card__title">
        <Link to={`/products/${product.handle}?variant=${offer.variant.id}`}>{name}</Link>
      </h4>
      <p className="upsell-card__price">{money(offer.variant.price)}</p>
      {offer.added ? (
        <p className="upsell-card__added">
          <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
            <path d="m2.5 7.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {localeText("upsell_added")}
        </p>
      ) : (
        <div className="upsell-card__buy">
          <QuantityInput
            id={`upsell-quantity-${offer.variant.id}`}
            label={`Quantity for ${name}`}
            decreaseLabel={text("decrease_quantity", { title: name })}
            increaseLabel={text("increase_quantity", { title: name })}
            value={quantity}
            min={1}
            max={10}
            onChange={setQuantity}
          />
          <button className="button button--small upsell-card__add" type="button" aria-disabled={adding || undefined} onClick={() => void add()}>
            {localeText("upsell_add")}
            <span className="visually-hidden"> {name}</span>
          </button>
        </div>
      )}
    </article>
  );
}
