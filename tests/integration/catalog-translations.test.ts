/**
 * The catalogue's own words on the French site, over HTTP on the demo
 * catalogue: product .js, collection products.json and search suggestions
 * answer in French on /fr-fr and in English on the UK site; an untranslated
 * field falls back to the original; French words are found without their
 * accents; a translator's CSV goes out and comes back unchanged; a
 * translation saved through one server shows on another server within its
 * catalogue check. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../src/core/catalog/csv.ts";
import { exportTranslationsCsv, importTranslationsCsv, saveTranslations, translationStatus } from "../../src/platform/catalog/translation-service.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { type TestShop, openTestShop } from "./harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
});
afterAll(async () => {
  await shop?.close();
});

type Json = Record<string, any>;
const json = async (address: string) => {
  const response = await shop.app.request(address);
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
};
const suggestedTitles = async (prefix: string, query: string) =>
  ((await json(`${prefix}/search/suggest.json?q=${encodeURIComponent(query)}&resources[type]=product`)).resources.results.products as Json[]).map((product) => product.title as string);

describe("the French site's catalogue", () => {
  it("answers a product's .js in French on /fr-fr and in English on the UK site, options and variants alike", async () => {
    const uk = await json("/products/skin-tint-spf30.js");
    const fr = await json("/fr-fr/products/skin-tint-spf30.js");
    expect(uk.title).toBe("Teint Perfecteur Skin Tint SPF 30");
    expect(uk.description).toContain("Sheer, dewy coverage");
    expect(fr.description).toContain("Une couvrance légère et lumineuse");
    expect(uk.options.map((option: Json) => option.name)).toEqual(["Shade"]);
    expect(fr.options.map((option: Json) => option.name)).toEqual(["Teinte"]);
    expect(fr.options[0].values).toEqual(["Clair", "Moyen", "Hâlé", "Foncé"]);
    expect(fr.variants.map((variant: Json) => variant.option1)).toEqual(["Clair", "Moyen", "Hâlé", "Foncé"]);
    expect(fr.variants.map((variant: Json) => variant.title)).toEqual(["Clair", "Moyen", "Hâlé", "Foncé"]);
    // The same variants, at the French site's prices, still sold out where they are.
    expect(fr.variants.map((variant: Json) => [variant.id, variant.available])).toEqual(uk.variants.map((variant: Json) => [variant.id, variant.available]));
    expect(fr.handle).toBe("skin-tint-spf30");
  });

  it("falls back to the original for a field without a translation", async () => {
    // Sizes are not translated: "30 ml" reads the same in French.
    const fr = await json("/fr-fr/products/vitamin-c-brightening-serum.js");
    expect(fr.title).toBe("Sérum Éclat Vitamine C 15 %");
    expect(fr.options[0].name).toBe("Size");
    expect(fr.variants[0].option1).toBe("15 ml");
    // The gift card's amounts keep their English values under a French option name.
    const card = await json("/fr-fr/products/gift-card.js");
    expect(card.options[0]).toEqual(expect.objectContaining({ name: "Montant", values: ["£10", "£25", "£50", "£100"] }));
  });

  it("answers a collection's products.json in French, and keeps the English site English", async () => {
    const fr = await json("/fr-fr/collections/cleansers/products.json");
    const uk = await json("/collections/cleansers/products.json");
    const frTitles = (fr.products as Json[]).map((product) => product.title);
    expect(frTitles).toContain("Crème Nettoyante Douceur");
    expect(frTitles).toContain("Baume Démaquillant à l'Argousier");
    expect((uk.products as Json[]).map((product) => product.title)).toContain("Gentle Cream Cleanser");
    expect((fr.products as Json[]).map((product) => product.id)).toEqual((uk.products as Json[]).map((product) => product.id));
  });

  it("finds French words on the French site whatever their accents, and not on the English one", async () => {
    expect(await suggestedTitles("/fr-fr", "nettoyant")).toEqual(expect.arrayContaining(["Crème Nettoyante Douceur", "Gel Nettoyant Purifiant 2 % BHA"]));
    const withAccent = await suggestedTitles("/fr-fr", "sérum");
    expect(withAccent).toContain("Sérum Éclat Vitamine C 15 %");
    expect(await suggestedTitles("/fr-fr", "serum")).toEqual(withAccent);
    expect(await suggestedTitles("", "nettoyant")).toEqual([]);
    expect(await suggestedTitles("", "serum")).toContain("Vitamin C 15% Brightening Serum");
  });

  it("names collections and menus in French on the French site", async () => {
    const catalog = await shop.platform.forSite("FR").catalog.get();
    expect(catalog.collections.get("cleansers")?.title).toBe("Nettoyants");
    const footer = catalog.menus.get("footer") ?? [];
    expect(footer.map((item) => item.title)).toEqual(["Boutique", "Aide", "À propos"]);
    expect(footer[0]?.items.map((item) => item.url)).toContain("/collections/all");
  });

  it("shows a product's badges and 'helps with' points in French on /fr-fr, and in the builders' copies", async () => {
    const french = (await shop.platform.forSite("FR").catalog.get()).productsByHandle.get("vitamin-c-brightening-serum");
    expect(french?.metafields.custom.product_cart_badges).toEqual(["Vegan", "Best-seller"]);
    expect(french?.metafields.custom.helps_with?.slice(0, 2)).toEqual(["Ravive les teints ternes", "Estompe les taches pigmentaires"]);
    expect(french?.metafields.vitals.helps_with_point_0).toBe("Ravive les teints ternes");
    const english = (await shop.platform.catalog.get()).productsByHandle.get("vitamin-c-brightening-serum");
    expect(english?.metafields.custom.product_cart_badges).toEqual(["Vegan", "Bestseller"]);
    expect(english?.metafields.vitals.helps_with_point_0).toBe("Brightens dull skin");
  });
});

describe("the merchant's translations", () => {
  it("lists what is translated and missing per locale", async () => {
    const catalog = await shop.platform.catalog.get();
    const french = translationStatus(catalog, "fr-FR");
    const german = translationStatus(catalog, "de-DE");
    expect(german.translated).toBe(0);
    expect(german.missing).toBe(french.fields.length);
    expect(french.translated).toBeGreaterThan(0);
    // Sizes are left untranslated on purpose, so some fields are missing.
    expect(french.fields.find((field) => field.resourceKey === "vitamin-c-brightening-serum" && field.field === "option.Size.30 ml")).toEqual(
      expect.objectContaining({ original: "30 ml", translation: null }),
    );
    expect(french.fields.find((field) => field.resourceKey === "vitamin-c-brightening-serum" && field.field === "badge.Bestseller")).toEqual(
      expect.objectContaining({ original: "Bestseller", translation: "Best-seller" }),
    );
  });

  it("exports a translator's CSV and imports it back unchanged, and an edited row reaches the French site", async () => {
    const catalog = await shop.platform.catalog.get();
    const exported = exportTranslationsCsv(catalog, "fr-FR");
    const [header, ...rows] = parseCsv(exported);
    expect(header?.fields).toEqual(["Type", "Handle", "Field", "Locale", "Original", "Translation"]);
    expect(rows.find((row) => row.fields[1] === "gentle-cream-cleanser" && row.fields[2] === "title")?.fields).toEqual([
      "product",
      "gentle-cream-cleanser",
      "title",
      "fr-FR",
      "Gentle Cream Cleanser",
      "Crème Nettoyante Douceur",
    ]);
    expect(await importTranslationsCsv(shop.db, catalog, exported)).toEqual({ ok: true, saved: rows.length });
    expect(exportTranslationsCsv(await shop.platform.catalog.get(), "fr-FR")).toBe(exported);

    // A translator's formula-looking text is kept as text, and a new translation shows on the site.
    const edited = exported.replace("Sea Buckthorn Cleansing Balm,Baume Démaquillant à l'Argousier", "Sea Buckthorn Cleansing Balm,'=Baume à l'Argousier");
    expect(edited).not.toBe(exported);
    expect(await importTranslationsCsv(shop.db, catalog, edited)).toEqual({ ok: true, saved: rows.length });
    expect((await json("/fr-fr/products/sea-buckthorn-cleansing-balm.js")).title).toBe("=Baume à l'Argousier");
    await saveTranslations(shop.db, catalog, "fr-FR", [{ resourceType: "product", resourceKey: "sea-buckthorn-cleansing-balm", field: "title", value: "Baume Démaquillant à l'Argousier" }]);
  });

  it("refuses a file naming fields the catalogue does not have, saving nothing", async () => {
    const catalog = await shop.platform.catalog.get();
    const file = "Type,Handle,Field,Locale,Original,Translation\r\nproduct,gentle-cream-cleanser,title,fr-FR,,Nouveau titre\r\nproduct,no-such-product,title,fr-FR,,Rien\r\n";
    expect(await importTranslationsCsv(shop.db, catalog, file)).toEqual({ ok: false, problems: [{ line: 3, message: "product no-such-product has no field title" }] });
    expect((await json("/fr-fr/products/gentle-cream-cleanser.js")).title).toBe("Crème Nettoyante Douceur");
  });

  it("takes the last of a field given twice in one file", async () => {
    const catalog = await shop.platform.catalog.get();
    const file = "Type,Handle,Field,Locale,Translation\r\ncollection,oils,title,fr-FR,Huiles\r\ncollection,oils,title,fr-FR,Huiles pour le visage\r\n";
    expect(await importTranslationsCsv(shop.db, catalog, file)).toEqual({ ok: true, saved: 2 });
    expect((await shop.platform.forSite("FR").catalog.get()).collections.get("oils")?.title).toBe("Huiles pour le visage");
  });

  it("shows a translation saved through one server on another server sharing the database", async () => {
    const other = createPlatform(shop.db, loadSettings(path.join(ROOT, "config/settings.json")), { catalogCheckMs: 0 });
    const seenByOther = async () => (await other.forSite("FR").catalog.get()).productsByHandle.get("lip-repair-balm")?.title;
    expect(await seenByOther()).toBe("Baume Réparateur Lèvres");
    const saved = await saveTranslations(shop.db, await shop.platform.catalog.get(), "fr-FR", [
      { resourceType: "product", resourceKey: "lip-repair-balm", field: "title", value: "Baume Lèvres Réparateur" },
    ]);
    expect(saved).toEqual({ ok: true });
    expect(await seenByOther()).toBe("Baume Lèvres Réparateur");
    // An empty translation removes it: the original shows again.
    await saveTranslations(shop.db, await shop.platform.catalog.get(), "fr-FR", [{ resourceType: "product", resourceKey: "lip-repair-balm", field: "title", value: "" }]);
    expect(await seenByOther()).toBe("Lip Repair Balm");
    await other.afterAnswer.settled();
  });
});
