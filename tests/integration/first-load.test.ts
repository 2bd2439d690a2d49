/**
 * The JavaScript a page loads before it hydrates, read from the built theme
 * and the page the shop answers: the home, collection, product, cart and kit
 * builder pages each stay within 150 KB gzipped (React Router as shipped,
 * hydrating with HydratedRouter, measured at 135 to 142 KB on 2026-11-29),
 * and a page with the contact form does not load the schema library the
 * shop checks it with. Runs on PGlite,
 * and on PostgreSQL when DATABASE_URL is set.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentScripts, firstLoad } from "../../bench/first-load.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { demoContent } from "../../src/platform/seed/demo-content.ts";
import { seedContent } from "../../src/platform/seed/seed-content.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../../build/client");
/** A page's budget: what it loads before hydrating, gzipped at the usual level (about a tenth above the largest measured). */
const FIRST_LOAD_BUDGET = 150_000;
/** A name only the schema library's object schemas hold. */
const SCHEMA_LIBRARY = "$ZodObject";

let shop: LiveShop;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openThemeShop({ catalog: demoCatalog });
  ({ shop, close } = opened);
  // The demo shop's catalog (with its kit builder) and pages, the contact page among them.
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
  return { first: firstLoad(CLIENT_DIR, referenced).loaded };
}

const holds = (text: string) => (file: string) => readFileSync(file, "utf8").includes(text);

describe("the JavaScript a page loads first", () => {
  it.each(["/", "/collections/all", "/products/damask-rose-mist", "/cart", "/pages/build-your-kit"])("on %s stays within 150 KB gzipped", async (address) => {
    const { first } = await scriptsOf(address);
    const gzipped = [...first].reduce((total, file) => total + gzipSync(readFileSync(file), { level: 6 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it("on the contact page leaves out the schema the shop checks a message with", async () => {
    const { first } = await scriptsOf("/pages/contact");
    expect([...first].filter(holds(SCHEMA_LIBRARY)).map((file) => path.basename(file))).toEqual([]);
  });
});
