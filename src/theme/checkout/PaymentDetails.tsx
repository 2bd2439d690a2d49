import { useLocaleText } from "../cart/use-locale-text.ts";
import { PAYMENT_STATUS_KEYS, paymentMethodText } from "./payment-words.ts";

type PaidOrder = Parameters<typeof paymentMethodText>[0] & { financial_status: keyof typeof PAYMENT_STATUS_KEYS; payment: { reference: string | null } };

/** An order's payment: its status, method and the provider's reference (staff see "None" where there is none; shoppers see no row). */
export function PaymentDetails({ order, missingReference }: { order: PaidOrder; missingReference?: string }) {
  const text = useLocaleText();
  const reference = order.payment.reference ?? missingReference;
  return (
    <dl className="order__payment">
      <div>
        <dt>{text("payment_status")}</dt>
        <dd>{text(PAYMENT_STATUS_KEYS[order.financial_status])}</dd>
      </div>
      <div>
        <dt>{text("payment_method")}</dt>
        <dd>{paymentMethodText(order, text)}</dd>
      </div>
      {reference ? (
        <div>
          <dt>{text("payment_reference")}</dt>
          <dd className="order__reference">{reference}</dd>
        </div>
      ) : null}
    </dl>
  );
}
