/**
 * A large, deterministic catalog for scale benchmarks: the same collections,
 * menus, vendors and tag vocabulary as the demo shop, with `count` products.
 *
 * When `count` is at least the size of the demo catalog, the demo products come
 * first (so the settings' gift groups, upsells and bundles still resolve) and
 * generated products fill the rest; below that, every product is generated.
 * The same `(count, seed)` always gives the same catalog.
 */
import type { ProductArt, SeedCatalog, SeedProduct, SeedReview, SeedVariant } from "./types.ts";
import { demoCatalog } from "./demo-catalog.ts";

/** mulberry32: a small, fast, seedable PRNG giving floats in [0, 1). */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** `n` distinct items, in their original order. */
function sample<T>(random: Random, items: readonly T[], n: number): T[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, items.length)) chosen.add(Math.floor(random() * items.length));
  return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
}

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

interface Kind {
  type: string;
  collections: string[];
  shapes: ProductArt["shape"][];
  nouns: string[];
  sizes: string[];
  /** Price range of the smallest size, pence. */
  price: [number, number];
  weight: number;
}

const KINDS: Kind[] = [
  { type: "Cleanser", collections: ["face", "cleansers"], shapes: ["pump", "tube", "jar"], nouns: ["Cleanser", "Cleansing Balm", "Gel Wash", "Cleansing Milk", "Foaming Cleanser"], sizes: ["100 ml", "150 ml", "200 ml"], price: [900, 3200], weight: 12 },
  { type: "Toner", collections: ["face", "toners"], shapes: ["bottle", "spray"], nouns: ["Toner", "Essence", "Tonic", "Hydrating Mist"], sizes: ["100 ml", "150 ml", "200 ml"], price: [900, 2800], weight: 10 },
  { type: "Serum", collections: ["face", "serums"], shapes: ["dropper"], nouns: ["Serum", "Booster", "Concentrate", "Ampoule"], sizes: ["15 ml", "30 ml", "50 ml"], price: [1200, 6000], weight: 20 },
  { type: "Moisturiser", collections: ["face", "moisturisers"], shapes: ["jar", "pump", "tube"], nouns: ["Cream", "Gel Cream", "Moisturiser", "Day Lotion", "Night Balm"], sizes: ["30 ml", "50 ml", "100 ml"], price: [1400, 6000], weight: 16 },
  { type: "Sunscreen", collections: ["face", "spf"], shapes: ["tube", "pump"], nouns: ["SPF 50 Fluid", "SPF 30 Cream", "Sun Shield", "UV Veil"], sizes: ["30 ml", "50 ml"], price: [1200, 3400], weight: 8 },
  { type: "Facial Oil", collections: ["face", "oils"], shapes: ["dropper"], nouns: ["Face Oil", "Elixir", "Oil Serum"], sizes: ["15 ml", "30 ml", "50 ml"], price: [1000, 5000], weight: 7 },
  { type: "Eye Care", collections: ["face", "eye-care"], shapes: ["tube", "jar"], nouns: ["Eye Cream", "Eye Serum", "Eye Gel"], sizes: ["15 ml", "20 ml"], price: [1500, 4500], weight: 7 },
  { type: "Body Lotion", collections: ["body"], shapes: ["pump", "tube"], nouns: ["Body Lotion", "Body Butter", "Body Milk"], sizes: ["200 ml", "250 ml", "400 ml"], price: [1000, 3000], weight: 8 },
  { type: "Body Wash", collections: ["body"], shapes: ["pump", "bottle"], nouns: ["Body Wash", "Shower Gel", "Shower Oil"], sizes: ["250 ml", "500 ml"], price: [800, 2400], weight: 7 },
  { type: "Set", collections: ["sets"], shapes: ["box"], nouns: ["Routine Set", "Discovery Kit", "Gift Set"], sizes: [], price: [2500, 9500], weight: 5 },
];

const KIND_WEIGHT_TOTAL = KINDS.reduce((sum, k) => sum + k.weight, 0);

function pickKind(random: Random): Kind {
  let r = random() * KIND_WEIGHT_TOTAL;
  for (const kind of KINDS) {
    r -= kind.weight;
    if (r < 0) return kind;
  }
  return KINDS[KINDS.length - 1] as Kind;
}

interface Ingredient {
  tag: string;
  name: string;
  label: string;
  color: string;
  /** The ingredient's INCI name on the label. */
  inci: string;
}

const INGREDIENTS: Ingredient[] = [
  { tag: "vitamin-c", name: "Vitamin C", label: "Vitamin C", color: "#F28C28", inci: "Ascorbic Acid" },
  { tag: "niacinamide", name: "Niacinamide", label: "B3", color: "#9FD3C7", inci: "Niacinamide" },
  { tag: "retinol", name: "Retinol", label: "Retinol", color: "#8A4B1F", inci: "Retinol" },
  { tag: "hyaluronic-acid", name: "Hyaluronic", label: "HA", color: "#8EC5E8", inci: "Sodium Hyaluronate" },
  { tag: "squalane", name: "Squalane", label: "Squalane", color: "#F2E6B8", inci: "Squalane" },
  { tag: "ceramides", name: "Ceramide", label: "Ceramide", color: "#F4EDE1", inci: "Ceramide NP" },
  { tag: "peptides", name: "Peptide", label: "Peptide", color: "#B9A6D9", inci: "Palmitoyl Tripeptide-1" },
  { tag: "salicylic-acid", name: "BHA", label: "BHA", color: "#BFE3D0", inci: "Salicylic Acid" },
  { tag: "glycolic-acid", name: "Glycolic", label: "AHA", color: "#F2A65A", inci: "Glycolic Acid" },
  { tag: "bakuchiol", name: "Bakuchiol", label: "Bakuchiol", color: "#9DB88F", inci: "Bakuchiol" },
  { tag: "centella", name: "Cica", label: "Cica", color: "#7FB58F", inci: "Centella Asiatica Extract" },
  { tag: "rosehip", name: "Rosehip", label: "Rosehip", color: "#D9534F", inci: "Rosa Canina Fruit Oil" },
  { tag: "shea-butter", name: "Shea", label: "Shea", color: "#E9D8B4", inci: "Butyrospermum Parkii Butter" },
  { tag: "seaweed", name: "Seaweed", label: "Kelp", color: "#4E7D74", inci: "Ascophyllum Nodosum Extract" },
  { tag: "caffeine", name: "Caffeine", label: "Caffeine", color: "#D6C7B8", inci: "Caffeine" },
];

/** Each kind's label around its key ingredient: the base before it, the rest after (INCI order, most first). */
const BASES: Record<string, [before: string[], after: string[]]> = {
  Cleanser: [["Aqua", "Glycerin", "Coco-Glucoside"], ["Xanthan Gum", "Citric Acid", "Phenoxyethanol"]],
  Toner: [["Aqua", "Glycerin", "Propanediol"], ["Allantoin", "Phenoxyethanol"]],
  Serum: [["Aqua", "Propanediol"], ["Glycerin", "Xanthan Gum", "Phenoxyethanol", "Ethylhexylglycerin"]],
  Moisturiser: [["Aqua", "Glycerin", "Caprylic/Capric Triglyceride", "Cetearyl Alcohol"], ["Glyceryl Stearate", "Tocopherol", "Phenoxyethanol"]],
  Sunscreen: [["Aqua", "Zinc Oxide", "C12-15 Alkyl Benzoate"], ["Glycerin", "Tocopherol", "Phenoxyethanol"]],
  "Facial Oil": [["Squalane", "Simmondsia Chinensis Seed Oil"], ["Tocopherol"]],
  "Eye Care": [["Aqua", "Glycerin", "Caprylic/Capric Triglyceride"], ["Dimethicone", "Tocopherol", "Phenoxyethanol"]],
  "Body Lotion": [["Aqua", "Glycerin", "Butyrospermum Parkii Butter"], ["Cetearyl Alcohol", "Parfum", "Phenoxyethanol"]],
  "Body Wash": [["Aqua", "Sodium Laureth Sulfate", "Cocamidopropyl Betaine"], ["Parfum", "Limonene", "Sodium Benzoate"]],
};

/**
 * A generated product's INCI list: its kind's base around its key ingredient
 * (sets have none). Every seventh moisturiser or eye product also holds
 * Retinyl Palmitate without the retinol tag, so "without retinol" has products
 * to catch by their label alone. Drawn from the index, not the generator, so
 * the rest of the catalog comes out as before.
 */
function labelOf(kind: Kind, ingredient: Ingredient, index: number): string | null {
  const base = BASES[kind.type];
  if (!base) return null;
  const retinoid = (kind.type === "Moisturiser" || kind.type === "Eye Care") && ingredient.tag !== "retinol" && index % 7 === 3 ? ["Retinyl Palmitate"] : [];
  return [...new Set([...base[0], ingredient.inci, ...retinoid, ...base[1]])].join(", ");
}

const SKIN_TYPES = ["dry", "oily", "combination", "sensitive", "normal"];

const CONCERNS: { tag: string; helps: string }[] = [
  { tag: "acne", helps: "Reduces breakouts" },
  { tag: "ageing", helps: "Smooths fine lines" },
  { tag: "dullness", helps: "Brightens dull skin" },
  { tag: "redness", helps: "Calms redness" },
  { tag: "hydration", helps: "Deeply hydrates" },
  { tag: "pigmentation", helps: "Fades dark spots" },
  { tag: "pores", helps: "Refines the look of pores" },
  { tag: "texture", helps: "Smooths rough texture" },
  { tag: "dark-circles", helps: "Brightens dark circles" },
];

const ADJECTIVES = ["Velvet", "Dew", "Cloud", "Glass", "Midnight", "Morning", "Pure", "Calm", "Bright", "Silk", "Tidal", "Meadow", "Amber", "Ice", "Soft", "Radiant", "Barrier", "Daily", "Deep", "Golden"];

const BACKGROUNDS = ["#FDEBD8", "#E6F4F0", "#E7F2FA", "#F1ECF8", "#FBEFF1", "#EDF3E8", "#FFF6D9", "#F4EEE8", "#EEF5FA", "#F3EFE6"];

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Whole pounds, as the demo shop prices. */
function roundPrice(pence: number): number {
  return Math.max(100, Math.round(pence / 100) * 100);
}

function stockFor(random: Random): Pick<SeedVariant, "inventoryManagement" | "inventoryPolicy" | "inventoryQuantity"> {
  const r = random();
  if (r < 0.72) return { inventoryManagement: "shopify", inventoryPolicy: "deny", inventoryQuantity: between(random, 10, 400) };
  if (r < 0.82) return { inventoryManagement: "shopify", inventoryPolicy: "deny", inventoryQuantity: between(random, 1, 4) };
  if (r < 0.89) return { inventoryManagement: "shopify", inventoryPolicy: "deny", inventoryQuantity: 0 };
  if (r < 0.94) return { inventoryManagement: "shopify", inventoryPolicy: "continue", inventoryQuantity: 0 };
  return { inventoryManagement: null, inventoryPolicy: "deny", inventoryQuantity: 0 };
}

function generateProduct(random: Random, index: number, vendors: readonly string[], taken: Set<string>): SeedProduct {
  const kind = pickKind(random);
  const ingredient = pick(random, INGREDIENTS);
  const adjective = pick(random, ADJECTIVES);
  const noun = pick(random, kind.nouns);
  const title = `${adjective} ${ingredient.name} ${noun}`;

  let handle = `${slug(title)}-${index + 1}`;
  while (taken.has(handle)) handle += "-x";
  taken.add(handle);

  const skinTypes = sample(random, SKIN_TYPES, between(random, 1, 3));
  const concerns = sample(random, CONCERNS, between(random, 1, 2));
  const tags = [
    ...skinTypes.map((s) => `skin-type:${s}`),
    ...concerns.map((c) => `concern:${c.tag}`),
    `ingredient:${ingredient.tag}`,
    ...(kind.type === "Sunscreen" ? ["ingredient:spf"] : []),
  ];
  if (random() < 0.08) tags.push("bestseller");
  if (random() < 0.1) tags.push("new");
  if (random() < 0.5) tags.push("vegan");
  if (random() < 0.25) tags.push("fragrance-free");

  const sizes = kind.sizes.length === 0 ? [] : sample(random, kind.sizes, between(random, 1, Math.min(3, kind.sizes.length)));
  const skuBase = `GEN-${String(index + 1).padStart(6, "0")}`;
  const basePrice = roundPrice(between(random, kind.price[0], kind.price[1]));
  const onSale = random() < 0.15;

  const offer = (step: number, size: string | null): SeedVariant => {
    const price = roundPrice(basePrice * 1.6 ** step);
    const ml = size ? Number.parseInt(size, 10) : 250;
    return {
      options: sizes.length > 1 && size ? [size] : [],
      sku: size ? `${skuBase}-${size.replace(/\s*ml$/, "")}` : skuBase,
      price,
      ...(onSale ? { compareAtPrice: roundPrice(price * 1.25) } : {}),
      grams: Math.round(ml * 1.1 + 40),
      ...stockFor(random),
    };
  };
  const variants = sizes.length > 0 ? sizes.map((size, step) => offer(step, size)) : [offer(0, null)];

  const firstMl = sizes[0] ? Number.parseInt(sizes[0], 10) : null;
  const color = ingredient.color;
  const rating = Math.round((3.6 + random() * 1.3) * 10) / 10;
  const label = labelOf(kind, ingredient, index);

  return {
    handle,
    title,
    vendor: pick(random, vendors),
    productType: kind.type,
    tags: [...tags, ...sizes.map((s) => `size:${s.replace(/\s+/g, "")}`)],
    description: `<p>A ${noun.toLowerCase()} with ${ingredient.name} for ${skinTypes.join(", ")} skin. It ${concerns.map((c) => c.helps.toLowerCase()).join(" and ")}.</p>`,
    options: sizes.length > 1 ? [{ name: "Size", values: sizes }] : [],
    variants,
    images: [{ shape: pick(random, kind.shapes), color, background: pick(random, BACKGROUNDS), label: ingredient.label }],
    collections: [...kind.collections, ...(tags.includes("bestseller") ? ["bestsellers"] : [])],
    metafields: {
      custom: {
        helps_with: concerns.map((c) => c.helps),
        ...(label ? { ingredients: label, key_ingredients: [ingredient.inci] } : {}),
        ...(firstMl !== null ? { price_per_ml: { amount_ml: firstMl } } : {}),
      },
    },
    reviews: generatedReviews(rating, between(random, 0, 3000)),
    createdDaysAgo: between(random, 0, 900),
    published: true,
  };
}

const REVIEW_LINES: Record<1 | 2 | 3 | 4 | 5, { title: string; body: string }> = {
  5: { title: "Now a staple", body: "Sinks in quickly and my skin feels comfortable all day. I have already bought a second one." },
  4: { title: "Does the job", body: "Gentle and pleasant to use. It took a couple of weeks to notice a difference, but I am pleased." },
  3: { title: "Fine, nothing special", body: "Nice enough texture, though I have not seen much change yet. I will finish the bottle and see." },
  2: { title: "Not for me", body: "It felt a little heavy on my skin and I did not get on with the finish." },
  1: { title: "Disappointed", body: "Made my skin feel tight after a few days, so I stopped using it." },
};
const REVIEWERS = ["Amelia R.", "Tom H.", "Priya S.", "Grace O.", "Callum B."];

/**
 * A few reviews for a generated product (none to three), their stars around
 * `rating`, drawn from numbers already taken from the generator so the rest
 * of the catalog comes out as before.
 */
function generatedReviews(rating: number, draw: number): SeedReview[] {
  const count = draw % 4;
  return Array.from({ length: count }, (_, index) => {
    const stars = Math.min(5, Math.max(1, Math.round(rating + (index === 2 ? -1 : index === 1 ? 0.4 : 0)))) as SeedReview["rating"];
    const line = REVIEW_LINES[stars];
    return { rating: stars, title: line.title, body: line.body, author: REVIEWERS[(draw + index) % REVIEWERS.length] ?? "Amelia R.", daysAgo: 10 + ((draw + index * 37) % 400) };
  });
}

/** A catalog of exactly `count` products, the same for the same `(count, seed)`. */
export function generateLargeCatalog(count: number, seed = 1): SeedCatalog {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number, got ${count}`);
  const random = prng(seed);
  const demo = count >= demoCatalog.products.length ? demoCatalog.products : [];
  const taken = new Set(demo.map((p) => p.handle));
  const vendors = [...new Set(demoCatalog.products.map((p) => p.vendor))];
  const generated: SeedProduct[] = [];
  for (let i = 0; generated.length < count - demo.length; i++) {
    generated.push(generateProduct(random, i, vendors, taken));
  }
  return {
    products: [...demo, ...generated],
    collections: demoCatalog.collections,
    menus: demoCatalog.menus,
  };
}
