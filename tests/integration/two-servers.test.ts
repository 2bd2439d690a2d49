/**
 * Two server processes on one PostgreSQL database behave as one shop: a cart
 * started on one is the same cart on the other, and concurrent changes through
 * both are all kept. Needs a server database, so it runs when DATABASE_URL is set
 * (CI sets it); the embedded database belongs to a single process by design.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/platform/db/migrate.ts";
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

  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
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
});
