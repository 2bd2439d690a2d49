import type { Ref } from "react";
import { Link } from "react-router";
import { useText } from "../storefront/use-shop.ts";

export function CartEmpty({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const text = useText();
  return (
    <div className="cart-empty">
      <h1 className="cart-empty__title" ref={headingRef} tabIndex={-1}>
        {text("cart_empty")}
      </h1>
      <p>{text("cart_empty_text")}</p>
      <Link className="button" to="/collections/all" prefetch="intent">
        {text("continue_shopping")}
      </Link>
    </div>
  );
}
