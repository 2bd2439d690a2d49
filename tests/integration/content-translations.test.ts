/**
 * The content a French shopper reads, in French: pages, policies, the
 * journal and a selling plan group's name take the French site's
 * translations field by field and fall back to the original; the back
 * office's translations page lists, filters and saves them; the
 * translator's CSV carries them out and back; a translation saved through
 * one server shows on another sharing the database. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminTranslationsClient } from "../../src/core/admin/admin-translations.ts";
import { parseCsv } from "../../src/core/catalog/csv.ts";
import { faqAnswerField, faqQuestionField, glossaryField } from "../../src/core/content/page-entries.ts";
import { settingTextFields, translationsAdmin } from "../../src/platform/admin/translations-admin.ts";
import { contentClient } from "../../src/platform/content/content-client.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import type { Platform } from "../../src/platform/services.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { type TestShop, addStaff, openTestShop } from "./harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
let shop: TestShop;
let admin: AdminTranslationsClient;
let staffOnly: AdminTranslationsClient;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
  await seedContent(shop.db, demoContent);
  const owner = await addStaff(shop.db, "owner@translations.test", "Owner", "owner");
  const staff = await addStaff(shop.db, "staff@translations.test", "Staff", "staff");
  admin = translationsAdmin(shop.db, shop.platform.catalog, () => ["fr-FR"], async () => owner);
  staffOnly = translationsAdmin(shop.db, shop.platform.catalog, () => ["fr-FR"], async () => staff);
});
afterAll(async () => {
  await shop?.close();
});

const contentOf = (platform: Platform) => contentClient(platform, async () => ({ ip: "203.0.113.90", customerId: null, shopUrl: "http://shop.test" }));
const french = () => contentOf(shop.platform.forSite("FR"));
const british = () => contentOf(shop.platform);

/** The translations table as it stands, in one order. */
const storedRows = () => shop.db.query("select locale, resource_type, resource_key, field, value from translations order by locale, resource_type, resource_key, field");

describe("the French site's content", () => {
  it("shows a page's title, body and head in French, and the English site's in English", async () => {
    const fr = await french().page("about");
    expect(fr?.page.title).toBe("Notre histoire");
    expect(fr?.page.bodyHtml).toContain("Lumen &amp; Leaf est né en 2019 sur une table de cuisine à Falmouth");
    expect(fr?.page.seoTitle).toBe("Notre histoire – des soins en petites séries, faits à Falmouth");
    const uk = await british().page("about");
    expect(uk?.page.title).toBe("Our story");
    expect(uk?.page.bodyHtml).toContain("began in 2019 at a kitchen table in Falmouth");
    expect(uk?.page.seoTitle).toBe("Our story – small-batch skincare from Falmouth");
  });

  it("falls back to the original for a field without a translation", async () => {
    // The merchant empties the FAQ's French introduction and one answer (a field the form showed filled): the English shows in their place.
    const answer = faqAnswerField("How do I stop your emails?");
    const emptied = await admin.save("fr-FR", { resourceType: ["page", "page"], resourceKey: ["faqs", "faqs"], field: ["body_html", answer], was: ["<p>…</p>", "<p>…</p>"], value: ["", ""] });
    expect(emptied.ok).toBe(true);
    const faqs = await french().page("faqs");
    const original = await british().page("faqs");
    expect(faqs?.page.title).toBe("Questions fréquentes");
    expect(faqs?.page.bodyHtml).toBe(original?.page.bodyHtml);
    const item = faqs?.page.data.faq?.flatMap((group) => group.items).find((entry) => entry.question === "Comment ne plus recevoir vos e-mails ?");
    expect(item?.answerHtml).toContain("Every email we send has an unsubscribe link");
    const policy = await french().policy("refund-policy");
    expect(policy?.title).toBe("Politique de remboursement");
    // The policies read in French throughout.
    expect(policy?.bodyHtml).toContain("<h2>Votre droit de rétractation (14 jours)</h2>");
  });

  it("shows the journal, its articles' titles and excerpts, and a translated article's body in French", async () => {
    const journal = await french().blog("journal", 1);
    expect(journal?.blog.title).toBe("Le Journal");
    expect(journal?.articles.map((article) => article.title)).toContain("Le SPF, l'étape à ne jamais sauter");
    const article = await french().article("journal", "a-beginners-guide-to-vitamin-c");
    expect(article?.article.title).toBe("La vitamine C : le guide pour bien débuter");
    expect(article?.article.bodyHtml).toContain("La vitamine C est un antioxydant.");
    expect(article?.blogTitle).toBe("Le Journal");
    // Every demo article reads in French under its French title, none in English.
    for (const [handle, title, opening] of [
      ["a-routine-for-sensitive-skin", "Composer une routine pour peau sensible", "Si votre peau picote rien qu'à la vue d'un nouveau produit"],
      ["why-spf-is-the-step-you-should-never-skip", "Le SPF, l'étape à ne jamais sauter", "S'il ne fallait retenir qu'une chose de ce journal"],
      ["winter-skin-keeping-your-barrier-happy", "Peau d'hiver : prendre soin de sa barrière cutanée", "Chaque année en novembre"],
    ]) {
      const read = await french().article("journal", handle!);
      expect(read?.article.title).toBe(title);
      expect(read?.article.bodyHtml).toContain(opening);
      expect(read?.article.bodyHtml).not.toBe((await british().article("journal", handle!))?.article.bodyHtml);
    }
  });

  it("names a selling plan group in French on the French site only", async () => {
    const fr = (await shop.platform.forSite("FR").catalog.get()).productsByHandle.get("gentle-cream-cleanser");
    const uk = (await shop.platform.catalog.get()).productsByHandle.get("gentle-cream-cleanser");
    expect(fr?.sellingPlanGroups.map((group) => group.name)).toEqual(["Abonnez-vous et économisez"]);
    expect(uk?.sellingPlanGroups.map((group) => group.name)).toEqual(["Subscribe and save"]);
  });
});

describe("the back office's translations", () => {
  it("counts what is translated and missing, and filters by kind and missing only", async () => {
    const all = await admin.list({ locale: "fr-FR" });
    expect(all?.query).toEqual({ locale: "fr-FR", type: null, missingOnly: false, page: 1 });
    expect(all!.translated).toBeGreaterThan(100);
    expect(all!.missing).toBeGreaterThan(0);
    expect(all!.matching).toBe(all!.translated + all!.missing);
    const missingPages = await admin.list({ locale: "fr-FR", type: "page", missingOnly: true });
    expect(missingPages!.fields.length).toBeGreaterThan(0);
    expect(missingPages!.fields.every((field) => field.resourceType === "page" && field.translation === null)).toBe(true);
    expect(missingPages!.fields).toContainEqual(expect.objectContaining({ resourceKey: "faqs", field: "body_html", rich: true }));
    expect(missingPages!.fields).toContainEqual(expect.objectContaining({ resourceKey: "faqs", field: faqAnswerField("How do I stop your emails?"), rich: true }));
    // A page past the end is the last one; an unknown locale is the shop's first.
    const far = await admin.list({ locale: "de-DE", type: "policy", page: 99 });
    expect(far?.query).toEqual({ locale: "fr-FR", type: "policy", missingOnly: false, page: far!.pageCount });
    expect(await staffOnly.list({ locale: "fr-FR" })).toBeNull();
  });

  it("lists the FAQ's and the glossary's entries as fields of their pages, and saves one into the French page", async () => {
    const pages = (await admin.list({ locale: "fr-FR", type: "page" }))!;
    const every = [...pages.fields];
    for (let at = 2; at <= pages.pageCount; at++) every.push(...(await admin.list({ locale: "fr-FR", type: "page", page: at }))!.fields);
    const faqFields = every.filter((field) => field.resourceKey === "faqs" && field.field.startsWith("faq."));
    // Four topics, and seventeen questions with their answers.
    expect(faqFields).toHaveLength(4 + 17 * 2);
    expect(faqFields).toContainEqual(
      expect.objectContaining({ field: faqQuestionField("How much is delivery?"), original: "How much is delivery?", translation: "Combien coûte la livraison ?", rich: false }),
    );
    expect(faqFields).toContainEqual(expect.objectContaining({ field: faqAnswerField("How much is delivery?"), rich: true, translation: expect.stringContaining("La livraison standard") }));
    const glossaryFields = every.filter((field) => field.resourceKey === "ingredients" && field.field.startsWith("glossary."));
    expect(glossaryFields).toContainEqual(expect.objectContaining({ field: glossaryField("ingredient:glycerin", "name"), original: "Glycerin", translation: "Glycérine" }));
    expect(glossaryFields.filter((field) => field.field.endsWith(".description_html")).every((field) => field.rich && field.translation !== null)).toBe(true);

    const question = faqQuestionField("Do you sell gift cards?");
    const answer = faqAnswerField("Do you sell gift cards?");
    const saved = await admin.save("fr-FR", {
      resourceType: ["page", "page"],
      resourceKey: ["faqs", "faqs"],
      field: [question, answer],
      was: ["Proposez-vous des cartes cadeaux ?", ""],
      value: ["Vendez-vous des cartes cadeaux ?", '<p>Oui, <a href="/products/gift-card">par e-mail</a>.</p><img src=x onerror="alert(1)">'],
    });
    expect(saved).toEqual({ ok: true, next: "/translations?locale=fr-FR&saved=2" });
    const item = (await french().page("faqs"))?.page.data.faq?.flatMap((group) => group.items).find((entry) => entry.question === "Vendez-vous des cartes cadeaux ?");
    // The answer is rich text, kept to what the shop's sanitiser allows.
    expect(item?.answerHtml).toBe('<p>Oui, <a href="/products/gift-card">par e-mail</a>.</p>');
    const ingredient = glossaryField("ingredient:rose", "name");
    expect((await admin.save("fr-FR", { resourceType: ["page"], resourceKey: ["ingredients"], field: [ingredient], was: ["Rose"], value: ["Rose de Damas"] })).ok).toBe(true);
    expect((await french().page("ingredients"))?.page.data.glossary?.find((entry) => entry.tag === "ingredient:rose")?.name).toBe("Rose de Damas");
  });

  it("refuses a translation whose placeholders differ from the original's, in a form or a file, saving nothing", async () => {
    const owner = await addStaff(shop.db, "translator@translations.test", "Translator", "owner");
    const admin = translationsAdmin(shop.db, shop.platform.catalog, () => ["fr-FR"], async () => owner, (locale) => settingTextFields(shop.platform, locale));
    const under = (await admin.list({ locale: "fr-FR", type: "setting" }))!.fields.find((field) => field.original === "You're [x] away from free shipping")!;
    expect(under).toBeDefined();
    const before = await storedRows();
    const refused = await admin.save("fr-FR", { resourceType: ["setting"], resourceKey: [under.resourceKey], field: [under.field], was: [under.translation ?? ""], value: ["Plus que [montant] pour la livraison offerte"] });
    expect(refused).toEqual(
      expect.objectContaining({
        ok: false,
        reason: "invalid",
        errors: {
          "line-1": "Line 1: Setting: Free shipping bar: before the threshold: The translation must keep the original's placeholders exactly as written ([x]): it leaves out [x], and [montant] is not in the original.",
        },
      }),
    );
    const file = ["Type,Handle,Field,Locale,Translation", `setting,${under.resourceKey},"${under.field}",fr-FR,Livraison offerte`].join("\r\n");
    expect(await admin.importCsv(file)).toEqual(expect.objectContaining({ ok: false, errors: { "line-2": expect.stringContaining("it leaves out [x]") } }));
    expect(await storedRows()).toEqual(before);
    const kept = await admin.save("fr-FR", { resourceType: ["setting"], resourceKey: [under.resourceKey], field: [under.field], was: [under.translation ?? ""], value: ["Encore [x] et la livraison est offerte"] });
    expect(kept.ok).toBe(true);
  });

  it("saves only the fields the merchant changed, and refuses a field the shop does not have", async () => {
    const policy = (await admin.list({ locale: "fr-FR", type: "policy" }))!.fields.find((field) => field.resourceKey === "shipping-policy" && field.field === "title")!;
    const before = await storedRows();
    const unchanged = await admin.save("fr-FR", { resourceType: ["policy"], resourceKey: ["shipping-policy"], field: ["title"], was: [policy.translation ?? ""], value: [policy.translation ?? ""] });
    expect(unchanged).toEqual({ ok: true, next: "/translations?locale=fr-FR&unchanged=1" });
    const refused = await admin.save("fr-FR", { resourceType: ["page", "page"], resourceKey: ["about", "no-such-page"], field: ["title", "title"], was: ["", ""], value: ["Qui sommes-nous", "Rien"] });
    expect(refused).toEqual(expect.objectContaining({ ok: false, reason: "invalid", errors: { "line-2": "Line 2: page no-such-page has no field title." } }));
    expect(await storedRows()).toEqual(before);
    expect(await staffOnly.save("fr-FR", { resourceType: ["page"], resourceKey: ["about"], field: ["title"], was: [""], value: ["X"] })).toEqual(expect.objectContaining({ ok: false, reason: "forbidden" }));
    const saved = await admin.save("fr-FR", { resourceType: ["policy"], resourceKey: ["shipping-policy"], field: ["body_html"], was: [""], value: ["<p>Nous expédions du lundi au vendredi.</p><script>alert(1)</script>"] });
    expect(saved).toEqual({ ok: true, next: "/translations?locale=fr-FR&saved=1" });
    expect((await french().policy("shipping-policy"))?.bodyHtml).toBe("<p>Nous expédions du lundi au vendredi.</p>");
  });

  it("exports the content in the translator's CSV and imports it back unchanged; an edited row reaches the French site", async () => {
    const csv = (await admin.exportCsv("fr-FR"))!;
    expect(await admin.exportCsv("en-US")).toBeNull();
    const [header, ...rows] = parseCsv(csv).map((record) => record.fields);
    expect(header).toEqual(["Type", "Handle", "Field", "Locale", "Original", "Translation"]);
    expect(rows).toContainEqual(["page", "about", "title", "fr-FR", "Our story", "Notre histoire"]);
    expect(rows).toContainEqual(["blog", "journal", "title", "fr-FR", "The Journal", "Le Journal"]);
    expect(rows).toContainEqual(["article", "journal/winter-skin-keeping-your-barrier-happy", "body_html", "fr-FR", expect.stringContaining("Every November"), expect.stringContaining("Chaque année en novembre")]);
    expect(rows.find((row) => row[0] === "product" && row[1] === "gentle-cream-cleanser" && row[2]!.startsWith("selling_plan_group."))?.slice(4)).toEqual([
      "Subscribe and save",
      "Abonnez-vous et économisez",
    ]);
    const before = await storedRows();
    expect(await admin.importCsv(csv)).toEqual({ ok: true, next: `/translations?imported=${rows.length}` });
    expect(await storedRows()).toEqual(before);
    const withTitle = csv.replace(
      /article,journal\/winter-skin-keeping-your-barrier-happy,title,fr-FR,Winter skin: keeping your barrier happy,[^\r\n]*/,
      "article,journal/winter-skin-keeping-your-barrier-happy,title,fr-FR,Winter skin: keeping your barrier happy,L'hiver sans tiraillements",
    );
    expect(withTitle).not.toBe(csv);
    expect(await admin.importCsv(withTitle)).toEqual(expect.objectContaining({ ok: true }));
    expect((await french().article("journal", "winter-skin-keeping-your-barrier-happy"))?.article.title).toBe("L'hiver sans tiraillements");
  });

  it("refuses a file with a wrong row, naming each by its line and saving nothing", async () => {
    const before = await storedRows();
    const file = [
      "Type,Handle,Field,Locale,Translation",
      "policy,privacy-policy,title,fr-FR,Confidentialité",
      "article,journal/no-such-article,title,fr-FR,Rien",
      "page,about,title,en-US,Our tale",
      "recipe,about,title,fr-FR,Recette",
    ].join("\r\n");
    const answer = await admin.importCsv(file);
    expect(answer).toEqual(
      expect.objectContaining({
        ok: false,
        reason: "invalid",
        description: "Nothing was imported: 3 rows need correcting.",
        errors: {
          "line-3": "Line 3: article journal/no-such-article has no field title.",
          "line-4": "Line 4: The shop has no site in en-US.",
          "line-5": expect.stringMatching(/^Line 5: recipe is not one of collection, product, menu, page, policy, blog, article, setting\.$/),
        },
      }),
    );
    expect(await storedRows()).toEqual(before);
  });

  it("shows a content translation saved through one server on another server sharing the database", async () => {
    const other = createPlatform(shop.db, loadSettings(path.join(ROOT, "config/settings.json")), { catalogCheckMs: 0 });
    const seenByOther = async () => (await contentOf(other.forSite("FR")).page("sustainability"))?.page.title;
    expect(await seenByOther()).toBe("Développement durable");
    const saved = await admin.save("fr-FR", { resourceType: ["page"], resourceKey: ["sustainability"], field: ["title"], was: ["Développement durable"], value: ["Notre engagement"] });
    expect(saved.ok).toBe(true);
    expect(await seenByOther()).toBe("Notre engagement");
    await other.afterAnswer.settled();
  });
});
