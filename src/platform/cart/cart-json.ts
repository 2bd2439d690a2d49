import type { CartJson, DiscountAllocationJson, LineItemJson } from "../../core/contract/shopify-types.ts";
import { isGiftCardProduct } from "../../core/money/gift-cards.ts";
import { type SiteTax, cartTax, taxableGoods } from "../../core/tax/tax.ts";
import { kitComponents } from "../../core/cart/line-rules.ts";
import type { KitPart } from "../../core/orders/order-summary.ts";
import { type Catalog, type CatalogProduct, hasOnlyDefaultVariant } from "../catalog/catalog.ts";
import { featuredImageJson, variantImage } from "../catalog/product-json.ts";
import { type StoredCart, type StoredLine, isGiftProduct, orderedLines, planOfLine } from "./cart-model.ts";
import { planPrice } from "../../core/subscriptions/selling-plans.ts";
import { lineAllocationJson } from "../../core/subscriptions/selling-plan-json.ts";
import { type LinePricing, type PricingContext, priceCodes, priceLines } from "./pricing.ts";

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();

/** A product's description as plain text, worked out once per product loaded (every cart answer carries it per line). */
const plainDescriptions = new WeakMap<CatalogProduct, string>();
function plainDescription(product: CatalogProduct): string {
  let text = plainDescriptions.get(product);
  if (text === undefined) {
    text = stripHtml(product.bodyHtml);
    plainDescriptions.set(product, text);
  }
  return text;
}

/** A line's variant and product; null when either has left the catalog, and the line with it every answer. */
function lineParts(line: StoredLine, catalog: Catalog) {
  const variant = catalog.variants.get(line.variant_id);
  const product = variant ? catalog.products.get(variant.productId) : undefined;
  return variant && product ? { variant, product } : null;
}

/** The cart's `item_count`, worked out without the rest of its answer. */
export function cartItemCount(cart: StoredCart, catalog: Catalog): number {
  return cart.lines.reduce((count, line) => count + (lineParts(line, catalog) ? line.quantity : 0), 0);
}

/** A line in Shopify's shape; `allocations` are its line-level discounts (see pricing.ts). */
export function lineItemJson(line: StoredLine, catalog: Catalog, allocations: DiscountAllocationJson[] = []): LineItemJson | null {
  const parts = lineParts(line, catalog);
  if (!parts) return null;
  const { variant, product } = parts;
  const defaultOnly = hasOnlyDefaultVariant(product);
  const image = variantImage(product, variant);
  const optionValues = [variant.option1, variant.option2, variant.option3].filter((value): value is string => value !== null);
  const plan = planOfLine(line, product);
  // A subscription line costs its plan's price: that is the line's price, as Shopify answers it.
  const unitPrice = plan ? planPrice(variant.price, plan.plan.adjustment) : variant.price;
  const originalLinePrice = unitPrice * line.quantity;
  const lineDiscount = Math.min(originalLinePrice, allocations.reduce((sum, allocation) => sum + allocation.amount, 0));
  const linePrice = originalLinePrice - lineDiscount;
  // Whole-line amounts are exact; the unit price after discounts is rounded when the discount does not divide evenly.
  const finalPrice = Math.round(linePrice / line.quantity);
  return {
    id: variant.id,
    properties: line.properties,
    quantity: line.quantity,
    variant_id: variant.id,
    key: line.key,
    title: defaultOnly ? product.title : `${product.title} - ${variant.title}`,
    price: unitPrice,
    original_price: unitPrice,
    discounted_price: finalPrice,
    line_price: linePrice,
    original_line_price: originalLinePrice,
    total_discount: lineDiscount,
    discounts: allocations.map((allocation) => ({ amount: allocation.amount, title: allocation.discount_application.title })),
    sku: variant.sku || null,
    grams: variant.grams,
    vendor: product.vendor,
    taxable: variant.taxable,
    product_id: product.id,
    product_has_only_default_variant: defaultOnly,
    gift_card: isGiftCardProduct(product),
    final_price: finalPrice,
    final_line_price: linePrice,
    url: plan ? `/products/${product.handle}?selling_plan=${plan.plan.id}&variant=${variant.id}` : `/products/${product.handle}?variant=${variant.id}`,
    featured_image: featuredImageJson(image),
    image: image?.src ?? null,
    handle: product.handle,
    requires_shipping: variant.requiresShipping,
    product_type: product.productType,
    product_title: product.title,
    product_description: plainDescription(product),
    variant_title: defaultOnly ? null : variant.title,
    variant_options: defaultOnly ? ["Default Title"] : optionValues,
    options_with_values: defaultOnly
      ? [{ name: "Title", value: "Default Title" }]
      : optionValues.map((value, index) => ({ name: product.options[index]?.name ?? `Option ${index + 1}`, value })),
    line_level_discount_allocations: allocations,
    line_level_total_discount: lineDiscount,
    quantity_rule: { min: 1, max: null, increment: 1 },
    has_components: lineComponents(product, catalog, 1).length > 0,
    ...(plan ? { selling_plan_allocation: lineAllocationJson(plan.group, plan.plan, variant.price, line.quantity) } : {}),
  };
}

/**
 * What a kit line holds: each component's first variant and how many of it
 * `quantity` kits hold. Components no longer on sale are left out.
 */
export function lineComponents(product: CatalogProduct, catalog: Catalog, quantity: number): { variant_id: number; quantity: number }[] {
  return kitComponents(product.metafields.custom).flatMap((component) => {
    const part = catalog.productsByHandle.get(component.handle);
    const variant = part?.published ? part.variants[0] : undefined;
    return variant ? [{ variant_id: variant.id, quantity: component.quantity * quantity }] : [];
  });
}

/** The components of every kit line (`GET /cart?view=json`'s `item_components`), by line key. */
export function itemComponents(items: readonly LineItemJson[], catalog: Catalog): { id: string; components: { variant_id: number; quantity: number }[] }[] {
  return items.flatMap((item) => {
    const product = catalog.products.get(item.product_id);
    const components = product ? lineComponents(product, catalog, item.quantity) : [];
    return components.length ? [{ id: item.key, components }] : [];
  });
}

/** What a kit line holds, by the products' names: each component's count in one kit times the line's quantity. */
export function kitContents(catalog: Catalog, productId: number, quantity: number): KitPart[] {
  const product = catalog.products.get(productId);
  return kitComponents(product?.metafields.custom).flatMap((component) => {
    const part = catalog.productsByHandle.get(component.handle);
    return part?.published ? [{ title: part.title, quantity: component.quantity * quantity }] : [];
  });
}

/** The cart's lines in Shopify's shape, newest first, with their line-level discounts. */
export function pricedItems(cart: StoredCart, catalog: Catalog, lines: LinePricing): LineItemJson[] {
  return orderedLines(cart)
    .map((line) => lineItemJson(line, catalog, lines.allocations.get(line.key)))
    .filter((item): item is LineItemJson => item !== null);
}

/** What a site sells in: its currency and its tax. */
export interface CartSale {
  currency: string;
  tax: SiteTax | null;
}

/**
 * The `/cart.js` shape, priced: line-level discounts (free gifts, complete
 * bundles) on the lines, the cart's discount code on the total. Attributes
 * whose names start with `__` are private and left out. `lines` is the
 * line-level pricing when the caller has it already. The site's currency and
 * tax decide `currency`, `total_tax` and `taxes_included`.
 */
export function cartJson(cart: StoredCart, catalog: Catalog, sale: CartSale, pricing: PricingContext, lines: LinePricing = priceLines(cart, catalog, pricing.builders)): CartJson {
  const items = pricedItems(cart, catalog, lines);
  const original = items.reduce((sum, item) => sum + item.original_line_price, 0);
  const subtotal = items.reduce((sum, item) => sum + item.final_line_price, 0);
  // Codes discount what shoppers pay for: not gifts, not lines that are free anyway.
  // Nor gift cards: a code never takes money off money.
  const eligible = items
    .filter((item) => item.final_line_price > 0 && !item.gift_card && !isGiftProduct(catalog.products.get(item.product_id)))
    .reduce((sum, item) => sum + item.final_line_price, 0);
  const codes = priceCodes(cart.discount_codes, eligible, pricing);
  const total = subtotal - codes.discount;
  const tax = cartTax(sale.tax, taxableGoods({ total_price: total, items }));
  return {
    token: cart.token,
    note: cart.note,
    attributes: Object.fromEntries(Object.entries(cart.attributes).filter(([name]) => !name.startsWith("__"))),
    original_total_price: original,
    total_price: total,
    total_discount: original - total,
    total_weight: items.reduce((sum, item) => sum + item.grams * item.quantity, 0),
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    requires_shipping: items.some((item) => item.requires_shipping),
    currency: sale.currency,
    items_subtotal_price: subtotal,
    total_tax: tax.total_tax,
    taxes_included: tax.taxes_included,
    cart_level_discount_applications: codes.applications,
    discount_codes: codes.codes,
    warnings: lines.warnings,
  };
}
