/**
 * Refunding and cancelling orders. In one transaction, under the order's
 * row lock: the refund is planned by the core rule from what earlier refunds
 * gave back, units go back into stock under their variants' row locks (so a
 * checkout racing for them sees every unit), money paid by gift card goes
 * back onto it, gift cards bought with the order are refunded only while
 * unused (and are then disabled), and the audit entry is written. The
 * customer is emailed once it committed.
 */
import { type StaffJson } from "../../core/admin/admin.ts";
import { type AdminOrder, type AdminRefund, REFUND_NOTE_MAX_LENGTH } from "../../core/admin/admin-orders.ts";
import {
  CANCEL_REASONS,
  type CancelReason,
  type RefundHistory,
  type RefundPlan,
  type RefundableOrder,
  planCancellation,
  planRefund,
  refundQuantityField,
  refundableQuantities,
} from "../../core/orders/refunds.ts";
import type { OrderJson } from "../../core/contract/storefront.ts";
import { type Catalog, bumpInventoryRevision } from "../catalog/catalog.ts";
import type { Queryable } from "../db/database.ts";
import { ORDER_COLUMNS, type OrderRow, orderJson } from "../orders/order-json.ts";
import { giftCardLines } from "../orders/gift-cards.ts";
import { recordAudit } from "./audit.ts";
import { AdminRefused, type Refusal, refusal } from "./refusal.ts";
import { PaymentFailed, type StripePayments } from "../payments/stripe-payments.ts";


const refuse = (reason: Refusal["reason"], description: string, errors: Record<string, string> = {}): AdminRefused => new AdminRefused(refusal(reason, description, errors));

interface RefundSql {
  id: number;
  amount: number | string;
  gift_card_amount: number | string;
  shipping: number | string;
  lines: { index: number; quantity: number; amount: number }[];
  restocked: boolean;
  note: string;
  at: Date | string;
  staff_name: string | null;
  staff_email: string | null;
  provider_refund_id: string | null;
}

export type AdminOrderRow = OrderRow & { customer_id: number | null; cancel_reason: CancelReason | null };

/** The order's refunds, oldest first. */
async function refundRows(q: Queryable, orderId: number): Promise<RefundSql[]> {
  return q.query<RefundSql>(
    `select r.id, r.amount, r.gift_card_amount, r.shipping, r.lines, r.restocked, r.note, r.at, r.provider_refund_id, s.name as staff_name, s.email as staff_email
     from refunds r left join staff s on s.id = r.staff_id where r.order_id = $1 order by r.at, r.id`,
    [orderId],
  );
}

function historyOf(rows: readonly RefundSql[], lineCount: number): RefundHistory {
  const quantities = Array.from({ length: lineCount }, () => 0);
  for (const row of rows) for (const line of row.lines) quantities[line.index] = (quantities[line.index] ?? 0) + line.quantity;
  return {
    quantities,
    shippingRefunded: rows.some((row) => Number(row.shipping) > 0),
    amount: rows.reduce((sum, row) => sum + Number(row.amount), 0),
    giftCardAmount: rows.reduce((sum, row) => sum + Number(row.gift_card_amount), 0),
  };
}

const refundable = (order: OrderJson, giftCards: readonly boolean[]): RefundableOrder => ({
  lines: order.line_items.map((line, index) => ({ quantity: line.quantity, final_line_price: line.final_line_price, gift_card: giftCards[index] ?? false })),
  shipping_price: order.shipping_price,
  total_price: order.total_price,
  added_tax: order.taxes_included ? 0 : (order.total_tax ?? 0),
  gift_card_amount: order.gift_card_amount,
});

/** One order with its refunds and what may still be refunded. */
export async function adminOrderOf(q: Queryable, row: AdminOrderRow, catalog: Catalog): Promise<AdminOrder> {
  const order = orderJson(row);
  const rows = await refundRows(q, order.id);
  const history = historyOf(rows, order.line_items.length);
  const giftCards = giftCardLines(order, catalog);
  const refunds = rows.map(
    (row): AdminRefund => ({
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      staff: row.staff_name || row.staff_email,
      amount: Number(row.amount),
      gift_card_amount: Number(row.gift_card_amount),
      shipping: Number(row.shipping),
      lines: row.lines.map((line) => ({ ...line, title: order.line_items[line.index]?.title ?? "An item" })),
      restocked: row.restocked,
      note: row.note,
      provider_refund_id: row.provider_refund_id,
    }),
  );
  return {
    ...order,
    customer_id: row.customer_id === null ? null : Number(row.customer_id),
    refunds,
    refundable: refundableQuantities(refundable(order, giftCards), history),
    shipping_refundable: !history.shippingRefunded && order.shipping_price > 0 && history.amount < order.total_price,
    gift_card_lines: giftCards,
    cancel_reason: row.cancel_reason,
  };
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const checked = (value: unknown) => value === "on" || value === "1" || value === "true" || value === true;

/** The refund form: a whole number of units per line (blank is none), the shipping box, the restock box and a note. */
function readRefundForm(form: Record<string, unknown>, lineCount: number): { quantities: number[]; shipping: boolean; restock: boolean; note: string } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const quantities = Array.from({ length: lineCount }, (_, index) => {
    const typed = text(form[refundQuantityField(index)]);
    if (typed === "") return 0;
    if (!/^\d{1,7}$/.test(typed)) {
      errors[refundQuantityField(index)] = "Enter a whole number of units.";
      return 0;
    }
    return Number(typed);
  });
  const note = readNote(form.note, errors);
  return Object.keys(errors).length ? { errors } : { quantities, shipping: checked(form.shipping), restock: checked(form.restock), note };
}

function readNote(value: unknown, errors: Record<string, string>): string {
  const note = text(value);
  if (note.length > REFUND_NOTE_MAX_LENGTH) errors.note = `A note is at most ${REFUND_NOTE_MAX_LENGTH} characters.`;
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(note)) errors.note = "Use ordinary letters, numbers and punctuation only.";
  return note;
}

/** What a committed refund tells the customer. */
export interface GivenBack {
  order: OrderJson;
  plan: RefundPlan;
  cancelled: boolean;
  /** A cancelled order's payment session, still open at the provider: ended once the cancellation committed. */
  sessionToEnd: string | null;
}

/**
 * Refunds (or, with `cancel`, cancels) order `id` as `staff`, inside `tx`.
 * Throws AdminRefused for anything the form or the order's state refuses.
 */
export async function giveBack(
  tx: Queryable,
  catalog: Catalog,
  staff: StaffJson,
  id: number,
  form: Record<string, unknown>,
  cancel: boolean,
  payments?: StripePayments,
): Promise<GivenBack> {
  const [row] = await tx.query<AdminOrderRow & { payment_session_id: string | null }>(`select ${ORDER_COLUMNS}, customer_id, cancel_reason, payment_session_id from orders where id = $1 for update`, [id]);
  if (!row) throw refuse("not_found", "There is no such order.");
  // An order still waiting for its payment has taken no money but a gift card's: it can be cancelled, not refunded.
  const pending = row.payment_status === "pending";
  const order = orderJson(row);
  const history = historyOf(await refundRows(tx, id), order.line_items.length);
  const giftCards = giftCardLines(order, catalog);
  const shape = refundable(order, giftCards);

  let plan: RefundPlan;
  let restock: boolean;
  let note: string;
  let reason: CancelReason | null = null;
  if (cancel) {
    if (order.fulfillment_status === "cancelled") throw refuse("conflict", `Order ${order.name} is already cancelled.`);
    if (order.fulfillment_status === "fulfilled") throw refuse("conflict", `Order ${order.name} has been sent, so it cannot be cancelled. Refund what comes back instead.`);
    const errors: Record<string, string> = {};
    const typed = text(form.reason);
    reason = (CANCEL_REASONS as readonly string[]).includes(typed) ? (typed as CancelReason) : null;
    if (!reason) errors.reason = "Choose why the order is cancelled.";
    note = readNote(form.note, errors);
    if (Object.keys(errors).length) throw refuse("invalid", "The order was not cancelled. Please check the highlighted fields.", errors);
    restock = checked(form.restock);
    plan = planCancellation(shape, history);
    // Of a pending order only the gift card paid: that goes back, and its payment session is ended.
    if (pending) plan = { ...plan, amount: plan.giftCardAmount };
  } else {
    if (order.fulfillment_status === "cancelled") throw refuse("conflict", `Order ${order.name} was cancelled, and everything in it has been refunded.`);
    if (pending) throw refuse("conflict", `Order ${order.name} is still waiting for its payment, so nothing has been taken to refund. Cancel it instead to release its stock.`);
    const read = readRefundForm(form, order.line_items.length);
    if ("errors" in read) throw refuse("invalid", "Nothing was refunded. Please check the highlighted fields.", read.errors);
    const outcome = planRefund(shape, history, read);
    if (!outcome.ok) throw refuse("invalid", `Nothing was refunded. ${outcome.description}`, outcome.errors);
    plan = outcome.plan;
    restock = read.restock;
    note = read.note;
  }

  // Gift cards bought with the order are refunded only while unused; each refunded one stops working.
  for (const line of plan.lines.filter((line) => giftCards[line.index])) {
    const unused = await tx.query<{ id: number; balance: number | string }>(
      `select id, balance from gift_cards where order_id = $1 and disabled_at is null and balance = initial_value order by id limit $2 for update`,
      [id, line.quantity],
    );
    if (unused.length < line.quantity) {
      throw refuse("conflict", "Nothing was refunded.", {
        [refundQuantityField(line.index)]: unused.length === 0 ? "The gift cards of this order have been used, so they cannot be refunded." : `Only ${unused.length} of these gift cards are unused, so at most ${unused.length} can be refunded.`,
      });
    }
    for (const card of unused) {
      await tx.query("update gift_cards set balance = 0, disabled_at = now() where id = $1", [card.id]);
      await tx.query("insert into gift_card_transactions (gift_card_id, order_id, amount) values ($1, $2, $3)", [card.id, id, -Number(card.balance)]);
    }
  }

  // Units go back on the shelf in variant id order, as checkouts take them, so neither waits on the other in a circle.
  const restocked: { variantId: number; quantity: number }[] = [];
  if (restock) {
    const byVariant = new Map<number, number>();
    for (const line of plan.lines) {
      if (giftCards[line.index]) continue;
      const variantId = Number(order.line_items[line.index]?.variant_id);
      byVariant.set(variantId, (byVariant.get(variantId) ?? 0) + line.quantity);
    }
    for (const [variantId, quantity] of [...byVariant].sort(([a], [b]) => a - b)) {
      const [updated] = await tx.query<{ inventory_quantity: number }>(
        "update variants set inventory_quantity = inventory_quantity + $2 where id = $1 and inventory_management = 'shopify' returning inventory_quantity",
        [variantId, quantity],
      );
      if (!updated) continue;
      restocked.push({ variantId, quantity });
      await tx.query("insert into stock_adjustments (variant_id, staff_id, delta, quantity_after, reason, note) values ($1, $2, $3, $4, 'returned', $5)", [
        variantId,
        staff.id,
        quantity,
        updated.inventory_quantity,
        `${cancel ? "Cancelled" : "Refunded"} order ${order.name}`,
      ]);
    }
    if (restocked.length) await bumpInventoryRevision(tx);
  }

  // Money a gift card paid goes back onto that card.
  if (plan.giftCardAmount > 0) {
    const [spent] = await tx.query<{ gift_card_id: number }>("select gift_card_id from gift_card_transactions where order_id = $1 and amount < 0 order by id limit 1", [id]);
    if (spent) {
      await tx.query("update gift_cards set balance = balance + $2 where id = $1", [spent.gift_card_id, plan.giftCardAmount]);
      await tx.query("insert into gift_card_transactions (gift_card_id, order_id, amount) values ($1, $2, $3)", [spent.gift_card_id, id, plan.giftCardAmount]);
    }
  }

  // Money paid through the provider goes back through it, last, once everything else in the refund stood: a refusal there undoes the refund.
  const providerAmount = plan.amount - plan.giftCardAmount;
  let providerRefundId: string | null = null;
  if (!pending && order.payment.provider !== null && providerAmount > 0) {
    if (!payments || !order.payment.reference) {
      throw refuse("conflict", `Nothing was refunded: order ${order.name} was paid through Stripe, which this shop is not set up to reach now. Refund it in Stripe's dashboard instead.`);
    }
    try {
      // Keyed by what was refunded before, so a refund repeated after a lost answer is made once at the provider.
      providerRefundId = await payments.refund(order.payment.reference, providerAmount, `refund-${id}-${history.amount}-${providerAmount}`, id);
    } catch (error) {
      if (!(error instanceof PaymentFailed)) throw error;
      throw refuse("upstream", `Nothing was refunded: Stripe did not refund the payment. ${error.message}`);
    }
  }

  await tx.query(
    "insert into refunds (order_id, staff_id, amount, gift_card_amount, shipping, lines, restocked, note, provider_refund_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    [id, staff.id, plan.amount, plan.giftCardAmount, plan.shipping, JSON.stringify(plan.lines), restocked.length > 0, note, providerRefundId],
  );
  const totalRefunded = history.amount + plan.amount;
  if (cancel) {
    await tx.query(
      `update orders set total_refunded = $2, fulfillment_status = 'cancelled', cancelled_at = now(), cancel_reason = $3${pending ? ", payment_status = 'voided'" : ""} where id = $1`,
      [id, totalRefunded, reason],
    );
  } else {
    await tx.query("update orders set total_refunded = $2 where id = $1", [id, totalRefunded]);
  }
  await recordAudit(tx, {
    staffId: staff.id,
    action: cancel ? "order.cancel" : "order.refund",
    subject: `order ${row.number}`,
    before: { total_refunded: history.amount, fulfillment_status: order.fulfillment_status },
    after: {
      total_refunded: totalRefunded,
      fulfillment_status: cancel ? "cancelled" : order.fulfillment_status,
      amount: plan.amount,
      lines: plan.lines,
      shipping: plan.shipping,
      restocked,
      ...(reason ? { reason } : {}),
      ...(note ? { note } : {}),
    },
  });
  return {
    order: { ...order, total_refunded: totalRefunded, ...(pending ? { financial_status: "voided" as const } : {}) },
    plan,
    cancelled: cancel,
    sessionToEnd: pending ? row.payment_session_id : null,
  };
}

/** Where the order page goes after a refund or a cancellation. */
export const orderPage = (id: number) => `/orders/${id}`;
