import { Form, Link, data } from "react-router";
import type { Route } from "./+types/admin.order";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { type AdminOrder, TRACKING_NUMBER_MAX_LENGTH } from "../../core/admin/admin-orders.ts";
import { isGiftLine } from "../../core/cart/free-gifts.ts";
import { CANCEL_REASON_LABELS } from "../../core/orders/refunds.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { FinancialBadge, FulfilmentBadge, adminDates } from "../admin/orders-view.tsx";
import { CancelForm, RefundForm, RefundHistory, intentOf } from "../admin/RefundForms.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useMoneyIn, useShop } from "../storefront/use-shop.ts";
import { AddressLines } from "../ui/AddressLines.tsx";
import { PaymentDetails } from "../checkout/PaymentDetails.tsx";
import "../accounts/account.css";
import "../admin/orders.css";
import "../checkout/payment.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Order ${loaderData.order.name}` : "Order not found"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("orders")];

const LABELS = { tracking_number: "Tracking number" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const [order, { timeZone }] = await Promise.all([context.get(adminContext).orders.order(Number(params.id)), context.get(storefrontContext).homePage()]);
  if (!order) throw data(null, { status: 404, headers: adminHeaders() });
  return { order, timeZone };
}

/** The page's forms post here, each naming itself: fulfil (with the tracking number), refund, or cancel; the customer is emailed either way. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const orders = context.get(adminContext).orders;
  const id = Number(params.id);
  const answer = values.intent === "refund" ? await orders.refund(id, values) : values.intent === "cancel" ? await orders.cancel(id, values) : await orders.fulfil(id, values);
  return adminResponse(answer, values);
}

/** One order as staff work it: what was bought and for how much, where it goes, the SMS consent, and the fulfil form. */
export default function AdminOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, timeZone } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const intent = intentOf(problem);
  const fulfilProblem = intent === null || intent === "fulfil" ? problem : null;
  const moneyIn = useMoneyIn();
  const money = (cents: number) => moneyIn(cents, order.currency);
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const path = `${ADMIN_PATH}/orders/${order.id}`;
  const consent = order.sms_marketing_consent;
  return (
    <>
      <p className="admin-order__back">
        <Link to={`${ADMIN_PATH}/orders`}>← All orders</Link>
      </p>
      <header className="admin-order__header">
        <h1 className="admin-page__title">Order {order.name}</h1>
        <FulfilmentBadge status={order.fulfillment_status} />
        <FinancialBadge status={order.financial_status} />
        {order.test ? <span className="admin-badge">Test order</span> : null}
      </header>
      <p className="admin-order__meta">
        Placed <time dateTime={order.created_at}>{dates.format(new Date(order.created_at))}</time> by <a href={`mailto:${order.email}`}>{order.email}</a>
        {order.phone ? <> · {order.phone}</> : null} · {order.customer_id === null ? "guest checkout" : "customer account"} ·{" "}
        <Link to={`${ADMIN_PATH}/orders/${order.id}/invoice.pdf`} reloadDocument>
          Download the invoice (PDF)
        </Link>
      </p>

      <section className="admin-order__section" aria-labelledby="admin-order-payment">
        <h2 className="admin-order__subtitle" id="admin-order-payment">
          Payment
        </h2>
        <PaymentDetails order={order} missingReference="None" />
      </section>

      <section className="admin-order__section" aria-labelledby="admin-order-fulfilment">
        <h2 className="admin-order__subtitle" id="admin-order-fulfilment">
          Fulfilment
        </h2>
        <ErrorSummary problem={fulfilProblem} labels={LABELS} />
        {order.fulfillment_status === "fulfilled" ? (
          <p>
            Fulfilled
            {order.fulfilled_at ? (
              <>
                {" "}
                on <time dateTime={order.fulfilled_at}>{dates.format(new Date(order.fulfilled_at))}</time>
              </>
            ) : null}
            {order.tracking_number ? (
              <>
                {" "}
                — tracking number <strong className="admin-order__tracking">{order.tracking_number}</strong>
              </>
            ) : null}
            . The customer was emailed.
          </p>
        ) : order.fulfillment_status === "cancelled" ? (
          <p>
            This order was cancelled
            {order.cancelled_at ? (
              <>
                {" "}
                on <time dateTime={order.cancelled_at}>{dates.format(new Date(order.cancelled_at))}</time>
              </>
            ) : null}
            {order.cancel_reason ? <> ({CANCEL_REASON_LABELS[order.cancel_reason].toLowerCase()})</> : null}, so it cannot be fulfilled.
          </p>
        ) : (
          <Form className="admin-order__fulfil" method="post" action={path}>
            <AccountField
              name="tracking_number"
              field="tracking_number"
              label={LABELS.tracking_number}
              hint="Emailed to the customer with the news that the order is on its way."
              autoComplete="off"
              problem={fulfilProblem}
              maxLength={TRACKING_NUMBER_MAX_LENGTH}
            />
            <SubmitButton label="Mark as fulfilled" busyLabel="Fulfilling…" action={path} name="intent" value="fulfil" className="admin-button" />
          </Form>
        )}
      </section>

      <div className="admin-order__layout">
        <section className="admin-order__section" aria-labelledby="admin-order-items">
          <h2 className="admin-order__subtitle" id="admin-order-items">
            Items
          </h2>
          <OrderItems order={order} money={money} />
          <p className="admin-order__muted admin-order__currency">Amounts in {order.currency}.</p>
        </section>

        <div className="admin-order__side">
          <section className="admin-order__section" aria-labelledby="admin-order-address">
            <h2 className="admin-order__subtitle" id="admin-order-address">
              Shipping address
            </h2>
            <AddressLines address={order.shipping_address} className="admin-order__address" />
            <p className="admin-order__muted">{order.shipping_method === "express" ? "Express delivery" : "Standard delivery"}</p>
          </section>
          <section className="admin-order__section" aria-labelledby="admin-order-sms">
            <h2 className="admin-order__subtitle" id="admin-order-sms">
              SMS marketing
            </h2>
            {consent ? (
              <p>
                Agreed to marketing texts at {consent.phone} on <time dateTime={consent.consent_updated_at}>{dates.format(new Date(consent.consent_updated_at))}</time>, with the words “{consent.consent_text}”.
              </p>
            ) : (
              <p>No consent to marketing texts.</p>
            )}
          </section>
        </div>
      </div>

      <section className="admin-order__section" aria-labelledby="admin-order-refund">
        <h2 className="admin-order__subtitle" id="admin-order-refund">
          Refunds
        </h2>
        {order.total_refunded > 0 ? (
          <p>
            Refunded so far: <strong>{money(order.total_refunded)}</strong> of {money(order.total_price)}.
          </p>
        ) : null}
        <RefundHistory order={order} money={money} format={(date) => dates.format(date)} />
        {order.fulfillment_status === "cancelled" ? null : <RefundForm key={order.refunds.length} order={order} path={path} problem={problem} money={money} />}
      </section>

      {order.fulfillment_status === "unfulfilled" ? (
        <section className="admin-order__section" aria-labelledby="admin-order-cancel">
          <h2 className="admin-order__subtitle" id="admin-order-cancel">
            Cancel the order
          </h2>
          <CancelForm order={order} path={path} problem={problem} money={money} />
        </section>
      ) : null}
    </>
  );
}

/** What the order holds, line by line with its notes (a free gift, the properties a shopper sees), and how it adds up. */
function OrderItems({ order, money }: { order: AdminOrder; money: (cents: number) => string }) {
  return (
    <>
    <div className="admin-orders__scroll">
      <table className="admin-table admin-order__lines">
        <caption className="visually-hidden">Items in order {order.name}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col" className="admin-table__number">
              Price
            </th>
            <th scope="col" className="admin-table__number">
              Quantity
            </th>
            <th scope="col" className="admin-table__number">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.line_items.map((line) => {
            const notes = [...(isGiftLine(line) ? ["Free gift"] : []), ...Object.entries(line.properties ?? {}).filter(([name, value]) => !name.startsWith("_") && value !== "").map(([name, value]) => `${name}: ${value}`)];
            return (
              <tr key={line.key}>
                <th scope="row">
                  {line.title}
                  {notes.map((note) => (
                    <span className="admin-order__note" key={note}>
                      {note}
                    </span>
                  ))}
                </th>
                <td>{line.sku ?? "—"}</td>
                <td className="admin-table__number">{money(line.price)}</td>
                <td className="admin-table__number">{line.quantity}</td>
                <td className="admin-table__number">{line.final_line_price === 0 ? "Free" : money(line.final_line_price)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
    <dl className="admin-order__totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal_price)}</dd>
      </div>
      {order.total_discount > 0 ? (
        <div>
          <dt>Discount{order.discount_codes.length ? ` (${order.discount_codes.join(", ")})` : ""}</dt>
          <dd>−{money(order.total_discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{order.shipping_method === "express" ? "Express shipping" : "Standard shipping"}</dt>
        <dd>{order.shipping_price === 0 ? "Free" : money(order.shipping_price)}</dd>
      </div>
      <div className="admin-order__total">
        <dt>Total</dt>
        <dd>{money(order.total_price)}</dd>
      </div>
      {order.gift_card_amount > 0 ? (
        <>
          <div>
            <dt>Gift card ending {order.gift_card_last_characters}</dt>
            <dd>−{money(order.gift_card_amount)}</dd>
          </div>
          <div className="admin-order__total">
            <dt>Left to pay</dt>
            <dd>{money(order.total_outstanding)}</dd>
          </div>
        </>
      ) : null}
    </dl>
    </>
  );
}
