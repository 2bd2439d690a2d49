/**
 * A shop seeded before the demo's French gets it with `npm run seed --
 * --translations`: every field with no French takes the demo's, a field the
 * merchant translated keeps the merchant's words, what the shop deleted gets
 * nothing, and a second run adds nothing. Runs on PGlite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { addDemoTranslations } from "../../src/platform/seed/seed-translations.ts";
import { bumpCatalogRevision } from "../../src/platform/catalog/catalog.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  // The shop as it was seeded before the demo spoke French.
  shop = await openTestShop({ catalog: { ...demoCatalog, translations: {} } });
  await seedContent(shop.db, { ...demoContent, translations: {} });
  await shop.db.transaction(async (tx) => {
    // The merchant's own French for one product, and a page the merchant deleted.
    await tx.query("insert into translations (locale, resource_type, resource_key, field, value) values ('fr-FR', 'product', 'damask-rose-mist', 'title', 'Brume à la rose')");
    await tx.query("delete from pages where handle = 'about'");
    await bumpCatalogRevision(tx);
  });
});
afterAll(async () => {
  await shop?.close();
});

const french = () => shop.platform.forSite("FR");
const count = async (sql: string) => Number((await shop.db.query<{ count: number }>(sql))[0]?.count ?? 0);

describe("the demo's translations added to a shop seeded before them", () => {
  it("starts English on the French site", async () => {
    expect((await french().catalog.get()).productsByHandle.get("gentle-cream-cleanser")?.title).toBe("Gentle Cream Cleanser");
    expect(french().settings.embeds?.liveShopping.heading).toBe("Live from the studio");
  });

  it("adds the French the shop lacks, keeps the merchant's, skips what the shop deleted, and adds nothing the second time", async () => {
    const added = await addDemoTranslations(shop.db, demoCatalog, demoContent);
    expect(added).toBeGreaterThan(500);
    const catalog = await french().catalog.get();
    expect(catalog.productsByHandle.get("gentle-cream-cleanser")?.title).toBe("Crème Nettoyante Douceur");
    expect(catalog.productsByHandle.get("damask-rose-mist")?.title).toBe("Brume à la rose");
    expect(catalog.collections.get("oils")?.title).toBe("Huiles Visage");
    // Settings texts, content and the subscription offer's name too.
    expect(french().settings.embeds?.liveShopping.heading).toBe("En direct de l’atelier");
    expect(await count("select count(*) as count from translations where resource_type = 'page' and resource_key = 'faqs'")).toBeGreaterThan(0);
    expect(await count("select count(*) as count from translations where resource_type = 'page' and resource_key = 'about'")).toBe(0);
    expect(await count("select count(*) as count from translations where resource_type = 'product' and field like 'selling_plan_group.%'")).toBeGreaterThan(0);
    expect(await addDemoTranslations(shop.db, demoCatalog, demoContent)).toBe(0);
  });
});
