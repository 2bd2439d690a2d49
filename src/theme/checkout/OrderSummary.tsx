import { useMoney } from "../storefront/use-shop.ts";
import { useLocaleText } from "../cart/use-locale-text.ts";

export interface SummaryLine {
  key: string;
  title: string;
  quantity: number;
  /** Minor units, after line discounts. */
  final_line_price: number;
  /** A free gift or sample. */
  note?: string | null;
}

interface OrderSummaryProps {
  title: string;
  lines: SummaryLine[];
  subtotal: number;
  discounts: { key: string; title: string; amount: number }[];
  shipping: number;
  /** "Shipping", or the method's name when it is not the standard one. */
  shippingLabel?: string;
  total: number;
  currency: string;
  /** What a gift card paid, and the card's last characters (a placed order). */
  giftCard?: { amount: number; lastCharacters: string } | null;
}

/** Lines, discounts, shipping and total of a cart at checkout or of a placed order: the shop's figures only. */
export function OrderSummary({ title, lines, subtotal, discounts, shipping, shippingLabel = "Shipping", total, currency, giftCard = null }: OrderSummaryProps) {
  const money = useMoney(currency);
  const text = useLocaleText();
  const amount = (cents: number) => (cents <= 0 ? text("free") : money(cents));
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 className="order-summary__title" id="order-summary-title">
        {title}
      </h2>
      <ul className="order-summary__lines">
        {lines.map((line) => (
          <li key={line.key} className="order-summary__line">
            <span className="order-summary__name">
              {line.title}
              {line.note ? <span className="order-summary__note"> · {line.note}</span> : null}
            </span>
            <span className="order-summary__quantity">× {line.quantity}</span>
            <span className="order-summary__price">{amount(line.final_line_price)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__rows">
        <div className="order-summary__row">
          <dt>{text("subtotal")}</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        {discounts.map((discount) => (
          <div key={discount.key} className="order-summary__row order-summary__row--discount">
            <dt>Discount: {discount.title}</dt>
            <dd>−{money(discount.amount)}</dd>
          </div>
        ))}
        <div className="order-summary__row">
          <dt>{shippingLabel}</dt>
          <dd>{amount(shipping)}</dd>
        </div>
        <div className="order-summary__row order-summary__row--total">
          <dt>{text("total")}</dt>
          <dd>
            {money(total)} <span className="order-summary__currency">{currency}</span>
          </dd>
        </div>
        {giftCard && giftCard.amount > 0 ? (
          <>
            <div className="order-summary__row">
              <dt>Gift card ending {giftCard.lastCharacters}</dt>
              <dd>−{money(giftCard.amount)}</dd>
            </div>
            <div className="order-summary__row order-summary__row--total">
              <dt>Left to pay</dt>
              <dd>{money(total - giftCard.amount)}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}
