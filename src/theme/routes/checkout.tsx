import { useState } from "react";
import { Link, data, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/checkout";
import { CHECKOUT_REFUSAL_STATUS, type ShippingMethodCode } from "../../core/checkout/checkout.ts";
import { chosenRate, quoteCartRates, quoteCountryOf } from "../../core/checkout/shipping-rates.ts";
import { needsTaxRegion } from "../../core/tax/tax.ts";
import { CheckoutForm, type CheckoutProblem } from "../checkout/CheckoutForm.tsx";
import { OrderSummary } from "../checkout/OrderSummary.tsx";
import { cartSummary } from "../../core/orders/order-summary.ts";
import { refreshCart } from "../cart/cart-store.ts";
import { DiscountCodeForm } from "../cart/DiscountCodeForm.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { formAnswerHeaders } from "../storefront/form-headers.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useShop, useText } from "../storefront/use-shop.ts";
import "../checkout/checkout.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(headTextOf(matches)("checkout"), shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const [view, prefill] = await Promise.all([storefront.cartView(), storefront.account.checkoutPrefill()]);
  // What each kit line holds, named as the side cart and the order name it.
  const contents = Object.fromEntries(Object.entries(view.lines).flatMap(([key, line]) => (line.contents.length ? [[key, line.contents]] : [])));
  // A logged-in customer starts from their email and default address.
  const { id: _id, default: _default, company: _company, ...address } = prefill?.address ?? { id: 0, default: false, company: null };
  const values = prefill ? Object.fromEntries(Object.entries({ email: prefill.email, ...address }).filter((entry): entry is [string, string] => typeof entry[1] === "string")) : null;
  return { cart: view.cart, contents, prefill: values, siteTax: storefront.siteTax };
}

/** The form's text fields as sent. */
const formValues = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/** Places the order and goes to its page, or answers the shop's refusal with the values sent, so the form shows them again. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const result = await context.get(storefrontContext).placeOrder(values);
  // An order to pay goes to the provider's page, which brings the shopper back to the order's page.
  if (result.ok) return redirect(result.order.payment.pay_url ?? `/orders/${result.order.token}`);
  const headers: HeadersInit = result.retry_after !== undefined ? { "Retry-After": String(result.retry_after) } : {};
  return data<CheckoutProblem>({ description: result.description, errors: result.errors, values, ...(result.reason === "signed_out" ? { signInRequired: true } : {}) }, { status: CHECKOUT_REFUSAL_STATUS[result.reason], headers });
}

/** Too many attempts: the page says to wait, and its Retry-After says how long. */
export const headers = (args: Route.HeadersArgs) => formAnswerHeaders(args);

/**
 * With JavaScript the form's fetcher reaches the action through here. A placed
 * order has emptied the cart, so the header, the side cart and other tabs are
 * told; a failed request is shown on the form rather than as an error page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<CheckoutProblem> {
  const values = formValues(await request.clone().formData());
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      void refreshCart();
      throw error;
    }
    // A network failure is a TypeError from fetch (the form says to check the connection); any other failure gets the shop's generic error.
    return { description: "", offline: error instanceof TypeError, errors: {}, values };
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const shop = useShop();
  const text = useText();
  const revalidator = useRevalidator();
  const zones = shop.checkout?.zones ?? [];
  // Before an address is given, shipping is quoted to the site's country, as the side cart quotes it.
  const [country, setCountry] = useState(actionData?.values?.country ?? loaderData.prefill?.country ?? quoteCountryOf(zones, shop.site?.countries ?? []));
  const [province, setProvince] = useState(actionData?.values?.province ?? loaderData.prefill?.province ?? "");
  const [method, setMethod] = useState<ShippingMethodCode>(actionData?.values?.shipping_method === "express" ? "express" : "standard");
  const rates = quoteCartRates(zones, country, cart) ?? [];
  const rate = chosenRate(rates, method);
  const { siteTax } = loaderData;
  const taxRegions = needsTaxRegion(siteTax, country) && siteTax?.kind === "added" ? siteTax.regions.map(({ code, name }) => ({ code, name })) : null;
  return (
    <main id="main" className="page page--checkout" tabIndex={-1}>
      <h1 className="checkout__title">{text("checkout")}</h1>
      {cart.items.length === 0 ? (
        <div className="checkout__empty">
          <p>{text("checkout_empty")}</p>
          <Link className="button" to="/collections/all" prefetch="intent">
            {text("checkout_shop_all")}
          </Link>
        </div>
      ) : (
        <div className="checkout__layout">
          <div className="checkout__aside">
            <OrderSummary title={text("order_summary")} view={cartSummary(cart, rate, loaderData.contents, { siteTax, address: { country, province } })} />
            <DiscountCodeForm cart={cart} returnTo="/checkout" onChanged={() => void revalidator.revalidate()} />
          </div>
          <CheckoutForm
            initialProblem={actionData ?? null}
            prefill={loaderData.prefill}
            testMode={shop.checkout?.testMode ?? true}
            payments={Boolean(shop.checkout?.payments)}
            delivery={{ country, taxRegions, onProvince: setProvince, rates, chosen: rate?.code ?? "standard", onCountry: setCountry, onMethod: setMethod }}
          />
        </div>
      )}
    </main>
  );
}
