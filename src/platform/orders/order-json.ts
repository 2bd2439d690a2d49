import { type PaymentStatus, financialStatus } from "../../core/orders/refunds.ts";
import type { FulfillmentStatus, OrderDiscountApplication, OrderJson, OrderPayment, SmsConsent } from "../../core/contract/storefront.ts";

/** A row of the `orders` table, as far as the order's JSON needs it. */
export interface OrderRow {
  id: number;
  number: number;
  token: string;
  email: string;
  created_at: Date | string;
  currency: string;
  /** Lines stored before savings and kit contents were kept lack them. */
  lines: (Omit<OrderJson["line_items"][number], "discounts" | "components"> & Partial<Pick<OrderJson["line_items"][number], "discounts" | "components">>)[];
  shipping_address: OrderJson["shipping_address"];
  discount_codes: string[];
  /** Null for orders placed before the applications were kept. */
  discount_applications: OrderDiscountApplication[] | null;
  subtotal_price: number;
  total_discount: number;
  shipping_price: number;
  shipping_method: OrderJson["shipping_method"];
  total_price: number;
  tax_lines: OrderJson["tax_lines"];
  total_tax: number | string;
  taxes_included: boolean;
  locale: string;
  test: boolean;
  phone: string | null;
  gift_card_amount: number | string;
  gift_card_last_characters: string | null;
  sms_consent: SmsConsent | null;
  fulfillment_status: FulfillmentStatus;
  tracking_number: string | null;
  fulfilled_at: Date | string | null;
  total_refunded: number | string;
  cancelled_at: Date | string | null;
  payment_status: PaymentStatus;
  payment_provider: OrderPayment["provider"];
  payment_url: string | null;
  payment_expires_at: Date | string | null;
  payment_reference: string | null;
  payment_method: string | null;
}

/** The columns `orderJson` reads. */
export const ORDER_COLUMNS =
  "id, number, token, email, created_at, currency, lines, shipping_address, discount_codes, discount_applications, subtotal_price, total_discount, shipping_price, shipping_method, total_price, tax_lines, total_tax, taxes_included, locale, test, phone, sms_consent, gift_card_amount, gift_card_last_characters, fulfillment_status, tracking_number, fulfilled_at, total_refunded, cancelled_at, payment_status, payment_provider, payment_url, payment_expires_at, payment_reference, payment_method";

/** A stored order as `GET /orders/{token}.json` and the account's history answer it. */
export function orderJson(row: OrderRow): OrderJson {
  return {
    id: row.id,
    name: `#${row.number}`,
    token: row.token,
    email: row.email,
    created_at: new Date(row.created_at).toISOString(),
    currency: row.currency,
    line_items: row.lines.map((line) => ({ ...line, discounts: line.discounts ?? [], components: line.components ?? [] })),
    shipping_address: row.shipping_address,
    discount_codes: row.discount_codes,
    discount_applications: row.discount_applications ?? earlierApplications(row),
    subtotal_price: row.subtotal_price,
    total_discount: row.total_discount,
    shipping_price: row.shipping_price,
    shipping_method: row.shipping_method,
    total_price: row.total_price,
    tax_lines: row.tax_lines,
    total_tax: Number(row.total_tax),
    taxes_included: row.taxes_included,
    customer_locale: row.locale,
    test: row.test,
    gift_card_amount: Number(row.gift_card_amount),
    gift_card_last_characters: row.gift_card_last_characters,
    total_outstanding: Number(row.total_price) - Number(row.gift_card_amount),
    phone: row.phone,
    sms_marketing_consent: row.sms_consent,
    fulfillment_status: row.fulfillment_status,
    tracking_number: row.tracking_number,
    fulfilled_at: row.fulfilled_at === null ? null : new Date(row.fulfilled_at).toISOString(),
    financial_status: financialStatus(Number(row.total_price), Number(row.total_refunded), row.payment_status),
    payment: paymentOf(row),
    total_refunded: Number(row.total_refunded),
    cancelled_at: row.cancelled_at === null ? null : new Date(row.cancelled_at).toISOString(),
  };
}

/** The payment as the order's pages show it: the address to pay at only while the session is open. */
function paymentOf(row: OrderRow, now = Date.now()): OrderPayment {
  const open = row.payment_status === "pending" && row.payment_url !== null && row.payment_expires_at !== null && new Date(row.payment_expires_at).getTime() > now;
  return { provider: row.payment_provider, method: row.payment_method, reference: row.payment_reference, pay_url: open ? row.payment_url : null };
}

/**
 * An order placed before its codes were kept: what its lines' prices do not
 * already include came off the order, under its codes' names.
 */
function earlierApplications(row: OrderRow): OrderDiscountApplication[] {
  const lineSavings = row.subtotal_price - row.lines.reduce((sum, line) => sum + line.final_line_price, 0);
  const amount = row.total_discount - lineSavings;
  return amount > 0 ? [{ key: "discount", title: row.discount_codes.join(", ") || "Discount", amount, target_type: "line_item" }] : [];
}
