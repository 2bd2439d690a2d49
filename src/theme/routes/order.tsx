import { Link, data } from "react-router";
import { fulfilmentText, refundText } from "../../core/accounts/account.ts";
import { orderSummary } from "../../core/orders/order-summary.ts";
import type { Route } from "./+types/order";
import { OrderSummary } from "../checkout/OrderSummary.tsx";
import { AddressLines } from "../ui/AddressLines.tsx";
import { useLocaleText } from "../cart/use-locale-text.ts";
import { storefrontContext } from "../storefront/context.ts";
import { shopTranslator, useMoneyIn, useShop } from "../storefront/use-shop.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { PaymentDetails } from "../checkout/PaymentDetails.tsx";
import "../checkout/checkout.css";
import "../checkout/payment.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? headTextOf(matches)("order_title", { name: loaderData.order.name }) : headTextOf(matches)("order_not_found"), shopNameOf(matches)) },
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
  const translate = shopTranslator(useShop());
  const fulfilment = fulfilmentText(order, translate);
  const moneyIn = useMoneyIn();
  const refunded = refundText(order, (cents) => moneyIn(cents, order.currency), translate);
  return (
    <main id="main" className="page page--order" tabIndex={-1}>
      <div className="order">
        <div className="order__intro">
          {order.test ? <p className="order__test">{text("order_test")}</p> : null}
          <h1 className="order__title">
            {order.financial_status === "pending"
              ? text("payment_pending_title", { name: order.name })
              : order.financial_status === "voided"
                ? text("payment_voided_title", { name: order.name })
                : text("order_confirmed", { name: order.name })}
          </h1>
          {order.financial_status === "pending" ? (
            <>
              <p>{text("payment_pending_body")}</p>
              {order.payment.pay_url ? (
                <a className="button" href={order.payment.pay_url}>
                  {text("payment_pay_now")}
                </a>
              ) : null}
            </>
          ) : null}
          {order.financial_status === "voided" ? <p>{text("payment_voided_body")}</p> : null}
          {fulfilment ? (
            <p className="order__fulfilment">
              <strong>{fulfilment}</strong>
            </p>
          ) : null}
          {refunded ? <p className="order__fulfilment">{refunded}</p> : null}
          {order.financial_status === "pending" || order.financial_status === "voided" ? null : <p>{text("order_confirmation_sent", { email: order.email })}</p>}
          <h2 className="order__subtitle">{text("payment_heading")}</h2>
          <PaymentDetails order={order} />
          {order.sms_marketing_consent ? <p>{text("order_sms_consent", { phone: order.sms_marketing_consent.phone })}</p> : null}
          <h2 className="order__subtitle">{text("order_delivering_to")}</h2>
          <AddressLines address={order.shipping_address} className="order__address" />
          <p>
            <Link to={`/orders/${order.token}/invoice.pdf`} reloadDocument>
              {text("order_invoice")}
            </Link>
          </p>
          <Link className="button button--secondary" to="/collections/all" prefetch="intent">
            {text("continue_shopping")}
          </Link>
        </div>
        <OrderSummary title={text("order_yours")} view={orderSummary(order)} />
      </div>
    </main>
  );
}
