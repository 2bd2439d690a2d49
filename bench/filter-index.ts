/**
 * The collection filter index alone, in process: `filterCollection` on a
 * generated catalog for the three browse scenarios' addresses (tag filters,
 * leaving an ingredient out, price range and stock), without HTTP or JSON, so
 * its CPU time per answer can be compared on a shared machine where the HTTP
 * bench's figures move with the load.
 *
 *   npm exec -- node bench/filter-index.ts --products 10000 --rounds 500 --repeats 7
 *
 * Each scenario is measured `--repeats` times, interleaved with the others,
 * and the median is printed (with the lowest), so a burst of other work on the
 * machine moves one repeat rather than the figure.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { collectionSelection, parseCollectionPath, readPage, readSort } from "../src/core/catalog/collection-url.ts";
import { filterCollection } from "../src/platform/catalog/filters.ts";
import { generateLargeCatalog } from "../src/platform/seed/large-catalog.ts";
import { openTestShop } from "../tests/integration/harness.ts";
import { printTable } from "./shop.ts";

const SCENARIOS: Record<string, string[]> = {
  "collection-view": [
    "/collections/face/skin-type-dry",
    "/collections/face/concern-acne+skin-type-oily?sort_by=price-ascending",
    "/collections/all/ingredient-vitamin-c+vegan?sort_by=best-selling&page=3",
    "/collections/face/concern-ageing+concern-dullness+size-30ml+skin-type-dry?sort_by=title-ascending&page=2",
    "/collections/serums/bestseller",
    "/collections/all?sort_by=created-descending&page=40",
  ],
  "collection-exclusion": [
    "/collections/face?filter.p.m.custom.key_ingredients.not=retinol",
    "/collections/all?filter.p.m.custom.key_ingredients.not=retinol&filter.p.m.custom.key_ingredients.not=vitamin-c&sort_by=price-ascending",
    "/collections/face?filter.p.m.custom.skin_type=dry&filter.p.m.custom.key_ingredients.not=retinol&page=3",
    "/collections/all?filter.p.m.custom.key_ingredients.not=hyaluronic-acid&sort_by=best-selling",
  ],
  "collection-price-stock": [
    "/collections/face?filter.v.price.gte=10&filter.v.price.lte=30",
    "/collections/all?filter.v.availability=1&sort_by=price-ascending",
    "/collections/face?filter.p.m.custom.skin_type=dry&filter.v.price.lte=25&filter.v.availability=1&page=2",
    "/collections/all?filter.v.price.gte=40&filter.p.m.custom.key_ingredients.not=retinol",
  ],
};

const { values } = parseArgs({ options: { products: { type: "string", default: "10000" }, rounds: { type: "string", default: "500" }, repeats: { type: "string", default: "7" } } });
const products = Number(values.products);
const rounds = Number(values.rounds);
const repeats = Number(values.repeats);
if (![products, rounds, repeats].every((value) => Number.isInteger(value) && value >= 1)) {
  console.error("--products, --rounds and --repeats must be whole numbers ≥ 1");
  process.exit(2);
}

const shop = await openTestShop({ catalog: generateLargeCatalog(products) });
try {
  const catalog = await shop.platform.catalog.get();
  const groups = shop.platform.settings.collections.filterGroups;
  const queries = Object.entries(SCENARIOS).map(([id, paths]) => ({
    id,
    queries: paths.map((path) => {
      const url = new URL(path, "http://bench.invalid");
      const address = parseCollectionPath(url.pathname)!;
      const sort = readSort(url);
      return { handle: address.collection, query: { ...collectionSelection(address.filters.join("+"), url), page: readPage(url), perPage: 24, ...(sort ? { sort } : {}) } };
    }),
  }));
  // The first answers build the indexes; they are not measured.
  for (const { queries: list } of queries) for (const { handle, query } of list) filterCollection(catalog, handle, query, groups);
  const samples = new Map<string, number[]>(queries.map(({ id }) => [id, []]));
  const loadBefore = loadavg()[0]!;
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const { id, queries: list } of queries) {
      const started = process.cpuUsage();
      for (let round = 0; round < rounds; round++) for (const { handle, query } of list) if (!filterCollection(catalog, handle, query, groups)?.total) throw new Error(`empty answer in ${id}`);
      const used = process.cpuUsage(started);
      samples.get(id)!.push((used.user + used.system) / (rounds * list.length));
    }
  }
  const rows = [...samples].map(([id, perAnswer]) => {
    const sorted = [...perAnswer].sort((a, b) => a - b);
    return [id, sorted[sorted.length >> 1]!.toFixed(0), sorted[0]!.toFixed(0)];
  });
  console.log(`${products} products, ${repeats} × ${rounds} rounds, load average ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)} (1 min)`);
  printTable(["scenario", "CPU µs per answer (median)", "lowest"], rows);
} finally {
  await shop.close();
}
