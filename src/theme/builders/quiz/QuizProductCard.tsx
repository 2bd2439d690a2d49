import { useMoney, useText } from "../../storefront/use-shop.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import type { QuizPageProduct } from "./quiz-data.ts";

interface QuizProductCardProps {
  product: QuizPageProduct;
  chosen: boolean;
  recommended: boolean;
  onToggle: () => void;
  /** The first card's picture is drawn first. */
  priority?: boolean;
}

/** One product of a step: a toggle button the shopper presses to choose it (again to uncheck it). */
export function QuizProductCard({ product, chosen, recommended, onToggle, priority = false }: QuizProductCardProps) {
  const text = useText();
  const money = useMoney();
  return (
    <li className={`builder-card quiz-card ${chosen ? "is-chosen" : ""} ${product.available ? "" : "is-sold-out"}`}>
      {product.image ? (
        <ProductImage
          className="builder-card__image"
          src={product.image.src}
          alt=""
          width={product.image.width}
          height={product.image.height}
          sizes="(min-width: 835px) 220px, 45vw"
          priority={priority ? "eager" : "lazy"}
        />
      ) : null}
      <div className="builder-card__body">
        {recommended ? <p className="quiz-card__badge builder-recommended">{text("quiz_recommended")}</p> : null}
        <h3 className="builder-card__title">{product.title}</h3>
        <p className="quiz-card__price">
          {product.isFree ? (
            <>
              <s>{money(product.price)}</s> {text("quiz_free_with_routine")}
            </>
          ) : (
            money(product.price)
          )}
        </p>
        {product.why ? <p className="quiz-card__why">{product.why}</p> : null}
        <button
          type="button"
          className={`button ${chosen ? "" : "button--secondary"} builder-card__choose`}
          aria-pressed={chosen}
          disabled={!product.available}
          onClick={onToggle}
        >
          {product.available ? (chosen ? text("builder_chosen") : text("builder_choose")) : text("sold_out")}
          <span className="visually-hidden"> {product.title}</span>
        </button>
      </div>
    </li>
  );
}
