/**
 * The tax rule, one for the cart, the checkout, the order and its invoice.
 *
 * Rounding: per order, per tax. Each tax is worked out once on the order's
 * taxable amount (its taxable lines after every saving, plus the delivery
 * where it is taxed) and rounded half up to the minor unit; lines are never
 * rounded one by one. A tax a price includes is price × rate / (1 + rate).
 * Percents are held in thousandths (9.975% is 9975) so the arithmetic stays
 * in integers.
 */
import type { AddedTax, SiteTax, TaxRegion, TaxSettings } from "./tax-settings.ts";

export type { AddedTax, SiteTax, TaxRegion, TaxSettings } from "./tax-settings.ts";

/** A tax of an order, in Shopify's `tax_lines` shape: its name, its rate as a fraction (0.2), and the amount in minor units. */
export interface TaxLine {
  title: string;
  rate: number;
  price: number;
}

/** What an order or a cart says of its tax, as Shopify's JSON does. */
export interface TaxSummary {
  /** Whether the prices already include the tax (VAT, GST) rather than have it added. */
  taxes_included: boolean;
  total_tax: number;
  tax_lines: TaxLine[];
}

const PERCENT_SCALE = 1000;

const thousandths = (percent: number) => Math.round(percent * PERCENT_SCALE);

/** A percent as Shopify's fraction (9.975 → 0.09975), without float residue. */
const rateOf = (percent: number) => thousandths(percent) / (100 * PERCENT_SCALE);

/** `numerator / denominator` rounded half up, both positive integers. */
const roundHalfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The tax a price (minor units) includes at `percent`: price × rate / (1 + rate), rounded half up. */
export function includedTax(amount: number, percent: number): number {
  if (amount <= 0 || percent <= 0) return 0;
  const rate = thousandths(percent);
  return roundHalfUp(amount * rate, 100 * PERCENT_SCALE + rate);
}

/** The tax added to a price (minor units) at `percent`, rounded half up. */
export function addedTax(amount: number, percent: number): number {
  if (amount <= 0 || percent <= 0) return 0;
  return roundHalfUp(amount * thousandths(percent), 100 * PERCENT_SCALE);
}

/** The site's tax; null where the settings name none (no tax is charged or shown). */
export function siteTaxOf(tax: TaxSettings, siteCode: string): SiteTax | null {
  return tax.sites[siteCode] ?? null;
}

/** Whether a site's prices include their tax. */
export const taxesIncluded = (siteTax: SiteTax | null): boolean => siteTax?.kind === "included";

/** Whether the site's tax depends on the delivery address (a state or province), so the cart cannot know it yet. */
export const taxAddedAtCheckout = (siteTax: SiteTax | null): siteTax is AddedTax => siteTax?.kind === "added";

const normalised = (text: string) => text.trim().toLowerCase().replace(/[^a-z]/g, "");

/** The region of an address in the table, by code ("ca") or name ("California"), whatever its case. */
export function taxRegionOf(table: AddedTax, province: string | undefined): TaxRegion | null {
  if (!province) return null;
  const wanted = normalised(province);
  if (!wanted) return null;
  return table.regions.find((region) => normalised(region.code) === wanted || normalised(region.name) === wanted) ?? null;
}

/** Whether a checkout to `country` on this site must name a state or province of the table. */
export const needsTaxRegion = (siteTax: SiteTax | null, country: string): boolean => taxAddedAtCheckout(siteTax) && siteTax.country === country;

/**
 * What an order's lines bring to tax: the cart's total after savings, less
 * lines that carry none (gift cards are money in another form; a variant
 * may be marked not taxable).
 */
export function taxableGoods(cart: { total_price: number; items: readonly { gift_card: boolean; taxable?: boolean; final_line_price: number }[] }): number {
  const untaxed = cart.items.reduce((sum, item) => (item.gift_card || item.taxable === false ? sum + item.final_line_price : sum), 0);
  return Math.max(0, cart.total_price - untaxed);
}

const NO_TAX: TaxSummary = { taxes_included: false, total_tax: 0, tax_lines: [] };

/**
 * A cart's tax before any address is known: the tax its prices include on a
 * site that includes it; nothing on a site that adds tax at checkout.
 */
export function cartTax(siteTax: SiteTax | null, goods: number): TaxSummary {
  if (siteTax?.kind !== "included") return NO_TAX;
  const price = includedTax(goods, siteTax.percent);
  return { taxes_included: true, total_tax: price, tax_lines: price > 0 ? [{ title: siteTax.name, rate: rateOf(siteTax.percent), price }] : [] };
}

export type OrderTaxResult = { ok: true; tax: TaxSummary } | { ok: false; reason: "region" };

/**
 * An order's tax from its taxable goods, its delivery charge and its address.
 * Included tax covers the delivery too (it follows the goods); added tax comes
 * from the state's or province's row, each of its taxes on the same amount.
 * An address in the table's country that names no region of it is refused.
 */
export function orderTax(siteTax: SiteTax | null, amounts: { goods: number; shipping: number }, address: { country: string; province?: string | undefined }): OrderTaxResult {
  if (siteTax === null) return { ok: true, tax: NO_TAX };
  if (siteTax.kind === "included") return { ok: true, tax: cartTax(siteTax, amounts.goods + amounts.shipping) };
  if (siteTax.country !== address.country) return { ok: true, tax: NO_TAX };
  const region = taxRegionOf(siteTax, address.province);
  if (!region) return { ok: false, reason: "region" };
  const taxable = amounts.goods + (siteTax.shippingTaxed ? amounts.shipping : 0);
  const lines = region.taxes
    .map((tax) => ({ title: tax.name, rate: rateOf(tax.percent), price: addedTax(taxable, tax.percent) }))
    .filter((line) => line.price > 0);
  return { ok: true, tax: { taxes_included: false, total_tax: lines.reduce((sum, line) => sum + line.price, 0), tax_lines: lines } };
}

/** What the order adds to its prices for tax: the whole tax where it is added, nothing where the prices include it. */
export const taxAdded = (tax: Pick<TaxSummary, "taxes_included" | "total_tax">): number => (tax.taxes_included ? 0 : tax.total_tax);

/**
 * What a cart says of tax before checkout: the tax its total includes
 * ("Including £4.80 VAT") on a site whose prices include it; that tax is
 * added at checkout on a site that adds it; nothing on a site without tax.
 */
export function cartTaxNote(
  cart: { total_tax: number; taxes_included: boolean },
  tax: { includedName: string | null; addedAtCheckout: boolean },
): { key: "cart_tax_included"; values: { amount: number; name: string } } | { key: "cart_tax_at_checkout" } | null {
  if (cart.taxes_included && tax.includedName) return { key: "cart_tax_included", values: { amount: cart.total_tax, name: tax.includedName } };
  return tax.addedAtCheckout ? { key: "cart_tax_at_checkout" } : null;
}

/** What the theme is told of a site's tax for its cart: the name of the tax its prices include, or that tax is added at checkout. */
export function cartTaxInfo(siteTax: SiteTax | null): { includedName: string | null; addedAtCheckout: boolean } {
  return { includedName: siteTax?.kind === "included" ? siteTax.name : null, addedAtCheckout: siteTax?.kind === "added" };
}

/** A tax line's name with its rate, as a receipt writes it: "VAT 20%", "QST 9.975%". */
export function taxLineLabel(line: Pick<TaxLine, "title" | "rate">): string {
  const percent = Math.round(line.rate * 100 * PERCENT_SCALE) / PERCENT_SCALE;
  return `${line.title} ${percent}%`;
}

/**
 * The rates the product page's tax estimate offers on a site that adds tax:
 * one per state or province, its taxes together. Null elsewhere, where the
 * catalog's own rates (`product.taxRates`) stay as the spec has them.
 */
export function estimateRates(siteTax: SiteTax | null): { label: string; percent: number }[] | null {
  if (siteTax?.kind !== "added") return null;
  return siteTax.regions.map((region) => {
    const percent = region.taxes.reduce((sum, tax) => sum + thousandths(tax.percent), 0) / PERCENT_SCALE;
    return { label: `${region.name} (${percent}%)`, percent };
  });
}
