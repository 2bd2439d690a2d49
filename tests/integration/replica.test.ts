/**
 * A shop on a primary with a streaming replica (`DATABASE_REPLICA_URL`): the
 * catalog is read from the replica, so a change on the primary shows once
 * the replica has it; the shopper's own cart is read from the primary, so
 * an add shows at once however far the replica lags; and when the replica
 * stops, the shop reads the catalog from the primary and keeps answering.
 * Both servers are the test's own, on loopback, the replica made with
 * `pg_basebackup`. PostgreSQL only.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpCatalogRevision } from "../../src/platform/catalog/catalog.ts";
import { type Database, openDatabase } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { seedCatalog, variantIdFor } from "../../src/platform/seed/seed.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { createApp } from "../../src/server/app.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { Shopper } from "./harness.ts";
import { ownPostgres, postgresPrograms } from "./own-postgres.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const programs = postgresPrograms();
const HANDLE = "plain-cleanser";

describe.skipIf(!process.env.DATABASE_URL || !programs)("a shop reading its catalog from a streaming replica", () => {
  let primary: Awaited<ReturnType<typeof ownPostgres>>;
  let replica: Awaited<ReturnType<typeof ownPostgres>>;
  let onPrimary: Database;
  let onReplica: Database;
  let db: Database;
  let shopper: Shopper;
  let replicaRunning = false;

  beforeAll(async () => {
    primary = await ownPostgres(programs!);
    onPrimary = await openDatabase({ databaseUrl: primary.url, dataDir: "", poolSize: 2 });
    await migrate(onPrimary);
    await seedCatalog(onPrimary, fixtureCatalog);
    // A hot standby streaming from the primary; `-R` writes its connection to the primary.
    replica = await ownPostgres(programs!, (dataDir, user) => {
      execFileSync(path.join(programs!, "pg_basebackup"), ["--pgdata", dataDir, "--dbname", primary.url, "--write-recovery-conf", "--wal-method=stream", "--checkpoint=fast"], {
        ...user,
        stdio: "ignore",
      });
    });
    replicaRunning = true;
    onReplica = await openDatabase({ databaseUrl: replica.url, dataDir: "", poolSize: 1 });
    db = await openDatabase({ databaseUrl: primary.url, replicaUrl: replica.url, dataDir: "", poolSize: 4 });
    const platform = createPlatform(db, loadSettings(path.join(ROOT, "config/settings.json")), { catalogCheckMs: 0, newCartLimit: { limit: 100_000, windowSeconds: 3600 } });
    shopper = new Shopper(createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") }));
  }, 120_000);
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    await onReplica?.close().catch(() => undefined);
    await onPrimary?.close().catch(() => undefined);
    if (replicaRunning) await replica.stop();
    await primary?.stop();
  });

  const retitle = (title: string) =>
    onPrimary.transaction(async (tx) => {
      await tx.query("update products set title = $2 where handle = $1", [HANDLE, title]);
      await bumpCatalogRevision(tx);
    });
  const shownTitle = async () => {
    const answer = await shopper.get(`/products/${HANDLE}.js`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { title: string }).title;
  };
  const cartQuantity = async () => ((await (await shopper.get("/cart.js")).json()) as { item_count: number }).item_count;

  it("shows a catalog change once the replica has it, and the shopper's own add at once", { timeout: 120_000 }, async () => {
    await retitle("Plain Cleanser, streamed");
    await expect.poll(shownTitle, { timeout: 30_000, interval: 200 }).toBe("Plain Cleanser, streamed");

    // The replica stops replaying: the primary moves on without it.
    await onReplica.query("select pg_wal_replay_pause()");
    try {
      await retitle("Plain Cleanser, not yet streamed");
      const [primaryTitle] = await onPrimary.query<{ title: string }>("select title from products where handle = $1", [HANDLE]);
      expect(primaryTitle?.title).toBe("Plain Cleanser, not yet streamed");
      expect(await shownTitle()).toBe("Plain Cleanser, streamed");

      const soap = variantIdFor(fixtureCatalog.products.findIndex((product) => product.handle === "untracked-soap"), 0);
      expect((await shopper.postJson("/cart/add.js", { id: soap, quantity: 2 })).status).toBe(200);
      expect(await cartQuantity()).toBe(2);
      expect(await shownTitle()).toBe("Plain Cleanser, streamed");
    } finally {
      await onReplica.query("select pg_wal_replay_resume()");
    }
    await expect.poll(shownTitle, { timeout: 30_000, interval: 200 }).toBe("Plain Cleanser, not yet streamed");
  });

  it("reads the catalog from the primary when the replica stops, and keeps taking adds", { timeout: 120_000 }, async () => {
    await onReplica.close();
    replicaRunning = false;
    await replica.stop();
    expect(await shownTitle()).toBe("Plain Cleanser, not yet streamed");
    await retitle("Plain Cleanser, read from the primary");
    await expect.poll(shownTitle, { timeout: 30_000, interval: 200 }).toBe("Plain Cleanser, read from the primary");
    const before = await cartQuantity();
    const soap = variantIdFor(fixtureCatalog.products.findIndex((product) => product.handle === "untracked-soap"), 0);
    expect((await shopper.postJson("/cart/add.js", { id: soap, quantity: 1 })).status).toBe(200);
    expect(await cartQuantity()).toBe(before + 1);
  });
});
