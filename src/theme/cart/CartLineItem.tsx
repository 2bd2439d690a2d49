import { Link } from "react-router";
import type { LineItemJson } from "../../core/shopify-types.ts";
import { QuantityInput } from "../ui/QuantityInput.tsx";
import { ProductImage } from "../ui/ProductImage.tsx";
import { useMoney, useText } from "../storefront/use-shop.ts";
import { QUANTITY_CAP } from "../product/variant-selection.ts";
import { visibleProperties } from "./cart-lines.ts";

interface CartLineItemProps {
  item: LineItemJson;
  /** The id of the no-JavaScript form that removes this line. */
  removeFormId: string;
  pending: boolean;
  onQuantity: (quantity: number, typed: boolean) => void;
  onRemove: () => void;
}

export function CartLineItem({ item, removeFormId, pending, onQuantity, onRemove }: CartLineItemProps) {
  const money = useMoney();
  const text = useText();
  const title = item.product_title;
  const properties = visibleProperties(item.properties);
  const variantId = `line-${item.key.replace(/[^a-z0-9]/gi, "-")}-variant`;
  const image = item.featured_image;
  return (
    <li className={`cart-line ${pending ? "is-pending" : ""}`}>
      <div className="cart-line__media">
        {image.url ? <ProductImage src={image.url} alt="" width={image.width} height={image.height} sizes="(max-width: 834px) 88px, 120px" /> : null}
      </div>
      <div className="cart-line__details">
        <h3 className="cart-line__title">
          <Link to={item.url} prefetch="intent">
            {title}
          </Link>
        </h3>
        {item.variant_title ? (
          <p className="cart-line__variant" id={variantId}>
            {item.variant_title}
          </p>
        ) : null}
        {properties.length ? (
          <dl className="cart-line__properties">
            {properties.map(([name, value]) => (
              <div key={name}>
                <dt>{name}:</dt> <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="cart-line__unit-price">
          <span className="visually-hidden">Price: </span>
          {item.original_price > item.final_price ? (
            <>
              <s>{money(item.original_price)}</s> {money(item.final_price)}
            </>
          ) : (
            money(item.final_price)
          )}
          <span className="cart-line__each"> each</span>
        </p>
        {item.line_level_discount_allocations.length ? (
          <ul className="cart-line__discounts">
            {item.line_level_discount_allocations.map((allocation) => (
              <li key={allocation.discount_application.key}>
                {allocation.discount_application.title} (−{money(allocation.amount)})
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="cart-line__quantity">
        <QuantityInput
          id={`quantity-${item.key.replace(/[^a-z0-9]/gi, "-")}`}
          label={`Quantity for ${title}`}
          decreaseLabel={text("decrease_quantity", { title })}
          increaseLabel={text("increase_quantity", { title })}
          name="updates[]"
          value={item.quantity}
          min={0}
          max={item.quantity_rule.max ?? Math.max(QUANTITY_CAP, item.quantity)}
          emptyBecomes="value"
          {...(item.variant_title ? { describedBy: variantId } : {})}
          onChange={(quantity, source) => onQuantity(quantity, source === "typing")}
        />
        <button
          className="cart-line__remove link-button"
          type="submit"
          form={removeFormId}
          aria-label={text("remove_item", { title })}
          onClick={(event) => {
            event.preventDefault();
            onRemove();
          }}
        >
          {text("remove")}
        </button>
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">Line total: </span>
        {item.original_line_price > item.final_line_price ? (
          <>
            <s className="cart-line__compare">{money(item.original_line_price)}</s>{" "}
          </>
        ) : null}
        {money(item.final_line_price)}
      </p>
    </li>
  );
}
