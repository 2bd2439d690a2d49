/**
 * The demo shop: Lumen & Leaf, a skincare house brand, and three partner
 * brands. The catalog is built to exercise every feature of the storefront,
 * so a few entries exist for their stock or metafields as much as for
 * their product:
 *
 *   stock          sold out: azelaic-calming-serum, skin-tint-spf30 (Deep),
 *                    botanical-body-wash (500 ml Cedar & Sage), gift-jade-roller
 *                  pre-order (policy continue, 0): bakuchiol-renewal-serum,
 *                    nourishing-body-lotion (500 ml Unscented)
 *                  low (2-4): niacinamide-zinc-serum 60 ml, cica-calming-cream,
 *                    sea-buckthorn-cleansing-balm 100 ml, solstice-face-oil, …
 *                  unmanaged: squalane-facial-oil, damask-rose-mist, gift-card, bundles
 *   limits         is_limited_to_one: travel-discovery-set, advent-calendar
 *                  checkout_validation_limit 1: solstice-face-oil (limited edition)
 *   bundles        preselected: the-glow-edit; multiselect: build-your-own-routine;
 *                  variants: daily-shield-spf50 (add a skin tint shade)
 *   samples        types Sample, Cart Sample, Auto Sample, Sample Set (hidden `samples`)
 *   free gifts     type GWP, ffc_app.free_gift_product (hidden `gifts`), used by the
 *                  gift groups in config/settings.json
 *
 * Tags are grouped by a `kind:value` prefix that the collection filters read:
 * `skin-type:*`, `concern:*`, `ingredient:*`, `size:*` (derived from the Size
 * option, e.g. `size:30ml`), plus plain tags (`bestseller`, `new`, `vegan`,
 * `fragrance-free`, `limited-edition`, `gwp-hidden`).
 *
 * Price per ml: `custom.price_per_ml.amount_ml` is derived below from the
 * product's size: the only size of a single-size product, or the first
 * (default) variant's Size value. The theme should prefer the chosen variant's
 * own Size value ("30 ml") when it has one and fall back to amount_ml; products
 * not sold by volume (grams, sets, gift card, free items) have no such field,
 * which hides the line.
 *
 * Money is in minor units (GBP pence); weights in grams.
 */
import { demoIngredientsOf } from "./demo-ingredients.ts";
import { demoReviewsOf } from "./demo-reviews.ts";
import { frenchCatalog } from "./fr-FR/catalog.ts";
import type { BundleMetafields, FfcAppMetafields, MenuItem, ProductMetafields, ProductVitals } from "../../core/contract/shopify-types.ts";
import { withHelpsWithPoints } from "../../core/catalog/product-metafields.ts";
import type { ProductArt, SeedCatalog, SeedCollection, SeedDiscount, SeedProduct, SeedSellingPlanGroup, SeedVariant } from "./types.ts";

export const HOUSE_BRAND = "Lumen & Leaf";
const MARRAM = "Marram Botanicals";
const SOLENE = "Solène Paris";
const HARU = "Haru Lab";

// --- Variant helpers ----------------------------------------------------------

/** How a variant is stocked: a number is platform-managed stock that cannot be oversold. */
type Stock = number | "sold-out" | "pre-order" | "unmanaged";

const AMPLE = 120;

function inventory(stock: Stock = AMPLE): Pick<SeedVariant, "inventoryManagement" | "inventoryPolicy" | "inventoryQuantity"> {
  switch (stock) {
    case "sold-out":
      return { inventoryManagement: "shopify", inventoryPolicy: "deny", inventoryQuantity: 0 };
    case "pre-order":
      return { inventoryManagement: "shopify", inventoryPolicy: "continue", inventoryQuantity: 0 };
    case "unmanaged":
      return { inventoryManagement: null, inventoryPolicy: "deny", inventoryQuantity: 0 };
    default:
      return { inventoryManagement: "shopify", inventoryPolicy: "deny", inventoryQuantity: stock };
  }
}

interface Offer {
  price: number;
  grams: number;
  stock?: Stock;
  compareAt?: number;
  /** The merchant's fixed prices on other sites, by site code; other sites convert the price. */
  sites?: SeedVariant["sitePrices"];
}

interface SizeOffer extends Offer {
  size: string;
}

function variant(options: string[], sku: string, offer: Offer, extra: Partial<SeedVariant> = {}): SeedVariant {
  return {
    options,
    sku,
    price: offer.price,
    ...(offer.compareAt !== undefined ? { compareAtPrice: offer.compareAt } : {}),
    ...(offer.sites ? { sitePrices: offer.sites } : {}),
    grams: offer.grams,
    ...inventory(offer.stock),
    ...extra,
  };
}

/** "30 ml" -> "30", "250 g" -> "250G": the size part of a SKU. */
function sizeCode(size: string): string {
  return size.replace(/\s*ml$/i, "").replace(/\s+/g, "").toUpperCase();
}

/** The one variant of a product without options. */
function single(sku: string, offer: Offer, extra: Partial<SeedVariant> = {}): SeedVariant[] {
  return [variant([], sku, offer, extra)];
}

/** One variant per size, SKU `${skuBase}-${size}`. */
function sizeVariants(skuBase: string, sizes: SizeOffer[]): SeedVariant[] {
  return sizes.map((s) => variant([s.size], `${skuBase}-${sizeCode(s.size)}`, s));
}

interface Scent {
  name: string;
  code: string;
}

/**
 * Every size in every scent. Each scent has its own picture, at the scent's
 * index in the product's images; `stockOf` overrides stock per combination.
 */
function sizeScentVariants(
  skuBase: string,
  sizes: SizeOffer[],
  scents: Scent[],
  stockOf: (size: string, scent: string) => Stock | undefined = () => undefined,
): SeedVariant[] {
  return sizes.flatMap((s) =>
    scents.map((scent, imageIndex) =>
      variant([s.size, scent.name], `${skuBase}-${sizeCode(s.size)}-${scent.code}`, { ...s, stock: stockOf(s.size, scent.name) ?? s.stock }, { imageIndex }),
    ),
  );
}

function art(shape: ProductArt["shape"], color: string, background: string, label: string): ProductArt {
  return { shape, color, background, label };
}

// --- Product input ------------------------------------------------------------

interface DemoProduct extends Omit<SeedProduct, "options" | "metafields"> {
  options?: SeedProduct["options"];
  /** Size of a single-size product without options, e.g. "50 ml"; drives the size tag and price per ml. */
  size?: string;
  custom?: ProductMetafields;
  ffcApp?: FfcAppMetafields;
  bundle?: BundleMetafields;
  /** Skin options (facial-oil quiz) and builder pills; the routine step and 'helps with' points follow from the type and `helps_with`. */
  vitals?: Pick<ProductVitals, "skin_options" | "builder_pills">;
}

/** The routine step of each product type that has one. */
const ROUTINE_STEPS: Record<string, string> = {
  Cleanser: "cleanse",
  Toner: "tone",
  Mist: "tone",
  Serum: "treat",
  "Facial Oil": "treat",
  "Eye Care": "treat",
  Moisturiser: "moisturise",
  Sunscreen: "protect",
};

/** The builders' view of a product: its routine step and its 'helps with' list as numbered points. */
function productVitals(productType: string, helpsWith: readonly string[] | undefined, extra: DemoProduct["vitals"]): ProductVitals {
  const vitals: ProductVitals = { ...extra };
  const step = ROUTINE_STEPS[productType];
  if (step) vitals.routine_step = step;
  return withHelpsWithPoints(vitals, helpsWith ?? []);
}

function sizeOption(values: string[]): SeedProduct["options"] {
  return [{ name: "Size", values }];
}

function millilitres(size: string | undefined): number | null {
  const match = size?.match(/^(\d+(?:\.\d+)?)\s*ml$/i);
  return match ? Number(match[1]) : null;
}

/** Adds what follows from the data itself: size tags, price per ml, the bestsellers collection. */
function finish(p: DemoProduct): SeedProduct {
  const { size, custom, ffcApp, bundle, vitals, options = [], ...rest } = p;
  const sizeIndex = options.findIndex((o) => o.name === "Size");
  const sizes = sizeIndex >= 0 ? (options[sizeIndex]?.values ?? []) : size ? [size] : [];
  const sizeTags = sizes.map((s) => `size:${s.replace(/\s+/g, "").toLowerCase()}`);
  const tags = [...new Set([...rest.tags, ...sizeTags])];

  const free = rest.variants.every((v) => v.price === 0);
  const ml = free ? null : millilitres(sizes[0]);
  const customFields: ProductMetafields = { ...(ml !== null ? { price_per_ml: { amount_ml: ml } } : {}), ...demoIngredientsOf(p.handle), ...custom };

  const collections = tags.includes("bestseller") && !rest.collections.includes("bestsellers") ? [...rest.collections, "bestsellers"] : rest.collections;
  const metafields: NonNullable<SeedProduct["metafields"]> = {};
  if (Object.keys(customFields).length > 0) metafields.custom = customFields;
  if (ffcApp) metafields.ffc_app = ffcApp;
  if (bundle) metafields.bundle = bundle;
  const builderVitals = productVitals(rest.productType, custom?.helps_with, vitals);
  if (Object.keys(builderVitals).length > 0) metafields.vitals = builderVitals;

  const reviews = demoReviewsOf(p.handle);
  return { ...rest, options, tags, collections, published: rest.published ?? true, ...(Object.keys(metafields).length > 0 ? { metafields } : {}), ...(reviews.length > 0 ? { reviews } : {}) };
}

// --- Products -------------------------------------------------------------------

const SCENTS: Scent[] = [
  { name: "Neroli & Fig", code: "NER" },
  { name: "Cedar & Sage", code: "CED" },
  { name: "Unscented", code: "UNS" },
];

const cleansers: DemoProduct[] = [
  {
    handle: "gentle-cream-cleanser",
    title: "Gentle Cream Cleanser",
    vendor: HOUSE_BRAND,
    productType: "Cleanser",
    tags: ["skin-type:dry", "skin-type:sensitive", "concern:redness", "concern:hydration", "ingredient:ceramides", "ingredient:squalane", "bestseller", "vegan", "fragrance-free"],
    description:
      "<p>A soft, milky cream that dissolves make-up, SPF and the day's grime without a trace of tightness. <strong>Three skin-identical ceramides</strong> and plant squalane cushion the skin barrier while you cleanse, so even reactive skin feels calm and comfortable afterwards.</p><p>Massage onto dry or damp skin, then rinse with lukewarm water or remove with a warm cloth.</p>",
    options: sizeOption(["100 ml", "200 ml"]),
    variants: sizeVariants("LL-CLN-CREAM", [
      { size: "100 ml", price: 1800, grams: 140 },
      { size: "200 ml", price: 2800, grams: 250 },
    ]),
    images: [art("pump", "#F4EDE1", "#EFE6D8", "Cream Cleanser")],
    collections: ["face", "cleansers"],
    custom: {
      product_cart_badges: ["Vegan", "Bestseller"],
      checkout_upsell_items: ["hyaluronic-acid-serum", "barrier-repair-cream"],
      helps_with: ["Removes make-up and SPF", "Keeps the skin barrier intact", "Soothes tight, dry skin", "Suits sensitive skin"],
    },
    createdDaysAgo: 540,
  },
  {
    handle: "clarifying-gel-cleanser",
    title: "Clarifying 2% BHA Gel Cleanser",
    vendor: HOUSE_BRAND,
    productType: "Cleanser",
    tags: ["skin-type:oily", "skin-type:combination", "concern:acne", "concern:pores", "ingredient:salicylic-acid", "ingredient:niacinamide", "vegan"],
    description:
      "<p>A clear, low-foaming gel with <strong>2% salicylic acid</strong> that works inside the pore to lift excess oil and the build-up behind blackheads. Niacinamide and zinc keep shine in check while aloe stops skin from feeling stripped.</p><p>Use morning or evening; leave on for thirty seconds before rinsing for a deeper clear-out.</p>",
    size: "150 ml",
    variants: single("LL-CLN-BHA-150", { price: 1600, grams: 190 }),
    images: [art("tube", "#BFE3D0", "#E8F5EE", "BHA Cleanser")],
    collections: ["face", "cleansers"],
    custom: {
      product_cart_badges: ["Vegan"],
      helps_with: ["Unclogs pores", "Reduces breakouts", "Controls shine", "Smooths rough texture"],
    },
    createdDaysAgo: 410,
  },
  {
    handle: "sea-buckthorn-cleansing-balm",
    title: "Sea Buckthorn Cleansing Balm",
    vendor: MARRAM,
    productType: "Cleanser",
    tags: ["skin-type:dry", "skin-type:normal", "concern:dullness", "concern:hydration", "ingredient:sea-buckthorn", "ingredient:squalane", "vegan"],
    description:
      "<p>A golden, sherbet-textured balm that melts into a silky oil on contact and turns milky with water, taking waterproof mascara and long-wear foundation with it. Cold-pressed <strong>sea buckthorn</strong> from the Moray coast leaves skin soft, bright and never greasy.</p>",
    options: sizeOption(["50 ml", "100 ml"]),
    variants: sizeVariants("MB-CLN-BALM", [
      { size: "50 ml", price: 2200, grams: 150 },
      { size: "100 ml", price: 3400, grams: 260, stock: 3 },
    ]),
    images: [art("jar", "#F5B041", "#FDF0DC", "Cleansing Balm")],
    collections: ["face", "cleansers"],
    custom: { helps_with: ["Melts away waterproof make-up", "Leaves skin soft", "Brightens dull skin"] },
    createdDaysAgo: 300,
  },
  {
    handle: "eau-micellaire-douceur",
    title: "Eau Micellaire Douceur",
    vendor: SOLENE,
    productType: "Cleanser",
    tags: ["skin-type:sensitive", "skin-type:dry", "concern:redness", "fragrance-free"],
    description:
      "<p>The Parisian pharmacy classic: a no-rinse micellar water that lifts make-up and pollution with a single cotton pad. Its gentle micelles and <strong>cornflower water</strong> are tested on sensitive eyes and lips, so it is as good for a quick refresh as for a full cleanse.</p>",
    options: sizeOption(["200 ml", "400 ml"]),
    variants: sizeVariants("SP-CLN-MICEL", [
      { size: "200 ml", price: 1200, compareAt: 1500, grams: 240 },
      { size: "400 ml", price: 1900, compareAt: 2400, grams: 450 },
    ]),
    images: [art("bottle", "#DCEBF5", "#EEF5FA", "Micellar")],
    collections: ["face", "cleansers"],
    custom: { product_cart_badges: ["Fragrance free"], helps_with: ["No-rinse cleanse", "Gentle on eyes and lips", "Calms redness"] },
    createdDaysAgo: 620,
  },
];

const toners: DemoProduct[] = [
  {
    handle: "glow-tonic-aha",
    title: "Glow Tonic 5% AHA",
    vendor: HOUSE_BRAND,
    productType: "Toner",
    tags: ["skin-type:combination", "skin-type:normal", "concern:dullness", "concern:texture", "concern:pigmentation", "ingredient:glycolic-acid", "bestseller", "vegan"],
    description:
      "<p>Our cult exfoliating toner, with <strong>5% glycolic acid</strong> to sweep away the dead cells that make skin look flat and feel rough. Aloe and ginseng keep it gentle enough for daily use; within a week skin looks smoother and noticeably more radiant.</p><p>Sweep over clean skin with a cotton pad in the evening. Follow with SPF the next morning.</p>",
    options: sizeOption(["100 ml", "200 ml"]),
    variants: sizeVariants("LL-TON-GLOW", [
      { size: "100 ml", price: 1500, grams: 150 },
      { size: "200 ml", price: 2400, grams: 260 },
    ]),
    images: [art("bottle", "#F2A65A", "#FDEEDC", "Glow Tonic")],
    collections: ["face", "toners"],
    custom: {
      product_cart_badges: ["Bestseller"],
      checkout_upsell_items: ["daily-shield-spf50"],
      helps_with: ["Brightens dull skin", "Smooths rough texture", "Fades dark spots", "Refines the look of pores", "Preps skin for serums"],
    },
    createdDaysAgo: 700,
  },
  {
    handle: "damask-rose-mist",
    title: "Damask Rose Hydrating Mist",
    vendor: MARRAM,
    productType: "Toner",
    tags: ["skin-type:dry", "skin-type:sensitive", "concern:hydration", "concern:redness", "ingredient:hyaluronic-acid", "ingredient:rose", "vegan"],
    description:
      "<p>A fine, cooling mist of steam-distilled <strong>Damask rose water</strong> and low-weight hyaluronic acid. Spritz after cleansing, over make-up or on a long flight whenever skin needs a drink; it smells like a summer garden and calms flushed cheeks in seconds.</p>",
    size: "100 ml",
    variants: single("MB-TON-ROSE-100", { price: 1900, grams: 160, stock: "unmanaged" }),
    images: [art("spray", "#E9A8B5", "#FBEFF1", "Rose Mist")],
    collections: ["face", "toners"],
    custom: { helps_with: ["Instant hydration", "Calms redness", "Refreshes make-up"] },
    createdDaysAgo: 380,
  },
  {
    handle: "rice-water-essence-toner",
    title: "Rice Water Essence Toner",
    vendor: HARU,
    productType: "Toner",
    tags: ["skin-type:dry", "skin-type:normal", "skin-type:combination", "concern:dullness", "concern:hydration", "ingredient:niacinamide", "ingredient:rice", "new"],
    description:
      "<p>A milky first essence made with <strong>77% fermented rice water</strong>, the ritual behind glass-skin routines. Niacinamide evens tone while the ferment floods skin with amino acids, leaving a soft, bouncy glow that lasts under make-up.</p><p>Pat two or three drops into the skin with your palms, layering on dry days.</p>",
    size: "150 ml",
    variants: single("HL-TON-RICE-150", { price: 2100, grams: 210 }),
    images: [art("bottle", "#F6F1E7", "#EAE4D6", "Rice Essence")],
    collections: ["face", "toners"],
    custom: { product_cart_badges: ["New"], helps_with: ["Brightens dull skin", "Evens skin tone", "Plumps with hydration", "Softens texture"] },
    createdDaysAgo: 12,
  },
];

const serums: DemoProduct[] = [
  {
    handle: "vitamin-c-brightening-serum",
    title: "Vitamin C 15% Brightening Serum",
    vendor: HOUSE_BRAND,
    productType: "Serum",
    tags: ["skin-type:normal", "skin-type:combination", "skin-type:dry", "concern:dullness", "concern:pigmentation", "concern:ageing", "ingredient:vitamin-c", "ingredient:hyaluronic-acid", "bestseller", "vegan"],
    description:
      "<p>Our best-loved serum pairs <strong>15% stabilised vitamin C</strong> with ferulic acid and vitamin E to brighten dull skin, fade dark spots and shield against daily pollution. The lightweight, fast-absorbing formula sits beautifully under SPF and make-up.</p><p>Apply 3–4 drops each morning after cleansing. Airless-sealed amber glass keeps it potent to the last drop.</p>",
    options: sizeOption(["15 ml", "30 ml", "50 ml"]),
    variants: sizeVariants("LL-SER-VITC", [
      { size: "15 ml", price: 2400, grams: 70 },
      // Round prices where the merchant set them; every other size and site converts the pound price.
      { size: "30 ml", price: 3800, grams: 110, sites: { FR: { price: 4400 }, IE: { price: 4400 }, US: { price: 4800 } } },
      {
        size: "50 ml",
        price: 5400,
        compareAt: 6200,
        grams: 160,
        stock: 4,
        sites: { FR: { price: 6200, compareAtPrice: 7200 }, IE: { price: 6200, compareAtPrice: 7200 }, US: { price: 6800, compareAtPrice: 7800 } },
      },
    ]),
    images: [art("dropper", "#F28C28", "#FDEBD8", "Vitamin C"), art("box", "#F28C28", "#FDEBD8", "Vitamin C 15%")],
    collections: ["face", "serums"],
    custom: {
      product_cart_badges: ["Vegan", "Bestseller"],
      checkout_upsell_items: ["daily-shield-spf50", "hyaluronic-acid-serum"],
      helps_with: ["Brightens dull skin", "Fades dark spots", "Evens skin tone", "Defends against pollution", "Boosts collagen over time", "Works under SPF and make-up"],
    },
    createdDaysAgo: 650,
  },
  {
    handle: "niacinamide-zinc-serum",
    title: "Niacinamide 10% + Zinc Serum",
    vendor: HOUSE_BRAND,
    productType: "Serum",
    tags: ["skin-type:oily", "skin-type:combination", "concern:acne", "concern:pores", "concern:redness", "ingredient:niacinamide", "bestseller", "vegan"],
    description:
      "<p>A water-light serum with <strong>10% niacinamide and 1% zinc PCA</strong> to balance oil, calm blemish redness and visibly tighten the look of pores. Skin looks clearer and more even within four weeks, without dryness.</p><p>Use morning and evening before moisturiser. Avoid layering with pure vitamin C in the same routine.</p>",
    options: sizeOption(["30 ml", "60 ml"]),
    variants: sizeVariants("LL-SER-NIAC", [
      { size: "30 ml", price: 1400, grams: 100 },
      { size: "60 ml", price: 2200, grams: 150, stock: 2 },
    ]),
    images: [art("dropper", "#9FD3C7", "#E6F4F0", "Niacinamide")],
    collections: ["face", "serums"],
    custom: {
      product_cart_badges: ["Vegan", "Bestseller"],
      checkout_upsell_items: ["clarifying-gel-cleanser", "water-gel-moisturiser"],
      helps_with: ["Controls shine", "Minimises the look of pores", "Calms blemish redness", "Evens skin tone"],
    },
    createdDaysAgo: 600,
  },
  {
    handle: "hyaluronic-acid-serum",
    title: "Hyaluronic Acid Hydration Serum",
    vendor: HOUSE_BRAND,
    productType: "Serum",
    tags: ["skin-type:dry", "skin-type:normal", "skin-type:combination", "skin-type:oily", "skin-type:sensitive", "concern:hydration", "concern:ageing", "ingredient:hyaluronic-acid", "ingredient:panthenol", "vegan", "fragrance-free"],
    description:
      "<p>Five weights of <strong>hyaluronic acid</strong> hydrate at every layer of the skin, from an instant surface plumpness to a deeper, lasting bounce. Vitamin B5 soothes and strengthens, making this the serum every skin type can layer morning and night.</p><p>Apply to damp skin and seal in with moisturiser.</p>",
    options: sizeOption(["15 ml", "30 ml", "50 ml"]),
    variants: sizeVariants("LL-SER-HYAL", [
      { size: "15 ml", price: 1600, grams: 70 },
      { size: "30 ml", price: 2600, grams: 110 },
      { size: "50 ml", price: 3600, grams: 160 },
    ]),
    images: [art("dropper", "#8EC5E8", "#E7F2FA", "Hyaluronic")],
    collections: ["face", "serums"],
    custom: {
      product_cart_badges: ["Fragrance free"],
      checkout_upsell_items: ["barrier-repair-cream", "squalane-facial-oil"],
      helps_with: ["Deeply hydrates", "Plumps fine lines", "Soothes tight skin", "Suits every skin type", "Layers under any moisturiser"],
    },
    createdDaysAgo: 580,
  },
  {
    handle: "retinol-night-serum",
    title: "Retinol 0.3% Night Serum",
    vendor: HOUSE_BRAND,
    productType: "Serum",
    tags: ["skin-type:normal", "skin-type:combination", "skin-type:oily", "concern:ageing", "concern:texture", "concern:acne", "ingredient:retinol", "ingredient:squalane"],
    description:
      "<p>A beginner-friendly dose of <strong>encapsulated 0.3% retinol</strong> that releases slowly overnight to smooth fine lines, refine texture and clear congestion with far less irritation. Squalane and bisabolol keep skin comfortable while it adjusts.</p><p>Start two nights a week and build up. Always wear SPF by day.</p>",
    size: "30 ml",
    variants: single("LL-SER-RETI-30", { price: 3200, grams: 110 }),
    images: [art("dropper", "#8A4B1F", "#F4E6DA", "Retinol 0.3%")],
    collections: ["face", "serums"],
    custom: {
      checkout_upsell_items: ["daily-shield-spf50", "barrier-repair-cream"],
      helps_with: ["Smooths fine lines", "Refines skin texture", "Clears congestion", "Fades post-blemish marks"],
    },
    createdDaysAgo: 460,
  },
  {
    handle: "bakuchiol-renewal-serum",
    title: "Bakuchiol Renewal Serum",
    vendor: MARRAM,
    productType: "Serum",
    tags: ["skin-type:sensitive", "skin-type:dry", "concern:ageing", "concern:texture", "ingredient:bakuchiol", "ingredient:squalane", "vegan", "new"],
    description:
      "<p>Plant-powered renewal for skin that cannot tolerate retinol. <strong>1% bakuchiol</strong> from the babchi seed smooths and firms like its vitamin A cousin, suspended in a silky squalane base that is safe for sensitive skin and pregnancy.</p><p>Our next batch is being bottled now: order today and it ships as soon as it arrives.</p>",
    size: "30 ml",
    variants: single("MB-SER-BAKU-30", { price: 3600, grams: 110, stock: "pre-order" }),
    images: [art("dropper", "#9DB88F", "#EDF3E8", "Bakuchiol")],
    collections: ["face", "serums"],
    custom: { product_cart_badges: ["New", "Vegan"], helps_with: ["Smooths fine lines", "Firms and renews", "Gentle on sensitive skin"] },
    createdDaysAgo: 5,
  },
  {
    handle: "azelaic-calming-serum",
    title: "Sérum Apaisant Azélaïque 10%",
    vendor: SOLENE,
    productType: "Serum",
    tags: ["skin-type:sensitive", "skin-type:combination", "concern:redness", "concern:acne", "concern:pigmentation", "ingredient:azelaic-acid"],
    description:
      "<p>A dermatologist favourite for redness-prone skin: <strong>10% azelaic acid</strong> in a weightless cream-serum that calms flare-ups, clears blemishes and fades the marks they leave behind. Fragrance-free and tested under dermatological control.</p>",
    size: "30 ml",
    variants: single("SP-SER-AZEL-30", { price: 2900, grams: 100, stock: "sold-out" }),
    images: [art("dropper", "#E7A1A8", "#FBEDEE", "Azelaic")],
    collections: ["face", "serums"],
    custom: { helps_with: ["Calms redness", "Clears blemishes", "Fades dark marks"] },
    createdDaysAgo: 330,
  },
  {
    handle: "multi-peptide-firming-serum",
    title: "Multi-Peptide Firming Serum",
    vendor: HARU,
    productType: "Serum",
    tags: ["skin-type:dry", "skin-type:normal", "concern:ageing", "concern:hydration", "ingredient:peptides", "ingredient:hyaluronic-acid", "new"],
    description:
      "<p>A concentrated blend of <strong>eight signal peptides</strong>, including copper tripeptide, that supports skin's own collagen for a firmer, more lifted look. Its gel texture sinks in instantly and layers under everything.</p><p>Use morning and evening after toner.</p>",
    size: "30 ml",
    variants: single("HL-SER-PEPT-30", { price: 4200, compareAt: 4800, grams: 110 }),
    images: [art("dropper", "#B9A6D9", "#F1ECF8", "Peptides")],
    collections: ["face", "serums"],
    custom: { product_cart_badges: ["New"], helps_with: ["Firms and lifts", "Smooths fine lines", "Plumps with hydration"] },
    createdDaysAgo: 20,
  },
];

const moisturisers: DemoProduct[] = [
  {
    handle: "barrier-repair-cream",
    title: "Ceramide Barrier Repair Cream",
    vendor: HOUSE_BRAND,
    productType: "Moisturiser",
    tags: ["skin-type:dry", "skin-type:sensitive", "concern:hydration", "concern:redness", "ingredient:ceramides", "ingredient:squalane", "bestseller", "vegan", "fragrance-free"],
    description:
      "<p>The cream our customers call a comfort blanket. A <strong>3:2:1 ratio of ceramides, cholesterol and fatty acids</strong> mirrors the skin's own barrier, repairing dryness and sensitivity while squalane locks in moisture for 72 hours.</p><p>Rich but never greasy; use morning and night, and as a mask on flaky patches.</p>",
    options: sizeOption(["50 ml", "100 ml"]),
    variants: sizeVariants("LL-MOI-BARR", [
      { size: "50 ml", price: 2800, grams: 180 },
      { size: "100 ml", price: 4400, compareAt: 5000, grams: 300 },
    ]),
    images: [art("jar", "#FFFFFF", "#E7EEF3", "Barrier Cream")],
    collections: ["face", "moisturisers"],
    custom: {
      product_cart_badges: ["Vegan", "Bestseller"],
      checkout_upsell_items: ["gentle-cream-cleanser", "hyaluronic-acid-serum"],
      helps_with: ["Repairs the skin barrier", "72-hour hydration", "Soothes sensitive skin", "Calms redness", "Softens flaky patches"],
    },
    createdDaysAgo: 690,
  },
  {
    handle: "water-gel-moisturiser",
    title: "Oil-Free Water Gel Moisturiser",
    vendor: HOUSE_BRAND,
    productType: "Moisturiser",
    tags: ["skin-type:oily", "skin-type:combination", "concern:hydration", "concern:pores", "ingredient:hyaluronic-acid", "ingredient:niacinamide", "vegan"],
    description:
      "<p>A cooling, bouncy gel that bursts into water on the skin, giving oily and combination skin all-day hydration with a soft-matte finish. <strong>Hyaluronic acid and niacinamide</strong> hydrate and refine without a hint of heaviness.</p>",
    size: "50 ml",
    variants: single("LL-MOI-GEL-50", { price: 2400, grams: 170 }),
    images: [art("jar", "#BFE0F2", "#EAF5FB", "Water Gel")],
    collections: ["face", "moisturisers"],
    custom: { product_cart_badges: ["Vegan"], helps_with: ["Hydrates without shine", "Soft-matte finish", "Refines the look of pores"] },
    createdDaysAgo: 420,
  },
  {
    handle: "oat-squalane-night-cream",
    title: "Oat & Squalane Rich Night Cream",
    vendor: MARRAM,
    productType: "Moisturiser",
    tags: ["skin-type:dry", "skin-type:sensitive", "concern:ageing", "concern:hydration", "ingredient:squalane", "ingredient:colloidal-oat", "vegan"],
    description:
      "<p>A dense, buttery night cream of <strong>Scottish colloidal oat</strong>, olive squalane and evening primrose that restores parched skin while you sleep. Wake up to skin that feels cushioned, supple and visibly smoother.</p>",
    size: "50 ml",
    variants: single("MB-MOI-OAT-50", { price: 3800, grams: 190 }),
    images: [art("jar", "#5B7F6A", "#E3ECE6", "Night Cream")],
    collections: ["face", "moisturisers"],
    custom: { helps_with: ["Overnight nourishment", "Softens fine lines", "Comforts dry skin"] },
    createdDaysAgo: 250,
  },
  {
    handle: "cica-calming-cream",
    title: "Cica Calming Cream",
    vendor: HARU,
    productType: "Moisturiser",
    tags: ["skin-type:sensitive", "skin-type:combination", "concern:redness", "concern:hydration", "ingredient:centella", "ingredient:panthenol", "fragrance-free"],
    description:
      "<p>A green-tinged gel-cream with <strong>centella asiatica</strong> and panthenol that takes the heat out of irritated, over-exfoliated skin. Its light tint neutralises redness on contact, while madecassoside helps skin recover overnight.</p>",
    size: "50 ml",
    variants: single("HL-MOI-CICA-50", { price: 2200, grams: 80, stock: 2 }),
    images: [art("tube", "#FFFFFF", "#EAF3EF", "Cica")],
    collections: ["face", "moisturisers"],
    custom: { product_cart_badges: ["Fragrance free"], helps_with: ["Calms redness", "Soothes irritation", "Supports skin recovery"] },
    createdDaysAgo: 200,
  },
];

const sunscreens: DemoProduct[] = [
  {
    handle: "daily-shield-spf50",
    title: "Daily Shield SPF 50 PA++++",
    vendor: HOUSE_BRAND,
    productType: "Sunscreen",
    tags: ["skin-type:normal", "skin-type:combination", "skin-type:oily", "skin-type:dry", "concern:ageing", "concern:pigmentation", "ingredient:spf", "ingredient:niacinamide", "bestseller", "vegan"],
    description:
      "<p>The SPF that converts sunscreen sceptics: an invisible, weightless fluid with <strong>broad-spectrum SPF 50 and PA++++</strong> UVA protection that leaves no white cast and no shine. Niacinamide evens tone, and it doubles as a glowy make-up primer.</p><p>Apply generously as the last step of your morning routine, every day of the year.</p>",
    size: "50 ml",
    variants: single("LL-SPF-SHLD-50", { price: 2600, grams: 80 }),
    images: [art("tube", "#FFD35C", "#FFF6D9", "SPF 50")],
    collections: ["face", "spf"],
    custom: {
      product_cart_badges: ["Bestseller", "Vegan"],
      checkout_upsell_items: ["vitamin-c-brightening-serum"],
      helps_with: ["Broad-spectrum SPF 50", "No white cast", "Prevents dark spots", "Primes for make-up", "Protects against photo-ageing"],
    },
    bundle: {
      enabled: true,
      type: "variants",
      title: "Add a Skin Tint SPF 30 in your shade and save 20%",
      products: ["skin-tint-spf30"],
      discountType: "percent",
      discountAmount: 20,
    },
    createdDaysAgo: 560,
  },
  {
    handle: "ecran-mineral-spf30",
    title: "Écran Minéral SPF 30",
    vendor: SOLENE,
    productType: "Sunscreen",
    tags: ["skin-type:sensitive", "skin-type:dry", "concern:redness", "ingredient:spf", "ingredient:zinc-oxide", "fragrance-free"],
    description:
      "<p>A 100% mineral sunscreen built on <strong>non-nano zinc oxide</strong>, for skin that stings with chemical filters. The sheer, sheen-free cream blends without a ghostly cast and is gentle enough for rosacea-prone skin and children over three.</p>",
    size: "50 ml",
    variants: single("SP-SPF-MINR-50", { price: 2300, grams: 80 }),
    images: [art("tube", "#FAFAF7", "#F1EEE8", "Mineral SPF30")],
    collections: ["face", "spf"],
    custom: { product_cart_badges: ["Fragrance free"], helps_with: ["Mineral-only protection", "Calms redness", "Gentle on sensitive skin"] },
    createdDaysAgo: 480,
  },
  {
    handle: "skin-tint-spf30",
    title: "Teint Perfecteur Skin Tint SPF 30",
    vendor: SOLENE,
    productType: "Sunscreen",
    tags: ["skin-type:normal", "skin-type:combination", "skin-type:dry", "concern:dullness", "ingredient:spf", "ingredient:hyaluronic-acid", "new"],
    description:
      "<p>Sheer, dewy coverage that evens tone and blurs imperfections while <strong>SPF 30</strong> protects. Hyaluronic acid keeps skin hydrated all day, and the buildable formula adapts to four shades made to melt into your skin.</p>",
    size: "30 ml",
    options: [{ name: "Shade", values: ["Light", "Medium", "Tan", "Deep"] }],
    variants: [
      variant(["Light"], "SP-TNT-LGT-30", { price: 2700, grams: 70 }, { imageIndex: 0 }),
      variant(["Medium"], "SP-TNT-MED-30", { price: 2700, grams: 70 }, { imageIndex: 1 }),
      variant(["Tan"], "SP-TNT-TAN-30", { price: 2700, grams: 70, stock: 3 }, { imageIndex: 2 }),
      variant(["Deep"], "SP-TNT-DEP-30", { price: 2700, grams: 70, stock: "sold-out" }, { imageIndex: 3 }),
    ],
    images: [
      art("pump", "#F1D3B8", "#FBF3EC", "Skin Tint Light"),
      art("pump", "#D9A77F", "#F8EEE5", "Skin Tint Medium"),
      art("pump", "#B97D52", "#F4E8DD", "Skin Tint Tan"),
      art("pump", "#7C4F33", "#F0E5DC", "Skin Tint Deep"),
    ],
    collections: ["face", "spf"],
    custom: { product_cart_badges: ["New"], helps_with: ["Evens skin tone", "Sheer, dewy coverage", "SPF 30 protection"] },
    createdDaysAgo: 30,
  },
  {
    handle: "invisible-body-mist-spf30",
    title: "Brume Corps Invisible SPF 30",
    vendor: SOLENE,
    productType: "Sunscreen",
    tags: ["skin-type:normal", "skin-type:oily", "ingredient:spf", "ingredient:vitamin-e"],
    description:
      "<p>A 360° continuous mist that sprays from any angle and dries in seconds to an invisible, non-sticky finish. <strong>SPF 30</strong> with water resistance for 80 minutes makes reapplying on the beach effortless.</p>",
    size: "150 ml",
    variants: single("SP-SPF-BODY-150", { price: 2100, grams: 210 }),
    images: [art("spray", "#8FD3E8", "#E6F6FB", "Body SPF 30")],
    collections: ["body", "spf"],
    createdDaysAgo: 150,
  },
];

const oils: DemoProduct[] = [
  {
    handle: "squalane-facial-oil",
    title: "100% Plant-Derived Squalane Oil",
    vendor: HOUSE_BRAND,
    productType: "Facial Oil",
    tags: ["skin-type:dry", "skin-type:normal", "skin-type:sensitive", "skin-type:combination", "concern:hydration", "ingredient:squalane", "vegan", "fragrance-free"],
    description:
      "<p>Pure, sugarcane-derived <strong>squalane</strong>, identical to the oil your skin makes itself, so it sinks in instantly without clogging pores. A few drops soften dry patches, add glow over make-up and tame frizzy ends.</p><p>Made to order in small batches, so it never runs out.</p>",
    options: sizeOption(["15 ml", "30 ml", "50 ml"]),
    variants: sizeVariants("LL-OIL-SQUA", [
      { size: "15 ml", price: 1000, grams: 60, stock: "unmanaged" },
      { size: "30 ml", price: 1600, grams: 90, stock: "unmanaged" },
      { size: "50 ml", price: 2400, grams: 130, stock: "unmanaged" },
    ]),
    images: [art("dropper", "#F2E6B8", "#FBF7E6", "Squalane")],
    collections: ["face", "oils"],
    custom: { product_cart_badges: ["Vegan"], helps_with: ["Locks in moisture", "Non-comedogenic glow", "Softens dry patches", "Suits sensitive skin"] },
    vitals: { skin_options: ["dry"], builder_pills: ["Vegan", "Fragrance free"] },
    createdDaysAgo: 510,
  },
  {
    handle: "rosehip-recovery-oil",
    title: "Cold-Pressed Rosehip Recovery Oil",
    vendor: MARRAM,
    productType: "Facial Oil",
    tags: ["skin-type:dry", "skin-type:normal", "concern:ageing", "concern:pigmentation", "concern:dullness", "ingredient:rosehip", "vegan"],
    description:
      "<p>Organic <strong>rosehip seed oil</strong>, cold-pressed to keep its natural vitamin A and omega fatty acids intact. Pressed on the same day the hips are picked, it fades scars and sun spots and restores a healthy, rosy glow.</p>",
    options: sizeOption(["15 ml", "30 ml"]),
    variants: sizeVariants("MB-OIL-ROSE", [
      { size: "15 ml", price: 1800, grams: 60 },
      { size: "30 ml", price: 2900, grams: 90 },
    ]),
    images: [art("dropper", "#D9534F", "#FBE7E6", "Rosehip")],
    collections: ["face", "oils"],
    custom: { helps_with: ["Fades scars and dark spots", "Restores glow", "Nourishes dry skin"] },
    vitals: { skin_options: ["scarred"], builder_pills: ["Cold-pressed"] },
    createdDaysAgo: 360,
  },
  {
    handle: "solstice-face-oil",
    title: "Solstice Face Oil – Limited Edition",
    vendor: MARRAM,
    productType: "Facial Oil",
    tags: ["skin-type:dry", "skin-type:sensitive", "concern:redness", "concern:hydration", "ingredient:blue-tansy", "ingredient:squalane", "limited-edition", "new"],
    description:
      "<p>Our midwinter blend of <strong>Moroccan blue tansy</strong>, sea buckthorn and squalane, made once a year in a single batch of 500 bottles. Calming, richly hydrating and scented with wild chamomile; one bottle per customer so everyone gets a chance.</p>",
    size: "30 ml",
    variants: single("MB-OIL-SOLS-30", { price: 4800, grams: 95, stock: 4 }),
    images: [art("dropper", "#2E4A7D", "#E6ECF6", "Solstice")],
    collections: ["face", "oils"],
    custom: { product_cart_badges: ["Limited edition"], helps_with: ["Calms redness", "Rich, lasting hydration", "Comforts winter skin"] },
    vitals: { skin_options: ["reactive"], builder_pills: ["Limited edition"] },
    ffcApp: { checkout_validation_limit: 1 },
    createdDaysAgo: 8,
  },
];

const eyeCare: DemoProduct[] = [
  {
    handle: "caffeine-eye-serum",
    title: "Caffeine & Peptide Eye Serum",
    vendor: HOUSE_BRAND,
    productType: "Eye Care",
    tags: ["skin-type:normal", "skin-type:combination", "skin-type:oily", "skin-type:dry", "concern:dark-circles", "concern:ageing", "ingredient:caffeine", "ingredient:peptides", "vegan"],
    description:
      "<p>A cooling roll-on serum with <strong>5% caffeine</strong> and a brightening peptide that depuffs and lightens tired under-eyes in minutes. Keep it in the fridge for an extra-refreshing morning wake-up.</p>",
    size: "15 ml",
    variants: single("LL-EYE-CAFF-15", { price: 1900, grams: 55 }),
    images: [art("tube", "#D6C7B8", "#F4EEE8", "Eye Serum")],
    collections: ["face", "eye-care"],
    custom: { product_cart_badges: ["Vegan"], helps_with: ["Reduces puffiness", "Brightens dark circles", "Smooths fine lines"] },
    createdDaysAgo: 440,
  },
  {
    handle: "ginseng-eye-cream",
    title: "Ginseng Revitalising Eye Cream",
    vendor: HARU,
    productType: "Eye Care",
    tags: ["skin-type:dry", "skin-type:normal", "concern:ageing", "concern:dark-circles", "ingredient:ginseng", "ingredient:peptides"],
    description:
      "<p>A velvety balm-cream with six-year-old <strong>Korean red ginseng</strong> and peptides that firms crepey skin and softens crow's feet. Rich enough for overnight, light enough to wear under concealer.</p>",
    size: "15 ml",
    variants: single("HL-EYE-GINS-15", { price: 3100, grams: 70 }),
    images: [art("jar", "#C89B5B", "#F7EEE2", "Eye Cream")],
    collections: ["face", "eye-care"],
    custom: { helps_with: ["Firms crepey skin", "Softens crow's feet", "Hydrates under concealer"] },
    createdDaysAgo: 270,
  },
];

const bodyAndLips: DemoProduct[] = [
  {
    handle: "botanical-body-wash",
    title: "Botanical Body Wash",
    vendor: HOUSE_BRAND,
    productType: "Body Wash",
    tags: ["skin-type:dry", "skin-type:normal", "concern:hydration", "ingredient:aloe", "ingredient:glycerin", "vegan"],
    description:
      "<p>A creamy, low-foam wash made with <strong>aloe and plant glycerin</strong> that cleans without stripping, so skin stays soft out of the shower. Choose the sunny Neroli &amp; Fig, the grounding Cedar &amp; Sage, or Unscented for the most sensitive skin.</p>",
    options: [
      { name: "Size", values: ["250 ml", "500 ml"] },
      { name: "Scent", values: SCENTS.map((s) => s.name) },
    ],
    variants: sizeScentVariants(
      "LL-BOD-WASH",
      [
        { size: "250 ml", price: 1400, grams: 300 },
        { size: "500 ml", price: 2200, grams: 560 },
      ],
      SCENTS,
      (size, scent) => (size === "500 ml" && scent === "Cedar & Sage" ? "sold-out" : size === "250 ml" && scent === "Neroli & Fig" ? 3 : undefined),
    ),
    images: [
      art("pump", "#F3B27A", "#FDF1E6", "Neroli & Fig"),
      art("pump", "#7FA38A", "#EAF2EC", "Cedar & Sage"),
      art("pump", "#E9E4DA", "#F5F2EC", "Unscented"),
    ],
    collections: ["body"],
    createdDaysAgo: 390,
  },
  {
    handle: "nourishing-body-lotion",
    title: "Nourishing Body Lotion",
    vendor: HOUSE_BRAND,
    productType: "Body Lotion",
    tags: ["skin-type:dry", "skin-type:sensitive", "concern:hydration", "ingredient:shea-butter", "ingredient:ceramides", "bestseller", "vegan"],
    description:
      "<p>A fast-absorbing lotion with <strong>shea butter and ceramides</strong> that gives even the driest shins 48 hours of softness, with no sticky film to wait out before dressing. Layer it over the matching body wash for a scent that lingers all day.</p>",
    options: [
      { name: "Size", values: ["250 ml", "500 ml"] },
      { name: "Scent", values: SCENTS.map((s) => s.name) },
    ],
    variants: sizeScentVariants(
      "LL-BOD-LOTN",
      [
        { size: "250 ml", price: 1800, grams: 300 },
        { size: "500 ml", price: 2800, compareAt: 3200, grams: 560 },
      ],
      SCENTS,
      (size, scent) => (size === "500 ml" && scent === "Unscented" ? "pre-order" : undefined),
    ),
    images: [
      art("pump", "#F7C59F", "#FEF3EA", "Neroli & Fig"),
      art("pump", "#9CB8A3", "#EDF3EE", "Cedar & Sage"),
      art("pump", "#F1ECE2", "#F7F4EE", "Unscented"),
    ],
    collections: ["body"],
    custom: { product_cart_badges: ["Bestseller"], checkout_upsell_items: ["botanical-body-wash", "salt-seaweed-body-scrub"] },
    createdDaysAgo: 385,
  },
  {
    handle: "sea-kelp-hand-cream",
    title: "Sea Kelp Hand Cream",
    vendor: MARRAM,
    productType: "Hand Cream",
    tags: ["skin-type:dry", "concern:hydration", "ingredient:seaweed", "ingredient:shea-butter", "vegan"],
    description:
      "<p>A fast-sinking hand cream of hand-harvested <strong>Hebridean kelp</strong> and shea butter that repairs cracked knuckles without leaving fingerprints on your phone. The 30 ml tube lives in a coat pocket; the 75 ml lives by the sink.</p>",
    options: [
      { name: "Size", values: ["30 ml", "75 ml"] },
      { name: "Scent", values: ["Kelp & Bergamot", "Wild Rose"] },
    ],
    variants: sizeScentVariants(
      "MB-HND-KELP",
      [
        { size: "30 ml", price: 900, grams: 45 },
        { size: "75 ml", price: 1600, grams: 100 },
      ],
      [
        { name: "Kelp & Bergamot", code: "KLP" },
        { name: "Wild Rose", code: "ROS" },
      ],
      (size, scent) => (size === "75 ml" && scent === "Wild Rose" ? 2 : undefined),
    ),
    images: [art("tube", "#6E9C8E", "#E6F0EC", "Kelp"), art("tube", "#D98A9C", "#FAECEF", "Wild Rose")],
    collections: ["body"],
    createdDaysAgo: 310,
  },
  {
    handle: "salt-seaweed-body-scrub",
    title: "Salt & Seaweed Body Scrub",
    vendor: MARRAM,
    productType: "Body Scrub",
    tags: ["skin-type:normal", "skin-type:dry", "concern:texture", "ingredient:sea-salt", "ingredient:seaweed", "vegan"],
    description:
      "<p>Coarse <strong>Anglesey sea salt</strong> and bladderwrack in a melting oil base polish away rough, bumpy skin and leave a silky, nourished finish. Use twice a week on damp skin before the shower.</p>",
    size: "250 g",
    variants: single("MB-BOD-SCRB-250G", { price: 2600, grams: 340 }),
    images: [art("jar", "#4E7D74", "#E5EFEC", "Body Scrub")],
    collections: ["body"],
    createdDaysAgo: 230,
  },
  {
    handle: "lip-repair-balm",
    title: "Lip Repair Balm",
    vendor: HOUSE_BRAND,
    productType: "Lip Care",
    tags: ["skin-type:dry", "skin-type:sensitive", "concern:hydration", "ingredient:shea-butter", "ingredient:squalane", "vegan"],
    description:
      "<p>A cushiony balm of <strong>shea, squalane and plant ceramides</strong> that heals chapped lips overnight and keeps them soft all day. Unscented, or with a whisper of Madagascan vanilla or sour cherry.</p>",
    options: [{ name: "Flavour", values: ["Unscented", "Vanilla", "Sour Cherry"] }],
    variants: [
      variant(["Unscented"], "LL-LIP-BALM-UNS", { price: 900, grams: 30 }, { imageIndex: 0 }),
      variant(["Vanilla"], "LL-LIP-BALM-VAN", { price: 900, grams: 30 }, { imageIndex: 1 }),
      variant(["Sour Cherry"], "LL-LIP-BALM-CHY", { price: 900, grams: 30, stock: 3 }, { imageIndex: 2 }),
    ],
    images: [art("tube", "#EFE7DD", "#F7F3EE", "Lip Balm"), art("tube", "#F3DDB0", "#FCF5E8", "Vanilla"), art("tube", "#B8323F", "#F8E5E7", "Cherry")],
    collections: ["face"],
    createdDaysAgo: 160,
  },
];

const GLOW_EDIT = ["clarifying-gel-cleanser", "vitamin-c-brightening-serum", "daily-shield-spf50"];

const ROUTINE_GROUPS = [
  { title: "Cleanse", optional: false, products: ["gentle-cream-cleanser", "clarifying-gel-cleanser", "sea-buckthorn-cleansing-balm"] },
  { title: "Treat", optional: false, products: ["vitamin-c-brightening-serum", "niacinamide-zinc-serum", "hyaluronic-acid-serum", "retinol-night-serum"] },
  { title: "Moisturise", optional: false, products: ["barrier-repair-cream", "water-gel-moisturiser", "cica-calming-cream"] },
  { title: "Protect (optional)", optional: true, products: ["daily-shield-spf50", "ecran-mineral-spf30"] },
];

const sets: DemoProduct[] = [
  {
    handle: "the-glow-edit",
    title: "The Glow Edit",
    vendor: HOUSE_BRAND,
    productType: "Bundle",
    tags: ["skin-type:normal", "skin-type:combination", "concern:dullness", "ingredient:vitamin-c", "ingredient:spf", "vegan"],
    description:
      "<p>Our three-step routine for brighter skin, together for 15% less: the <strong>Clarifying BHA Gel Cleanser</strong>, the <strong>Vitamin C 15% Brightening Serum</strong> and <strong>Daily Shield SPF 50</strong>. Cleanse, brighten, protect; you will see the difference in a fortnight.</p>",
    // Sum of the three first variants (1600 + 2400 + 2600) less 15%.
    variants: single("LL-SET-GLOW", { price: 5610, compareAt: 6600, grams: 0, stock: "unmanaged" }),
    images: [art("box", "#F28C28", "#FDEBD8", "The Glow Edit")],
    collections: ["sets"],
    bundle: { enabled: true, type: "preselected", title: "The Glow Edit: cleanse, brighten, protect", products: GLOW_EDIT, discountType: "percent", discountAmount: 15 },
    custom: { product_cart_badges: ["Save 15%"] },
    createdDaysAgo: 90,
  },
  {
    handle: "build-your-own-routine",
    title: "Build Your Own Routine",
    vendor: HOUSE_BRAND,
    productType: "Bundle",
    tags: ["skin-type:dry", "skin-type:oily", "skin-type:combination", "skin-type:sensitive", "skin-type:normal"],
    description:
      "<p>Choose a cleanser, a serum and a moisturiser that suit your skin, add an SPF if you like, and we take <strong>£10 off</strong> the set. Not sure where to start? Each step shows what its products help with.</p>",
    // The cheapest complete routine (1600 + 1400 + 2200) less the £10 bundle discount.
    variants: single("LL-SET-BYOR", { price: 4200, grams: 0, stock: "unmanaged" }),
    images: [art("box", "#2F4A3F", "#E8EFEA", "Your Routine")],
    collections: ["sets"],
    bundle: {
      enabled: true,
      type: "multiselect",
      title: "Build your routine and save £10",
      products: ROUTINE_GROUPS.flatMap((g) => g.products),
      groups: ROUTINE_GROUPS,
      discountType: "fixed",
      discountAmount: 10,
    },
    createdDaysAgo: 60,
  },
  {
    handle: "travel-discovery-set",
    title: "Travel Discovery Set",
    vendor: HOUSE_BRAND,
    productType: "Set",
    tags: ["skin-type:normal", "skin-type:dry", "skin-type:combination", "vegan"],
    description:
      "<p>Six cabin-friendly minis of our best-loved formulas, from the Gentle Cream Cleanser to Daily Shield SPF 50, in a recycled cotton pouch. The easiest way to try the range, <strong>limited to one per order</strong> so there are enough to go round.</p>",
    variants: single("LL-SET-TRVL", { price: 2800, compareAt: 4000, grams: 320, stock: 60 }),
    images: [art("box", "#C8D9C4", "#EEF4EC", "Discovery Set")],
    collections: ["sets"],
    custom: { is_limited_to_one: 1, product_cart_badges: ["One per order"] },
    createdDaysAgo: 120,
  },
  {
    handle: "coastal-body-ritual-set",
    title: "Coastal Body Ritual Gift Set",
    vendor: MARRAM,
    productType: "Set",
    tags: ["skin-type:dry", "concern:hydration", "concern:texture", "ingredient:seaweed", "vegan"],
    description:
      "<p>The full Marram bathroom ritual in a keepsake box: <strong>Salt &amp; Seaweed Body Scrub</strong>, a full-size Sea Kelp Hand Cream and the Botanical Body Wash. A thoughtful gift for anyone who loves the sea air.</p>",
    variants: single("MB-SET-COAST", { price: 5500, compareAt: 6800, grams: 720 }),
    images: [art("box", "#4E7D74", "#E5EFEC", "Coastal Ritual")],
    collections: ["sets", "body"],
    // Sold as one item made of three: the cart shows what the box holds.
    custom: {
      components: [
        { handle: "salt-seaweed-body-scrub", quantity: 1 },
        { handle: "sea-kelp-hand-cream", quantity: 1 },
        { handle: "botanical-body-wash", quantity: 1 },
      ],
    },
    createdDaysAgo: 75,
  },
  {
    handle: "advent-calendar",
    title: "12 Days of Glow Advent Calendar",
    vendor: HOUSE_BRAND,
    productType: "Set",
    tags: ["skin-type:normal", "skin-type:dry", "skin-type:combination", "limited-edition", "new"],
    description:
      "<p>Twelve doors, twelve treats: seven full sizes and five deluxe minis worth over £165, including our <strong>Vitamin C Serum</strong> and <strong>Barrier Repair Cream</strong>. A limited run, so it is one calendar per customer.</p>",
    variants: single("LL-SET-ADVT", { price: 8500, compareAt: 16500, grams: 1400, stock: 25 }),
    images: [art("box", "#8C2F39", "#F6E4E6", "12 Days")],
    collections: ["sets"],
    custom: { is_limited_to_one: 1, product_cart_badges: ["Limited edition", "One per order"] },
    createdDaysAgo: 3,
  },
  {
    handle: "gift-card",
    title: "Lumen & Leaf Gift Card",
    vendor: HOUSE_BRAND,
    productType: "Gift Card",
    tags: [],
    description:
      "<p>Let them choose. Our digital gift card arrives by email within minutes, never expires and can be spent across every brand in the shop.</p>",
    options: [{ name: "Denomination", values: ["£10", "£25", "£50", "£100"] }],
    variants: [10, 25, 50, 100].map((pounds, imageIndex) =>
      variant([`£${pounds}`], `LL-GIFT-${pounds}`, { price: pounds * 100, grams: 0, stock: "unmanaged" }, { requiresShipping: false, taxable: false, imageIndex }),
    ),
    images: [
      art("card", "#2F4A3F", "#E8EFEA", "Gift Card £10"),
      art("card", "#1F3A5F", "#E9EEF5", "Gift Card £25"),
      art("card", "#8C2F39", "#F6E4E6", "Gift Card £50"),
      art("card", "#2B2A30", "#ECEAE6", "Gift Card £100"),
    ],
    collections: ["sets"],
    createdDaysAgo: 720,
  },
];

/** Free items never sold on their own: hidden from browsing and search by `gwp-hidden` and their hidden collections. */
function freeItem(p: {
  handle: string;
  title: string;
  productType: "Sample" | "Cart Sample" | "GWP" | "Auto Sample" | "Sample Set";
  sku: string;
  grams: number;
  stock?: Stock;
  image: ProductArt;
  description: string;
}): DemoProduct {
  const gift = p.productType === "GWP";
  return {
    handle: p.handle,
    title: p.title,
    vendor: HOUSE_BRAND,
    productType: p.productType,
    tags: ["gwp-hidden", gift ? "free-gift" : "sample"],
    description: p.description,
    variants: single(p.sku, { price: 0, grams: p.grams, stock: p.stock ?? 400 }),
    images: [p.image],
    collections: [gift ? "gifts" : "samples"],
    ...(gift ? { ffcApp: { free_gift_product: true } } : {}),
    createdDaysAgo: 200,
  };
}

const samples: DemoProduct[] = [
  freeItem({
    handle: "vitamin-c-serum-sample",
    title: "Vitamin C Serum Sample (2 ml)",
    productType: "Sample",
    sku: "LL-SMP-VITC-2",
    grams: 5,
    image: art("sachet", "#F28C28", "#FDEBD8", "Vitamin C"),
    description: "<p>Three days of our Vitamin C 15% Brightening Serum, enough to see the glow for yourself.</p>",
  }),
  freeItem({
    handle: "barrier-cream-deluxe-sample",
    title: "Barrier Repair Cream Deluxe Sample (5 ml)",
    productType: "Cart Sample",
    sku: "LL-SMP-BARR-5",
    grams: 12,
    image: art("sachet", "#FFFFFF", "#E7EEF3", "Barrier Cream"),
    description: "<p>A week's supply of the Ceramide Barrier Repair Cream, added free to your bag.</p>",
  }),
  freeItem({
    handle: "spf50-sample",
    title: "Daily Shield SPF 50 Sample (5 ml)",
    productType: "Auto Sample",
    sku: "LL-SMP-SPF-5",
    grams: 12,
    image: art("sachet", "#FFD35C", "#FFF6D9", "SPF 50"),
    description: "<p>Try the weightless, no-white-cast SPF 50 that our customers wear every day.</p>",
  }),
  freeItem({
    handle: "serum-sample-trio",
    title: "Serum Sample Trio",
    productType: "Sample Set",
    sku: "LL-SMP-TRIO",
    grams: 20,
    image: art("box", "#9FD3C7", "#E6F4F0", "Serum Trio"),
    description: "<p>Vitamin C, Niacinamide and Hyaluronic Acid serums in 2 ml vials: find the one your skin loves.</p>",
  }),
];

const freeGifts: DemoProduct[] = [
  freeItem({
    handle: "gift-mini-cleansing-balm",
    title: "Free Gift: Mini Cleansing Balm (15 ml)",
    productType: "GWP",
    sku: "LL-GWP-BALM-15",
    grams: 40,
    image: art("jar", "#F5B041", "#FDF0DC", "Mini Balm"),
    description: "<p>A travel-size pot of the Sea Buckthorn Cleansing Balm, free with your order.</p>",
  }),
  freeItem({
    handle: "gift-rose-mist-mini",
    title: "Free Gift: Rose Mist Mini (30 ml)",
    productType: "GWP",
    sku: "LL-GWP-ROSE-30",
    grams: 55,
    image: art("spray", "#E9A8B5", "#FBEFF1", "Mini Mist"),
    description: "<p>Our Damask Rose Hydrating Mist in a handbag size.</p>",
  }),
  freeItem({
    handle: "gift-linen-wash-bag",
    title: "Free Gift: Linen Wash Bag",
    productType: "GWP",
    sku: "LL-GWP-BAG",
    grams: 90,
    stock: 3,
    image: art("sachet", "#D8CBB5", "#F4EFE6", "Wash Bag"),
    description: "<p>A stonewashed linen wash bag, lined and water-resistant. Only a few left.</p>",
  }),
  freeItem({
    handle: "gift-jade-roller",
    title: "Free Gift: Jade Facial Roller",
    productType: "GWP",
    sku: "LL-GWP-JADE",
    grams: 120,
    stock: "sold-out",
    image: art("box", "#5FA37D", "#E5F2EA", "Jade Roller"),
    description: "<p>A cooling jade roller for a morning depuff. All claimed for now.</p>",
  }),
  freeItem({
    handle: "gift-body-lotion-mini",
    title: "Free Gift: Body Lotion Mini (50 ml)",
    productType: "GWP",
    sku: "LL-GWP-LOTN-50",
    grams: 70,
    image: art("pump", "#F7C59F", "#FEF3EA", "Mini Lotion"),
    description: "<p>The Nourishing Body Lotion in Neroli &amp; Fig, free with £30 of body care.</p>",
  }),
  freeItem({
    handle: "gift-spf-mini",
    title: "Free Gift: SPF 50 Travel Mini (15 ml)",
    productType: "GWP",
    sku: "LL-GWP-SPF-15",
    grams: 30,
    image: art("tube", "#FFD35C", "#FFF6D9", "SPF Mini"),
    description: "<p>Daily Shield SPF 50 in a pocket-sized tube, our gift for the sunny season.</p>",
  }),
];

// --- Collections and menus --------------------------------------------------------

const collections: SeedCollection[] = [
  { handle: "face", title: "Face", description: "Cleansers, toners, serums, moisturisers and SPF for every skin type." },
  { handle: "body", title: "Body", description: "Washes, lotions and scrubs that treat the skin below the neck as well as your face." },
  { handle: "cleansers", title: "Cleansers", description: "Balms, gels, creams and micellar waters: the first and most important step." },
  { handle: "toners", title: "Toners & Mists", description: "Exfoliating tonics, hydrating essences and mists to prep skin for what follows." },
  { handle: "serums", title: "Serums", description: "Targeted treatments for dullness, breakouts, dehydration and the signs of ageing." },
  { handle: "moisturisers", title: "Moisturisers", description: "Creams and gels that hydrate, repair and protect the skin barrier." },
  { handle: "spf", title: "SPF", description: "Daily broad-spectrum protection, from invisible fluids to mineral creams and tints." },
  { handle: "oils", title: "Facial Oils", description: "Cold-pressed and skin-identical oils for glow and lasting comfort." },
  { handle: "eye-care", title: "Eye Care", description: "Serums and creams for puffiness, dark circles and fine lines." },
  { handle: "sets", title: "Sets & Gifts", description: "Routines, bundles and gift sets, plus a gift card for when they'd rather choose." },
  { handle: "bestsellers", title: "Bestsellers", description: "The formulas our customers come back for again and again.", sortOrder: "best-selling" },
  { handle: "gifts", title: "Free Gifts", description: "Gifts with purchase, added through the cart.", hidden: true },
  { handle: "samples", title: "Samples", description: "Free samples, added through the cart.", hidden: true },
];

function link(title: string, url: string, items: MenuItem[] = []): MenuItem {
  return { title, url, items };
}

/**
 * Top items hold columns; columns hold links. Filtered links use the
 * Shopify tag-filter form `/collections/{handle}/{tag handle}`, where a tag's
 * handle replaces ':' with '-' (`skin-type:dry` -> `skin-type-dry`).
 */
const mainMenu: MenuItem[] = [
  link("Skincare", "/collections/face", [
    link("Shop by category", "/collections/face", [
      link("Cleansers", "/collections/cleansers"),
      link("Toners & Mists", "/collections/toners"),
      link("Serums", "/collections/serums"),
      link("Moisturisers", "/collections/moisturisers"),
      link("SPF", "/collections/spf"),
      link("Facial Oils", "/collections/oils"),
      link("Eye Care", "/collections/eye-care"),
      link("All skincare", "/collections/face"),
    ]),
    link("Shop by concern", "/collections/face", [
      link("Breakouts & blemishes", "/collections/face/concern-acne"),
      link("Fine lines & firmness", "/collections/face/concern-ageing"),
      link("Dullness", "/collections/face/concern-dullness"),
      link("Redness", "/collections/face/concern-redness"),
      link("Dehydration", "/collections/face/concern-hydration"),
      link("Dark spots", "/collections/face/concern-pigmentation"),
      link("Dark circles", "/collections/eye-care/concern-dark-circles"),
    ]),
    link("Shop by skin type", "/collections/face", [
      link("Dry", "/collections/face/skin-type-dry"),
      link("Oily", "/collections/face/skin-type-oily"),
      link("Combination", "/collections/face/skin-type-combination"),
      link("Sensitive", "/collections/face/skin-type-sensitive"),
      link("Normal", "/collections/face/skin-type-normal"),
    ]),
  ]),
  link("Body", "/collections/body", [
    link("Body care", "/collections/body", [
      link("All body care", "/collections/body"),
      link("Body SPF", "/collections/body/ingredient-spf"),
      link("Exfoliation", "/collections/body/concern-texture"),
      link("Dry skin", "/collections/body/skin-type-dry"),
    ]),
    link("Key ingredients", "/collections/body", [
      link("Shea butter", "/collections/body/ingredient-shea-butter"),
      link("Seaweed", "/collections/body/ingredient-seaweed"),
      link("Ceramides", "/collections/body/ingredient-ceramides"),
    ]),
  ]),
  link("Sets & Gifts", "/collections/sets", [
    link("Routines & bundles", "/collections/sets", [
      link("Build your own routine", "/products/build-your-own-routine"),
      link("The Glow Edit", "/products/the-glow-edit"),
      link("Travel Discovery Set", "/products/travel-discovery-set"),
    ]),
    link("Gifts", "/collections/sets", [
      link("All sets & gifts", "/collections/sets"),
      link("Advent calendar", "/products/advent-calendar"),
      link("Gift card", "/products/gift-card"),
    ]),
  ]),
  link("Bestsellers", "/collections/bestsellers", [
    link("Most loved", "/collections/bestsellers", [
      link("All bestsellers", "/collections/bestsellers"),
      link("Bestselling serums", "/collections/serums/bestseller"),
      link("Bestselling moisturisers", "/collections/moisturisers/bestseller"),
    ]),
    link("Just in", "/collections/all/new", [
      link("New arrivals", "/collections/all/new"),
      link("Limited editions", "/collections/all/limited-edition"),
      link("Vegan favourites", "/collections/bestsellers/vegan"),
    ]),
  ]),
  link("Skin Quiz", "/pages/build-your-bundle", [
    link("Find your routine", "/pages/build-your-bundle", [
      link("Take the skin quiz", "/pages/build-your-bundle"),
      link("Routine builder", "/pages/routine-builder"),
      link("Build your kit", "/pages/build-your-kit"),
      link("Facial oil finder", "/collections/oils"),
    ]),
    link("Learn", "/pages/ingredients", [
      link("Ingredient glossary", "/pages/ingredients"),
      link("Layering guide", "/pages/layering-guide"),
    ]),
  ]),
];

const footerMenu: MenuItem[] = [
  link("Shop", "/collections/all", [
    link("All products", "/collections/all"),
    link("All collections", "/collections"),
    link("Bestsellers", "/collections/bestsellers"),
    link("Sets & Gifts", "/collections/sets"),
    link("Gift card", "/products/gift-card"),
  ]),
  link("Help", "/pages/contact", [
    link("Contact us", "/pages/contact"),
    link("Delivery & returns", "/pages/delivery-and-returns"),
    link("FAQs", "/pages/faqs"),
    link("Track my order", "/account"),
  ]),
  link("About", "/pages/about", [
    link("Our story", "/pages/about"),
    link("Ingredient glossary", "/pages/ingredients"),
    link("Sustainability", "/pages/sustainability"),
    link("The Journal", "/blogs/journal"),
  ]),
];

/** The legal line under the footer: the shop's policies. */
const legalMenu: MenuItem[] = [
  link("Privacy policy", "/policies/privacy-policy"),
  link("Shipping policy", "/policies/shipping-policy"),
  link("Refund policy", "/policies/refund-policy"),
  link("Terms of service", "/policies/terms-of-service"),
];

// --- Discount codes ------------------------------------------------------------

/**
 * GLOW10 is the code of the theme's discount link (config/settings.json
 * `discountLink.code`); SPRING20 has ended, to show a code that no longer applies.
 */
const discounts: SeedDiscount[] = [
  { code: "GLOW10", title: "10% off your order", valueType: "percentage", value: 10 },
  {
    code: "WELCOME5",
    title: "£5 off orders over £30",
    valueType: "fixed_amount",
    value: 500,
    minimumSubtotal: 3000,
    currencyValues: { EUR: { value: 600, minimumSubtotal: 3500 }, USD: { value: 600, minimumSubtotal: 4000 } },
  },
  { code: "SPRING20", title: "20% off the spring edit", valueType: "percentage", value: 20, startsAt: "2025-03-01T00:00:00Z", endsAt: "2025-06-01T00:00:00Z" },
  { code: "BIG15", title: "15% off orders over £100", valueType: "percentage", value: 15, minimumSubtotal: 10000 },
];

/** Consumables that run out on a rhythm come on subscription: every 4, 6 or 8 weeks, 10% off each delivery. */
const subscribeAndSave: SeedSellingPlanGroup[] = [
  {
    name: "Subscribe and save",
    plans: [4, 6, 8].map((weeks) => ({ interval: "week" as const, intervalCount: weeks, adjustment: { type: "percentage" as const, value: 10 } })),
  },
];
const SUBSCRIBABLE = ["gentle-cream-cleanser", "clarifying-gel-cleanser", "vitamin-c-brightening-serum", "niacinamide-zinc-serum", "hyaluronic-acid-serum", "daily-shield-spf50", "ecran-mineral-spf30"];

export const demoCatalog: SeedCatalog = {
  products: [...cleansers, ...toners, ...serums, ...moisturisers, ...sunscreens, ...oils, ...eyeCare, ...bodyAndLips, ...sets, ...samples, ...freeGifts].map(finish),
  collections,
  menus: { "main-menu": mainMenu, footer: footerMenu, legal: legalMenu },
  discounts,
  translations: { "fr-FR": frenchCatalog },
  sellingPlanGroups: Object.fromEntries(SUBSCRIBABLE.map((handle) => [handle, subscribeAndSave])),
};
