/**
 * The French site speaks French: each page type, rendered by the server on
 * /fr-fr, carries no text of the English catalogue (config/locales/en-GB.json)
 * whose French differs, in its text, its accessible names or its
 * placeholders. A text moved into the catalogue but drawn from the English
 * one, or left in English in a component of these pages, fails here. Also
 * holds the site's language in the head: `<html lang>`, `og:locale`, the
 * `hreflang` alternates. Runs on PGlite, and on PostgreSQL when DATABASE_URL
 * is set.
 */
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { loadLocales } from "../../src/platform/settings/load.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop, signedInCustomer } from "./harness.ts";

const catalogues = loadLocales();
const english = catalogues["en-GB"]!;
const french = catalogues["fr-FR"]!;

/** Variables that are always numbers, written with digits. */
const NUMBERS = new Set(["count", "shown", "total", "n", "limit", "minutes", "chosen"]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern matching whatever a compiled message can write: its words, any variable's value, any plural's count. */
function patternOf(message: CompiledMessage): string {
  return message
    .map((token) => {
      if (typeof token === "string") return escape(token).replace(/#/g, "\\d+");
      const [name, type, choices] = token;
      if ((type === "plural" || type === "select" || type === "selectordinal") && choices && typeof choices === "object") {
        return `(?:${Object.entries(choices)
          .filter(([key]) => key !== "offset")
          .map(([, choice]) => patternOf(choice as CompiledMessage).replace(/#/g, "\\d+"))
          .join("|")})`;
      }
      return NUMBERS.has(name) ? "[\\d.,\\s]+" : ".+?";
    })
    .join("");
}

/** Texts the French catalogue itself writes somewhere ("Pause" for the slider is French too). */
const frenchTexts = new Set(Object.values(french));
/** The English texts a French page must not show: those the French catalogue writes differently and nowhere uses as they are, each as a whole-text pattern. */
const englishOnly = Object.entries(english)
  .filter(([key, text]) => french[key] !== text && !frenchTexts.has(text) && /[A-Za-z]{2}/.test(text))
  .map(([key, text]) => ({ key, pattern: new RegExp(`^${patternOf(compileMessageOrThrow(text))}$`) }));

/** Menu titles are catalogue data, translated with the catalogue, not theme texts; so are the settings' texts. */
type MenuLike = { title: string; items?: readonly MenuLike[] };
const titlesOf = (items: readonly MenuLike[]): string[] => items.flatMap((item) => [item.title, ...titlesOf(item.items ?? [])]);
/** Every text of the shop's settings (filter names, mega menu labels, bars' sentences): merchant's data, translated in the database. */
const settingsTexts = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(settingsTexts) : [];
const catalogueWords = new Set([
  ...Object.values(demoCatalog.menus ?? {}).flatMap((items) => titlesOf(items as readonly MenuLike[])),
  ...settingsTexts(JSON.parse(readFileSync(new URL("../../config/settings.json", import.meta.url), "utf8"))),
]);

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decode = (text: string) => text.replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity);

/** The words of a page a shopper reads or hears: text between tags (not scripts or styles), accessible names, placeholders. */
function wordsOf(html: string): string[] {
  const body = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  const texts = [...body.matchAll(/>([^<]+)</g)].map((match) => match[1]!);
  const attributes = [...body.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((match) => match[1]!);
  return [...texts, ...attributes].map((text) => decode(text).replace(/\s+/g, " ").trim()).filter((text) => text.length > 0);
}

let shop: LiveShop;
let opened: Awaited<ReturnType<typeof openThemeShop>>;
let close: () => Promise<void>;

beforeAll(async () => {
  opened = await openThemeShop({ catalog: demoCatalog });
  ({ shop, close } = opened);
  await seedContent(opened.db, demoContent);
});
afterAll(async () => {
  await close?.();
});

async function page(address: string, status = 200, headers: HeadersInit = {}): Promise<string> {
  const response = await shop.fetch(new Request(new URL(address, "http://shop.test"), { headers }));
  expect(response.status, address).toBe(status);
  return response.text();
}

/** A shopper's cart on the French site with a product in it: its cookie. */
async function frenchCart(): Promise<string> {
  const product = demoCatalog.products.find((entry) => entry.handle === "damask-rose-mist")!;
  const variant = await shop.fetch(new Request("http://shop.test/fr-fr/products/damask-rose-mist.js"));
  const { variants } = (await variant.json()) as { variants: { id: number }[] };
  expect(product).toBeDefined();
  const added = await shop.fetch(
    new Request("http://shop.test/fr-fr/cart/add.js", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: variants[0]!.id, quantity: 2 }) }),
  );
  expect(added.status).toBe(200);
  return added.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/** An order placed on the French site: its page's address. */
async function frenchOrder(): Promise<string> {
  const cookie = await frenchCart();
  const details = { email: "camille@example.fr", first_name: "Camille", last_name: "Martin", address1: "12 rue des Lilas", city: "Lyon", zip: "69003", country: "FR", shipping_method: "standard" };
  const placed = await shop.fetch(
    new Request("http://shop.test/fr-fr/checkout", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.37" },
      body: new URLSearchParams(details).toString(),
    }),
  );
  expect(placed.status).toBe(302);
  return new URL(placed.headers.get("location")!, "http://shop.test").pathname;
}

/**
 * Every page type, on the French site. The home page's sections and menus
 * are settings and catalogue data (translated in the database), so only the
 * theme's own texts are looked for there, as everywhere.
 */
const PAGES: [string, string, number][] = [
  ["home", "/fr-fr", 200],
  ["collection", "/fr-fr/collections/face", 200],
  ["product", "/fr-fr/products/damask-rose-mist", 200],
  ["search", "/fr-fr/search?q=rose", 200],
  ["search without results", "/fr-fr/search?q=zzzz", 200],
  ["suggestions", "/fr-fr/search/suggest?q=rose", 200],
  ["cart", "/fr-fr/cart", 200],
  ["empty checkout", "/fr-fr/checkout", 200],
  ["login", "/fr-fr/account/login", 200],
  ["register", "/fr-fr/account/register", 200],
  ["password reset", "/fr-fr/account/recover", 200],
  ["content", "/fr-fr/pages/about", 200],
  ["FAQ", "/fr-fr/pages/faqs", 200],
  ["glossary", "/fr-fr/pages/ingredients", 200],
  ["contact", "/fr-fr/pages/contact", 200],
  ["journal", "/fr-fr/blogs/journal", 200],
  ["journal article", "/fr-fr/blogs/journal/a-beginners-guide-to-vitamin-c", 200],
  ["policy", "/fr-fr/policies/privacy-policy", 200],
  ["collections list", "/fr-fr/collections", 200],
  ["comparison", "/fr-fr/collections/serums/compare", 200],
  ["bot check", "/fr-fr/challenge", 200],
  ["newsletter link", "/fr-fr/newsletter?state=confirmed", 200],
  ["routine builder", "/fr-fr/pages/routine-builder", 200],
  ["quiz builder", "/fr-fr/pages/build-your-bundle", 200],
  ["live show", "/fr-fr/embeds/live/winter-skin-show", 200],
  ["kit builder", "/fr-fr/pages/build-your-kit", 200],
  ["bundle product", "/fr-fr/products/the-glow-edit", 200],
  ["bundle page", "/fr-fr/bundles/the-glow-edit", 200],
  ["layering guide", "/fr-fr/pages/layering-guide", 200],
  ["vendors", "/fr-fr/collections/vendors?q=Lumen%20%26%20Leaf", 200],
  ["product types", "/fr-fr/collections/types?q=Body%20Lotion", 200],
  ["a collection's product", "/fr-fr/collections/serums/products/vitamin-c-brightening-serum", 200],
  ["a missing page", "/fr-fr/no-such-page", 404],
];

/** The English texts of the catalogue a page's words show. */
function englishIn(html: string): string[] {
  const words = wordsOf(html).filter((text) => !catalogueWords.has(text));
  return words.flatMap((text) => englishOnly.filter(({ pattern }) => pattern.test(text)).map(({ key }) => `${key}: ${text}`));
}

describe("the French site", () => {
  it("has English texts to look for (the check can fail)", () => {
    expect(englishOnly.length).toBeGreaterThan(100);
    expect(englishOnly.some(({ pattern }) => pattern.test("Add to cart"))).toBe(true);
    expect(englishOnly.some(({ pattern }) => pattern.test("Cart, 2 items"))).toBe(true);
  });

  it.each(PAGES)("shows no English text of the catalogue on the %s page", async (_name, address, status) => {
    expect(englishIn(await page(address, status))).toEqual([]);
  });

  it("shows no English text of the catalogue on a filled cart, the checkout or the order page", async () => {
    const cookie = await frenchCart();
    const cart = await page("/fr-fr/cart", 200, { cookie });
    expect(cart).toContain("<title>Votre panier – Lumen &amp; Leaf</title>");
    expect(englishIn(cart)).toEqual([]);
    const checkout = await page("/fr-fr/checkout", 200, { cookie });
    // The checkout's form in French, its countries named in French, its prices in euros.
    expect(checkout).toContain("Code postal");
    expect(checkout).toContain(">Royaume-Uni</option>");
    expect(checkout).toMatch(/\d+,\d{2} €/);
    expect(englishIn(checkout)).toEqual([]);
    const order = await page(await frenchOrder());
    expect(order).toContain("Adresse de livraison");
    expect(englishIn(order)).toEqual([]);
  });

  it("shows no English text of the catalogue on a signed-in customer's account pages", async () => {
    const { session } = await signedInCustomer(opened.db, "camille.compte@example.fr");
    const cookie = `customer_session=${session}`;
    for (const address of ["/fr-fr/account", "/fr-fr/account/addresses", "/fr-fr/account/subscriptions"]) {
      const html = await page(address, 200, { cookie });
      expect(html, address).toContain('lang="fr-FR"');
      expect(englishIn(html), address).toEqual([]);
    }
  });

  it("plays the recorded live show in French, its products on the French site; the UK site's show stays English", async () => {
    const show = await page("/fr-fr/embeds/live/winter-skin-show");
    expect(show).toContain('<html lang="fr-FR">');
    expect(show).toContain("Peau d’hiver, en direct de l’atelier · avec Mara Pengelly");
    expect(show).toContain("Enregistrée le 12 novembre 2026");
    expect(show).toContain("un lait nettoyant qui laisse la peau douce");
    expect(show).toContain('data-moment="Moment 2 sur 6"');
    expect(show).toContain('data-play="Lecture" data-pause="Pause"');
    expect(show).toMatch(/href="\/fr-fr\/products\/gentle-cream-cleanser" target="_top">Acheter /);
    expect(show).not.toContain("a cream cleanser that leaves your skin soft");
    const english = await page("/embeds/live/winter-skin-show");
    expect(english).toContain('<html lang="en-GB">');
    expect(english).toContain("Recorded 12 November 2026");
    expect(english).toContain("a cream cleanser that leaves your skin soft");
    expect(english).toContain('href="/products/gentle-cream-cleanser" target="_top">Shop ');
  });

  it("answers the social feed in French, each post on the French site", async () => {
    const feed = async (address: string) => ((await (await shop.fetch(new Request(new URL(address, "http://shop.test")))).json()) as { posts: { url: string; caption: string }[] }).posts;
    const [french, english] = await Promise.all([feed("/fr-fr/embeds/social-feed.json"), feed("/embeds/social-feed.json")]);
    expect(french.length).toBe(english.length);
    for (const [index, post] of french.entries()) {
      expect(post.url).toBe(`/fr-fr${english[index]!.url}`);
    }
    // The bestsellers' and the articles' names in French where the demo translates them.
    expect(french.filter((post, index) => post.caption !== english[index]!.caption).length).toBeGreaterThan(french.length / 2);
  });

  it("shows a content page's own words in French: its title, body and head, the English site keeping the English", async () => {
    const about = await page("/fr-fr/pages/about");
    expect(about).toContain("<title>Notre histoire – des soins en petites séries, faits à Falmouth");
    expect(about).toMatch(/<h1[^>]*>Notre histoire<\/h1>/);
    expect(about).toContain("est né en 2019 sur une table de cuisine à Falmouth");
    expect(about).not.toContain("began in 2019 at a kitchen table");
    const english = await page("/pages/about");
    expect(english).toContain("began in 2019 at a kitchen table");
    expect(english).not.toContain("Notre histoire");
  });

  it("asks and answers the FAQ in French, for shoppers and for search engines, the English site keeping the English", async () => {
    const faqs = await page("/fr-fr/pages/faqs");
    expect(faqs).toMatch(/<h2[^>]*>Commandes et livraison<\/h2>/);
    expect(faqs).toContain('<summary class="faq__question">Combien coûte la livraison ?</summary>');
    expect(faqs).toContain("Les commandes passées un jour de semaine avant 14 h");
    expect(faqs).toContain("Les questions que l'on nous pose le plus souvent.");
    expect(faqs).not.toContain("How much is delivery?");
    const ld = [...faqs.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    const faqPage = ld.find((entry) => entry["@type"] === "FAQPage") as { inLanguage: string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] } | undefined;
    expect(faqPage?.inLanguage).toBe("fr-FR");
    // Every question of the page, each with its answer, in French.
    expect(faqPage?.mainEntity).toHaveLength(17);
    expect(faqPage?.mainEntity[0]).toEqual({ "@type": "Question", name: "Combien coûte la livraison ?", acceptedAnswer: { "@type": "Answer", text: expect.stringContaining("La livraison standard au Royaume-Uni est offerte dès 40 £") } });
    expect(faqPage?.mainEntity.map((question) => question.name)).toContain("J'ai oublié mon mot de passe.");
    const english = await page("/pages/faqs");
    expect(english).toContain('<summary class="faq__question">How much is delivery?</summary>');
    expect(english).toContain('"name":"How much is delivery?"');
    expect(english).not.toContain("Combien coûte la livraison");
  });

  it("explains the glossary's ingredients in French, sorted as French sorts them, and links a French product's INCI names to them", async () => {
    // React marks the joins of adjacent texts with empty comments.
    const glossary = (await page("/fr-fr/pages/ingredients")).replaceAll("<!-- -->", "");
    expect(glossary).toMatch(/<dt class="glossary__name">Acide hyaluronique<span class="glossary__aka"> \(Sodium hyaluronate\)<\/span><\/dt>/);
    expect(glossary).toContain("Un sucre qui retient plusieurs fois son poids en eau");
    expect(glossary).toContain("Centella asiatica<span class=\"glossary__aka\"> (Cica, herbe du tigre)</span>");
    expect(glossary).toContain("Voir tous les soins contenant\u00a0: Glycérine");
    expect(glossary).not.toContain("The hardest-working humectant");
    // "Oxyde de zinc" under O, "Filtres solaires" under F.
    const letterOf = (name: string) => /id="letter-(\w)"/g.exec(glossary.slice(0, glossary.indexOf(`>${name}<`)).split('class="glossary__letter"').at(-1)!)?.[1];
    expect(letterOf("Oxyde de zinc")).toBe("o");
    expect(letterOf("Filtres solaires")).toBe("f");
    const product = await page("/fr-fr/products/hyaluronic-acid-serum");
    expect(product).toMatch(/href="\/fr-fr\/pages\/ingredients#ingredient-hyaluronic-acid"/);
    expect(product).toMatch(/href="\/fr-fr\/pages\/ingredients#ingredient-glycerin"/);
  });

  it("shows the merchant's settings texts in French: the home slides, the builders, the tax estimate, the country selector", async () => {
    const home = (await page("/fr-fr")).replaceAll("<!-- -->", "");
    expect(home).toContain("Votre peau, en plus apaisée.");
    expect(home).toContain("Faire le quiz peau");
    expect(home).toContain("En direct de l’atelier");
    expect(home).toContain(">Royaume-Uni (GBP £)</option>");
    expect(home).not.toContain("Skin that feels like yours");
    const routine = await page("/fr-fr/pages/routine-builder");
    expect(routine).toContain("Composez votre routine");
    expect(routine).toContain("Envie d’abord d’un diagnostic de peau gratuit\u00a0?");
    expect(routine).not.toContain("Build your routine");
    const quiz = await page("/fr-fr/pages/build-your-bundle");
    expect(quiz).toContain("Votre routine en une minute");
    expect(quiz).not.toContain("Find your routine in a minute");
    const kit = (await page("/fr-fr/pages/build-your-kit")).replaceAll("<!-- -->", "");
    expect(kit).toContain("Choisissez deux sérums");
    expect(kit).toContain("Étape 1\u00a0:");
    expect(kit).not.toMatch(/Step \d/);
    const oils = await page("/fr-fr/collections/oils");
    expect(oils).toContain("Quelle huile pour votre peau\u00a0?");
    expect(oils).toContain("Étape 1 sur 2\u00a0: votre peau");
    const product = await page("/fr-fr/products/damask-rose-mist");
    expect(product).toContain("TVA française (20\u00a0%)");
    expect(product).toContain('<li class="badge">Sans alcool</li>');
    expect(product).not.toContain("UK VAT (20%)");
    const english = await page("/");
    expect(english).toContain("Skin that feels like yours, only calmer.");
    expect(english).not.toContain("Votre peau, en plus apaisée.");
  });

  it("draws a product's badges and the routine builder's 'helps with' points in French, the English site keeping the English", async () => {
    // The product's own badges, not those of the cards recommended beside it.
    const badges = (html: string) => [...(/<ul class="product__badges">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "").matchAll(/<li[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(badges(await page("/fr-fr/products/vitamin-c-brightening-serum"))).toEqual(["Vegan", "Best-seller"]);
    expect(badges(await page("/products/vitamin-c-brightening-serum"))).toEqual(["Vegan", "Bestseller"]);
    const routine = await page("/fr-fr/pages/routine-builder");
    expect(routine).toContain("Ravive les teints ternes");
    expect(routine).not.toContain("Brightens dull skin");
  });

  it("names the journal's topics in French, their addresses keeping the original tag, the English site keeping the English", async () => {
    const journal = await page("/fr-fr/blogs/journal");
    expect(journal).toMatch(/<a[^>]*href="\/fr-fr\/blogs\/journal\/tagged\/dry-skin"[^>]*>peau sèche<\/a>/);
    expect(journal).not.toContain(">dry skin<");
    expect(await page("/blogs/journal")).toMatch(/<a[^>]*href="\/blogs\/journal\/tagged\/dry-skin"[^>]*>dry skin<\/a>/);
    expect(await page("/fr-fr/blogs/journal/tagged/vitamin-c")).toMatch(/<h1[^>]*>Le Journal – articles classés «\s?vitamine C\s?»<\/h1>/);
    const article = await page("/fr-fr/blogs/journal/a-beginners-guide-to-vitamin-c");
    expect(article).toContain("<li>vitamine C</li>");
  });

  it("names its language in the head", async () => {
    const html = await page("/fr-fr/products/damask-rose-mist");
    expect(html).toMatch(/<html lang="fr-FR"/);
    expect(html).toContain('<meta property="og:locale" content="fr_FR"/>');
    expect(html).toMatch(/<link rel="alternate" hrefLang="fr-FR" href="[^"]*\/fr-fr\/products\/damask-rose-mist"/);
    expect(html).not.toContain("en-FR");
    const uk = await page("/products/damask-rose-mist");
    expect(uk).toMatch(/<html lang="en-GB"/);
    expect(uk).toContain('<meta property="og:locale" content="en_GB"/>');
  });
});
