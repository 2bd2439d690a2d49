import type { OrderSummaryView } from "../../core/orders/order-summary.ts";
import { kitContentsText, taxWords } from "../../core/orders/order-summary.ts";
import { type TextKey, shopTranslator, useShop } from "../storefront/use-shop.ts";
import type { MessageValues } from "../../core/i18n/messages.ts";
import { useMoney } from "../storefront/use-shop.ts";
import { useLocaleText } from "../cart/use-locale-text.ts";

/** The shipping line's label: "Express shipping (free with WELCOME)"; only express has a name of its own (standard is plain shipping). */
export function shippingLabelOf(view: Pick<OrderSummaryView, "shippingMethod" | "freeShippingTitle">, text: (key: TextKey, values?: MessageValues) => string): string {
  const shipping = view.shippingMethod ? text("summary_shipping_express") : text("summary_shipping");
  return view.freeShippingTitle ? text("summary_shipping_free_with", { shipping, title: view.freeShippingTitle }) : shipping;
}

/** Lines, savings, shipping and total of a cart at checkout or of a placed order, drawn from `orderSummary`'s view. */
export function OrderSummary({ title, view }: { title: string; view: OrderSummaryView }) {
  const money = useMoney(view.currency);
  const text = useLocaleText();
  const amount = (cents: number) => (cents <= 0 ? text("free") : money(cents));
  const tax = taxWords(view.tax, money, shopTranslator(useShop()));
  const shippingLabel = shippingLabelOf(view, text);
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 className="order-summary__title" id="order-summary-title">
        {title}
      </h2>
      <ul className="order-summary__lines">
        {view.lines.map((line) => (
          <li key={line.key} className="order-summary__line">
            <span className="order-summary__name">
              {line.title}
              {line.gift ? <span className="order-summary__note"> · {text("summary_free_gift")}</span> : null}
              {line.contents.length ? <span className="order-summary__detail">{text("line_includes", { contents: kitContentsText(line.contents) })}</span> : null}
              {line.savings.map((saving) => (
                <span key={saving.title} className="order-summary__detail order-summary__detail--saving">
                  {saving.title}: −{money(saving.amount)}
                </span>
              ))}
            </span>
            <span className="order-summary__quantity">× {line.quantity}</span>
            <span className="order-summary__price">{amount(line.final_line_price)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__rows">
        <div className="order-summary__row">
          <dt>{text("subtotal")}</dt>
          <dd>{money(view.subtotal)}</dd>
        </div>
        {view.discounts.map((discount) => (
          <div key={discount.key} className="order-summary__row order-summary__row--discount">
            <dt>{text("summary_discount", { title: discount.title })}</dt>
            <dd>−{money(discount.amount)}</dd>
          </div>
        ))}
        <div className="order-summary__row">
          <dt>{shippingLabel}</dt>
          <dd>{amount(view.shipping)}</dd>
        </div>
        {tax.rows.map((row) => (
          <div key={row.label} className="order-summary__row order-summary__row--tax">
            <dt>{row.label}</dt>
            <dd>{row.amount}</dd>
          </div>
        ))}
        <div className="order-summary__row order-summary__row--total">
          <dt>{text("total")}</dt>
          <dd>
            {money(view.total)} <span className="order-summary__currency">{view.currency}</span>
            {tax.note ? <span className="order-summary__tax-note">{tax.note}</span> : null}
          </dd>
        </div>
        {view.giftCard ? (
          <>
            <div className="order-summary__row">
              <dt>{text("summary_gift_card", { last: view.giftCard.lastCharacters })}</dt>
              <dd>−{money(view.giftCard.amount)}</dd>
            </div>
            <div className="order-summary__row order-summary__row--total">
              <dt>{text("summary_left_to_pay")}</dt>
              <dd>{money(view.giftCard.outstanding)}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}
