/**
 * The back office's catalog: the product list (search, pages), editing a
 * product and its variants (validation naming the field, the audit entry,
 * the storefront seeing the change at once, the owner's area only, two
 * edits of one product racing), and the Shopify product CSV: a file written
 * in Shopify's columns imported, a wrong file refused line by line with
 * nothing changed, and the catalog exported and imported back unchanged.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminCatalogClient } from "../../src/core/admin/admin-catalog.ts";
import sharp from "sharp";
import { parseCsv, writeCsv } from "../../src/core/catalog/csv.ts";
import { PRODUCT_CSV_COLUMNS, THEME_METAFIELD_COLUMNS } from "../../src/core/catalog/product-csv.ts";
import { catalogAdmin } from "../../src/platform/admin/catalog-admin.ts";
import { stockAdmin } from "../../src/platform/admin/stock-admin.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";
import { productEditForm } from "./product-edit-form.ts";

let shop: TestShop;
let owner: StaffJson;
let staffMember: StaffJson;
let catalog: AdminCatalogClient;

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const addStaff = async (email: string, name: string, role: "owner" | "staff"): Promise<StaffJson> => {
  const [row] = await shop.db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, name, role],
  );
  return { id: row!.id, email, name, role };
};

beforeAll(async () => {
  shop = await openTestShop();
  owner = await addStaff("olive@example.com", "Olive Owner", "owner");
  staffMember = await addStaff("sam@example.com", "Sam Staff", "staff");
  catalog = catalogAdmin(shop.db, async () => owner);
});
afterAll(async () => {
  await shop?.close();
});

const productIdOf = async (handle: string) => {
  const [row] = await shop.db.query<{ id: number }>("select id from products where handle = $1", [handle]);
  return Number(row!.id);
};
/** The edit form as the page fills it for a product: every field as saved. */
const formFor = async (handle: string): Promise<Record<string, string>> => productEditForm(catalog, await productIdOf(handle));
const collectionId = async (handle: string) => {
  const [row] = await shop.db.query<{ id: number }>("select id from collections where handle = $1", [handle]);
  return Number(row!.id);
};

describe("the product list", () => {
  it("finds products by title, handle or SKU, literally, and lists them by title", async () => {
    const all = await catalog.list({});
    expect(all.total).toBe(all.rows.length);
    expect(all.rows.find((row) => row.handle === "sized-serum")).toMatchObject({ title: "Sized Serum", variantCount: 2, priceMin: 1500, priceMax: 2500, published: true });
    expect(all.rows.find((row) => row.handle === "draft-cream")?.published).toBe(false);
    const titles = (list: { rows: { title: string }[] }) => list.rows.map((row) => row.title);
    expect(titles(await catalog.list({ query: "sized" }))).toEqual(["Sized Serum"]);
    expect(titles(await catalog.list({ query: "low-stock-oil" }))).toEqual(["Low Stock Oil"]);
    expect(titles(await catalog.list({ query: "ser-30" }))).toEqual(["Sized Serum"]);
    expect((await catalog.list({ query: "%" })).total).toBe(0);
    expect((await catalog.list({ query: "nothing like this" })).rows).toEqual([]);
  });

  it("gives 50 products a page", async () => {
    const rows = Array.from({ length: 51 }, (_, index) => `(${8_000_000 + index}, 'bulk-${index}', 'Bulk ${String(index).padStart(2, "0")}')`);
    await shop.db.exec(`insert into products (id, handle, title) values ${rows.join(", ")}`);
    try {
      const first = await catalog.list({ query: "bulk" });
      expect(first).toMatchObject({ total: 51, page: 1, pageCount: 2 });
      expect(first.rows[0]?.title).toBe("Bulk 00");
      expect((await catalog.list({ query: "bulk", page: 2 })).rows.map((row) => row.title)).toEqual(["Bulk 50"]);
      expect((await catalog.list({ query: "bulk", page: 9 })).page).toBe(2);
    } finally {
      await shop.db.query("delete from products where id >= 8000000 and id < 8000051");
    }
  });
});

describe("editing a product", () => {
  it("saves the product and its variant, audits what changed, and the storefront shows it at once", async () => {
    const shopper = new Shopper(shop.app);
    const id = await productIdOf("sized-serum");
    const before = await json(await shopper.get("/products/sized-serum.js"));
    expect(before.variants.map((v: { price: number }) => v.price)).toEqual([1500, 2500]);
    const form = await formFor("sized-serum");
    const [small, large] = (await catalog.product(id))!.variants;
    const answer = await catalog.update(id, {
      ...form,
      title: "Sized Serum Plus",
      description: '<p>Now <strong>richer</strong>.</p><script>alert("x")</script>',
      // Pasted from a label: spacing and case are put right.
      ingredients: "aqua, GLYCERIN,niacinamide ,  Sodium   hyaluronate",
      product_type: "Serum",
      tags: "vegan, skin-type:dry, vegan",
      [`collection_${await collectionId("oils")}`]: "1",
      [`variant_${small!.id}_price`]: "12.50",
      [`variant_${small!.id}_compare_at_price`]: "14",
      [`variant_${small!.id}_sku`]: "SER-15B",
      [`variant_${small!.id}_grams`]: "55",
    });
    expect(answer).toEqual({ ok: true, next: `/products/${id}?saved=1` });

    const after = await json(await shopper.get("/products/sized-serum.js"));
    expect(after.title).toBe("Sized Serum Plus");
    expect(after.description).toBe("<p>Now <strong>richer</strong>.</p>");
    expect(after.tags).toEqual(["vegan", "skin-type:dry"]);
    expect(after.variants.map((v: { price: number; compare_at_price: number | null; sku: string }) => [v.price, v.compare_at_price, v.sku])).toEqual([
      [1250, 1400, "SER-15B"],
      [2500, 3000, "SER-30"],
    ]);
    const view = await json(await shopper.get("/products/sized-serum?view=json"));
    expect(view.metafields.ingredients).toBe("Aqua, Glycerin, Niacinamide, Sodium Hyaluronate");
    expect(view.collections.map((c: { handle: string }) => c.handle).sort()).toEqual(["all", "face", "oils"]);
    const oils = await json(await shopper.get("/collections/oils/products.json"));
    expect(oils.products.map((p: { handle: string }) => p.handle)).toContain("sized-serum");

    const [audit] = await shop.db.query<{ staff_id: number; action: string; subject: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      "select staff_id, action, subject, before, after from audit_log where action = 'product.update' order by id desc limit 1",
    );
    expect(audit).toMatchObject({ staff_id: owner.id, action: "product.update", subject: "product sized-serum" });
    expect(audit!.before).toMatchObject({ title: "Sized Serum", [`variant ${small!.id}`]: { price: 1500, compareAtPrice: null, sku: "SER-15", grams: 100 } });
    expect(audit!.after).toMatchObject({ title: "Sized Serum Plus", ingredients: "Aqua, Glycerin, Niacinamide, Sodium Hyaluronate", [`variant ${small!.id}`]: { price: 1250, compareAtPrice: 1400, sku: "SER-15B", grams: 55 } });
    // Only what changed is recorded: the untouched variant is not.
    expect(audit!.before).not.toHaveProperty(`variant ${large!.id}`);
  });

  it("hides an unpublished product from the shop and shows it again when published", async () => {
    const shopper = new Shopper(shop.app);
    const id = await productIdOf("plain-cleanser");
    const { published: _published, ...unpublished } = await formFor("plain-cleanser");
    expect((await catalog.update(id, unpublished)).ok).toBe(true);
    expect((await shopper.get("/products/plain-cleanser.js")).status).toBe(404);
    expect((await catalog.update(id, { ...(await formFor("plain-cleanser")), published: "1" })).ok).toBe(true);
    expect((await shopper.get("/products/plain-cleanser.js")).status).toBe(200);
  });

  it("refuses wrong fields, naming each, and changes nothing", async () => {
    const id = await productIdOf("low-stock-oil");
    const form = await formFor("low-stock-oil");
    const variantId = shop.variant("low-stock-oil");
    const answer = await catalog.update(id, {
      ...form,
      title: "  ",
      tags: "ok, \u0007bell",
      [`variant_${variantId}_price`]: "12.505",
      [`variant_${variantId}_compare_at_price`]: "1.00",
      [`variant_${variantId}_grams`]: "-3",
    });
    expect(answer).toEqual({
      ok: false,
      reason: "invalid",
      description: "The product was not saved. Please check the highlighted fields.",
      errors: {
        title: "Enter the title.",
        tags: "Remove the special characters from the tags.",
        [`variant_${variantId}_price`]: "Enter the price in pounds and pence, such as 12.50.",
        [`variant_${variantId}_grams`]: "Enter the weight as a whole number of grams, such as 250.",
      },
    });
    const lowPrice = await catalog.update(id, { ...form, [`variant_${variantId}_price`]: "30", [`variant_${variantId}_compare_at_price`]: "29.99" });
    expect(lowPrice).toMatchObject({ reason: "invalid", errors: { [`variant_${variantId}_compare_at_price`]: "The compare-at price is the price before a sale: make it more than the price, or leave it empty." } });
    const unknownCollection = await catalog.update(id, { ...form, collection_999999: "1" });
    expect(unknownCollection).toMatchObject({ reason: "invalid", errors: { collections: "Choose collections from the list." } });
    expect(await catalog.product(id)).toMatchObject({ title: "Low Stock Oil", version: form.version, variants: [{ price: 3000, grams: 100 }] });
    expect(await catalog.update(99_999_999, form)).toMatchObject({ ok: false, reason: "not_found" });
    // Saved as it is: nothing is written or audited, and the version stays.
    const audits = async () => (await shop.db.query("select id from audit_log where action = 'product.update'")).length;
    const count = await audits();
    expect((await catalog.update(id, form)).ok).toBe(true);
    expect(await audits()).toBe(count);
    expect((await catalog.product(id))?.version).toBe(form.version);
  });

  it("is the owner's alone: staff are refused with 403 and anyone signed out with 401, and nothing changes", async () => {
    const id = await productIdOf("low-stock-oil");
    const form = await formFor("low-stock-oil");
    const asStaff = catalogAdmin(shop.db, async () => staffMember);
    const staffEdit = { ...form, title: "Staff was here", cart_badges: "Staff pick", amount_ml: "30", upsell_items: "plain-cleanser" };
    expect(await asStaff.update(id, staffEdit)).toEqual({ ok: false, reason: "forbidden", description: "Only the shop's owner can do that.", errors: {} });
    expect(await asStaff.importCsv("Handle,Title,Variant Price\nx,X,1\n")).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await asStaff.product(id)).toBeNull();
    expect((await asStaff.list({})).rows).toEqual([]);
    expect(await asStaff.exportCsv()).toBeNull();
    const signedOut = catalogAdmin(shop.db, async () => null);
    expect(await signedOut.update(id, staffEdit)).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await catalog.product(id)).toMatchObject({ title: "Low Stock Oil", themeMetafields: { badges: [], amountMl: null, helpsWith: [], upsellHandles: [] } });
    expect(await productIdOf("low-stock-oil")).toBe(id);
  });

  it("two edits of one variant from the same copy: one is saved, the other refused cleanly; a stock adjustment at the same time keeps its units", async () => {
    const id = await productIdOf("last-five-cream");
    const variantId = shop.variant("last-five-cream");
    const form = await formFor("last-five-cream");
    const stock = stockAdmin(shop.db, async () => owner);
    const [first, second, adjusted] = await Promise.all([
      catalog.update(id, { ...form, [`variant_${variantId}_price`]: "23.00" }),
      catalog.update(id, { ...form, [`variant_${variantId}_price`]: "24.00" }),
      stock.adjust(variantId, { delta: "4", reason: "received" }),
    ]);
    expect(adjusted.ok).toBe(true);
    const answers = [first, second];
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ ok: false, reason: "conflict", description: expect.stringContaining("Someone else saved this product") });
    const winner = first.ok ? 2300 : 2400;
    const [row] = await shop.db.query<{ price: number; inventory_quantity: number }>("select price, inventory_quantity from variants where id = $1", [variantId]);
    expect(row).toEqual({ price: winner, inventory_quantity: 9 });
    // Made again from the saved copy, a change goes through.
    expect((await catalog.update(id, { ...(await formFor("last-five-cream")), [`variant_${variantId}_price`]: "25.00" })).ok).toBe(true);
    expect((await shop.db.query<{ price: number }>("select price from variants where id = $1", [variantId]))[0]?.price).toBe(2500);
    const audits = await shop.db.query<{ subject: string }>("select subject from audit_log where action = 'product.update' and subject = 'product last-five-cream'");
    expect(audits).toHaveLength(2);
  });
});

describe("the metafields the theme reads", () => {
  type Audit = { staff_id: number; before: Record<string, unknown>; after: Record<string, unknown> };
  const lastAudit = async (handle: string) =>
    (await shop.db.query<Audit>("select staff_id, before, after from audit_log where action = 'product.update' and subject = $1 order by id desc limit 1", [`product ${handle}`]))[0];
  const upsellsWith = async (shopper: Shopper) => ((await json(await shopper.get("/cart.js?view=drawer"))).upsells as { handle: string }[]).map((offer) => offer.handle);

  it("saves the badges, size, 'helps with' points and add-ons; the storefront and the side cart show them at once; audited", async () => {
    const shopper = new Shopper(shop.app);
    expect((await shopper.postJson("/cart/add.js", { id: shop.variant("vitamin-c-serum") })).status).toBe(200);
    expect(await upsellsWith(shopper)).not.toContain("untracked-soap");
    const id = await productIdOf("vitamin-c-serum");
    const answer = await catalog.update(id, {
      ...(await formFor("vitamin-c-serum")),
      cart_badges: " Vegan \r\nBestseller\r\n",
      amount_ml: "30 ml",
      helps_with: "Dullness\n\nUneven tone",
      upsell_items: "https://shop.example/products/untracked-soap\n/products/plain-cleanser",
    });
    expect(answer).toEqual({ ok: true, next: `/products/${id}?saved=1` });

    const view = await json(await shopper.get("/products/vitamin-c-serum?view=json"));
    expect(view.metafields).toMatchObject({
      product_cart_badges: ["Vegan", "Bestseller"],
      price_per_ml: { amount_ml: 30 },
      helps_with: ["Dullness", "Uneven tone"],
      checkout_upsell_items: ["untracked-soap", "plain-cleanser"],
    });
    expect(view.metafields_vitals).toMatchObject({ helps_with_point_0: "Dullness", helps_with_point_1: "Uneven tone" });
    expect(view.metafields_vitals).not.toHaveProperty("helps_with_point_2");
    // The side cart suggests the new add-on while the product is in the cart.
    expect(await upsellsWith(shopper)).toContain("untracked-soap");
    expect((await catalog.product(id))?.themeMetafields).toEqual({ badges: ["Vegan", "Bestseller"], amountMl: 30, helpsWith: ["Dullness", "Uneven tone"], upsellHandles: ["untracked-soap", "plain-cleanser"] });

    const audit = await lastAudit("vitamin-c-serum");
    expect(audit).toMatchObject({
      staff_id: owner.id,
      before: { cartBadges: [], amountMl: null, helpsWith: [], addOns: [] },
      after: { cartBadges: ["Vegan", "Bestseller"], amountMl: 30, helpsWith: ["Dullness", "Uneven tone"], addOns: ["untracked-soap", "plain-cleanser"] },
    });
    expect(audit!.after).not.toHaveProperty("title");
  });

  it("clears a field left empty: the metafield and the builders' points are removed, the others kept", async () => {
    const shopper = new Shopper(shop.app);
    const id = await productIdOf("vitamin-c-serum");
    const answer = await catalog.update(id, { ...(await formFor("vitamin-c-serum")), cart_badges: "", helps_with: "", amount_ml: " " });
    expect(answer.ok).toBe(true);
    const view = await json(await shopper.get("/products/vitamin-c-serum?view=json"));
    expect(view.metafields).not.toHaveProperty("product_cart_badges");
    expect(view.metafields).not.toHaveProperty("helps_with");
    expect(view.metafields).not.toHaveProperty("price_per_ml");
    expect(view.metafields.checkout_upsell_items).toEqual(["untracked-soap", "plain-cleanser"]);
    expect(Object.keys(view.metafields_vitals).filter((key) => key.startsWith("helps_with_point_"))).toEqual([]);
    expect(await lastAudit("vitamin-c-serum")).toMatchObject({
      before: { cartBadges: ["Vegan", "Bestseller"], amountMl: 30, helpsWith: ["Dullness", "Uneven tone"] },
      after: { cartBadges: [], amountMl: null, helpsWith: [] },
    });
    expect((await lastAudit("vitamin-c-serum"))!.after).not.toHaveProperty("addOns");

    expect((await catalog.update(id, { ...(await formFor("vitamin-c-serum")), upsell_items: "" })).ok).toBe(true);
    expect((await json(await shopper.get("/products/vitamin-c-serum?view=json"))).metafields).not.toHaveProperty("checkout_upsell_items");
    expect(await lastAudit("vitamin-c-serum")).toMatchObject({ before: { addOns: ["untracked-soap", "plain-cleanser"] }, after: { addOns: [] } });
  });

  it("refuses an add-on the catalog does not have, too many badges and a bad size, naming the field, and saves nothing", async () => {
    const id = await productIdOf("serum-eclat");
    const form = await formFor("serum-eclat");
    const stored = async () => (await shop.db.query<{ metafields: unknown; title: string }>("select title, metafields from products where id = $1", [id]))[0];
    const was = await stored();
    const audits = async () => (await shop.db.query("select id from audit_log where subject = 'product serum-eclat'")).length;
    const auditCount = await audits();

    const unknown = await catalog.update(id, { ...form, title: "Sérum Éclat Renamed", cart_badges: "New", upsell_items: "plain-cleanser\nno-such-thing" });
    expect(unknown).toEqual({
      ok: false,
      reason: "invalid",
      description: "The product was not saved. Please check the highlighted fields.",
      errors: { upsell_items: "No product has the handle “no-such-thing”: check it on the product's page." },
    });
    // Named with the other fields' errors, all at once.
    expect(await catalog.update(id, { ...form, amount_ml: "abc", upsell_items: "no-such-thing" })).toMatchObject({
      reason: "invalid",
      errors: { amount_ml: expect.any(String), upsell_items: "No product has the handle “no-such-thing”: check it on the product's page." },
    });
    const many = await catalog.update(id, { ...form, cart_badges: "One\nTwo\nThree\nFour\nFive", amount_ml: "abc", upsell_items: "serum-eclat" });
    expect(many).toEqual({
      ok: false,
      reason: "invalid",
      description: "The product was not saved. Please check the highlighted fields.",
      errors: {
        cart_badges: "Use at most 4 badges.",
        amount_ml: "Enter the size in millilitres, such as 50, or leave it empty for products not sold by volume.",
        upsell_items: "A product cannot be its own add-on: remove its handle.",
      },
    });
    expect(await stored()).toEqual(was);
    expect(await audits()).toBe(auditCount);
    expect((await catalog.product(id))?.version).toBe(form.version);
  });

});

/** A row in Shopify's product CSV columns, quoting as Shopify does. */
const csvRow = (values: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>) =>
  PRODUCT_CSV_COLUMNS.map((column) => values[column] ?? "")
    .map((value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value))
    .join(",");

describe("importing a Shopify product CSV", () => {
  it("creates new products and updates those the shop has, by handle, in one go", async () => {
    const shopper = new Shopper(shop.app);
    // Shopify's export: CRLF lines, a description with commas, quotes and a line break, one row per variant and a picture-only row.
    const file = [
      PRODUCT_CSV_COLUMNS.join(","),
      csvRow({
        Handle: "rosehip-night-oil",
        Title: "Rosehip Night Oil",
        "Body (HTML)": '<p>Cold-pressed, "unrefined" rosehip,\r\nfor the night.</p>',
        Vendor: "Lumen & Leaf",
        "Product Category": "Health & Beauty > Personal Care > Cosmetics > Skin Care",
        Type: "Facial Oil",
        Tags: "vegan, skin-type:dry",
        Published: "TRUE",
        "Option1 Name": "Size",
        "Option1 Value": "15 ml",
        "Variant SKU": "RHO-15",
        "Variant Grams": "45",
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Qty": "12",
        "Variant Inventory Policy": "deny",
        "Variant Fulfillment Service": "manual",
        "Variant Price": "19.00",
        "Variant Compare At Price": "",
        "Variant Requires Shipping": "TRUE",
        "Variant Taxable": "TRUE",
        "Image Src": "https://cdn.shopify.com/s/files/1/rosehip.jpg",
        "Image Position": "1",
        "Ingredients (product.metafields.custom.ingredients)": "rosa canina fruit oil ,TOCOPHEROL",
        Status: "active",
      }),
      csvRow({ Handle: "rosehip-night-oil", "Option1 Value": "30 ml", "Variant SKU": "RHO-30", "Variant Grams": "80", "Variant Inventory Tracker": "shopify", "Variant Inventory Qty": "4", "Variant Inventory Policy": "continue", "Variant Price": "32.00", "Variant Compare At Price": "36.00" }),
      csvRow({ Handle: "rosehip-night-oil", "Image Src": "https://cdn.shopify.com/s/files/1/rosehip-2.jpg", "Image Position": "2" }),
      csvRow({ Handle: "preorder-mask", Title: "Preorder Mask", "Body (HTML)": "<p>Back soon.</p>", Vendor: "Test Botanics", Type: "Mask", Tags: "skin-type:dry", Published: "TRUE", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant SKU": "MASK-1", "Variant Grams": "100", "Variant Inventory Tracker": "shopify", "Variant Inventory Policy": "continue", "Variant Price": "21.00", Status: "active" }),
    ].join("\r\n");
    const answer = await catalog.importCsv(file);
    expect(answer).toEqual({ ok: true, next: "/products/import?created=1&updated=1" });

    const rosehip = await json(await shopper.get("/products/rosehip-night-oil.js"));
    expect(rosehip).toMatchObject({ title: "Rosehip Night Oil", vendor: "Lumen & Leaf", type: "Facial Oil", tags: ["vegan", "skin-type:dry"], description: '<p>Cold-pressed, "unrefined" rosehip,\r\nfor the night.</p>' });
    expect(rosehip.options).toEqual([{ name: "Size", position: 1, values: ["15 ml", "30 ml"] }]);
    expect(rosehip.variants.map((v: Record<string, unknown>) => [v.title, v.sku, v.price, v.compare_at_price, v.available])).toEqual([
      ["15 ml", "RHO-15", 1900, null, true],
      ["30 ml", "RHO-30", 3200, 3600, true],
    ]);
    expect((await json(await shopper.get("/products/rosehip-night-oil?view=json"))).metafields.ingredients).toBe("Rosa Canina Fruit Oil, Tocopherol");
    // What the imported list is free from is filterable at once.
    const fragranceFree = await json(await shopper.get("/collections/all/free-from-fragrance+free-from-essential-oils/products.json?limit=250"));
    expect(fragranceFree.products.map((product: { handle: string }) => product.handle)).toContain("rosehip-night-oil");
    // A new product is listed in the catch-all collection, as every product is, and can be bought.
    expect((await shopper.postJson("/cart/add.js", { id: rosehip.variants[0].id, quantity: 2 })).status).toBe(200);

    const mask = await json(await shopper.get("/products/preorder-mask.js"));
    expect(mask).toMatchObject({ type: "Mask", price: 2100, description: "<p>Back soon.</p>" });
    const audits = await shop.db.query<{ subject: string; after: Record<string, unknown> }>("select subject, after from audit_log where action = 'product.import' order by id");
    expect(audits.map((row) => row.subject)).toEqual(["product rosehip-night-oil", "product preorder-mask"]);
  });

  it("refuses a file with any wrong row, naming line and column, and changes nothing", async () => {
    const revision = async () => (await shop.db.query<{ revision: number }>("select revision from catalog_meta"))[0]!.revision;
    const before = await revision();
    const productsBefore = await shop.db.query("select count(*)::int as n from products");
    const file = [
      PRODUCT_CSV_COLUMNS.join(","),
      csvRow({ Handle: "brand-new-toner", Title: "Brand New Toner", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "9.00" }),
      csvRow({ Handle: "low-stock-oil", Title: "Low Stock Oil", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "twelve" }),
      csvRow({ Handle: "sized-serum", Title: "Sized Serum", "Option1 Name": "Colour", "Option1 Value": "Red", "Variant Price": "10.00" }),
      csvRow({ Handle: "no-such-product", "Option1 Value": "Big", "Variant Price": "5.00" }),
    ].join("\n");
    const answer = await catalog.importCsv(file);
    expect(answer).toMatchObject({ ok: false, reason: "invalid", description: "Nothing was imported: one field needs correcting in the file." });
    expect(Object.values((answer as { errors: Record<string, string> }).errors)).toEqual(["Line 3, Variant Price: Enter the price in pounds and pence, such as 12.50."]);

    // Rows that read well but do not fit the shop's products are refused in the same way, and the new product is not kept.
    const misfit = await catalog.importCsv([PRODUCT_CSV_COLUMNS.join(","), file.split("\n")[1], file.split("\n")[3], file.split("\n")[4]].join("\n"));
    expect(misfit).toMatchObject({ ok: false, reason: "invalid", description: "Nothing was imported: 2 fields need correcting in the file." });
    expect(Object.values((misfit as { errors: Record<string, string> }).errors)).toEqual([
      "Line 3, Option1 Name: The shop's sized-serum has the options Size; an import cannot change which options a product has.",
      "Line 4, Title: The shop has no product no-such-product: give its first row a Title to create it.",
    ]);
    expect(await shop.db.query("select count(*)::int as n from products")).toEqual(productsBefore);
    expect(await productIdOf("low-stock-oil")).toBeGreaterThan(0);
    expect(await revision()).toBe(before);
    expect(await shop.db.query("select 1 from products where handle = 'brand-new-toner'")).toEqual([]);

    expect(await catalog.importCsv("")).toMatchObject({ reason: "invalid", errors: { file: "Choose a CSV file of products, as Shopify exports them." } });
    expect(await catalog.importCsv('Handle,Title,Variant Price\n"open,x,1\n')).toMatchObject({ reason: "invalid", errors: { "line-2": "Line 2: A quoted field is never closed: add the closing quote mark." } });
    expect(await catalog.importCsv(`Handle,Title,Variant Price\n${"x".repeat(300 * 1024)}`)).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { file: "Choose a file of at most 256 KB: split the catalog into several files by product and import each." },
    });
    // A file wrong throughout lists its first 100 problems and says how many more there are.
    const wrong = await catalog.importCsv(["Handle,Title,Variant Price", ...Array.from({ length: 120 }, (_, index) => `p-${index},P,free`)].join("\n"));
    expect(wrong).toMatchObject({ reason: "invalid", description: "Nothing was imported: 120 fields need correcting in the file." });
    const listed = Object.values((wrong as { errors: Record<string, string> }).errors);
    expect(listed).toHaveLength(101);
    expect(listed.at(-1)).toBe("And 20 more: correct these first, then import again to see the rest.");
  });
});

describe("the theme's metafields in the product CSV", () => {
  const themed = (values: { handle: string; title?: string; badges?: string; amountMl?: string; helpsWith?: string; addOns?: string; price?: string }) =>
    csvRow({
      Handle: values.handle,
      Title: values.title ?? "",
      "Option1 Name": values.title ? "Title" : "",
      "Option1 Value": "Default Title",
      "Variant Price": values.price ?? "10.00",
      [THEME_METAFIELD_COLUMNS.badges]: values.badges ?? "",
      [THEME_METAFIELD_COLUMNS.amountMl]: values.amountMl ?? "",
      [THEME_METAFIELD_COLUMNS.helpsWith]: values.helpsWith ?? "",
      [THEME_METAFIELD_COLUMNS.upsellHandles]: values.addOns ?? "",
    });

  it("imports badges, size, 'helps with' and add-ons, an add-on may be a product the same file brings, and the storefront shows them", async () => {
    const shopper = new Shopper(shop.app);
    const file = [
      PRODUCT_CSV_COLUMNS.join(","),
      themed({ handle: "night-balm", title: "Night Balm", badges: "Vegan; New", amountMl: '{"amount_ml":50}', helpsWith: "Dry skin; Fine lines", addOns: "night-balm-mini; plain-cleanser" }),
      themed({ handle: "night-balm-mini", title: "Night Balm Mini", amountMl: "15 ml", price: "4.00" }),
      themed({ handle: "untracked-soap", title: "Untracked Soap", badges: "Bestseller", addOns: "https://shop.example/products/night-balm" }),
    ].join("\r\n");
    expect(await catalog.importCsv(file)).toEqual({ ok: true, next: "/products/import?created=2&updated=1" });
    const balm = await json(await shopper.get("/products/night-balm?view=json"));
    expect(balm.metafields).toMatchObject({ product_cart_badges: ["Vegan", "New"], price_per_ml: { amount_ml: 50 }, helps_with: ["Dry skin", "Fine lines"], checkout_upsell_items: ["night-balm-mini", "plain-cleanser"] });
    expect(balm.metafields_vitals).toMatchObject({ helps_with_point_0: "Dry skin", helps_with_point_1: "Fine lines" });
    expect((await json(await shopper.get("/products/night-balm-mini?view=json"))).metafields.price_per_ml).toEqual({ amount_ml: 15 });
    const soap = await json(await shopper.get("/products/untracked-soap?view=json"));
    expect(soap.metafields).toMatchObject({ product_cart_badges: ["Bestseller"], checkout_upsell_items: ["night-balm"] });
    expect(soap.metafields).not.toHaveProperty("helps_with");
    const [audit] = await shop.db.query<{ before: Record<string, any>; after: Record<string, any> }>(
      "select before, after from audit_log where action = 'product.import' and subject = 'product untracked-soap' order by id desc limit 1",
    );
    expect(audit?.before.themeMetafields).toMatchObject({ badges: [], upsellHandles: [] });
    expect(audit?.after.themeMetafields).toMatchObject({ badges: ["Bestseller"], upsellHandles: ["night-balm"] });

    // The export writes them back as it read them.
    const exported = (await catalog.exportCsv())!;
    const [header, ...records] = parseCsv(exported);
    const balmRow = records.find((record) => record.fields[0] === "night-balm")!.fields;
    const cell = (column: string) => balmRow[header!.fields.indexOf(column)];
    expect([cell(THEME_METAFIELD_COLUMNS.badges), cell(THEME_METAFIELD_COLUMNS.amountMl), cell(THEME_METAFIELD_COLUMNS.helpsWith), cell(THEME_METAFIELD_COLUMNS.upsellHandles)]).toEqual([
      "Vegan; New",
      '{"amount_ml":50}',
      "Dry skin; Fine lines",
      "night-balm-mini; plain-cleanser",
    ]);
  });

  it("refuses an add-on neither the shop nor the file has, and wrong metafields, by line and column, importing nothing", async () => {
    const revision = async () => (await shop.db.query<{ revision: number }>("select revision from catalog_meta"))[0]!.revision;
    const before = await revision();
    const listed = (answer: unknown) => Object.values((answer as { errors: Record<string, string> }).errors);
    const wrong = [PRODUCT_CSV_COLUMNS.join(","), themed({ handle: "plain-cleanser", title: "Plain Cleanser", badges: "A; B; C; D; E", amountMl: "a lot" })].join("\n");
    const answer = await catalog.importCsv(wrong);
    expect(answer).toMatchObject({ ok: false, reason: "invalid", description: "Nothing was imported: 2 fields need correcting in the file." });
    expect(listed(answer)).toEqual([
      `Line 2, ${THEME_METAFIELD_COLUMNS.badges}: Use at most 4 badges.`,
      `Line 2, ${THEME_METAFIELD_COLUMNS.amountMl}: Enter the size in millilitres, such as 50, or leave it empty for products not sold by volume.`,
    ]);
    // A file that reads well is then checked against the shop: each add-on is a product the shop has or the file brings.
    const unknown = [
      PRODUCT_CSV_COLUMNS.join(","),
      themed({ handle: "day-balm", title: "Day Balm", addOns: "night-balm; day-balm-mini; no-such-thing" }),
      themed({ handle: "day-balm-mini", title: "Day Balm Mini" }),
    ].join("\n");
    const refused = await catalog.importCsv(unknown);
    expect(refused).toMatchObject({ ok: false, reason: "invalid", description: "Nothing was imported: one field needs correcting in the file." });
    expect(listed(refused)).toEqual([`Line 2, ${THEME_METAFIELD_COLUMNS.upsellHandles}: No product has the handle “no-such-thing”: check it on the product's page.`]);
    expect(await shop.db.query("select 1 from products where handle = 'day-balm'")).toEqual([]);
    expect(await revision()).toBe(before);
  });

  it("leaves the metafields alone when the file has no columns for them, and an empty cell clears one", async () => {
    const shopper = new Shopper(shop.app);
    const noColumns = ["Handle,Title,Option1 Name,Option1 Value,Variant Price", "night-balm,Night Balm,Title,Default Title,10.00"].join("\n");
    expect((await catalog.importCsv(noColumns)).ok).toBe(true);
    expect((await json(await shopper.get("/products/night-balm?view=json"))).metafields).toMatchObject({ product_cart_badges: ["Vegan", "New"], checkout_upsell_items: ["night-balm-mini", "plain-cleanser"] });
    const cleared = [PRODUCT_CSV_COLUMNS.join(","), themed({ handle: "night-balm", title: "Night Balm", badges: "Vegan; New", amountMl: '{"amount_ml":50}', helpsWith: "", addOns: "plain-cleanser" })].join("\n");
    expect(await catalog.importCsv(cleared)).toEqual({ ok: true, next: "/products/import?created=0&updated=1" });
    const view = await json(await shopper.get("/products/night-balm?view=json"));
    expect(view.metafields.checkout_upsell_items).toEqual(["plain-cleanser"]);
    expect(view.metafields).not.toHaveProperty("helps_with");
    expect(Object.keys(view.metafields_vitals).filter((key) => key.startsWith("helps_with_point_"))).toEqual([]);
  });

  it("exports a product's uploaded pictures as absolute addresses on the shop, one row each with its alt text; importing the file back leaves them", async () => {
    const shopper = new Shopper(shop.app);
    const id = await productIdOf("clarifying-gel");
    const png = (background: string) => sharp({ create: { width: 200, height: 200, channels: 3, background } }).png().toBuffer();
    const upload = async (alt: string, background: string) =>
      expect(await catalog.pictures.upload(id, { alt, variant: "", files: [{ name: `${background.slice(1)}.png`, bytes: new Uint8Array(await png(background)) }] })).toMatchObject({ ok: true });
    await upload("Clarifying Gel, front", "#8fb9a8");
    await upload("Clarifying Gel, back", "#fcd0a1");
    const pictures = await catalog.pictures.list(id);
    expect(pictures).toHaveLength(2);

    const exported = (await catalogAdmin(shop.db, async () => owner, "https://shop.example/").exportCsv())!;
    const [header, ...records] = parseCsv(exported);
    const column = (name: string) => header!.fields.indexOf(name);
    const rows = records.filter((record) => record.fields[0] === "clarifying-gel").map((record) => [record.fields[column("Image Src")], record.fields[column("Image Position")], record.fields[column("Image Alt Text")]]);
    expect(rows.filter(([src]) => src !== "")).toEqual([
      [`https://shop.example${pictures[0]!.src}`, "1", "Clarifying Gel, front"],
      [`https://shop.example${pictures[1]!.src}`, "2", "Clarifying Gel, back"],
    ]);
    // The address is the one the shop serves the picture at.
    expect((await shopper.get(pictures[0]!.src)).status).toBe(200);
    // A product without uploads still gives its drawn art, absolute too.
    const soapSrc = records.find((record) => record.fields[0] === "plain-cleanser")!.fields[column("Image Src")];
    expect(soapSrc).toMatch(/^https:\/\/shop\.example\/images\//);

    // Image Src is not imported: the product's rows go back in and its pictures stay as they were.
    const own = writeCsv([header!.fields, ...records.filter((record) => record.fields[0] === "clarifying-gel").map((record) => record.fields)]);
    expect(await catalog.importCsv(own)).toEqual({ ok: true, next: "/products/import?created=0&updated=0" });
    expect(await catalog.pictures.list(id)).toEqual(pictures);
  });
});

describe("exporting the catalog", () => {
  it("writes text a spreadsheet would run as a formula with an apostrophe, and imports it back as the merchant typed it", async () => {
    const typed = { title: '=HYPERLINK("https://evil.example","Formula Toner")', vendor: "@Botanics", type: "-Toner", ingredients: "+Aqua, Glycerin", tags: "=1+1, vegan" };
    const file = [
      PRODUCT_CSV_COLUMNS.join(","),
      csvRow({ Handle: "formula-toner", Title: typed.title, Vendor: typed.vendor, Type: typed.type, Tags: typed.tags, "Ingredients (product.metafields.custom.ingredients)": typed.ingredients, "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "9.00" }),
    ].join("\r\n");
    expect(await catalog.importCsv(file)).toEqual({ ok: true, next: "/products/import?created=1&updated=0" });
    const stored = async () => (await shop.db.query("select title, vendor, product_type, tags, metafields from products where handle = 'formula-toner'"))[0];
    const before = await stored();
    expect(before).toMatchObject({ title: typed.title, vendor: typed.vendor, product_type: typed.type, tags: ["=1+1", "vegan"] });

    const exported = (await catalog.exportCsv())!;
    const [header, ...records] = parseCsv(exported);
    const row = records.find((record) => record.fields[0] === "formula-toner")!.fields;
    const cell = (column: string) => row[header!.fields.indexOf(column)];
    expect([cell("Title"), cell("Vendor"), cell("Type"), cell("Ingredients (product.metafields.custom.ingredients)"), cell("Tags")]).toEqual([`'${typed.title}`, `'${typed.vendor}`, `'${typed.type}`, `'${typed.ingredients}`, `'${typed.tags}`]);
    // No cell of the whole export starts the way a formula does.
    for (const record of records) for (const field of record.fields) expect(field).not.toMatch(/^[=+\-@\t\r]/);

    // The product's rows of the export, imported back as they were written.
    const own = [exported.split("\r\n")[0], ...exported.split("\r\n").filter((line) => line.startsWith("formula-toner,"))].join("\r\n");
    const answer = await catalog.importCsv(own);
    expect(answer).toEqual({ ok: true, next: "/products/import?created=0&updated=0" });
    expect(await stored()).toEqual(before);
    expect(await catalog.exportCsv()).toBe(exported);
  });

  it("exports every product and imports back unchanged, on the demo shop", async () => {
    const demo = await openTestShop({ catalog: demoCatalog });
    try {
      const [row] = await demo.db.query<{ id: number }>(
        "insert into staff (email, name, role, password_hash, password_salt, password_params) values ('o@example.com', 'O', 'owner', 'x', 'x', '{}') returning id",
      );
      const demoOwner: StaffJson = { id: row!.id, email: "o@example.com", name: "O", role: "owner" };
      const demoCatalogAdmin = catalogAdmin(demo.db, async () => demoOwner);
      const snapshot = async () => ({
        products: await demo.db.query("select id, handle, title, body_html, vendor, product_type, tags, options, metafields, published from products order by id"),
        variants: await demo.db.query("select * from variants order by id"),
        memberships: await demo.db.query("select * from collection_products order by collection_id, product_id"),
      });
      const before = await snapshot();
      const exported = (await demoCatalogAdmin.exportCsv())!;
      expect(exported.split("\r\n")[0]).toBe(PRODUCT_CSV_COLUMNS.join(","));
      const handles = new Set(exported.split("\r\n").slice(1).map((line) => line.split(",")[0]).filter(Boolean));
      expect(handles.size).toBe(demoCatalog.products.length);
      // The demo labels travel in the ingredients column and come back unchanged (their key ingredients stay on the product).
      expect(exported).toContain('"Aqua, Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Squalane, Coco-Glucoside,')

      const answer = await demoCatalogAdmin.importCsv(exported);
      expect(answer).toEqual({ ok: true, next: "/products/import?created=0&updated=0" });
      expect(await snapshot()).toEqual(before);
      expect(await demoCatalogAdmin.exportCsv()).toBe(exported);
    } finally {
      await demo.close();
    }
  });
});

describe("editing a collection", () => {
  const collectionForm = async (handle: string): Promise<Record<string, string>> => {
    const collection = (await catalog.collection(await collectionId(handle)))!;
    const form: Record<string, string> = { version: collection.version, title: collection.title, description: collection.bodyHtml };
    for (const id of collection.productIds) form[`product_${id}`] = "1";
    return form;
  };
  const handlesIn = async (shopper: Shopper, handle: string) =>
    (await json(await shopper.get(`/collections/${handle}/products.json`))).products.map((p: { handle: string }) => p.handle) as string[];

  it("lists collections with their product counts", async () => {
    const collections = await catalog.collections();
    expect(collections.find((c) => c.handle === "cleansers")).toMatchObject({ title: "Cleansers", hidden: false });
    expect(collections.find((c) => c.handle === "gifts")).toMatchObject({ hidden: true, productCount: 3 });
  });

  it("saves the title, description and products; products staying keep their places, new ones join at the end; audited; the shop shows it at once", async () => {
    const shopper = new Shopper(shop.app);
    const id = await collectionId("cleansers");
    const before = await handlesIn(shopper, "cleansers");
    expect(before).toContain("plain-cleanser");
    const form = await collectionForm("cleansers");
    const answer = await catalog.updateCollection(id, {
      ...form,
      title: "Cleansers & Balms",
      description: "<p>Gentle <em>every</em> day.</p><img src=x onerror=alert(1)>",
      [`product_${await productIdOf("clarifying-gel")}`]: "1",
      [`product_${await productIdOf("sold-out-balm")}`]: "1",
    });
    expect(answer).toEqual({ ok: true, next: `/collections/${id}?saved=1` });
    const listed = (await json(await shopper.get("/collections.json"))).collections.find((c: { handle: string }) => c.handle === "cleansers");
    expect(listed).toMatchObject({ title: "Cleansers & Balms", description: "<p>Gentle <em>every</em> day.</p>" });
    expect(await handlesIn(shopper, "cleansers")).toEqual([...before, "clarifying-gel", "sold-out-balm"]);

    // Unticking takes a product out and leaves the others in order.
    const next = await collectionForm("cleansers");
    delete next[`product_${await productIdOf("clarifying-gel")}`];
    expect((await catalog.updateCollection(id, next)).ok).toBe(true);
    expect(await handlesIn(shopper, "cleansers")).toEqual([...before, "sold-out-balm"]);

    const audits = await shop.db.query<{ subject: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      "select subject, before, after from audit_log where action = 'collection.update' order by id",
    );
    expect(audits.map((row) => row.subject)).toEqual(["collection cleansers", "collection cleansers"]);
    expect(audits[0]).toMatchObject({ before: { title: "Cleansers" }, after: { title: "Cleansers & Balms", products: [await productIdOf("clarifying-gel"), await productIdOf("sold-out-balm")] } });
    expect(audits[1]).toMatchObject({ before: { products: [await productIdOf("clarifying-gel")] }, after: {} });
  });

  it("refuses a missing title, an unknown product, a stale copy, staff and anyone signed out", async () => {
    const id = await collectionId("body");
    const form = await collectionForm("body");
    expect(await catalog.updateCollection(id, { ...form, title: "" })).toEqual({
      ok: false,
      reason: "invalid",
      description: "The collection was not saved. Please check the highlighted fields.",
      errors: { title: "Enter the title." },
    });
    expect(await catalog.updateCollection(id, { ...form, product_99999999: "1" })).toMatchObject({ reason: "invalid", errors: { products: "Choose products from the list." } });
    expect(await catalogAdmin(shop.db, async () => staffMember).updateCollection(id, { ...form, title: "Staff" })).toMatchObject({ reason: "forbidden" });
    expect(await catalogAdmin(shop.db, async () => staffMember).collections()).toEqual([]);
    expect(await catalogAdmin(shop.db, async () => null).updateCollection(id, form)).toMatchObject({ reason: "signed_out" });
    const [first, second] = await Promise.all([catalog.updateCollection(id, { ...form, title: "Body One" }), catalog.updateCollection(id, { ...form, title: "Body Two" })]);
    expect([first, second].filter((answer) => answer.ok)).toHaveLength(1);
    expect([first, second].find((answer) => !answer.ok)).toMatchObject({ reason: "conflict" });
    expect((await catalog.collection(id))?.title).toBe(first.ok ? "Body One" : "Body Two");
  });
});
