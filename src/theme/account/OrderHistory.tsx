import { Link } from "react-router";
import type { CustomerOrder } from "../../core/account.ts";
import { useMoneyIn } from "../storefront/use-shop.ts";

/** The customer's orders, newest first: each one's date, status, lines and totals. */
export function OrderHistory({ orders, language, timeZone }: { orders: CustomerOrder[]; language: string; timeZone: string }) {
  const moneyIn = useMoneyIn();
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
        <li className="order-history__order" key={order.token}>
          <article aria-labelledby={`order-${order.id}-title`}>
            <header className="order-history__header">
              <h3 className="order-history__title" id={`order-${order.id}-title`}>
                <Link to={`/orders/${order.token}`}>Order {order.name}</Link>
              </h3>
              <p className="order-history__meta">
                <time dateTime={order.created_at}>{dates.format(new Date(order.created_at))}</time> · {order.status}
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
                {order.line_items.map((line) => (
                  <tr key={line.key}>
                    <td>{line.title}</td>
                    <td className="order-history__quantity">× {line.quantity}</td>
                    <td className="order-history__price">{moneyIn(line.final_line_price, order.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="order-history__totals">
              <div>
                <dt>Subtotal</dt>
                <dd>{moneyIn(order.subtotal_price, order.currency)}</dd>
              </div>
              {order.total_discount > 0 ? (
                <div>
                  <dt>Discount{order.discount_codes.length ? ` (${order.discount_codes.join(", ")})` : ""}</dt>
                  <dd>−{moneyIn(order.total_discount, order.currency)}</dd>
                </div>
              ) : null}
              <div>
                <dt>{order.shipping_method === "express" ? "Express shipping" : "Shipping"}</dt>
                <dd>{order.shipping_price === 0 ? "Free" : moneyIn(order.shipping_price, order.currency)}</dd>
              </div>
              <div className="order-history__total">
                <dt>Total</dt>
                <dd>{moneyIn(order.total_price, order.currency)}</dd>
              </div>
            </dl>
          </article>
        </li>
      ))}
    </ol>
  );
}
