/** One API server process on the database named by DATABASE_URL; prints its port. Used to prove servers share no state. */
import path from "node:path";
import { serve } from "@hono/node-server";
import pino from "pino";
import { openDatabase } from "../../src/platform/db/database.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { createApp } from "../../src/server/app.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
const platform = createPlatform(db, loadSettings(path.join(ROOT, "config/settings.json")));
const app = createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") });
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
server.once("listening", () => {
  const address = server.address();
  console.log(`PORT ${typeof address === "object" && address ? address.port : 0}`);
});
process.once("SIGTERM", () => server.close(() => db.close().then(() => process.exit(0))));
