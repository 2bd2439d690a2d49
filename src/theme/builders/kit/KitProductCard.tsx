import { displayPrices } from "../../../core/builders/kit-builder.ts";
import { useMoney, useSitePath, useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import type { KitPageProduct } from "./kit-data.ts";

interface KitProductCardProps {
  product: KitPageProduct;
  discountPercent: number;
  chosen: boolean;
  recommended: boolean;
  onToggle: () => void;
  priority?: boolean;
}

/** One product of a step: picture, pills, the kit price with its own price struck, and a toggle to choose it. */
export function KitProductCard({ product, discountPercent, chosen, recommended, onToggle, priority = false }: KitProductCardProps) {
  const text = useText();
  const onSite = useSitePath();
  const money = useMoney();
  const { display_price, display_compare_at_price } = displayPrices(product, discountPercent);
  return (
    <li className={`builder-card kit-card ${chosen ? "is-chosen" : ""} ${recommended ? "is-recommended" : ""} ${product.available ? "" : "is-sold-out"}`}>
      {product.image ? (
        <ProductImage className="builder-card__image" src={product.image.src} alt="" width={product.image.width} height={product.image.height} sizes="(min-width: 835px) 200px, 45vw" priority={priority ? "eager" : "lazy"} />
      ) : null}
      <div className="builder-card__body">
        {recommended || product.pills.length ? (
          <ul className="kit-card__pills" aria-label={text("kit_about_product")}>
            {recommended ? <li className="builder-recommended">{text("builder_recommended")}</li> : null}
            {product.pills.map((pill) => (
              <li key={pill} className="kit-card__pill">
                {pill}
              </li>
            ))}
          </ul>
        ) : null}
        <h4 className="builder-card__title">
          <a href={onSite(product.url)}>{product.displayTitle}</a>
        </h4>
        {product.variantTitle ? <p className="kit-card__variant">{product.variantTitle}</p> : null}
        <p className="kit-card__price">
          <span className="visually-hidden">{text("kit_price")} </span>
          {money(display_price)}
          {display_compare_at_price !== null ? (
            <>
              {" "}
              <span className="visually-hidden">{text("kit_instead_of")} </span>
              <s>{money(display_compare_at_price)}</s>
            </>
          ) : null}
        </p>
        <button type="button" className={`button ${chosen ? "" : "button--secondary"} builder-card__choose`} aria-pressed={chosen} disabled={!product.available} onClick={onToggle}>
          {product.available ? (chosen ? text("builder_chosen") : text("builder_choose")) : text("sold_out")}
          <span className="visually-hidden"> {product.displayTitle}</span>
        </button>
      </div>
    </li>
  );
}
