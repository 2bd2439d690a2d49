/**
 * The one way an order row is written, for checkout and for subscription
 * renewals alike: stock taken, tax worked out by the site's rule, the order
 * inserted with its lines, tax lines and discount applications, all inside
 * the caller's transaction. A shortfall or an address the tax table cannot
 * place is answered as data, before anything is written.
 */
import { randomBytes } from "node:crypto";
import type { OrderDiscountApplication, OrderJson, OrderLineJson, SmsConsent } from "../../core/contract/storefront.ts";
import { type SiteTax, type TaxSummary, orderTax, taxAdded, taxableGoods } from "../../core/tax/tax.ts";
import type { Queryable } from "../db/database.ts";

interface StockRow {
  id: number;
  inventory_management: "shopify" | null;
  inventory_policy: "deny" | "continue";
  inventory_quantity: number;
}

/** An order to write: its lines as priced, and what the whole comes to before shipping and tax. */
export interface OrderDraft {
  cartToken: string;
  email: string;
  phone: string | null;
  shippingAddress: OrderJson["shipping_address"] & Record<string, unknown>;
  lines: OrderLineJson[];
  /** What tax is worked on: the goods' total after savings, and which lines carry no tax. */
  goods: { total_price: number; items: readonly { gift_card: boolean; taxable?: boolean; final_line_price: number }[] };
  /** The lines' prices before any saving, and every saving. */
  subtotal: number;
  totalDiscount: number;
  discountCodes: string[];
  discountApplications: OrderDiscountApplication[];
  shipping: number;
  shippingMethod: OrderJson["shipping_method"];
  currency: string;
  test: boolean;
  smsConsent: SmsConsent | null;
  locale: string;
  customerId: number | null;
  shopUrl: string | null;
}

export interface PlacedOrderRow {
  id: number;
  number: number;
  token: string;
  created_at: Date | string;
  tax: TaxSummary;
  total: number;
}

export type PlaceOrderResult =
  | ({ ok: true } & PlacedOrderRow)
  | { ok: false; reason: "unavailable"; variantId: number }
  | { ok: false; reason: "stock"; variantId: number; available: number }
  | { ok: false; reason: "region" };

/**
 * What an order charges: the site's tax on the goods and shipping at the
 * delivery address, and the total (sales tax added; VAT is in the prices).
 * `placeOrder` writes this figure, and a renewal's reminder quotes it.
 */
export function orderCharge(
  siteTax: SiteTax | null,
  draft: Pick<OrderDraft, "goods" | "shipping" | "shippingAddress">,
): { ok: true; tax: TaxSummary; total: number } | { ok: false; reason: "region" } {
  const taxed = orderTax(siteTax, { goods: taxableGoods(draft.goods), shipping: draft.shipping }, draft.shippingAddress);
  if (!taxed.ok) return { ok: false, reason: "region" };
  return { ok: true, tax: taxed.tax, total: draft.goods.total_price + draft.shipping + taxAdded(taxed.tax) };
}

/**
 * Writes the order: stock first (variants in id order, so two orders never
 * wait on each other in a circle; a `deny` variant never below zero), then the
 * tax of the site (`siteTax`) on the goods and shipping at the delivery
 * address, then the row. Sales tax is added to the total; VAT is in the prices.
 */
export async function placeOrder(tx: Queryable, siteTax: SiteTax | null, draft: OrderDraft): Promise<PlaceOrderResult> {
  const taxed = orderCharge(siteTax, draft);
  if (!taxed.ok) return { ok: false, reason: "region" };
  const quantities = new Map<number, number>();
  for (const line of draft.lines) quantities.set(line.variant_id, (quantities.get(line.variant_id) ?? 0) + line.quantity);
  for (const [variantId, quantity] of [...quantities].sort(([a], [b]) => a - b)) {
    const [stock] = await tx.query<StockRow>("select id, inventory_management, inventory_policy, inventory_quantity from variants where id = $1 for update", [variantId]);
    if (!stock) return { ok: false, reason: "unavailable", variantId };
    if (stock.inventory_management === null) continue;
    if (stock.inventory_policy === "deny" && stock.inventory_quantity < quantity) return { ok: false, reason: "stock", variantId, available: Math.max(0, stock.inventory_quantity) };
  }
  for (const [variantId, quantity] of quantities) {
    await tx.query("update variants set inventory_quantity = inventory_quantity - $2 where id = $1 and inventory_management is not null", [variantId, quantity]);
  }
  const { tax, total } = taxed;
  const token = randomBytes(16).toString("hex");
  const [row] = await tx.query<{ id: number | string; number: number | string; created_at: Date | string }>(
    `insert into orders (token, cart_token, email, phone, shipping_address, lines, discount_codes, subtotal_price, total_discount, shipping_price, total_price, currency, test,
       sms_consent, shipping_method, discount_applications, tax_lines, total_tax, taxes_included, locale, customer_id, shop_url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) returning id, number, created_at`,
    [
      token,
      draft.cartToken,
      draft.email,
      draft.phone,
      JSON.stringify(draft.shippingAddress),
      JSON.stringify(draft.lines),
      draft.discountCodes,
      draft.subtotal,
      draft.totalDiscount,
      draft.shipping,
      total,
      draft.currency,
      draft.test,
      draft.smsConsent === null ? null : JSON.stringify(draft.smsConsent),
      draft.shippingMethod,
      JSON.stringify(draft.discountApplications),
      JSON.stringify(tax.tax_lines),
      tax.total_tax,
      tax.taxes_included,
      draft.locale,
      draft.customerId,
      draft.shopUrl,
    ],
  );
  if (!row) throw new Error("order insert returned nothing");
  return { ok: true, id: Number(row.id), number: Number(row.number), token, created_at: row.created_at, tax, total };
}
