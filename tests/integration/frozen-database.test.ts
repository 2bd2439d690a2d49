/**
 * A PostgreSQL server that stops answering (frozen, or its network gone)
 * cannot hold the shop's requests: the pool's connection and statement
 * timeouts end them with a 503 and Retry-After, and once the server answers
 * again the shop serves as before without a restart. The database is reached
 * through a proxy the test can freeze. And a 503 means nothing changed: on a
 * PostgreSQL server of the test's own, stopped (SIGSTOP) under adds to cart
 * for longer than the shop waits, every add answered 503 left its cart as it
 * was once the server resumed, and every add answered 200 was made once.
 * PostgreSQL only: the embedded database runs inside the server and cannot be
 * cut off from it.
 */
import { type Server, type Socket, createServer, connect } from "node:net";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, isDatabaseUnavailable, openDatabase } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { seedCatalog, variantIdFor } from "../../src/platform/seed/seed.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { createApp } from "../../src/server/app.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { ownPostgres, postgresPrograms } from "./own-postgres.ts";
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

/** The shop on a database, as the tests' server runs it. */
function shopOn(db: Database) {
  const platform = createPlatform(db, loadSettings(path.join(ROOT, "config/settings.json")), { catalogCheckMs: 0, newCartLimit: { limit: 100_000, windowSeconds: 3600 } });
  return createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") });
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
    shopper = new Shopper(shopOn(proxied));
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

const programs = postgresPrograms();

describe.skipIf(!url || !programs)("a PostgreSQL server stopped under adds to cart", () => {
  let server: Awaited<ReturnType<typeof ownPostgres>>;
  let db: Database;

  beforeAll(async () => {
    server = await ownPostgres(programs!);
    // More connections than shoppers: no add waits for a connection, so each one the server is stopped under was sent to it.
    db = await openDatabase({ databaseUrl: server.url, dataDir: "", poolSize: 12 });
    await migrate(db);
    await seedCatalog(db, fixtureCatalog);
  }, 120_000);
  afterAll(async () => {
    server?.thaw();
    await db?.close().catch(() => undefined);
    await server?.stop();
  });

  it("answers 503 only for adds that changed nothing, and makes every add it answered 200 exactly once", { timeout: 180_000 }, async () => {
    const app = shopOn(db);
    const soap = variantIdFor(fixtureCatalog.products.findIndex((product) => product.handle === "untracked-soap"), 0);
    const shoppers = Array.from({ length: 6 }, () => new Shopper(app));
    const answered = shoppers.map(() => ({ made: 0, refused: 0, givenUp: 0, madeSinceResumed: 0 }));
    let resumed = false;
    // Longer than the shop waits for an answer, so adds it already sent are given up on while the server is stopped.
    const FROZEN_MS = 9_000;
    const adding = shoppers.map(async (shopper, index) => {
      const tally = answered[index]!;
      while (!resumed || tally.madeSinceResumed === 0) {
        const sent = Date.now();
        const response = await shopper.postJson("/cart/add.js", { id: soap, quantity: 1 });
        if (response.status === 200) {
          tally.made += 1;
          if (resumed) tally.madeSinceResumed += 1;
        } else {
          expect(response.status).toBe(503);
          expect(response.headers.get("retry-after")).toBe("5");
          tally.refused += 1;
          // Not a wait for a connection: the add went to the server and the shop stopped waiting for its answer.
          if (Date.now() - sent >= 5_000) tally.givenUp += 1;
        }
      }
    });
    // Adds are flowing when the server stops.
    await expect.poll(() => answered.reduce((sum, tally) => sum + tally.made, 0), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(12);
    server.freeze();
    const givenUp = () => answered.reduce((sum, tally) => sum + tally.givenUp, 0);
    try {
      await new Promise((resolve) => setTimeout(resolve, FROZEN_MS));
      // However slow the machine, the server stays stopped until an add it was sent has been given up on.
      await expect.poll(givenUp, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    } finally {
      server.thaw();
      resumed = true;
    }
    await Promise.all(adding);

    for (const [index, shopper] of shoppers.entries()) {
      const cart = (await (await shopper.get("/cart.js")).json()) as { items: { variant_id: number; quantity: number }[] };
      const soaps = cart.items.filter((item) => item.variant_id === soap).reduce((sum, item) => sum + item.quantity, 0);
      expect({ shopper: index, soaps }).toEqual({ shopper: index, soaps: answered[index]!.made });
    }
  });

  it("answers a write sent on its own as failed only when it did not happen", { timeout: 120_000 }, async () => {
    await db.exec("create table frozen_notes (writer int not null, n int not null, primary key (writer, n))");
    const outcomes: { writer: number; n: number; made: boolean }[] = [];
    let stopped = false;
    const FROZEN_MS = 9_000;
    const writers = Array.from({ length: 6 }, async (_, writer) => {
      for (let n = 0; !stopped; n += 1) {
        const made = await db.query("insert into frozen_notes (writer, n) values ($1, $2)", [writer, n]).then(
          () => true,
          (error: unknown) => {
            expect(isDatabaseUnavailable(error)).toBe(true);
            return false;
          },
        );
        outcomes.push({ writer, n, made });
      }
    });
    await expect.poll(() => outcomes.length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(12);
    server.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, FROZEN_MS));
      // However slow the machine, the server stays stopped until a write sent to it has failed.
      await expect.poll(() => outcomes.some((outcome) => !outcome.made), { timeout: 60_000, interval: 100 }).toBe(true);
    } finally {
      server.thaw();
    }
    // Writes flow again before the writers stop.
    const countAtThaw = outcomes.length;
    await expect.poll(() => outcomes.slice(countAtThaw).filter((outcome) => outcome.made).length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(6);
    stopped = true;
    await Promise.all(writers);

    const rows = await db.query<{ writer: number; n: number }>("select writer, n from frozen_notes");
    const kept = new Set(rows.map((row) => `${row.writer}:${row.n}`));
    const answeredMade = outcomes.filter((outcome) => outcome.made).map((outcome) => `${outcome.writer}:${outcome.n}`);
    expect([...kept].sort()).toEqual(answeredMade.sort());
  });
});
