/**
 * Orders as a spreadsheet, in the columns of Shopify's order export: one row
 * per line item, the order's own fields on its first row only, so totals add
 * up when a column is summed.
 */
import { type CsvCell, csvDocument } from "../catalog/csv.ts";
import { decimalAmount } from "../money/money.ts";
import { CANCEL_REASON_LABELS } from "./refunds.ts";
import type { OrderJson } from "../contract/storefront.ts";

export const ORDERS_CSV_HEADER = [
  "Name",
  "Email",
  "Financial Status",
  "Fulfillment Status",
  "Fulfilled at",
  "Currency",
  "Subtotal",
  "Shipping",
  "Total",
  "Discount Code",
  "Discount Amount",
  "Shipping Method",
  "Created at",
  "Lineitem quantity",
  "Lineitem name",
  "Lineitem price",
  "Lineitem sku",
  "Shipping Name",
  "Shipping Address1",
  "Shipping Address2",
  "Shipping City",
  "Shipping Zip",
  "Shipping Province",
  "Shipping Country",
  "Phone",
  "Cancelled at",
  "Cancel Reason",
  "Refunded Amount",
  "Outstanding Balance",
  "Tracking Number",
  "Id",
] as const;

type OrderForCsv = OrderJson & { cancel_reason?: keyof typeof CANCEL_REASON_LABELS | null };

function orderRows(order: OrderForCsv): CsvCell[][] {
  const address = order.shipping_address;
  const lines = order.line_items.length > 0 ? order.line_items : [null];
  return lines.map((line, index) => {
    const first = index === 0;
    const own = (value: CsvCell): CsvCell => (first ? value : "");
    return [
      order.name,
      order.email,
      own(order.financial_status),
      own(order.fulfillment_status),
      own(order.fulfilled_at),
      own(order.currency),
      own(decimalAmount(order.subtotal_price)),
      own(decimalAmount(order.shipping_price)),
      own(decimalAmount(order.total_price)),
      own(order.discount_codes.join(" ")),
      own(decimalAmount(order.total_discount)),
      own(order.shipping_method),
      own(order.created_at),
      line?.quantity ?? "",
      line?.title ?? "",
      line ? decimalAmount(line.price) : "",
      line?.sku ?? "",
      own(`${address.first_name} ${address.last_name}`.trim()),
      own(address.address1),
      own(address.address2 ?? ""),
      own(address.city),
      own(address.zip),
      own(address.province ?? ""),
      own(address.country),
      own(order.phone ?? ""),
      own(order.cancelled_at),
      own(order.cancel_reason ? CANCEL_REASON_LABELS[order.cancel_reason] : ""),
      own(decimalAmount(order.total_refunded)),
      own(decimalAmount(Math.max(0, order.total_outstanding - order.total_refunded))),
      own(order.tracking_number ?? ""),
      own(order.id),
    ];
  });
}

/** The export document for `orders`, in the order given. */
export const ordersCsv = (orders: readonly OrderForCsv[]): string => csvDocument(ORDERS_CSV_HEADER, orders.flatMap(orderRows));
