import { Link } from "react-router";
import { type CustomerOrder, orderStatus } from "../../core/accounts/account.ts";
import { kitContentsText, orderSummary } from "../../core/orders/order-summary.ts";
import { shippingLabelOf } from "../checkout/OrderSummary.tsx";
import { shopTranslator, useMoneyIn, useShop, useText } from "../storefront/use-shop.ts";

/** The customer's orders, newest first: each one's date, status, lines and totals. */
export function OrderHistory({ orders, language, timeZone }: { orders: CustomerOrder[]; language: string; timeZone: string }) {
  const text = useText();
  if (orders.length === 0) {
    return (
      <p>
        {text("account_no_orders")} <Link to="/collections/all">{text("account_start_shopping")}</Link>
      </p>
    );
  }
  const dates = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone });
  return (
    <ol className="order-history">
      {orders.map((order) => (
        <OrderEntry key={order.token} order={order} dates={dates} />
      ))}
    </ol>
  );
}

/** One order: its lines and totals from the same view as its order page and the checkout. */
function OrderEntry({ order, dates }: { order: CustomerOrder; dates: Intl.DateTimeFormat }) {
  const moneyIn = useMoneyIn();
  const shop = useShop();
  const text = useText();
  const view = orderSummary(order);
  const money = (cents: number) => moneyIn(cents, view.currency);
  return (
    <li className="order-history__order">
      <article aria-labelledby={`order-${order.id}-title`}>
        <header className="order-history__header">
          <h3 className="order-history__title" id={`order-${order.id}-title`}>
            <Link to={`/orders/${order.token}`}>{text("order_title", { name: order.name })}</Link>
          </h3>
          <p className="order-history__meta">
            <time dateTime={order.created_at}>{dates.format(new Date(order.created_at))}</time> · {orderStatus(order, shopTranslator(shop))} ·{" "}
            <Link to={`/orders/${order.token}/invoice.pdf`} reloadDocument aria-label={text("account_invoice_label", { name: order.name })}>
              {text("account_invoice")}
            </Link>
          </p>
        </header>
        <table className="order-history__lines">
          <caption className="visually-hidden">{text("account_order_items", { name: order.name })}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{text("account_item")}</th>
              <th scope="col">{text("quantity")}</th>
              <th scope="col">{text("account_price")}</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.key}>
                <td>
                  {line.title}
                  {line.gift ? <span className="order-history__detail">{text("summary_free_gift")}</span> : null}
                  {line.contents.length ? <span className="order-history__detail">{text("line_includes", { contents: kitContentsText(line.contents) })}</span> : null}
                  {line.savings.map((saving) => (
                    <span key={saving.title} className="order-history__detail">
                      {saving.title}: −{money(saving.amount)}
                    </span>
                  ))}
                </td>
                <td className="order-history__quantity">× {line.quantity}</td>
                <td className="order-history__price">{line.final_line_price <= 0 ? text("free") : money(line.final_line_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="order-history__totals">
          <div>
            <dt>{text("subtotal")}</dt>
            <dd>{money(view.subtotal)}</dd>
          </div>
          {view.discounts.map((discount) => (
            <div key={discount.key}>
              <dt>{text("summary_discount", { title: discount.title })}</dt>
              <dd>−{money(discount.amount)}</dd>
            </div>
          ))}
          <div>
            <dt>{shippingLabelOf(view, text)}</dt>
            <dd>{view.shipping === 0 ? text("free") : money(view.shipping)}</dd>
          </div>
          <div className="order-history__total">
            <dt>{text("total")}</dt>
            <dd>{money(view.total)}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
}
