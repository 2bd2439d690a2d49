/**
 * Replaces the catalog in the configured database.
 *   npm run seed                    the demo catalog
 *   npm run seed -- --products 10000  a generated catalog of that many products (scale benchmarks)
 *   npm run seed -- --translations    keeps the shop and adds the demo's translations (French) where a field has none
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../src/platform/db/database.ts";
import { migrate } from "../src/platform/db/migrate.ts";
import { demoCatalog } from "../src/platform/seed/demo-catalog.ts";
import { generateLargeCatalog } from "../src/platform/seed/large-catalog.ts";
import { isCatalogEmpty, seedCatalog } from "../src/platform/seed/seed.ts";
import { demoContent } from "../src/platform/seed/demo-content.ts";
import { addDemoTranslations } from "../src/platform/seed/seed-translations.ts";
import { readConfig } from "../src/server/config.ts";

const { values } = parseArgs({ options: { products: { type: "string" }, translations: { type: "boolean", default: false } } });
const count = values.products === undefined ? undefined : Number(values.products);
if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 200_000)) {
  console.error("--products must be a whole number from 1 to 200000");
  process.exit(2);
}
const config = readConfig();
// The embedded database serves one process at a time: a shop running on it would not see these rows, and could write over them.
if (!config.DATABASE_URL && (await fetch(`http://${config.HOST}:${config.PORT}/healthz`).then((answer) => answer.ok, () => false))) {
  console.error(`The shop is running on the embedded database (http://${config.HOST}:${config.PORT}): stop it first, then seed.`);
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(import.meta.dirname, "..", config.DATA_DIR, "pglite") });
await migrate(db);
if (values.translations) {
  if (await isCatalogEmpty(db)) {
    console.error("The shop has no catalog yet: start it once, or run `npm run seed`, which brings the demo's translations with it.");
    await db.close();
    process.exit(2);
  }
  const added = await addDemoTranslations(db, demoCatalog, demoContent);
  console.log(`Added ${added} translations from the demo (${db.kind}); no translation the shop had was changed.`);
  await db.close();
  process.exit(0);
}
const catalog = count === undefined ? demoCatalog : generateLargeCatalog(count);
const started = Date.now();
await seedCatalog(db, catalog);
console.log(`Seeded ${catalog.products.length} products in ${Date.now() - started} ms (${db.kind}).`);
await db.close();
