/**
 * The merchant's settings texts in the French site's words: popups, the
 * announcement bar, the side cart's bars, badges and upsell title, and the
 * filter groups' names take their French translation on /fr-fr (in the shop
 * every page is drawn with and in the cart's own answers), the English
 * original where there is none, and the back office's translations page
 * lists, counts and saves them. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminTranslationsClient } from "../../src/core/admin/admin-translations.ts";
import type { CartViewJson } from "../../src/core/cart/cart-view-json.ts";
import { settingTexts } from "../../src/core/settings/settings-texts.ts";
import { bumpCatalogRevision } from "../../src/platform/catalog/catalog.ts";
import { settingTextFields, translationsAdmin } from "../../src/platform/admin/translations-admin.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { frenchSettings } from "../../src/platform/seed/fr-FR/settings.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { Shopper, type TestShop, addStaff, openTestShop } from "./harness.ts";

let shop: TestShop;
let admin: AdminTranslationsClient;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
  await seedContent(shop.db, demoContent);
  const owner = await addStaff(shop.db, "owner@settings-texts.test", "Owner", "owner");
  admin = translationsAdmin(shop.db, shop.platform.catalog, () => ["fr-FR"], async () => owner, (locale) => settingTextFields(shop.platform, locale));
});
afterAll(async () => {
  await shop?.close();
});

const shopOf = (code: string) => inProcessStorefront(shop.platform.forSite(code), "settings-texts").shop();

/** Removes one stored translation of a settings text, as a merchant emptying it would, and tells the servers. */
async function forget(place: string, original: string) {
  await shop.db.transaction(async (tx) => {
    await tx.query("delete from translations where locale = 'fr-FR' and resource_type = 'setting' and resource_key = $1 and field = $2", [place, original]);
    await bumpCatalogRevision(tx);
  });
}

describe("the French site's settings texts", () => {
  it("draws popups, the announcement bar, the side cart's sentences and the filter names in French, and the UK site's in English", async () => {
    const fr = await shopOf("FR");
    expect(fr.announcementBar!.messages.map((message) => message.text)).toContain("Livraison offerte en France et en Irlande dès 94\u00a0€ d’achat");
    expect(fr.popups!.newsletter.title).toBe("-10\u00a0% sur votre première commande");
    expect(fr.popups!.abandonment.title).toBe("Vous hésitez encore\u00a0?");
    expect(fr.popups!.geo.goText).toBe("Aller sur le site {target}");
    expect(fr.sideCart?.shippingThresholdUnder).toBe("Plus que [x] pour profiter de la livraison offerte");
    expect(fr.sideCart?.freeGiftsData[2]?.choice_thresholds.map((band) => band.title)).toEqual(["Choisissez 1 cadeau", "Choisissez 2 cadeaux"]);
    expect(fr.upsell!.title).toBe("Complétez votre routine");
    const uk = await shopOf("UK");
    expect(uk.announcementBar!.messages.map((message) => message.text)).toContain("Free UK shipping on orders over £40");
    expect(uk.popups!.newsletter.title).toBe("Get 10% off your first order");
    expect(uk.upsell!.title).toBe("Complete your routine");
  });

  it("has a French text for every settings text the French site shows", async () => {
    const english = new Set(settingTexts(shop.platform.shopSettings).map((text) => text.original));
    const shown = settingTexts(shop.platform.forSite("FR").settings).map((text) => text.original);
    // A few words are the same in French ("SPF 50", "BHA", a hashtag): their translation is the original.
    const sameInFrench = new Set(Object.values(frenchSettings).flatMap((texts) => Object.entries(texts).filter(([original, french]) => original === french).map(([original]) => original)));
    expect(shown.length).toBeGreaterThan(40);
    expect(shown.filter((text) => english.has(text) && !sameInFrench.has(text))).toEqual([]);
  });

  it("names the filter groups in French on a French collection", async () => {
    const page = await inProcessStorefront(shop.platform.forSite("FR"), "settings-texts").collection("face", { page: 1 });
    expect(page?.filters.map((group) => group.label)).toEqual(expect.arrayContaining(["Type de peau", "Préoccupation"]));
    const uk = await inProcessStorefront(shop.platform, "settings-texts").collection("face", { page: 1 });
    expect(uk?.filters.map((group) => group.label)).toEqual(expect.arrayContaining(["Skin type", "Concern"]));
  });

  it("writes the cart's threshold sentences in French in the cart's own answer", async () => {
    const shopper = new Shopper(shop.app);
    const empty = (await (await shopper.get("/fr-fr/cart.js?view=drawer")).json()) as CartViewJson;
    expect(empty.shipping.shippingNotice).toMatch(/^Plus que 47,00\s€ pour profiter de la livraison offerte$/);
    const british = (await (await new Shopper(shop.app).get("/cart.js?view=drawer")).json()) as CartViewJson;
    expect(british.shipping.shippingNotice).toBe("You're £40.00 away from free shipping");
  });

  it("draws the gift bars in French in the answer to a change, as in a read of the cart", async () => {
    const serum = (await (await new Shopper(shop.app).get("/fr-fr/products/vitamin-c-brightening-serum.js")).json()) as { variants: { id: number }[] };
    const shopper = new Shopper(shop.app);
    const added = (await (await shopper.postJson("/fr-fr/cart/add.js?view=drawer", { id: serum.variants[0]!.id, quantity: 1 })).json()) as CartViewJson;
    const titles = (view: CartViewJson) => view.gifts.map((group) => group.settings.icon_title);
    expect(titles(added)).toContain("Mini SPF");
    expect(titles(added)).not.toContain("SPF mini");
    const read = (await (await shopper.get("/fr-fr/cart.js?view=drawer")).json()) as CartViewJson;
    expect(titles(added)).toEqual(titles(read));
  });

  it("shows the English original where a text has no French", async () => {
    await forget("popups.trafficShaping.title", "New here?");
    const fr = await shopOf("FR");
    expect(fr.popups!.trafficShaping.title).toBe("New here?");
    expect(fr.popups!.trafficShaping.text).toBe("Répondez à notre diagnostic de peau en deux minutes et recevez une routine faite pour vous.");
  });
});

describe("the translations page's settings texts", () => {
  it("lists the texts the French site shows, counts the missing one, and leaves out a UK-only message", async () => {
    const first = await admin.list({ locale: "fr-FR", type: "setting", missingOnly: false, page: 1 });
    expect(first!.pageCount).toBeGreaterThan(1);
    const rest = await Promise.all(Array.from({ length: first!.pageCount - 1 }, (_, index) => admin.list({ locale: "fr-FR", type: "setting", missingOnly: false, page: index + 2 })));
    const originals = [first!, ...rest.map((page) => page!)].flatMap((page) => page.fields).map((field) => field.original);
    expect(originals).toContain("Skin that feels like yours, only calmer.");
    expect(originals).toContain("How does your skin feel by midday?");
    expect(originals).toContain("Free delivery to Ireland and France on orders over €94");
    expect(originals).toContain("Complete your routine");
    expect(originals).not.toContain("Free UK shipping on orders over £40");
    const missing = await admin.list({ locale: "fr-FR", type: "setting", missingOnly: true, page: 1 });
    expect(missing!.fields.map((field) => [field.resourceKey, field.original])).toEqual([["popups.trafficShaping.title", "New here?"]]);
  });

  it("saves a settings text's French, and the French site shows it", async () => {
    const answer = await admin.save("fr-FR", {
      resourceType: ["setting"],
      resourceKey: ["popups.trafficShaping.title"],
      field: ["New here?"],
      was: [""],
      value: ["Nouvelle venue ?"],
    });
    expect(answer).toMatchObject({ ok: true });
    expect((await shopOf("FR")).popups!.trafficShaping.title).toBe("Nouvelle venue ?");
    expect((await shopOf("UK")).popups!.trafficShaping.title).toBe("New here?");
  });

  it("refuses a settings text the settings do not hold", async () => {
    const answer = await admin.save("fr-FR", { resourceType: ["setting"], resourceKey: ["upsell.title"], field: ["Not in the settings"], was: [""], value: ["Rien"] });
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
  });
});
