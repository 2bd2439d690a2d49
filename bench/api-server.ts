/**
 * The shop's HTTP API without the theme (no build needed), for bench/browse.ts:
 * opens the database the environment names (DATA_DIR's PGlite, or
 * DATABASE_URL), loads the catalog, listens on HOST:PORT (port 0 picks one)
 * and prints `PORT <n>` once it accepts connections. SIGTERM closes it.
 */
import path from "node:path";
import { serve } from "@hono/node-server";
import pino from "pino";
import { openDatabase } from "../src/platform/db/database.ts";
import { migrate } from "../src/platform/db/migrate.ts";
import { createPlatform } from "../src/platform/platform.ts";
import { DEFAULT_LOCALES_DIR, loadLocales, loadSettings } from "../src/platform/settings/load.ts";
import { createApp } from "../src/server/app.ts";
import { readConfig } from "../src/server/config.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const config = readConfig();
const dataDir = path.resolve(ROOT, config.DATA_DIR);
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(dataDir, "pglite") });
await migrate(db);
const platform = createPlatform(db, loadSettings(path.resolve(ROOT, config.SETTINGS_FILE)), { locales: loadLocales(path.resolve(ROOT, DEFAULT_LOCALES_DIR)) });
await platform.catalog.get();
const app = createApp({ platform, logger: pino({ level: config.LOG_LEVEL }), imageCacheDir: path.join(dataDir, "images") });
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST });
server.once("listening", () => {
  const address = server.address();
  console.log(`PORT ${typeof address === "object" && address ? address.port : config.PORT}`);
});
process.once("SIGTERM", () => server.close(() => db.close().then(() => process.exit(0))));
