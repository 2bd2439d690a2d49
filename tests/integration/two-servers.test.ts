/**
 * Two server processes on one PostgreSQL database behave as one shop: a cart
 * started on one is the same cart on the other, and concurrent changes through
 * both are all kept. Needs a server database, so it runs when DATABASE_URL is set
 * (CI sets it); the embedded database belongs to a single process by design.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { newCartToken } from "../../src/platform/cart/cart-model.ts";
import { openDatabase } from "../../src/platform/db/database.ts";
import { migrate } from "../../src/platform/db/migrate.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { seedCatalog, variantIdFor } from "../../src/platform/seed/seed.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { openTestDatabase } from "./harness.ts";

const SERVER = path.join(import.meta.dirname, "api-server.ts");
const onPostgres = Boolean(process.env.DATABASE_URL);

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`api server exited with ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}` });
    });
  });
}

describe.runIf(onPostgres)("two server processes on one database", () => {
  let servers: { child: ChildProcess; base: string }[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let databaseUrl = "";

  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
    databaseUrl = database.url ?? "";
    await migrate(database.db);
    await seedCatalog(database.db, fixtureCatalog);
    await database.db.close();
    servers = await Promise.all([startServer(database.url ?? ""), startServer(database.url ?? "")]);
  });

  afterAll(async () => {
    for (const { child } of servers) {
      child.removeAllListeners("exit");
      child.kill("SIGTERM");
    }
    await Promise.all(servers.map(({ child }) => new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)))));
    await drop();
  });

  it("keeps one cart across both servers, with every concurrent add counted", async () => {
    const [first, second] = servers;
    const opened = await fetch(`${first!.base}/cart.js`);
    const cookie = (opened.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const soap = variantIdFor(fixtureCatalog.products.findIndex((product) => product.handle === "untracked-soap"), 0);
    const adds = Array.from({ length: 40 }, (_, index) =>
      fetch(`${servers[index % 2]!.base}/cart/add.js`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ id: soap, quantity: 1 }),
      }),
    );
    expect((await Promise.all(adds)).every((response) => response.status === 200)).toBe(true);
    const viaFirst = await (await fetch(`${first!.base}/cart.js`, { headers: { cookie } })).json();
    const viaSecond = await (await fetch(`${second!.base}/cart.js`, { headers: { cookie } })).json();
    expect(viaFirst.item_count).toBe(40);
    expect(viaSecond).toEqual(viaFirst);
  });

  it("shares customer sessions: a login on one server is known to both, a logout on one ends it on both", async () => {
    const db = await openDatabase({ databaseUrl, dataDir: "", poolSize: 2 });
    try {
      // A third process-less server: registers a customer through the bot check, as the register page does.
      const platform = createPlatform(db, loadSettings(path.join(import.meta.dirname, "../../config/settings.json")), { catalogCheckMs: 0 });
      const jar = new Map<string, string>();
      const account = () =>
        inProcessStorefront(platform, newCartToken(), "http://shop.test", {
          ip: "192.0.2.1",
          sessionToken: jar.get("customer_session"),
          challengeToken: jar.get("challenge"),
          shopUrl: "http://shop.test",
          secure: false,
        }).account;
      const keep = (cookies: string[]) => {
        for (const cookie of cookies) {
          const [name = "", value = ""] = (cookie.split(";")[0] ?? "").split("=");
          jar.set(name, value);
        }
      };
      keep((await account().register({ "customer[first_name]": "Ada", "customer[last_name]": "L", "customer[email]": "two@example.com", "customer[password]": "correct horse" })).cookies);
      const view = await account().challenge();
      const challenge = view.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
      const solution = await solveChallenge({ challenge, deriveKey });
      keep((await account().solveChallenge({ altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") })).cookies);
      const cookie = `customer_session=${jar.get("customer_session")}`;

      const seen = await Promise.all(servers.map(async ({ base }) => (await fetch(`${base}/account.json`, { headers: { cookie } })).json()));
      expect(seen[0].customer).toMatchObject({ email: "two@example.com" });
      // Both servers derive the same hash: the generated secret is the database's.
      expect(seen[1]).toEqual(seen[0]);

      await account().logout();
      for (const { base } of servers) expect(await (await fetch(`${base}/account.json`, { headers: { cookie } })).json()).toEqual({ customer: null });
    } finally {
      await db.close();
    }
  });
});
