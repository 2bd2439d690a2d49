import { Link } from "react-router";
import type { CustomerOrder } from "../../core/accounts/account.ts";
import { kitContentsText, orderSummary } from "../../core/orders/order-summary.ts";
import { useMoneyIn } from "../storefront/use-shop.ts";

/** The customer's orders, newest first: each one's date, status, lines and totals. */
export function OrderHistory({ orders, language, timeZone }: { orders: CustomerOrder[]; language: string; timeZone: string }) {
  if (orders.length === 0) {
    return (
      <p>
        You have not placed any orders yet. <Link to="/collections/all">Start shopping</Link>
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
  const view = orderSummary(order);
  const money = (cents: number) => moneyIn(cents, view.currency);
  return (
    <li className="order-history__order">
      <article aria-labelledby={`order-${order.id}-title`}>
        <header className="order-history__header">
          <h3 className="order-history__title" id={`order-${order.id}-title`}>
            <Link to={`/orders/${order.token}`}>Order {order.name}</Link>
          </h3>
          <p className="order-history__meta">
            <time dateTime={order.created_at}>{dates.format(new Date(order.created_at))}</time> · {order.status} ·{" "}
            <Link to={`/orders/${order.token}/invoice.pdf`} reloadDocument aria-label={`Invoice for order ${order.name} (PDF)`}>
              Invoice (PDF)
            </Link>
          </p>
        </header>
        <table className="order-history__lines">
          <caption className="visually-hidden">Items in order {order.name}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.key}>
                <td>
                  {line.title}
                  {line.note ? <span className="order-history__detail">{line.note}</span> : null}
                  {line.contents.length ? <span className="order-history__detail">Includes {kitContentsText(line.contents)}</span> : null}
                  {line.savings.map((saving) => (
                    <span key={saving.title} className="order-history__detail">
                      {saving.title}: −{money(saving.amount)}
                    </span>
                  ))}
                </td>
                <td className="order-history__quantity">× {line.quantity}</td>
                <td className="order-history__price">{line.final_line_price <= 0 ? "Free" : money(line.final_line_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="order-history__totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{money(view.subtotal)}</dd>
          </div>
          {view.discounts.map((discount) => (
            <div key={discount.key}>
              <dt>Discount: {discount.title}</dt>
              <dd>−{money(discount.amount)}</dd>
            </div>
          ))}
          <div>
            <dt>{view.shippingLabel}</dt>
            <dd>{view.shipping === 0 ? "Free" : money(view.shipping)}</dd>
          </div>
          <div className="order-history__total">
            <dt>Total</dt>
            <dd>{money(view.total)}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
}
