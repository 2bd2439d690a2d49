import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/checkout";
import { CheckoutForm } from "../checkout/CheckoutForm.tsx";
import { OrderSummary } from "../checkout/OrderSummary.tsx";
import { checkoutShipping } from "../checkout/shipping.ts";
import { isGiftLine } from "../cart/line-rules.ts";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../checkout/checkout.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Checkout", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { cart: await context.get(storefrontContext).cart() };
}

/** The form without JavaScript: place the order and go to its page, or show the shop's field errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const result = await context.get(storefrontContext).placeOrder(values);
  if (result.ok) return redirect(`/orders/${result.order.token}`);
  return data({ description: result.description, errors: result.errors, values }, { status: 422 });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const shop = useShop();
  const shipping = checkoutShipping(cart, shop.sideCart?.shippingThreshold ?? 0, shop.checkout?.standardShippingPrice ?? 0);
  return (
    <main id="main" className="page page--checkout" tabIndex={-1}>
      <h1 className="checkout__title">Checkout</h1>
      {cart.items.length === 0 ? (
        <div className="checkout__empty">
          <p>Your cart is empty, so there is nothing to check out yet.</p>
          <Link className="button" to="/collections/all" prefetch="intent">
            Shop all products
          </Link>
        </div>
      ) : (
        <div className="checkout__layout">
          <CheckoutForm initialProblem={actionData ?? null} testMode={shop.checkout?.testMode ?? true} />
          <OrderSummary
            title="Order summary"
            lines={cart.items.map((item) => ({
              key: item.key,
              title: item.title,
              quantity: item.quantity,
              final_line_price: item.final_line_price,
              note: isGiftLine(item, undefined) ? "Free gift" : null,
            }))}
            subtotal={cart.items_subtotal_price}
            discounts={cart.cart_level_discount_applications.map((discount) => ({ key: discount.key, title: discount.title, amount: discount.total_allocated_amount }))}
            shipping={shipping}
            total={cart.total_price + shipping}
            currency={cart.currency}
          />
        </div>
      )}
    </main>
  );
}
