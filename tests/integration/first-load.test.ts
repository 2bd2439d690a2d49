/**
 * The JavaScript a page loads before it hydrates, read from the built theme
 * and the page the shop answers: React Router's router is not part of it on
 * any page (the page hydrates without it and loads it once idle), the
 * product page's first load stays within 120 KB gzipped, and a page with the
 * contact form does not load the schema library the shop checks it with. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentScripts, firstLoad } from "../../bench/first-load.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../../build/client");
/** The product page's budget: what it loads before hydrating, gzipped at the usual level. */
const PRODUCT_PAGE_BUDGET = 120_000;
/** A sentence only React Router's router factory holds. */
const ROUTER_FACTORY = "You must provide a non-empty routes array to createRouter";
/** A name only the schema library's object schemas hold. */
const SCHEMA_LIBRARY = "$ZodObject";

let shop: LiveShop;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openThemeShop();
  ({ shop, close } = opened);
  // The shop's pages, the contact page among them.
  await seedContent(opened.db, demoContent);
});
afterAll(async () => {
  await close?.();
});

async function scriptsOf(address: string) {
  const response = await shop.fetch(new Request(new URL(address, "http://shop.test")));
  expect(response.status, address).toBe(200);
  const { referenced } = documentScripts(CLIENT_DIR, await response.text());
  expect(referenced.size, address).toBeGreaterThan(0);
  const first = firstLoad(CLIENT_DIR, referenced);
  // Everything it can load later, through dynamic imports and what they import.
  const later = firstLoad(CLIENT_DIR, first.dynamic).loaded;
  return { first: first.loaded, later };
}

const holds = (text: string) => (file: string) => readFileSync(file, "utf8").includes(text);
const holdsRouter = holds(ROUTER_FACTORY);

describe("the JavaScript a page loads first", () => {
  it.each(["/products/plain-cleanser", "/", "/collections/all", "/search?q=serum"])("on %s leaves React Router's router for later", async (address) => {
    const { first, later } = await scriptsOf(address);
    expect([...first].filter(holdsRouter).map((file) => path.basename(file))).toEqual([]);
    expect([...later].filter(holdsRouter)).toHaveLength(1);
  });

  it("on a product page stays within 120 KB gzipped", async () => {
    const { first } = await scriptsOf("/products/plain-cleanser");
    const gzipped = [...first].reduce((total, file) => total + gzipSync(readFileSync(file), { level: 6 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(PRODUCT_PAGE_BUDGET);
  });

  it("on the contact page leaves out the schema the shop checks a message with", async () => {
    const { first } = await scriptsOf("/pages/contact");
    expect([...first].filter(holds(SCHEMA_LIBRARY)).map((file) => path.basename(file))).toEqual([]);
  });
});
