/**
 * What the catalogue and each structure built from it hold in V8's heap, in process (no HTTP): the catalogue
 * as loaded, its browsing index, its search index, and each site's derived catalogue with its own indexes.
 * Each figure is the heap used and the ArrayBuffers after two full collections, less the figure before the part was built.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:54329/shop node --expose-gc bench/catalog-memory.ts
 *   (seed the database first: DATABASE_URL=… node scripts/seed.ts --products 50000)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { shopSites } from "../src/core/sites/sites.ts";
import type { Settings } from "../src/core/settings/settings.ts";
import { openDatabase } from "../src/platform/db/database.ts";
import { type Catalog, loadCatalog } from "../src/platform/catalog/catalog.ts";
import { catalogIndex } from "../src/platform/catalog/catalog-index.ts";
import { searchIndex } from "../src/platform/catalog/search.ts";
import { deriveSiteCatalog } from "../src/platform/catalog/site-catalog.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("set DATABASE_URL to a seeded PostgreSQL database");

const MiB = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
// V8's heap and the typed arrays' memory outside it (an index's arrays are there).
const heap = () => {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

const db = await openDatabase({ databaseUrl, dataDir: "" });
const rows: [string, number, number][] = [];
let before = heap();
const measure = <T>(part: string, build: () => T): T => {
  const started = performance.now();
  const value = build();
  const after = heap();
  rows.push([part, MiB(after - before), Math.round(performance.now() - started)]);
  before = heap();
  return value;
};

const started = performance.now();
const catalog: Catalog = await db.snapshot((q) => loadCatalog(q));
const loadMs = Math.round(performance.now() - started);
let after = heap();
rows.push([`catalogue (${catalog.products.size} products, ${catalog.variants.size} variants)`, MiB(after - before), loadMs]);
before = after;
measure("browsing index", () => catalogIndex(catalog));
measure("search index", () => searchIndex(catalog));
const settings = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "config", "settings.json"), "utf8")) as Settings;
const kept: Catalog[] = [];
for (const site of shopSites(settings)) {
  if (site.code === settings.geo.baseSite) continue;
  const derived = measure(`site ${site.code} (${site.language}) catalogue`, () => deriveSiteCatalog(catalog, site, new Map()));
  measure(`site ${site.code} indexes`, () => searchIndex(derived) && catalogIndex(derived));
  kept.push(derived);
}
after = heap();
console.log(`V8 heap used with everything: ${MiB(after)} MiB; RSS ${MiB(process.memoryUsage().rss)} MiB`);
console.table(rows.map(([part, mib, ms]) => ({ part, MiB: mib, ms })));
await db.close();
