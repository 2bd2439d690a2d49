/**
 * An order's invoice as a PDF: the shop's details, the customer's, each line,
 * the delivery, every tax with its rate and the totals, drawn with pdfkit from
 * the same summary the order page and the email draw. The text is set in the
 * PDF's own Helvetica, whose Windows-1252 characters cover the shop's
 * currencies (£, €, $) and Western European names.
 */
import PDFDocument from "pdfkit";
import { countryName } from "../../core/checkout/checkout.ts";
import type { OrderJson } from "../../core/contract/storefront.ts";
import { formatMoney } from "../../core/money/money.ts";
import { orderSummary, taxWords } from "../../core/orders/order-summary.ts";
import { taxLineLabel } from "../../core/tax/tax.ts";

export interface InvoiceShop {
  name: string;
  email: string;
  /** The shop's postal address, a line each. */
  address: readonly string[];
  /** The shop's VAT or tax registration number, printed when it has one. */
  taxNumber: string | null;
}

const MARGIN = 50;
const INK = "#1f2a24";
const MUTED = "#5b6660";

/** The invoice's file name: "invoice-1001.pdf". */
export const invoiceFileName = (order: Pick<OrderJson, "name">): string => `invoice-${order.name.replace(/^#/, "")}.pdf`;

/** The PDF's bytes. `moneyFormat` writes the order's currency as its site does. */
export function invoicePdf(order: OrderJson, shop: InvoiceShop, moneyFormat: string): Promise<Buffer> {
  const money = (cents: number) => formatMoney(cents, moneyFormat);
  const view = orderSummary(order);
  const placed = new Date(order.created_at);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `Invoice ${order.name}`, Author: shop.name, Subject: `Invoice for order ${order.name}`, CreationDate: placed },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const amountWidth = 110;

  // The shop, and what this is.
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(shop.name, MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  for (const line of shop.address) doc.text(line);
  doc.text(shop.email);
  if (shop.taxNumber) doc.text(`VAT / tax number: ${shop.taxNumber}`);
  doc.font("Helvetica-Bold").fontSize(16).fillColor(INK).text(`Invoice ${order.name}`, MARGIN, MARGIN, { width, align: "right" });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  doc.text(`Date: ${placed.toISOString().slice(0, 10)}`, { width, align: "right" });
  doc.text(`Order: ${order.name}`, { width, align: "right" });
  if (order.test) doc.text("Test order: no payment was taken", { width, align: "right" });

  // Who it is for.
  const address = order.shipping_address;
  doc.moveDown(4).x = MARGIN;
  doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Billed and delivered to", MARGIN);
  doc.font("Helvetica").fontSize(10);
  for (const line of [
    `${address.first_name} ${address.last_name}`,
    address.address1,
    address.address2,
    [address.city, address.province, address.zip].filter(Boolean).join(" "),
    countryName(address.country),
    order.email,
  ]) {
    if (line) doc.text(line, MARGIN);
  }

  // Lines: what, how many, what they cost after their own savings.
  doc.moveDown(1.5);
  const row = (label: string, amount: string, options: { bold?: boolean; muted?: boolean } = {}) => {
    const y = doc.y;
    doc.font(options.bold ? "Helvetica-Bold" : "Helvetica").fillColor(options.muted ? MUTED : INK);
    doc.text(label, MARGIN, y, { width: width - amountWidth - 10 });
    const after = doc.y;
    doc.text(amount, MARGIN + width - amountWidth, y, { width: amountWidth, align: "right" });
    doc.y = Math.max(after, doc.y) + 4;
  };
  const rule = () => {
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor("#d5dbd7").lineWidth(0.5).stroke();
    doc.y += 6;
  };
  doc.fontSize(10);
  row("Item", "Amount", { bold: true });
  rule();
  for (const line of view.lines) {
    const notes = [line.note, ...line.savings.map((saving) => `${saving.title}: -${money(saving.amount)}`)].filter(Boolean).join(" · ");
    row(`${line.quantity} × ${line.title}${notes ? ` (${notes})` : ""}`, line.final_line_price <= 0 ? "Free" : money(line.final_line_price));
  }
  rule();

  // Totals, then the tax: each tax added, or the tax the prices include, with its rate.
  const tax = taxWords(view.tax, money);
  row("Subtotal", money(view.subtotal));
  for (const discount of view.discounts) row(`Discount: ${discount.title}`, `-${money(discount.amount)}`);
  row(view.shippingLabel, view.shipping <= 0 ? "Free" : money(view.shipping));
  for (const line of tax.rows) row(line.label, line.amount);
  row("Total", `${money(view.total)} ${view.currency}`, { bold: true });
  if (tax.note) row(tax.note, "", { muted: true });
  if (view.giftCard) {
    row(`Paid by gift card ending ${view.giftCard.lastCharacters}`, `-${money(view.giftCard.amount)}`);
    row("Left to pay", money(view.giftCard.outstanding), { bold: true });
  }
  if (order.total_refunded > 0) row("Refunded", `-${money(order.total_refunded)}`);

  if (view.tax.kind === "included" || view.tax.kind === "added") {
    doc.moveDown(1);
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Tax breakdown", MARGIN);
    doc.moveDown(0.3).fontSize(9);
    const taxable = view.tax.kind === "included" ? view.total - view.tax.total : null;
    if (taxable !== null) row("Net amount (before tax)", money(taxable));
    for (const line of view.tax.lines) row(taxLineLabel(line), money(line.price));
    row(view.tax.kind === "included" ? "Tax included in the total" : "Tax added to the total", money(view.tax.total), { bold: true });
  }

  doc.end();
  return done;
}
