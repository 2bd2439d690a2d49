import { useState } from "react";
import { Link } from "react-router";
import { useCartState } from "../cart/cart-store.ts";
import { showSideCart } from "../cart/side-cart-events.ts";
import { useText } from "../storefront/use-shop.ts";

/**
 * The header's cart link with the live item count: the server's count at
 * first, then the cart store's (every change's answer, other tabs' too).
 */
export function CartLink({ count: loaderCount }: { count: number }) {
  const { view } = useCartState();
  const text = useText();
  const count = view?.cart.item_count ?? loaderCount;
  const [seenCount, setSeenCount] = useState(count);
  const [announcement, setAnnouncement] = useState("");
  if (seenCount !== count) {
    setSeenCount(count);
    setAnnouncement(text("cart_count_status", { count }));
  }

  return (
    <div className="cart-link" data-section-id="cart-icon-bubble">
      <Link
        className="cart-link__link"
        to="/cart"
        // The link's accessible name, which browser tests look the link up by.
        aria-label={text("cart_link_label", { count })}
        aria-haspopup="dialog"
        prefetch="intent"
        onClick={(event) => {
          // With JavaScript the side cart opens in place; without it (or a modified click) the link goes to /cart.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          if (showSideCart(event.currentTarget)) event.preventDefault();
        }}
      >
        <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
          <path d="M5 8h14l-1.2 11.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
          <path d="M9 10V6.5a3 3 0 0 1 6 0V10" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <span className="cart-link__text" aria-hidden="true">
          {text("cart_link")}
        </span>
        <span className="cart-link__count" aria-hidden="true">
          {count}
        </span>
      </Link>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
