import { PAYMENT_WORDS, paymentMethodText } from "./payment-words.ts";

type PaidOrder = Parameters<typeof paymentMethodText>[0] & { financial_status: keyof typeof PAYMENT_WORDS.status; payment: { reference: string | null } };

/** An order's payment: its status, method and the provider's reference (staff see "None" where there is none; shoppers see no row). */
export function PaymentDetails({ order, missingReference }: { order: PaidOrder; missingReference?: string }) {
  const reference = order.payment.reference ?? missingReference;
  return (
    <dl className="order__payment">
      <div>
        <dt>Status</dt>
        <dd>{PAYMENT_WORDS.status[order.financial_status]}</dd>
      </div>
      <div>
        <dt>Method</dt>
        <dd>{paymentMethodText(order)}</dd>
      </div>
      {reference ? (
        <div>
          <dt>{PAYMENT_WORDS.reference}</dt>
          <dd className="order__reference">{reference}</dd>
        </div>
      ) : null}
    </dl>
  );
}
