import { isFreeShippingDiscount } from "../../core/checkout/checkout.ts";
import type { CartJson } from "../../core/contract/shopify-types.ts";
import { cartTaxNote } from "../../core/tax/tax.ts";
import { useMoney, useShop, useText } from "../storefront/use-shop.ts";
import { CheckoutButton } from "./CheckoutButton.tsx";
import { CartTaxNote } from "./CartTaxNote.tsx";
import { DiscountCodeForm } from "./DiscountCodeForm.tsx";

/** Subtotal, discounts and total: always the shop's figures, never worked out in the browser. */
export function CartSummary({ cart, updating }: { cart: CartJson; updating: boolean }) {
  const money = useMoney();
  const text = useText();
  const shop = useShop();
  const taxNote = cartTaxNote(cart, shop.checkout?.tax ?? { includedName: null, addedAtCheckout: false });
  return (
    <section className={`cart-summary ${updating ? "is-updating" : ""}`} data-section-id="main-cart-footer" aria-labelledby="cart-summary-title" aria-busy={updating}>
      <h2 id="cart-summary-title" className="cart-summary__title">
        {text("order_summary")}
      </h2>
      <dl className="cart-summary__rows">
        <div className="cart-summary__row">
          <dt>{text("subtotal")}</dt>
          <dd>{money(cart.items_subtotal_price)}</dd>
        </div>
        {cart.cart_level_discount_applications.map((discount) => (
          <div key={discount.key} className="cart-summary__row cart-summary__row--discount">
            {/* A free-shipping code takes nothing off the items: it says so instead of "−£0.00". */}
            <dt>{isFreeShippingDiscount(discount) ? text("discount_free_shipping", { title: discount.title }) : text("discount_named", { title: discount.title })}</dt>
            <dd>{isFreeShippingDiscount(discount) ? text("free") : `−${money(discount.total_allocated_amount)}`}</dd>
          </div>
        ))}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>{text("total")}</dt>
          <dd>
            {money(cart.total_price)} <span className="cart-summary__currency">{cart.currency}</span>
          </dd>
        </div>
      </dl>
      <DiscountCodeForm cart={cart} returnTo="/cart" />
      <CartTaxNote cart={cart} shop={shop} className="cart-summary__note cart-summary__note--tax" />
      <p className="cart-summary__note">{text(taxNote ? "cart_shipping_note" : "cart_taxes_note")}</p>
      <CheckoutButton label={text("check_out")} />
    </section>
  );
}
