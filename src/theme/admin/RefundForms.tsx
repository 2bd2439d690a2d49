/** The order page's refund and cancel forms, and the list of refunds given; plain forms that work without scripts. */
import { Form } from "react-router";
import type { AdminOrder } from "../../core/admin/admin-orders.ts";
import { REFUND_NOTE_MAX_LENGTH } from "../../core/admin/admin-orders.ts";
import { CANCEL_REASONS, CANCEL_REASON_LABELS, refundQuantityField } from "../../core/orders/refunds.ts";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import type { AdminProblem } from "./answer.ts";

/** Which form a post came from, so only that form shows its problem. */
export type OrderIntent = "fulfil" | "refund" | "cancel";
export const intentOf = (problem: AdminProblem | null): OrderIntent | null => {
  const intent = problem?.values.intent;
  return intent === "fulfil" || intent === "refund" || intent === "cancel" ? intent : null;
};

const refundFieldId = (field: string) => `refund-${field.replaceAll("_", "-")}`;
const cancelFieldId = (field: string) => `cancel-${field}`;

function FieldError({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className="field__error" id={`${id}-error`}>
      {messages.join(" ")}
    </p>
  );
}

/** The note both forms take, kept with the refund for the shop's own record. */
function NoteField({ id, problem, hint }: { id: string; problem: AdminProblem | null; hint: string }) {
  const messages = problem?.errors.note;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Note <span className="field__optional">(optional)</span>
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <textarea
        className="field__input admin-refund__note"
        id={id}
        name="note"
        rows={2}
        maxLength={REFUND_NOTE_MAX_LENGTH}
        defaultValue={problem?.values.note ?? ""}
        aria-invalid={messages?.length ? true : undefined}
        aria-describedby={[`${id}-hint`, messages?.length ? `${id}-error` : ""].filter(Boolean).join(" ")}
      />
      <FieldError id={id} messages={messages} />
    </div>
  );
}

function RestockBox({ id, defaultChecked }: { id: string; defaultChecked: boolean }) {
  return (
    <div className="checkbox">
      <input type="checkbox" id={id} name="restock" defaultChecked={defaultChecked} />
      <label htmlFor={id}>Put the items back in stock</label>
    </div>
  );
}

/** Units per line to give back, the shipping, back in stock or not, and a note. */
export function RefundForm({ order, path, problem, money }: { order: AdminOrder; path: string; problem: AdminProblem | null; money: (cents: number) => string }) {
  const mine = intentOf(problem) === "refund" ? problem : null;
  const labels = Object.fromEntries([
    ...order.line_items.map((line, index) => [refundQuantityField(index), `Refund quantity of ${line.title}`]),
    ["shipping", "Shipping"],
    ["note", "Note"],
  ]);
  const nothingLeft = order.refundable.every((left) => left === 0) && !order.shipping_refundable;
  if (nothingLeft) return <p>Everything in this order has been refunded.</p>;
  return (
    <Form className="admin-refund" method="post" action={path}>
      <ErrorSummary problem={mine} labels={labels} fieldIdOf={refundFieldId} />
      <div className="admin-orders__scroll">
        <table className="admin-table admin-refund__lines">
          <caption className="visually-hidden">Units to refund</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="admin-table__number">
                Bought
              </th>
              <th scope="col" className="admin-table__number">
                Refundable
              </th>
              <th scope="col" className="admin-table__number">
                Refund now
              </th>
            </tr>
          </thead>
          <tbody>
            {order.line_items.map((line, index) => {
              const field = refundQuantityField(index);
              const id = refundFieldId(field);
              const left = order.refundable[index] ?? 0;
              const messages = mine?.errors[field];
              return (
                <tr key={line.key}>
                  <th scope="row" id={`${id}-item`}>
                    {line.title}
                    {order.gift_card_lines[index] ? <span className="admin-order__note">Gift card: refunded only while unused</span> : null}
                  </th>
                  <td className="admin-table__number">{line.quantity}</td>
                  <td className="admin-table__number">{left}</td>
                  <td className="admin-table__number">
                    <label className="visually-hidden" htmlFor={id}>
                      Units of {line.title} to refund, at most {left}
                    </label>
                    <input
                      className="field__input admin-refund__quantity"
                      id={id}
                      name={field}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      step={1}
                      disabled={left === 0}
                      defaultValue={mine?.values[field] ?? ""}
                      placeholder="0"
                      aria-invalid={messages?.length ? true : undefined}
                      aria-describedby={messages?.length ? `${id}-error` : undefined}
                    />
                    <FieldError id={id} messages={messages} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {order.shipping_refundable ? (
        <div className="checkbox">
          <input type="checkbox" id={refundFieldId("shipping")} name="shipping" defaultChecked={mine?.values.shipping === "on"} aria-describedby={mine?.errors.shipping?.length ? `${refundFieldId("shipping")}-error` : undefined} />
          <label htmlFor={refundFieldId("shipping")}>Refund the shipping ({money(order.shipping_price)})</label>
          <FieldError id={refundFieldId("shipping")} messages={mine?.errors.shipping} />
        </div>
      ) : null}
      <RestockBox id="refund-restock" defaultChecked={mine ? mine.values.restock === "on" : true} />
      <NoteField id={refundFieldId("note")} problem={mine} hint="For the shop's own record; the customer is not shown it." />
      <p className="admin-order__muted">Each unit gives back what was paid for it, after its share of any discount code. The customer is emailed.</p>
      <SubmitButton label="Refund" busyLabel="Refunding…" action={path} name="intent" value="refund" className="admin-button" />
    </Form>
  );
}

/** Cancelling an order not yet sent: why, back in stock or not, and a note. */
export function CancelForm({ order, path, problem, money }: { order: AdminOrder; path: string; problem: AdminProblem | null; money: (cents: number) => string }) {
  const mine = intentOf(problem) === "cancel" ? problem : null;
  const reasonId = cancelFieldId("reason");
  const messages = mine?.errors.reason;
  return (
    <Form className="admin-cancel" method="post" action={path}>
      <ErrorSummary problem={mine} labels={{ reason: "Reason", note: "Note" }} fieldIdOf={cancelFieldId} />
      <div className="field">
        <label className="field__label" htmlFor={reasonId}>
          Reason
        </label>
        <select
          className="field__input"
          id={reasonId}
          name="reason"
          required
          defaultValue={mine?.values.reason ?? ""}
          aria-invalid={messages?.length ? true : undefined}
          aria-describedby={messages?.length ? `${reasonId}-error` : undefined}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {CANCEL_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {CANCEL_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
        <FieldError id={reasonId} messages={messages} />
      </div>
      <RestockBox id="cancel-restock" defaultChecked={mine ? mine.values.restock === "on" : true} />
      <NoteField id={cancelFieldId("note")} problem={mine} hint="For the shop's own record; the customer is not shown it." />
      <p className="admin-order__muted">
        Gives back {money(Math.max(0, order.total_price - order.total_refunded))} not yet refunded and tells the customer by email. The order cannot be fulfilled afterwards.
      </p>
      <SubmitButton label="Cancel order" busyLabel="Cancelling…" action={path} name="intent" value="cancel" className="admin-button admin-button--danger" />
    </Form>
  );
}

/** Refunds already given, oldest first. */
export function RefundHistory({ order, money, format }: { order: AdminOrder; money: (cents: number) => string; format: (date: Date) => string }) {
  if (order.refunds.length === 0) return null;
  return (
    <ul className="admin-refund__history">
      {order.refunds.map((refund) => (
        <li key={refund.id}>
          <strong>{money(refund.amount)}</strong> on <time dateTime={refund.at}>{format(new Date(refund.at))}</time>
          {refund.staff ? <> by {refund.staff}</> : null}:{" "}
          {[...refund.lines.map((line) => `${line.quantity} × ${line.title}`), ...(refund.shipping > 0 ? ["shipping"] : [])].join(", ") || "nothing left to give back"}
          {refund.gift_card_amount > 0 ? <> ({money(refund.gift_card_amount)} back onto the gift card)</> : null}
          {refund.restocked ? <> · back in stock</> : null}
          {refund.provider_refund_id ? (
            <>
              {" "}
              · refunded through Stripe, reference <span className="admin-order__tracking">{refund.provider_refund_id}</span>
            </>
          ) : null}
          {refund.note ? <span className="admin-order__note">Note: {refund.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}
