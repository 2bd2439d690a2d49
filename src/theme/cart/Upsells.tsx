import { useState } from "react";
import { Link } from "react-router";
import type { UpsellOfferView } from "../../core/cart/cart-view-json.ts";
import { UPSELL_PROPERTY } from "../../core/cart/upsells.ts";
import { addItemsToCart } from "./buying/add-to-cart.ts";
import { useMoney, useText } from "../storefront/use-shop.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { QuantityInput } from "../ui/QuantityInput.tsx";
import { Slider } from "../ui/Slider.tsx";
import { useLocaleText } from "./use-locale-text.ts";

/** The upsell slider shows 3 slides. It does not autoplay: the shopper is choosing. */
const UPSELL_SLIDES_PER_VIEW = 3;
export const UPSELL_LIST_NAME = "Cart upsell";

export function Upsells({ offers, title }: { offers: UpsellOfferView[]; title: string }) {
  if (!offers.length) return null;
  return (
    <div className="upsells">
      <h3 className="upsells__title" id="upsells-title">
        {title}
      </h3>
      <Slider
        label={{ labelledBy: "upsells-title" }}
        perView={UPSELL_SLIDES_PER_VIEW}
        slides={offers.map((offer) => ({ key: `${offer.handle}-${offer.variantId}`, content: <UpsellCard offer={offer} /> }))}
      />
    </div>
  );
}

function UpsellCard({ offer }: { offer: UpsellOfferView }) {
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const money = useMoney();
  const text = useText();
  const localeText = useLocaleText();
  const image = offer.image;
  const name = offer.title;
  const link = `/products/${offer.handle}?variant=${offer.variantId}`;

  async function add() {
    if (adding) return;
    setAdding(true);
    try {
      await addItemsToCart({ items: [{ id: offer.variantId, quantity, properties: { [UPSELL_PROPERTY]: "true" } }], openSideCart: false, listName: UPSELL_LIST_NAME });
    } catch (error) {
      // An upsell that cannot be added is logged only.
      console.error(error);
    } finally {
      setAdding(false);
    }
  }

  return (
    <article className={`upsell-card ${offer.added ? "is-added" : ""}`}>
      <Link className="upsell-card__media" to={link} tabIndex={-1} aria-hidden="true">
        {image ? <ProductImage src={image} alt="" width={240} height={240} sizes="120px" /> : null}
      </Link>
      {offer.tag ? <p className="badge upsell-card__tag">{offer.tag}</p> : null}
      <h4 className="upsell-card__title">
        <Link to={link}>{name}</Link>
      </h4>
      <p className="upsell-card__price">{money(offer.price)}</p>
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
            id={`upsell-quantity-${offer.variantId}`}
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
