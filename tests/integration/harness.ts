import { randomBytes } from "node:crypto";
import type { LimitRule } from "../../src/platform/accounts/rate-limits.ts";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { Hono } from "hono";
import { type Database, openDatabase } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { createPlatform, type Platform, type PlatformOptions } from "../../src/platform/platform.ts";
import { seedCatalog, variantIdFor } from "../../src/platform/seed/seed.ts";
import type { SeedCatalog } from "../../src/platform/seed/types.ts";
import { loadSettings, readSettingsSeed } from "../../src/platform/settings/load.ts";
import { type AppOptions, createApp } from "../../src/server/app.ts";
import { type LiveShop, openLiveShop } from "../../src/server/live-shop.ts";
import type { Settings } from "../../src/core/settings/settings.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface TestShop {
  db: Database;
  platform: Platform;
  app: Hono;
  /** Variant id of a fixture product's n-th variant. */
  variant(handle: string, index?: number): number;
  close(): Promise<void>;
}

/**
 * Opens a fresh, empty database: in-memory PGlite by default, or a new
 * throwaway database on the PostgreSQL server named by DATABASE_URL.
 */
export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void>; url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ dataDir: "memory://" });
    return { db, drop: async () => undefined };
  }
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = await openDatabase({ databaseUrl: serverUrl, dataDir: "", poolSize: 1 });
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: "", poolSize: 20 });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

export interface ThemeShopOptions {
  /** The settings the shop starts from: the shipped ones by default. */
  settings?: { read: () => unknown; source: string };
  app?: Pick<AppOptions, "pageCache" | "renderGate">;
  /** Wraps the built theme (to count its renders, say). */
  build?: (build: ServerBuild) => ServerBuild;
  /** The catalog seeded: the small test catalog by default (the builders' pages need the demo one). */
  catalog?: SeedCatalog;
}

/**
 * A live shop that renders the built theme's pages (the integration tests'
 * global setup builds them first when their sources changed), on a fresh
 * test database with the fixture catalog,
 * looking for new settings and catalog changes on every request.
 */
export async function openThemeShop(options: ThemeShopOptions = {}): Promise<{ db: Database; shop: LiveShop; close: () => Promise<void> }> {
  const built = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
  const { db, drop } = await openTestDatabase();
  await migrate(db);
  await seedCatalog(db, options.catalog ?? fixtureCatalog);
  const shop = await openLiveShop(db, options.settings ?? readSettingsSeed(path.join(ROOT, "config/settings.json")), {
    platform: { catalogCheckMs: 0, newCartLimit: { limit: 100_000, windowSeconds: 3600 } },
    app: { logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images"), build: options.build ? options.build(built) : built, ...options.app },
    live: { checkEveryMs: 0 },
  });
  return {
    db,
    shop,
    close: async () => {
      await shop.settings.value.platform.afterAnswer.settled();
      await db.close();
      await drop();
    },
  };
}

export interface TestShopOptions {
  catalog?: SeedCatalog;
  /** Changes made to the shipped settings for this shop. */
  settings?: (settings: Settings) => void;
  now?: () => number;
  /** The checkout attempts one address may make (tests that place many orders raise it). */
  checkoutLimit?: LimitRule;
  /** New carts one address may start (the tests' shoppers all share one address, so it is generous unless a test sets it). */
  newCartLimit?: LimitRule;
  /** New viewers one address may add to the product-view counter. */
  newViewerLimit?: LimitRule;
  /** Wraps the database the platform uses (tests that watch its statements); `db` stays the bare one. */
  wrapDatabase?: (db: Database) => Database;
  /** The payment provider, as the environment would set it up (payments tests point it at a stand-in). */
  payments?: PlatformOptions["payments"];
}

export async function openTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const catalog = options.catalog ?? fixtureCatalog;
  const { db, drop } = await openTestDatabase();
  await migrate(db);
  await seedCatalog(db, catalog);
  const settings = loadSettings(path.join(ROOT, "config/settings.json"));
  options.settings?.(settings);
  const platform = createPlatform(options.wrapDatabase?.(db) ?? db, settings, { catalogCheckMs: 0, ...(options.now ? { now: options.now } : {}), ...(options.checkoutLimit ? { checkoutLimit: options.checkoutLimit } : {}),
    newCartLimit: options.newCartLimit ?? { limit: 100_000, windowSeconds: 3600 },
    ...(options.newViewerLimit ? { newViewerLimit: options.newViewerLimit } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
  });
  const app = createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") });
  return {
    db,
    platform,
    app,
    variant(handle, index = 0) {
      const productIndex = catalog.products.findIndex((product) => product.handle === handle);
      if (productIndex < 0) throw new Error(`no fixture product ${handle}`);
      return variantIdFor(productIndex, index);
    },
    async close() {
      // Work left after the last answers (emails) finishes before its database closes.
      await platform.afterAnswer.settled();
      await db.close();
      await drop();
    },
  };
}

/** A staff account for back-office tests, with no password anyone could use. */
export async function addStaff(db: Database, email: string, name: string, role: "owner" | "staff"): Promise<{ id: number; email: string; name: string; role: "owner" | "staff" }> {
  const [row] = await db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, name, role],
  );
  return { id: Number(row!.id), email, name, role };
}

/** A shopper with a cookie jar, talking to the app in-process. */
export class Shopper {
  private readonly app: Hono;
  private cookie = "";

  constructor(app: Hono) {
    this.app = app;
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set("cookie", this.cookie);
    const response = await this.app.request(pathname, { ...init, headers });
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("cart="));
    if (setCookie) this.cookie = setCookie.split(";")[0] ?? "";
    return response;
  }

  get(pathname: string, headers: Record<string, string> = {}) {
    return this.request(pathname, { headers });
  }

  postJson(pathname: string, body: unknown, headers: Record<string, string> = {}) {
    return this.request(pathname, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  }

  postForm(pathname: string, body: string, headers: Record<string, string> = {}) {
    return this.request(pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
  }

  get cartCookie(): string {
    return this.cookie;
  }

  /** The cart's token: the cart cookie is `token.signature`. */
  get cartToken(): string {
    return this.cartCookie.replace(/^cart=/, "").split(".")[0] ?? "";
  }
}

/** A customer with an account and an open session (for `days` days): their id and the `customer_session` cookie's value. */
export async function signedInCustomer(db: Database, email: string, days = 1): Promise<{ id: number; session: string }> {
  const [customer] = await db.query<{ id: number | string }>(
    "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ($1, 'Ada', 'Lovelace', 'x', 'x', '{}') returning id",
    [email],
  );
  if (!customer) throw new Error("customer insert returned nothing");
  const session = randomToken(32);
  await db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + make_interval(days => $3))", [digest(session), customer.id, days]);
  return { id: Number(customer.id), session };
}
