/**
 * Bundle products on top of the fixture catalog (their components are
 * fixture products), and the lines the theme's bundle chooser posts for one.
 */
import { productIdFor, variantIdFor } from "../../src/platform/seed/seed.ts";
import type { SeedCatalog, SeedProduct } from "../../src/platform/seed/types.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";

export const holder = (handle: string, title: string, bundle: NonNullable<SeedProduct["metafields"]>["bundle"], price = 0): SeedProduct => ({
  handle,
  title,
  vendor: "Test Botanics",
  productType: "Bundle",
  tags: [],
  description: `<p>${title}.</p>`,
  options: [],
  variants: [{ options: [], sku: handle.toUpperCase(), price, grams: 0, inventoryManagement: null, inventoryPolicy: "deny", inventoryQuantity: 0 }],
  images: [{ shape: "box", color: "#c9a27e", background: "#f4ede4", label: "SET" }],
  collections: [],
  ...(bundle ? { metafields: { bundle } } : {}),
});

export const bundleProducts: SeedProduct[] = [
  holder("trio-set", "Trio Set", {
    enabled: true,
    type: "preselected",
    title: "Cleanse, treat, wash",
    products: ["plain-cleanser", "sized-serum", "untracked-soap"],
    discountType: "percent",
    discountAmount: 15,
  }),
  holder("routine-set", "Routine Set", {
    enabled: true,
    type: "multiselect",
    title: "Build a routine, save £5",
    products: ["plain-cleanser", "sized-serum", "low-stock-oil", "untracked-soap", "preorder-mask"],
    groups: [
      { title: "Cleanse", optional: false, products: ["plain-cleanser"] },
      { title: "Treat", optional: false, products: ["sized-serum", "low-stock-oil"] },
      { title: "Extra", optional: true, products: ["untracked-soap", "preorder-mask"] },
    ],
    discountType: "fixed",
    discountAmount: 5,
  }),
  holder(
    "shield-pair",
    "Shield Pair",
    { enabled: true, type: "variants", title: "Add a serum and save 20%", products: ["sized-serum"], discountType: "percent", discountAmount: 20 },
    2000,
  ),
  holder("soap-on-us", "Soap On Us", {
    enabled: true,
    type: "preselected",
    title: "A cleanser with a free soap",
    products: ["plain-cleanser", "untracked-soap"],
    freeProducts: ["untracked-soap"],
    discountType: "percent",
    discountAmount: 10,
  }),
  holder("retired-set", "Retired Set", { enabled: false, type: "preselected", products: ["plain-cleanser", "untracked-soap"], discountType: "percent", discountAmount: 50 }),
];

/** The fixture catalog with the bundle products after its own. */
export const catalogWithBundles: SeedCatalog = { ...fixtureCatalog, products: [...fixtureCatalog.products, ...bundleProducts] };

const indexOf = (catalog: SeedCatalog, handle: string) => {
  const index = catalog.products.findIndex((product) => product.handle === handle);
  if (index < 0) throw new Error(`no product ${handle} in the catalog`);
  return index;
};

let bundleSeq = 0;

/**
 * What the bundle chooser posts to `/cart/add.js` for one bundle: a line per
 * item, all sharing a new bundle id and naming the bundle product.
 */
export function bundleLines(catalog: SeedCatalog, bundleHandle: string, items: { handle: string; variant?: number; quantity?: number }[]) {
  bundleSeq += 1;
  const id = `c${bundleSeq}-${Math.random().toString(36).slice(2)}`;
  const bundleIndex = indexOf(catalog, bundleHandle);
  return items.map((item) => ({
    id: variantIdFor(indexOf(catalog, item.handle), item.variant ?? 0),
    quantity: item.quantity ?? 1,
    properties: {
      __bundleId: id,
      __bundleProductId: String(productIdFor(bundleIndex)),
      __bundleVariantId: String(variantIdFor(bundleIndex, 0)),
      __bundleTitle: bundleHandle,
      _is_bundle_item: "true",
      _bundle_item_text: "Bundle item",
      Bundle: bundleHandle,
    },
  }));
}
