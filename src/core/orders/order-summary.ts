/**
 * What a summary of a cart at checkout or of a placed order shows: the lines
 * at what they cost after their own savings (each saving named for its bundle
 * or gift), the subtotal those lines add up to, the codes taken off the
 * subtotal, shipping, tax and the total. The checkout, the order page, the account's
 * order history and the confirmation email all draw from `orderSummary`, so
 * they add up the same way.
 */
import type { CartJson } from "../contract/shopify-types.ts";
import type { OrderJson } from "./order-json.ts";
import { isGiftLine } from "../cart/free-gifts.ts";
import type { Translate } from "../i18n/messages.ts";
import { type SiteTax, type TaxLine, type TaxSummary, orderTax, taxAdded, taxLineLabel, taxableGoods } from "../tax/tax.ts";

/**
 * The tax a summary shows: none; the tax the prices include ("Including £4.80
 * VAT"); each tax added to the total; or, on a site that adds tax, that it
 * waits for the state or province.
 */
export type SummaryTax =
  | { kind: "none" }
  | { kind: "included" | "added"; lines: TaxLine[]; total: number }
  | { kind: "pending"; region: "state" | "province" };

const taxOfSummary = (tax: TaxSummary): SummaryTax =>
  tax.taxes_included ? { kind: "included", lines: tax.tax_lines, total: tax.total_tax } : tax.tax_lines.length ? { kind: "added", lines: tax.tax_lines, total: tax.total_tax } : { kind: "none" };

/** A saving with the name the shopper knows it by: a bundle's title, a code. */
export interface NamedSaving {
  title: string;
  /** Minor units. */
  amount: number;
}

/** One product a kit line holds, with how many of it the line holds. */
export interface KitPart {
  title: string;
  quantity: number;
}

export interface SummaryLineView {
  key: string;
  title: string;
  quantity: number;
  /** Minor units, after the line's own savings. */
  final_line_price: number;
  /** "Free gift" for a gift line. */
  note: string | null;
  /** Whether the line is a free gift (its note, in the shopper's language). */
  gift: boolean;
  /** The line's own savings (a bundle's), already taken from its price; none for a gift, whose note says it. */
  savings: NamedSaving[];
  /** What a kit line holds. */
  contents: KitPart[];
}

export interface OrderSummaryView {
  lines: SummaryLineView[];
  /** The lines' prices added up. */
  subtotal: number;
  /** Codes taken off the subtotal, each under its own name. */
  discounts: (NamedSaving & { key: string })[];
  shipping: number;
  /** "Shipping", the method's name when it is not the standard one, and the code that made it free. */
  shippingLabel: string;
  /** What the shipping label is made of, for a page that writes it in its own language: the method's name when not standard, the free-shipping code's title. */
  shippingMethod: string | null;
  freeShippingTitle: string | null;
  /** What was paid in all: sales tax added, VAT and GST already in the prices. */
  total: number;
  tax: SummaryTax;
  currency: string;
  /** What a gift card paid, the card's last characters, and what is left to pay. */
  giftCard: { amount: number; lastCharacters: string; outstanding: number } | null;
}

/** A line as both carts and orders give it, with its own named savings and, for a kit, its contents. */
interface SummaryLineInput {
  key: string;
  title: string;
  quantity: number;
  final_line_price: number;
  properties?: Record<string, string> | null;
  discounts: readonly NamedSaving[];
  components?: readonly KitPart[];
}

interface SummaryInput {
  lines: readonly SummaryLineInput[];
  /** Order-level applications, Shopify's `cart_level_discount_applications` as far as read here. */
  applications: readonly (NamedSaving & { key: string; target_type: "line_item" | "shipping_line" })[];
  shipping: number;
  /** The delivery method's name when it is not standard delivery. */
  methodName: string | null;
  currency: string;
  giftCard?: OrderSummaryView["giftCard"];
}

/** The one rule: lines after their savings, their sum, then the codes, shipping and total. */
function summaryView({ lines, applications, shipping, methodName, currency, giftCard = null }: SummaryInput): OrderSummaryView {
  const subtotal = lines.reduce((sum, line) => sum + line.final_line_price, 0);
  const discounts = applications
    .filter((application) => application.target_type === "line_item" && application.amount > 0)
    .map(({ key, title, amount }) => ({ key, title, amount }));
  const freeShipping = applications.find((application) => application.target_type === "shipping_line");
  const shippingLabel = `${methodName ? `${methodName} shipping` : "Shipping"}${freeShipping ? ` (free with ${freeShipping.title})` : ""}`;
  return {
    lines: lines.map((line) => {
      const gift = isGiftLine(line);
      return {
        key: line.key,
        title: line.title,
        quantity: line.quantity,
        final_line_price: line.final_line_price,
        note: gift ? "Free gift" : null,
        gift,
        savings: gift ? [] : line.discounts.filter((saving) => saving.amount > 0).map(({ title, amount }) => ({ title, amount })),
        contents: [...(line.components ?? [])],
      };
    }),
    subtotal,
    discounts,
    shipping,
    shippingLabel,
    shippingMethod: methodName,
    freeShippingTitle: freeShipping?.title ?? null,
    total: subtotal - discounts.reduce((sum, discount) => sum + discount.amount, 0) + shipping,
    tax: { kind: "none" },
    currency,
    giftCard,
  };
}

/** Where the checkout's order goes, as far as tax asks: the country and the state or province typed so far. */
export interface SummaryAddress {
  country: string;
  province?: string | undefined;
}

/**
 * The checkout's summary of a cart, with the delivery rate the shopper chose
 * and the tax the site's rule gives the address so far (the order's own rule).
 */
export function cartSummary(
  cart: CartJson,
  rate: { code: string; name: string; price: number } | undefined,
  contents: Readonly<Record<string, readonly KitPart[]>> = {},
  taxing: { siteTax: SiteTax | null; address: SummaryAddress } = { siteTax: null, address: { country: "" } },
): OrderSummaryView {
  const view = summaryView({
    lines: cart.items.map((item) => ({ ...item, components: contents[item.key] ?? [] })),
    applications: cart.cart_level_discount_applications.map((application) => ({
      key: application.key,
      title: application.title,
      amount: application.total_allocated_amount,
      target_type: application.target_type,
    })),
    shipping: rate?.price ?? 0,
    methodName: rate && rate.code !== "standard" ? rate.name : null,
    currency: cart.currency,
  });
  // The total is the server's: what the cart costs after its codes, plus the chosen delivery and any tax added.
  const taxed = orderTax(taxing.siteTax, { goods: taxableGoods(cart), shipping: view.shipping }, taxing.address);
  if (!taxed.ok) {
    const region = taxing.address.country === "CA" ? "province" : "state";
    return { ...view, total: cart.total_price + view.shipping, tax: { kind: "pending", region } };
  }
  return { ...view, total: cart.total_price + view.shipping + taxAdded(taxed.tax), tax: taxOfSummary(taxed.tax) };
}

/** A placed order's summary: the same view the checkout showed for its cart. */
export function orderSummary(order: OrderJson): OrderSummaryView {
  const view = summaryView({
    lines: order.line_items,
    applications: order.discount_applications,
    shipping: order.shipping_price,
    methodName: order.shipping_method === "express" ? "Express" : null,
    currency: order.currency,
    giftCard: order.gift_card_amount > 0 ? { amount: order.gift_card_amount, lastCharacters: order.gift_card_last_characters ?? "", outstanding: order.total_outstanding } : null,
  });
  // The order's charged total is what it says, whatever the view would add up to.
  return { ...view, total: order.total_price, tax: taxOfSummary(order) };
}

/**
 * How a summary says its tax, the same on the checkout, the order page, the
 * email and the invoice: rows before the total for tax added ("Sales tax
 * 7.25%"), or a note under it for tax included ("Including £4.80 VAT").
 */
export function taxWords(tax: SummaryTax, money: (cents: number) => string, translate?: Translate): { rows: { label: string; amount: string }[]; note: string | null } {
  switch (tax.kind) {
    case "included": {
      const names = [...new Set(tax.lines.map((line) => line.title))];
      if (translate) return { rows: [], note: translate("summary_tax_included", { amount: money(tax.total), taxes: names.join(translate("summary_tax_and")) }) };
      return { rows: [], note: `Including ${money(tax.total)} ${names.join(" and ")}` };
    }
    case "added":
      return { rows: tax.lines.map((line) => ({ label: taxLineLabel(line), amount: money(line.price) })), note: null };
    case "pending":
      if (translate) return { rows: [{ label: translate("summary_tax"), amount: translate("summary_tax_choose_region", { region: tax.region }) }], note: null };
      return { rows: [{ label: "Tax", amount: `Choose your ${tax.region}` }], note: null };
    default:
      return { rows: [], note: null };
  }
}

/** "2 × Rose Cleanser, 1 × Night Oil": a kit's contents as one line of text. */
export function kitContentsText(contents: readonly KitPart[]): string {
  return contents.map((part) => `${part.quantity} × ${part.title}`).join(", ");
}
