/**
 * A PostgreSQL server that stops answering (frozen, or its network gone)
 * cannot hold the shop's requests: the pool's connection and statement
 * timeouts end them with a 503 and Retry-After, and once the server answers
 * again the shop serves as before without a restart. The database is reached
 * through a proxy the test can freeze. PostgreSQL only: the embedded database
 * runs inside the server and cannot be cut off from it.
 */
import { type Server, type Socket, createServer, connect } from "node:net";
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

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A TCP proxy to the database that can stop passing anything on, both ways, as a frozen server would. */
function freezableProxy(target: URL): Promise<{ port: number; freeze(): void; thaw(): void; close(): Promise<void> }> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on("data", (chunk) => {
        to.write(chunk);
      });
      from.on("close", () => to.destroy());
      from.on("error", () => to.destroy());
      if (frozen) from.pause();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        port: typeof address === "object" && address ? address.port : 0,
        freeze() {
          frozen = true;
          for (const socket of sockets) socket.pause();
        },
        thaw() {
          frozen = false;
          for (const socket of sockets) socket.resume();
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("a frozen PostgreSQL server", () => {
  let owner: { db: Database; drop: () => Promise<void>; url?: string };
  let proxied: Database;
  let proxy: Awaited<ReturnType<typeof freezableProxy>>;
  let shopper: Shopper;

  beforeAll(async () => {
    owner = await openTestDatabase();
    await migrate(owner.db);
    await seedCatalog(owner.db, fixtureCatalog);
    const direct = new URL(owner.url ?? "");
    proxy = await freezableProxy(direct);
    const throughProxy = new URL(direct);
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(proxy.port);
    proxied = await openDatabase({ databaseUrl: throughProxy.toString(), dataDir: "", poolSize: 4 });
    const platform = createPlatform(proxied, loadSettings(path.join(ROOT, "config/settings.json")), { catalogCheckMs: 0, newCartLimit: { limit: 100_000, windowSeconds: 3600 } });
    const app = createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") });
    shopper = new Shopper(app);
  });
  afterAll(async () => {
    proxy?.thaw();
    await proxied?.close().catch(() => undefined);
    await proxy?.close();
    await owner?.db.close();
    await owner?.drop();
  });

  it("ends the requests it holds with 503 and Retry-After, and serves again once it answers", { timeout: 120_000 }, async () => {
    const plainCleanser = variantIdFor(fixtureCatalog.products.findIndex((product) => product.handle === "plain-cleanser"), 0);
    expect((await shopper.postJson("/cart/add.js", { id: plainCleanser, quantity: 1 })).status).toBe(200);
    proxy.freeze();
    try {
      // A read on a connection already open, and a change that needs a transaction: neither waits for the server.
      const [read, change] = await Promise.all([shopper.get("/cart.js"), shopper.postJson("/cart/update.js", { note: "while frozen" })]);
      for (const response of [read, change]) {
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(await response.json()).toMatchObject({ status: 503, message: "Service Unavailable" });
      }
    } finally {
      proxy.thaw();
    }
    // Back without a restart: the cart is as it was before the freeze.
    await expect
      .poll(async () => {
        const response = await shopper.get("/cart.js");
        return response.status === 200 ? ((await response.json()) as { item_count: number; note: string | null }) : response.status;
      }, { timeout: 30_000, interval: 500 })
      .toMatchObject({ item_count: 1, note: null });
  });
});
