import { Link, data } from "react-router";
import { fulfilmentText, refundText } from "../../core/accounts/account.ts";
import { orderSummary } from "../../core/orders/order-summary.ts";
import type { Route } from "./+types/order";
import { OrderSummary } from "../checkout/OrderSummary.tsx";
import { AddressLines } from "../ui/AddressLines.tsx";
import { useLocaleText } from "../cart/use-locale-text.ts";
import { storefrontContext } from "../storefront/context.ts";
import { useMoneyIn } from "../storefront/use-shop.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { PAYMENT_WORDS } from "../checkout/payment-words.ts";
import { PaymentDetails } from "../checkout/PaymentDetails.tsx";
import "../checkout/checkout.css";
import "../checkout/payment.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? `Order ${loaderData.order.name}` : "Order not found", shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await context.get(storefrontContext).order(params.token);
  if (!order) throw data(null, { status: 404 });
  return { order };
}

/** The order confirmation, server-rendered from the order itself. */
export default function Order({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const text = useLocaleText();
  const fulfilment = fulfilmentText(order);
  const moneyIn = useMoneyIn();
  const refunded = refundText(order, (cents) => moneyIn(cents, order.currency));
  return (
    <main id="main" className="page page--order" tabIndex={-1}>
      <div className="order">
        <div className="order__intro">
          {order.test ? <p className="order__test">Test order</p> : null}
          <h1 className="order__title">
            {order.financial_status === "pending"
              ? PAYMENT_WORDS.pendingTitle(order.name)
              : order.financial_status === "voided"
                ? PAYMENT_WORDS.voidedTitle(order.name)
                : text("order_confirmed", { name: order.name })}
          </h1>
          {order.financial_status === "pending" ? (
            <>
              <p>{PAYMENT_WORDS.pendingBody}</p>
              {order.payment.pay_url ? (
                <a className="button" href={order.payment.pay_url}>
                  {PAYMENT_WORDS.payNow}
                </a>
              ) : null}
            </>
          ) : null}
          {order.financial_status === "voided" ? <p>{PAYMENT_WORDS.voidedBody}</p> : null}
          {fulfilment ? (
            <p className="order__fulfilment">
              <strong>{fulfilment}</strong>
            </p>
          ) : null}
          {refunded ? <p className="order__fulfilment">{refunded}</p> : null}
          {order.financial_status === "pending" || order.financial_status === "voided" ? null : <p>A confirmation is on its way to {order.email}.</p>}
          <h2 className="order__subtitle">{PAYMENT_WORDS.heading}</h2>
          <PaymentDetails order={order} />
          {order.sms_marketing_consent ? <p>News and offers will be texted to {order.sms_marketing_consent.phone}; reply STOP to any text to stop them.</p> : null}
          <h2 className="order__subtitle">Delivering to</h2>
          <AddressLines address={order.shipping_address} className="order__address" />
          <p>
            <Link to={`/orders/${order.token}/invoice.pdf`} reloadDocument>
              Download the invoice (PDF)
            </Link>
          </p>
          <Link className="button button--secondary" to="/collections/all" prefetch="intent">
            {text("continue_shopping")}
          </Link>
        </div>
        <OrderSummary title="Your order" view={orderSummary(order)} />
      </div>
    </main>
  );
}
