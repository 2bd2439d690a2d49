/**
 * The JavaScript a page loads before it hydrates, read from the built theme
 * and the page the shop answers: React Router's router is not part of it on
 * any page (the page hydrates without it and loads it once idle), and the
 * product page's first load stays within 120 KB gzipped. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentScripts, firstLoad } from "../../bench/first-load.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../../build/client");
/** The product page's budget: what it loads before hydrating, gzipped at the usual level. */
const PRODUCT_PAGE_BUDGET = 120_000;
/** A sentence only React Router's router factory holds. */
const ROUTER_FACTORY = "You must provide a non-empty routes array to createRouter";

let shop: LiveShop;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ shop, close } = await openThemeShop());
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

const holdsRouter = (file: string) => readFileSync(file, "utf8").includes(ROUTER_FACTORY);

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
});
