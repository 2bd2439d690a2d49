/**
 * The loaded catalogue holds each repeated value once (issue 43): products
 * with equal tags, options, metafields or collections share one object, and
 * what each product shows is still its own row's. An edit to one product's
 * tags reaches it alone on the next load. The French site's variants read
 * their stock from the base catalogue. Runs on PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpCatalogRevision, bumpInventoryRevision, CatalogStore, loadCatalog } from "../../src/platform/catalog/catalog.ts";
import { deriveSiteCatalog } from "../../src/platform/catalog/site-catalog.ts";
import type { Database } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { generateLargeCatalog } from "../../src/platform/seed/large-catalog.ts";
import { seedCatalog } from "../../src/platform/seed/seed.ts";
import { openTestDatabase } from "./harness.ts";

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
  await seedCatalog(db, generateLargeCatalog(400));
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe("the catalogue's shared values", () => {
  it("holds equal tags, options, metafields and collections once, and each product's are its own row's", async () => {
    const catalog = await loadCatalog(db);
    const rows = await db.query<{ id: number | string; tags: string[]; options: unknown; metafields: { custom?: Record<string, unknown> } }>("select id, tags, options, metafields from products");
    expect(rows.length).toBe(400);
    for (const row of rows) {
      const product = catalog.products.get(Number(row.id))!;
      expect(product.tags).toEqual(row.tags);
      expect(product.options).toEqual(row.options);
      const { reviews: _summary, ...custom } = product.metafields.custom as Record<string, unknown>;
      const { reviews: _stored, ...storedCustom } = row.metafields.custom ?? {};
      expect(custom).toEqual(storedCustom);
    }
    const products = [...catalog.products.values()];
    const distinct = (values: unknown[]) => new Set(values).size;
    const distinctJson = (values: unknown[]) => new Set(values.map((value) => JSON.stringify(value))).size;
    for (const values of [products.map((p) => p.tags), products.map((p) => p.options), products.map((p) => p.collectionIds), products.map((p) => p.metafields.custom.helps_with), products.map((p) => p.metafields.vitals)]) {
      expect(distinct(values)).toBe(distinctJson(values));
    }
    expect(distinct(products.map((p) => p.collectionIds))).toBeLessThan(50);
  });

  it("shows an edit of one product's tags on that product alone after the next load", async () => {
    const store = new CatalogStore(db, 0);
    const before = await store.get();
    const [first, twin] = [...before.products.values()].filter((product, _, all) => all.some((other) => other !== product && other.tags === product.tags));
    expect(twin?.tags).toBe(first?.tags);
    const twinTags = [...twin!.tags];
    await db.transaction(async (tx) => {
      await tx.query("update products set tags = $2 where id = $1", [first!.id, [...first!.tags, "edited-in-back-office"]]);
      await bumpCatalogRevision(tx);
    });
    const after = await store.get();
    expect(after.products.get(first!.id)!.tags).toContain("edited-in-back-office");
    expect(after.products.get(twin!.id)!.tags).toEqual(twinTags);
  });

  it("gives the French site's variants the base catalogue's stock after a stock change", async () => {
    const store = new CatalogStore(db, 0);
    const base = await store.get();
    const french = deriveSiteCatalog(base, { rate: 1.17, rounding: "none", language: "fr-FR" }, new Map());
    const variant = [...base.variants.values()].find((candidate) => candidate.inventoryManagement === "shopify")!;
    await db.transaction(async (tx) => {
      await tx.query("update variants set inventory_quantity = 7 where id = $1", [variant.id]);
      await bumpInventoryRevision(tx);
    });
    expect(await store.get()).toBe(base);
    expect(french.variants.get(variant.id)!.inventoryQuantity).toBe(7);
    expect(Object.keys(french.variants.get(variant.id)!)).toEqual(Object.keys(variant));
  });
});
