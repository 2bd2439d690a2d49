import { Link } from "react-router";
import { cartBadgesOf } from "../../../core/catalog/product-metafields.ts";
import { CARD_IMAGE_SIZES, type CardMetafields, type CardProduct, cardCompareAt } from "../../../core/catalog/product-card.ts";
import { useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { Price } from "../../cart/buying/Price.tsx";
import { StarRating, reviewSummary } from "./StarRating.tsx";
import "./product-card.css";

interface ProductCardProps {
  product: CardProduct;
  metafields?: CardMetafields;
  imagePriority?: "high" | "eager" | "lazy";
  /** How wide the picture is drawn, when not in the grid (a carousel). */
  imageSizes?: string;
  /** Offer a "Compare" tick (collection grids; it works with scripts only, see CompareBar). */
  comparable?: boolean;
}

export function ProductCard({ product, metafields, imagePriority = "lazy", imageSizes = CARD_IMAGE_SIZES, comparable = false }: ProductCardProps) {
  const text = useText();
  const image = product.media[0];
  const reviews = reviewSummary(metafields);
  const badges = cartBadgesOf(metafields);
  return (
    <article className="card">
      <div className="card__media">
        {image ? (
          <ProductImage src={image.src} alt="" width={image.width} height={image.height} sizes={imageSizes} priority={imagePriority} />
        ) : null}
      </div>
      <div className="card__body">
        <p className="card__vendor">{product.vendor}</p>
        <h3 className="card__title">
          <Link className="card__link" to={product.url} prefetch="intent">
            {product.title}
          </Link>
        </h3>
        {reviews ? <StarRating {...reviews} /> : null}
        <Price price={product.price} compareAtPrice={cardCompareAt(product)} from={product.price_varies} className="card__price" />
        {!product.available || badges.length ? (
          <ul className="card__badges">
            {!product.available ? <li className="badge badge--sold-out">{text("sold_out")}</li> : null}
            {badges.map((badge) => (
              <li key={badge} className="badge">
                {badge}
              </li>
            ))}
          </ul>
        ) : null}
        {comparable ? (
          <label className="card__compare">
            <input type="checkbox" data-compare-handle={product.handle} />
            <span>
              {text("card_compare")}<span className="visually-hidden"> {product.title}</span>
            </span>
          </label>
        ) : null}
      </div>
    </article>
  );
}
