/**
 * Replaces the catalog in the configured database.
 *   npm run seed                    the demo catalog
 *   npm run seed -- --products 10000  a generated catalog of that many products (scale benchmarks)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/platform/db/database.ts";
import { migrate } from "../src/platform/db/migrate.ts";
import { demoCatalog } from "../src/platform/seed/demo-catalog.ts";
import { generateLargeCatalog } from "../src/platform/seed/large-catalog.ts";
import { seedCatalog } from "../src/platform/seed/seed.ts";
import { readConfig } from "../src/server/config.ts";

const { values } = parseArgs({ options: { products: { type: "string" } } });
const count = values.products === undefined ? undefined : Number(values.products);
if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 200_000)) {
  console.error("--products must be a whole number from 1 to 200000");
  process.exit(2);
}
const config = readConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(import.meta.dirname, "..", config.DATA_DIR, "pglite") });
await migrate(db);
const catalog = count === undefined ? demoCatalog : generateLargeCatalog(count);
const started = Date.now();
await seedCatalog(db, catalog);
console.log(`Seeded ${catalog.products.length} products in ${Date.now() - started} ms (${db.kind}).`);
await db.close();
