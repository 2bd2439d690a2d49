/**
 * What a cart costs. Line-level discounts first: a free gift (kept in the
 * cart only while the gift rule says it is valid) costs nothing, and the
 * lines of a complete bundle share the bundle's saving. Then at most one
 * discount code, on what the paid lines cost after those.
 *
 * Prices come from the catalog and discounts from the merchant's definitions
 * (bundle metafields, the builders' settings); line properties only say which
 * lines claim to be one bundle.
 */
import { decimalAmount } from "../../core/money/money.ts";
import { createHash } from "node:crypto";
import { type BundleDefinition, type BundleLine, bundleClaim, bundleDefinition, bundleWarning, priceBundle } from "../../core/builders/bundles.ts";
import type { DiscountAllocationJson, DiscountApplicationJson } from "../../core/contract/shopify-types.ts";
import type { Catalog, CatalogProduct } from "../catalog/catalog.ts";
import type { BuilderBundles, DiscountDefinition, PricingContext } from "../checkout/discounts/definitions.ts";
import { builderClaim } from "../../core/builders/builder-bundles.ts";
import type { DiscountCodeReason, DiscountCodeState } from "../../core/checkout/discount-codes.ts";
import type { StoredCart, StoredLine } from "./cart-model.ts";
import { isGiftProduct, lineUnitPrice, productOfLine } from "./cart-model.ts";

export type { PricingContext };

const FREE_GIFT_TITLE = "Free gift";
/** Names a bundle whose definition cannot be found. */
const UNKNOWN_BUNDLE_TITLE = "This bundle";

export interface LinePricing {
  /** Discount allocations per line key. */
  allocations: Map<string, DiscountAllocationJson[]>;
  /** Why a bundle's discount is not given, one per broken bundle. */
  warnings: string[];
}

const decimal = (value: number) => (Number.isInteger(value) ? value.toFixed(1) : String(value));
const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** A set of lines claiming to be one bundle, and the definition that prices them. */
interface Claim {
  members: { line: StoredLine; product: CatalogProduct; productId: string | null }[];
}

/** Free gifts, complete product bundles and complete builder bundles. */
export function priceLines(cart: StoredCart, catalog: Catalog, builders: BuilderBundles): LinePricing {
  const allocations = new Map<string, DiscountAllocationJson[]>();
  const warnings: string[] = [];
  const allocate = (key: string, allocation: DiscountAllocationJson) => allocations.set(key, [...(allocations.get(key) ?? []), allocation]);

  const claims = new Map<string, Claim>();
  const join = (id: string, member: Claim["members"][number]) => {
    const claim = claims.get(id) ?? { members: [] };
    claim.members.push(member);
    claims.set(id, claim);
  };
  for (const line of [...cart.lines].sort((a, b) => a.seq - b.seq)) {
    const variant = catalog.variants.get(line.variant_id);
    const product = productOfLine(line, catalog);
    if (!variant || !product) continue;
    if (isGiftProduct(product)) {
      const amount = variant.price * line.quantity;
      if (amount > 0) allocate(line.key, { amount, discount_application: freeGiftApplication(product, amount) });
      continue;
    }
    const builder = builderClaim(line.properties);
    if (builder) {
      join(`builder:${builder.kind}:${builder.id}`, { line, product, productId: builder.kind });
      continue;
    }
    const claim = bundleClaim(line.properties);
    // A bundle-page line that names no product has no definition to be priced by: it is an ordinary line.
    if (!claim || claim.productId === null) continue;
    join(claim.id, { line, product, productId: claim.productId });
  }

  for (const [claimId, { members }] of claims) {
    const offer = claimId.startsWith("builder:") ? builderOffer(builders, members[0]?.productId ?? null) : productOffer(catalog, members);
    if ("warning" in offer) {
      warnings.push(offer.warning);
      continue;
    }
    // A subscription line in a bundle counts at its plan's price: the bundle's saving comes on top.
    const lines: BundleLine[] = members.map(({ line, product }) => {
      const variant = catalog.variants.get(line.variant_id);
      return { key: line.key, handle: product.handle, quantity: line.quantity, price: variant ? lineUnitPrice(line, variant, product) : 0 };
    });
    const price = priceBundle(offer.definition, lines);
    if (price.status !== "complete") {
      warnings.push(bundleWarning(price.status, offer.name));
      continue;
    }
    if (price.discount === 0) continue;
    const application = bundleApplication(claimId, offer, price.discount);
    lines.forEach((line, index) => {
      const amount = price.allocations[index] ?? 0;
      if (amount > 0) allocate(line.key, { amount, discount_application: application });
    });
  }
  // Two broken bundles of one product need saying once.
  return { allocations, warnings: [...new Set(warnings)] };
}

/** The definition a claim is priced by, what the shopper calls it, and the discount's title and date; or why there is none. */
interface Offer {
  definition: BundleDefinition;
  /** Names the bundle in warnings. */
  name: string;
  /** The discount application's title and description. */
  title: string;
  description: string | null;
  createdAt: string;
}

function productOffer(catalog: Catalog, members: Claim["members"]): Offer | { warning: string } {
  const holder = holderProduct(catalog, members[0]?.productId ?? null);
  const definition = holder ? bundleDefinition(holder.handle, holder.metafields.bundle) : null;
  if (!holder || !definition) return { warning: bundleWarning("unavailable", UNKNOWN_BUNDLE_TITLE) };
  if (new Set(members.map((member) => member.productId)).size > 1) return { warning: bundleWarning("mismatch", holder.title) };
  return { definition, name: holder.title, title: holder.title, description: definition.title, createdAt: holder.createdAt };
}

/** Builder bundles have no product of their own; their discount dates from the shop's settings, so from the epoch. */
const BUILDER_CREATED_AT = new Date(0).toISOString();

function builderOffer(builders: BuilderBundles, kind: string | null): Offer | { warning: string } {
  const bundle = kind === "quiz" || kind === "kit" ? builders.get(kind) : undefined;
  if (!bundle) return { warning: bundleWarning("unavailable", UNKNOWN_BUNDLE_TITLE) };
  const name = bundle.definition.title ?? bundle.title;
  return { definition: bundle.definition, name, title: bundle.title, description: name, createdAt: BUILDER_CREATED_AT };
}

function holderProduct(catalog: Catalog, productId: string | null): CatalogProduct | undefined {
  if (productId === null || !/^\d{1,16}$/.test(productId)) return undefined;
  const product = catalog.products.get(Number(productId));
  return product?.published ? product : undefined;
}

function freeGiftApplication(product: CatalogProduct, amount: number): DiscountApplicationJson {
  return {
    type: "automatic",
    key: `free-gift-${product.id}`,
    title: FREE_GIFT_TITLE,
    description: null,
    value: "100.0",
    created_at: product.createdAt,
    value_type: "percentage",
    allocation_method: "each",
    target_selection: "entitled",
    target_type: "line_item",
    total_allocated_amount: amount,
  };
}

function bundleApplication(claimId: string, offer: Offer, total: number): DiscountApplicationJson {
  const { definition } = offer;
  const percent = definition.discountType === "percent";
  return {
    type: "automatic",
    key: `bundle-${shortHash(claimId)}`,
    title: offer.title,
    description: offer.description,
    value: percent ? decimal(Math.min(100, definition.discountAmount)) : decimalAmount(definition.fixedDiscount),
    created_at: offer.createdAt,
    value_type: percent ? "percentage" : "fixed_amount",
    allocation_method: "across",
    target_selection: "explicit",
    target_type: "line_item",
    total_allocated_amount: total,
  };
}

export interface CodePricing {
  /** The applied code, as a cart-level discount application (at most one). */
  applications: DiscountApplicationJson[];
  /** Every code on the cart, as given, whether it applies, and why not. */
  codes: DiscountCodeState[];
  /** Minor units off the cart's total. */
  discount: number;
}

/**
 * Why a code gives nothing on this subtotal, or null when it applies:
 * switched off or unknown, outside its dates, nothing to take it, below its
 * minimum, or its uses taken (in all, or by this customer's email).
 */
function codeRefusal(definition: DiscountDefinition | undefined, eligibleSubtotal: number, now: number): DiscountCodeReason | null {
  if (!definition || !definition.enabled) return { kind: "unknown" };
  if (definition.startsAt !== null && now < Date.parse(definition.startsAt)) return { kind: "not_started" };
  if (definition.endsAt !== null && now >= Date.parse(definition.endsAt)) return { kind: "ended" };
  if (definition.usageLimit !== null && definition.timesUsed >= definition.usageLimit) return { kind: "used_up" };
  if (definition.usageLimitPerCustomer !== null && definition.customerUses !== null && definition.customerUses >= definition.usageLimitPerCustomer) return { kind: "customer_limit" };
  if (eligibleSubtotal <= 0) return { kind: "no_eligible_items" };
  if (eligibleSubtotal < definition.minimumSubtotal) return { kind: "minimum", minimum: definition.minimumSubtotal, shortfall: definition.minimumSubtotal - eligibleSubtotal };
  return null;
}

/** What an amount-off code saves on the subtotal (a free-shipping code saves on shipping, not here). */
function codeSaving(definition: DiscountDefinition, eligibleSubtotal: number): number {
  if (definition.valueType === "free_shipping") return 0;
  const saving = definition.valueType === "percentage" ? Math.round((eligibleSubtotal * Math.min(100, definition.value)) / 100) : Math.round(definition.value);
  return Math.max(0, Math.min(eligibleSubtotal, saving));
}

/**
 * Prices the cart's codes against the paid lines' subtotal (after bundle and
 * gift discounts). Amount-off codes do not stack: the one saving most applies
 * (the first entered on a tie). One free-shipping code (the first that
 * applies) may apply beside it. The others, and unknown, expired,
 * switched-off, used-up or below-minimum codes, are reported as not applicable.
 */
export function priceCodes(codes: readonly string[], eligibleSubtotal: number, context: PricingContext): CodePricing {
  const byCode = new Map(context.discounts.map((definition) => [definition.code.toLowerCase(), definition]));
  const entries = codes.map((code) => {
    const definition = byCode.get(code.toLowerCase());
    const refusal = codeRefusal(definition, eligibleSubtotal, context.now);
    return { code, definition, refusal, saving: definition && refusal === null ? codeSaving(definition, eligibleSubtotal) : 0 };
  });
  const best = entries.reduce<(typeof entries)[number] | null>((winner, entry) => (entry.saving > (winner?.saving ?? 0) ? entry : winner), null);
  const shipping = entries.find((entry) => entry.refusal === null && entry.definition?.valueType === "free_shipping") ?? null;
  const applications: DiscountApplicationJson[] = [];
  if (best?.definition) applications.push(codeApplication(best.definition, best.saving));
  if (shipping?.definition) applications.push(freeShippingApplication(shipping.definition));
  return {
    applications,
    codes: entries.map((entry): DiscountCodeState => {
      if (entry === best || entry === shipping) return { code: entry.code, applicable: true };
      const winner = entry.definition?.valueType === "free_shipping" ? shipping : best;
      return { code: entry.code, applicable: false, reason: entry.refusal ?? (winner ? { kind: "not_best", best: winner.code } : { kind: "no_eligible_items" }) };
    }),
    discount: best?.saving ?? 0,
  };
}

/** A free-shipping code, as Shopify shows one: 100% off the shipping line. */
function freeShippingApplication(definition: DiscountDefinition): DiscountApplicationJson {
  return {
    type: "discount_code",
    key: definition.code,
    title: definition.code,
    description: definition.title || null,
    value: "100.0",
    created_at: definition.createdAt,
    value_type: "percentage",
    allocation_method: "each",
    target_selection: "all",
    target_type: "shipping_line",
    total_allocated_amount: 0,
  };
}

function codeApplication(definition: DiscountDefinition, total: number): DiscountApplicationJson {
  const percent = definition.valueType !== "fixed_amount";
  return {
    type: "discount_code",
    key: definition.code,
    title: definition.code,
    description: definition.title || null,
    value: percent ? decimal(definition.value) : decimalAmount(definition.value),
    created_at: definition.createdAt,
    value_type: percent ? "percentage" : "fixed_amount",
    allocation_method: "across",
    target_selection: "all",
    target_type: "line_item",
    total_allocated_amount: total,
  };
}
