import { useRef, useState } from "react";
import type { CartJson, LineItemJson } from "../../core/shopify-types.ts";
import { CartEmpty } from "./CartEmpty.tsx";
import { CartLineItem } from "./CartLineItem.tsx";
import { CartSummary } from "./CartSummary.tsx";
import { useText } from "../storefront/use-shop.ts";
import { useCart } from "./use-cart.ts";
import "./cart.css";

const removeFormId = (index: number) => `cart-remove-${index + 1}`;

interface CartMainProps {
  cart: CartJson;
  /** A message the shop sent back after a failed form post (`?cart_error=`). */
  initialError?: string | null;
}

/**
 * The cart: lines, quantity changes, totals. Built for the cart page now and
 * for the side cart later. Without JavaScript it is a classic cart form posting
 * to /cart/update and /cart/change.
 */
export function CartMain({ cart: initialCart, initialError = null }: CartMainProps) {
  const { cart, lines, updating, error, dismissError, setQuantity, flush } = useCart(initialCart);
  const [initialErrorShown, setInitialErrorShown] = useState(Boolean(initialError));
  const [status, setStatus] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = useText();
  const shownError = error ?? (initialErrorShown ? initialError : null);
  const pendingKeys = new Set(lines.filter((line) => cart.items.find((item) => item.key === line.key)?.quantity !== line.quantity).map((line) => line.key));
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);

  function remove(line: LineItemJson) {
    setInitialErrorShown(false);
    setQuantity(line, 0);
    setStatus(`Removed ${line.product_title} from your cart.`);
    // The button just went away with its line; keep keyboard focus on the page.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  const messages = (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {shownError ? (
        <div className="alert" role="alert">
          <p>{shownError}</p>
          <button
            className="link-button"
            type="button"
            onClick={() => {
              dismissError();
              setInitialErrorShown(false);
            }}
          >
            {text("dismiss_error")}
          </button>
        </div>
      ) : null}
    </>
  );

  if (!lines.length) {
    return (
      <div className="cart cart--empty">
        {messages}
        <CartEmpty headingRef={headingRef} />
      </div>
    );
  }

  return (
    <div className="cart">
      <div className="cart__header">
        <h1 className="cart__title" ref={headingRef} tabIndex={-1}>
          Your cart
        </h1>
        <p className="cart__count">
          {itemCount} {itemCount === 1 ? "item" : "items"}
        </p>
      </div>
      {messages}
      <div className="cart__layout">
        <form
          className="cart__form"
          method="post"
          action="/cart/update"
          onSubmit={(event) => {
            // Enter in a quantity field: send what was typed now instead of posting the page.
            event.preventDefault();
            flush();
          }}
        >
          <h2 className="visually-hidden">Items</h2>
          <ul className="cart__lines">
            {lines.map((line) => (
              <CartLineItem
                key={line.key}
                item={line}
                removeFormId={removeFormId(cart.items.findIndex((item) => item.key === line.key))}
                pending={pendingKeys.has(line.key)}
                onQuantity={(quantity, typed) => {
                  setInitialErrorShown(false);
                  if (quantity === 0) remove(line);
                  else setQuantity(line, quantity, { delay: typed });
                }}
                onRemove={() => remove(line)}
              />
            ))}
          </ul>
          <button className="button button--secondary no-js-only" type="submit">
            Update cart
          </button>
        </form>
        {cart.items.map((item, index) => (
          <form key={item.key} id={removeFormId(index)} method="post" action="/cart/change" hidden>
            <input type="hidden" name="line" value={index + 1} />
            <input type="hidden" name="quantity" value="0" />
          </form>
        ))}
        <CartSummary cart={cart} updating={updating} />
      </div>
    </div>
  );
}
