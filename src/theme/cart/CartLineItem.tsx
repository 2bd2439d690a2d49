import { useId } from "react";
import { Link } from "react-router";
import type { LineItemJson } from "../../core/contract/shopify-types.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import { useMoney, useShop, useText } from "../storefront/use-shop.ts";
import { QUANTITY_CAP } from "../../core/catalog/product-rules.ts";
import { CartQuantity } from "./CartQuantity.tsx";
import type { LineDisplay } from "../../core/cart/line-display.ts";
import { type KitPart, kitContentsText } from "../../core/orders/order-summary.ts";
import { useLocaleText } from "./use-locale-text.ts";
import { usePlanWords } from "./buying/plan-words.ts";

interface CartLineItemProps {
  item: LineItemJson;
  display: LineDisplay;
  /** What a kit line holds, each product with its count (`GET /cart?view=json`). */
  contents?: readonly KitPart[];
  /** The id of the no-JavaScript form that removes this line (the cart page's). */
  removeFormId?: string | undefined;
  pending: boolean;
  /** A line of a bundle group: the group has the remove button. */
  inBundle?: boolean;
  onQuantity: (quantity: number, typed: boolean) => void;
  /** Enter in the line's quantity field: its typed quantity goes now. */
  onCommitQuantity: () => void;
  onRemove: () => void;
  /** Moves the line to the saved-for-later list; absent on lines that cannot be saved. */
  onSaveForLater?: (() => void) | undefined;
}

export function CartLineItem({ item, display, contents = [], removeFormId, pending, inBundle = false, onQuantity, onCommitQuantity, onRemove, onSaveForLater }: CartLineItemProps) {
  const money = useMoney();
  const text = useText();
  const localeText = useLocaleText();
  const planWords = usePlanWords();
  const { sideCart } = useShop();
  const title = item.product_title;
  // The cart page and the side cart may show the same line at once: ids must differ.
  const idBase = `line${useId().replace(/[^a-z0-9]/gi, "")}`;
  const variantId = `${idBase}-variant`;
  const image = item.featured_image;
  const amount = (cents: number) => (cents <= 0 ? localeText("free") : money(cents));
  return (
    <li className={`cart-line ${pending ? "is-pending" : ""}`}>
      <div className="cart-line__media">
        {image.url ? <ProductImage src={image.url} alt="" width={image.width} height={image.height} sizes="(max-width: 834px) 88px, 120px" /> : null}
      </div>
      <div className="cart-line__details">
        <h3 className="cart-line__title">
          {display.link ? (
            <Link to={display.link} prefetch="intent">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {item.variant_title ? (
          <p className="cart-line__variant" id={variantId}>
            {item.variant_title}
          </p>
        ) : null}
        {item.selling_plan_allocation ? <p className="cart-line__plan">{planWords(item.selling_plan_allocation.selling_plan, "subscription_delivers_every")}</p> : null}
        {display.badges.length || display.saving > 0 ? (
          <ul className="cart-line__badges" aria-label={text("line_labels")}>
            {display.badges.map((badge) => (
              <li key={badge} className="badge">
                {badge}
              </li>
            ))}
            {display.saving > 0 && sideCart ? <li className="badge badge--saving">{sideCart.save_badge_title.replace("[price]", money(display.saving))}</li> : null}
          </ul>
        ) : null}
        {display.properties.length ? (
          <dl className="cart-line__properties">
            {display.properties.map(([name, value]) => (
              <div key={name}>
                <dt>{name}:</dt> <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {contents.length ? <p className="cart-line__components">{text("line_includes", { contents: kitContentsText(contents) })}</p> : null}
        <p className="cart-line__unit-price">
          <span className="visually-hidden">{text("line_price")}</span>
          {item.original_price > item.final_price ? (
            <>
              <s>{money(item.original_price)}</s> {amount(item.final_price)}
            </>
          ) : (
            amount(item.final_price)
          )}
          {item.final_price > 0 ? <span className="cart-line__each">{text("line_each")}</span> : null}
        </p>
        {item.line_level_discount_allocations.length && !display.isGift ? (
          <ul className="cart-line__discounts">
            {item.line_level_discount_allocations.map((allocation) => (
              <li key={allocation.discount_application.key}>
                {allocation.discount_application.title} (−{money(allocation.amount)})
              </li>
            ))}
          </ul>
        ) : null}
        {display.notValidForDiscount && sideCart ? <p className="cart-line__not-valid">{sideCart.notValidForDiscountTitle.replace("[x]", title)}</p> : null}
      </div>
      <div className="cart-line__quantity">
        {display.showQuantityControls ? (
          <CartQuantity
            id={`quantity-${idBase}`}
            label={text("line_quantity_for", { title })}
            decreaseLabel={text("decrease_quantity", { title })}
            increaseLabel={text("increase_quantity", { title })}
            name="updates[]"
            value={item.quantity}
            max={item.quantity_rule.max ?? Math.max(QUANTITY_CAP, item.quantity)}
            {...(item.variant_title ? { describedBy: variantId } : {})}
            onChange={onQuantity}
            onCommit={onCommitQuantity}
          />
        ) : (
          <p className="cart-line__fixed-quantity">
            <span className="visually-hidden">{text("line_quantity_for_hidden", { title })}</span>
            <span aria-hidden="true">{text("line_qty")}</span>
            {item.quantity}
            <input type="hidden" name="updates[]" value={item.quantity} />
          </p>
        )}
        {inBundle ? null : (
          <button
            className="cart-line__remove link-button"
            // A submit button only of its own no-JavaScript form (the cart page's): never of the lines' form, where Enter would press it.
            type={removeFormId ? "submit" : "button"}
            form={removeFormId}
            aria-label={text("remove_item", { title })}
            onClick={(event) => {
              event.preventDefault();
              onRemove();
            }}
          >
            {text("remove")}
          </button>
        )}
        {onSaveForLater ? (
          // Saving needs the page's scripts (the list lives in the browser), so without them the button is hidden.
          <button className="cart-line__save link-button js-only" type="button" aria-label={localeText("save_for_later_item", { title })} onClick={onSaveForLater}>
            {localeText("save_for_later")}
          </button>
        ) : null}
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">{text("line_total")}</span>
        {item.original_line_price > item.final_line_price && item.final_line_price > 0 ? (
          <>
            <s className="cart-line__compare">{money(item.original_line_price)}</s>{" "}
          </>
        ) : null}
        {amount(item.final_line_price)}
      </p>
    </li>
  );
}
