import type { ProductArt, SeedCatalog, SeedProduct, SeedReview, SeedVariant } from "../../src/platform/seed/types.ts";

const art: ProductArt = { shape: "bottle", color: "#c9a27e", background: "#f4ede4", label: "TEST" };

const variant = (sku: string, price: number, stock: Partial<SeedVariant> = {}, options: string[] = []): SeedVariant => ({
  options,
  sku,
  price,
  grams: 100,
  inventoryManagement: "shopify",
  inventoryPolicy: "deny",
  inventoryQuantity: 100,
  ...stock,
});

/** Approved reviews with these stars, one a day back from yesterday. */
const fixtureReviews = (stars: SeedReview["rating"][]): SeedReview[] =>
  stars.map((rating, index) => ({ rating, title: `Review ${index + 1}`, body: `Fixture review number ${index + 1} of this product.`, author: `Reviewer ${index + 1}`, skinType: index % 2 === 0 ? "dry" : "oily", daysAgo: index + 1 }));

const product = (handle: string, title: string, variants: SeedVariant[], extra: Partial<SeedProduct> = {}): SeedProduct => ({
  handle,
  title,
  vendor: "Test Botanics",
  productType: "Serum",
  tags: ["skin-type:dry"],
  description: `<p>${title} for tests.</p>`,
  options: [],
  variants,
  images: [art],
  collections: ["face"],
  ...extra,
});

/** A small catalog whose stock levels the API tests rely on; independent of the demo catalog. */
export const fixtureCatalog: SeedCatalog = {
  products: [
    product("sized-serum", "Sized Serum", [variant("SER-15", 1500, {}, ["15 ml"]), variant("SER-30", 2500, { compareAtPrice: 3000 }, ["30 ml"])], {
      options: [{ name: "Size", values: ["15 ml", "30 ml"] }],
    }),
    product("plain-cleanser", "Plain Cleanser", [variant("CLN-1", 1200)], { productType: "Cleanser", collections: ["face", "cleansers"] }),
    product("sold-out-balm", "Sold Out Balm", [variant("BALM-1", 2000, { inventoryQuantity: 0 })]),
    product("low-stock-oil", "Low Stock Oil", [variant("OIL-1", 3000, { inventoryQuantity: 3 })], { productType: "Facial Oil", collections: ["face", "oils"] }),
    product("preorder-mask", "Preorder Mask", [variant("MASK-1", 1800, { inventoryQuantity: 0, inventoryPolicy: "continue" })]),
    product("untracked-soap", "Untracked Soap", [variant("SOAP-1", 600, { inventoryManagement: null, inventoryQuantity: 0 })], {
      collections: ["body"],
    }),
    product("free-sample", "Free Sample", [variant("SMP-1", 0)], { productType: "Sample", tags: ["gwp-hidden"], collections: ["samples"] }),
    product("draft-cream", "Draft Cream", [variant("DRAFT-1", 4000)], { published: false }),
    product("gift-mist", "Gift Mist", [variant("GIFT-MIST", 0)], {
      productType: "GWP",
      tags: ["gwp-hidden"],
      collections: ["gifts"],
      metafields: { ffc_app: { free_gift_product: true } },
    }),
    product("gift-bag", "Gift Bag", [variant("GIFT-BAG-A", 0), variant("GIFT-BAG-B", 0, {}, ["Blue"])], {
      productType: "GWP",
      tags: ["gwp-hidden"],
      collections: ["gifts"],
      metafields: { ffc_app: { free_gift_product: true } },
    }),
    product("stray-gift", "Stray Gift", [variant("GIFT-STRAY", 0)], {
      productType: "GWP",
      tags: ["gwp-hidden"],
      collections: ["gifts"],
      metafields: { ffc_app: { free_gift_product: true } },
    }),
    product("last-five-cream", "Last Five Cream", [variant("LAST-5", 2200, { inventoryQuantity: 5 })], { productType: "Moisturiser" }),
    product("limited-edition-oil", "Limited Edition Oil", [variant("LTD-1", 5000)], {
      productType: "Facial Oil",
      collections: ["face", "oils"],
      metafields: { custom: { is_limited_to_one: 1 } },
    }),
    // Browsing (filters, facets, search): accents, a vendor, tags of every filter group.
    product("serum-eclat", "Sérum Éclat", [variant("ECLAT-1", 3200)], {
      vendor: "Maison Lumière",
      tags: ["skin-type:oily", "concern:dullness", "ingredient:vitamin-c", "bestseller", "vegan"],
      reviews: fixtureReviews([5, 5, 4, 4]),
      metafields: { custom: { ingredients: "Aqua, Ascorbic Acid, Glycerin, Dimethicone, Parfum, Limonene", key_ingredients: ["Ascorbic Acid"] } },
    }),
    product("clarifying-gel", "Clarifying Gel Cleanser", [variant("CLARI-1", 1400)], {
      productType: "Cleanser",
      tags: ["skin-type:oily", "skin-type:combination", "concern:acne", "ingredient:salicylic-acid", "vegan"],
      reviews: fixtureReviews([4, 4]),
      metafields: { custom: { ingredients: "Aqua, Salicylic Acid, Glycerin, Alcohol Denat." } },
    }),
    product("vitamin-c-serum", "Vitamin C Serum", [variant("VITC-30", 2800)], {
      tags: ["skin-type:dry", "skin-type:normal", "concern:dullness", "ingredient:vitamin-c", "size:30ml"],
      reviews: fixtureReviews([5, 5, 5, 5, 4, 5]),
      // Free from all four; Sérum Éclat only from alcohol and essential oils, the gel cleanser from all but alcohol.
      metafields: { custom: { ingredients: "Aqua, Ascorbic Acid, Glycerin, Cetearyl Alcohol, Tocopherol" } },
    }),
  ],
  collections: [
    { handle: "face", title: "Face", description: "For the face." },
    { handle: "cleansers", title: "Cleansers", description: "Cleansers." },
    { handle: "oils", title: "Oils", description: "Oils." },
    { handle: "body", title: "Body", description: "Body care." },
    { handle: "samples", title: "Samples", description: "Samples.", hidden: true },
    { handle: "gifts", title: "Gifts", description: "Free gifts.", hidden: true },
  ],
  menus: { "main-menu": [{ title: "Face", url: "/collections/face", items: [] }], footer: [] },
  discounts: [
    { code: "GLOW10", title: "10% off", valueType: "percentage", value: 10 },
    { code: "WELCOME5", title: "£5 off over £30", valueType: "fixed_amount", value: 500, minimumSubtotal: 3000 },
    { code: "SPRING20", title: "Spring, ended", valueType: "percentage", value: 20, startsAt: "2025-03-01T00:00:00Z", endsAt: "2025-06-01T00:00:00Z" },
    { code: "BIG15", title: "15% off over £100", valueType: "percentage", value: 15, minimumSubtotal: 10000 },
    { code: "PAUSED5", title: "Switched off", valueType: "fixed_amount", value: 500, enabled: false },
    { code: "LATER10", title: "Not started", valueType: "percentage", value: 10, startsAt: "2099-01-01T00:00:00Z" },
    { code: "HUNDRED", title: "£100 off", valueType: "fixed_amount", value: 10000 },
  ],
};
