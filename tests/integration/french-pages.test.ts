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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import { loadLocales } from "../../src/platform/settings/load.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

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

/** The English texts a French page must not show: those the French catalogue writes differently, each as a whole-text pattern. */
const englishOnly = Object.entries(english)
  .filter(([key, text]) => french[key] !== text && /[A-Za-z]{2}/.test(text))
  .map(([key, text]) => ({ key, pattern: new RegExp(`^${patternOf(compileMessageOrThrow(text))}$`) }));

/** Menu titles are catalogue data, translated with the catalogue, not theme texts. */
type MenuLike = { title: string; items?: readonly MenuLike[] };
const titlesOf = (items: readonly MenuLike[]): string[] => items.flatMap((item) => [item.title, ...titlesOf(item.items ?? [])]);
const catalogueWords = new Set(Object.values(demoCatalog.menus ?? {}).flatMap((items) => titlesOf(items as readonly MenuLike[])));

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
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openThemeShop({ catalog: demoCatalog });
  ({ shop, close } = opened);
  await seedContent(opened.db, demoContent);
});
afterAll(async () => {
  await close?.();
});

async function page(address: string, status = 200): Promise<string> {
  const response = await shop.fetch(new Request(new URL(address, "http://shop.test")));
  expect(response.status, address).toBe(status);
  return response.text();
}

/**
 * The page types done so far, on the French site. The home page waits for
 * its sections' and menus' texts (settings and catalogue data, translated in
 * the database).
 */
const PAGES: [string, string, number][] = [
  ["product", "/fr-fr/products/damask-rose-mist", 200],
  ["cart", "/fr-fr/cart", 200],
  ["a missing page", "/fr-fr/no-such-page", 404],
];

describe("the French site", () => {
  it("has English texts to look for (the check can fail)", () => {
    expect(englishOnly.length).toBeGreaterThan(100);
    expect(englishOnly.some(({ pattern }) => pattern.test("Add to cart"))).toBe(true);
    expect(englishOnly.some(({ pattern }) => pattern.test("Cart, 2 items"))).toBe(true);
  });

  it.each(PAGES)("shows no English text of the catalogue on the %s page", async (_name, address, status) => {
    const words = wordsOf(await page(address, status)).filter((text) => !catalogueWords.has(text));
    const leftInEnglish = words.flatMap((text) => englishOnly.filter(({ pattern }) => pattern.test(text)).map(({ key }) => `${key}: ${text}`));
    expect(leftInEnglish).toEqual([]);
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
