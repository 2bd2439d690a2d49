/**
 * A backup that can be restored: a `pg_dump` of a shop taken while shoppers
 * are adding to carts, restored into a fresh database with `pg_restore`,
 * starts a shop with every order as it was, its migrations current, and its
 * numbering carried on (the next order follows the last one, not order 1).
 * These are the commands docs/operations.md gives. PostgreSQL only.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { seedCatalog, variantIdFor } from "../../src/platform/seed/seed.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { createApp } from "../../src/server/app.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { Shopper, openTestDatabase } from "./harness.ts";
import { postgresPrograms } from "./own-postgres.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const url = process.env.DATABASE_URL;
const programs = postgresPrograms();

function shopOn(db: Database) {
  const platform = createPlatform(db, loadSettings(path.join(ROOT, "config/settings.json")), {
    catalogCheckMs: 0,
    newCartLimit: { limit: 100_000, windowSeconds: 3600 },
    checkoutLimit: { limit: 100_000, windowSeconds: 3600 },
  });
  return createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") });
}

const contact = (n: number) => ({ email: `restored.${n}@example.com`, first_name: "Ada", last_name: `Shopper ${n}`, address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" });

async function placeOrder(app: ReturnType<typeof shopOn>, n: number, variant: number): Promise<{ name: string; token: string }> {
  const shopper = new Shopper(app);
  expect((await shopper.postJson("/cart/add.js", { id: variant, quantity: 1 + (n % 3) })).status).toBe(200);
  const placed = await shopper.postJson("/checkout.json", contact(n));
  expect(placed.status).toBe(200);
  return ((await placed.json()) as { order: { name: string; token: string } }).order;
}

const everyOrder = (db: Database) => db.query("select * from orders order by id");
const migrations = (db: Database) => db.query<{ version: number; name: string }>("select version, name from schema_migrations order by version");

describe.skipIf(!url || !programs)("a shop restored from a dump", () => {
  let source: Awaited<ReturnType<typeof openTestDatabase>>;
  let restored: Awaited<ReturnType<typeof openTestDatabase>>;
  let folder: string;

  beforeAll(async () => {
    source = await openTestDatabase();
    await migrate(source.db);
    await seedCatalog(source.db, fixtureCatalog);
    restored = await openTestDatabase();
    folder = mkdtempSync(path.join(os.tmpdir(), "shop-dump-"));
  }, 120_000);
  afterAll(async () => {
    await source?.db.close();
    await source?.drop();
    await restored?.db.close().catch(() => undefined);
    await restored?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("keeps every order, its migrations and its numbering", { timeout: 180_000 }, async () => {
    const app = shopOn(source.db);
    const soap = variantIdFor(fixtureCatalog.products.findIndex((product) => product.handle === "untracked-soap"), 0);
    const placed = [];
    for (let n = 0; n < 5; n += 1) placed.push(await placeOrder(app, n, soap));

    // The dump is taken while shoppers go on adding: it is one consistent snapshot all the same.
    let adding = true;
    const busy = Array.from({ length: 4 }, async () => {
      const shopper = new Shopper(app);
      while (adding) expect((await shopper.postJson("/cart/add.js", { id: soap, quantity: 1 })).status).toBe(200);
    });
    const dump = path.join(folder, "shop.dump");
    try {
      execFileSync(path.join(programs!, "pg_dump"), ["--format=custom", "--file", dump, source.url!], { stdio: "pipe" });
    } finally {
      adding = false;
      await Promise.all(busy);
    }
    const ordersAtDump = await everyOrder(source.db);
    expect(ordersAtDump.map((order) => `#${order.number}`)).toEqual(placed.map((order) => order.name));

    // Into a fresh, empty database, as after losing the old one.
    await restored.db.close();
    execFileSync(path.join(programs!, "pg_restore"), ["--no-owner", "--exit-on-error", "--dbname", restored.url!, dump], { stdio: "pipe" });
    const db = await openDatabase({ databaseUrl: restored.url!, dataDir: "", poolSize: 4 });
    restored.db = db;
    expect(await migrations(db)).toEqual(await migrations(source.db));
    await migrate(db);
    expect(await migrations(db)).toEqual(await migrations(source.db));
    expect(await everyOrder(db)).toEqual(ordersAtDump);

    // A shop on the restored database shows the orders and takes new ones after them.
    const restoredApp = shopOn(db);
    for (const order of placed) {
      const answer = await new Shopper(restoredApp).get(`/orders/${order.token}.json`);
      expect(answer.status).toBe(200);
      const shown = (await answer.json()) as { order?: { name: string }; name?: string };
      expect(shown.order?.name ?? shown.name).toBe(order.name);
    }
    const next = await placeOrder(restoredApp, 99, soap);
    const number = (name: string) => Number(name.replace(/\D/g, ""));
    expect(number(next.name)).toBe(number(placed.at(-1)!.name) + 1);
  });
});
