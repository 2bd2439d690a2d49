/**
 * The server's memory through a flood of new carts: 20,000 cookie-less adds
 * to cart (each one a new cart), then the shop at rest. Also how the
 * per-address limit on new carts answers such a flood from one address.
 *
 *   npm exec -- node bench/cart-memory.ts [--carts 20000] [--database-url postgres://…] [--products 50000]
 *
 * Run `npm run build` first. RSS is read from /proc (Linux): once the shop
 * is open, at rest (past its first quiet spell, when the server gives memory
 * back), its peak during the flood (sampled every 250 ms), and 30 s after.
 * `--products N` seeds a generated catalog of N products instead of the demo one.
 */
import { QUIET_MS } from "../src/server/quiet-memory.ts";
import { type Shop, type StartShopOptions, buyableProducts, createThrowawayDatabase, machine, printTable, reportMachineLoad, rssMiB, startShop, writeResult } from "./shop.ts";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const CARTS = Number(argument("carts") ?? 20_000);
const CONCURRENCY = 20;
const PRODUCTS = argument("products") === undefined ? undefined : Number(argument("products"));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function flood(url: string, variantId: number, count: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const response = await fetch(`${url}/cart/add.js`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: variantId, quantity: 1 }) });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

reportMachineLoad();
const adminUrl = argument("database-url");

/** A shop on a fresh database of its own (PGlite in a temporary folder, or a throwaway PostgreSQL database), so no run sees another's carts or counts. */
async function freshShop(options: StartShopOptions = {}): Promise<Shop> {
  if (!adminUrl) return startShop(options);
  const database = await createThrowawayDatabase(adminUrl);
  const shop = await startShop({ ...options, databaseUrl: database.url, startTimeoutMs: 300_000 });
  return {
    ...shop,
    stop: async () => {
      await shop.stop();
      await database.drop();
    },
  };
}

// 20,000 different shoppers: the per-address limit is lifted for the flood (one address stands for all of them here).
const shop = await freshShop({ env: { NEW_CARTS_PER_HOUR: "1000000" }, ...(PRODUCTS ? { products: PRODUCTS } : {}) });
let result: { carts: number; seconds: number; addsPerSecond: number; statuses: Record<number, number>; rssMiB: { opened: number; atStart: number; peak: number; afterFlood: number; atRest30s: number } };
try {
  const variantId = (await buyableProducts(shop.url))[0]?.variants[0]?.id;
  if (!variantId) throw new Error("no buyable product");
  const opened = rssMiB(shop.pid);
  // At rest: past the first quiet spell, when the server gives back what opening it took (a whole interval of
  // QUIET_MS without a request must pass, and the request just made may fall early in one).
  await pause(2 * QUIET_MS + 3000);
  const atStart = rssMiB(shop.pid);
  let peak = atStart;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(shop.pid))), 250);
  const started = Date.now();
  const statuses = await flood(shop.url, variantId, CARTS);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const afterFlood = rssMiB(shop.pid);
  await pause(30_000);
  const atRest = rssMiB(shop.pid);
  result = { carts: CARTS, seconds: Math.round(seconds * 10) / 10, addsPerSecond: Math.round(CARTS / seconds), statuses, rssMiB: { opened, atStart, peak, afterFlood, atRest30s: atRest } };
} finally {
  await shop.stop();
}

// The same flood from one address with the shop's default limit (600 new carts an hour).
const limited = await freshShop();
let limitStatuses: Record<number, number>;
try {
  const variantId = (await buyableProducts(limited.url))[0]?.variants[0]?.id;
  if (!variantId) throw new Error("no buyable product");
  limitStatuses = await flood(limited.url, variantId, 1000);
} finally {
  await limited.stop();
}

printTable(
  ["database", "carts", "adds/s", "RSS opened MiB", "RSS at rest MiB", "peak MiB", "after MiB", "30 s later MiB", "1,000 from one address (default limit)"],
  [[`${shop.database}${PRODUCTS ? `, ${PRODUCTS} products` : ""}`, CARTS, result.addsPerSecond, result.rssMiB.opened, result.rssMiB.atStart, result.rssMiB.peak, result.rssMiB.afterFlood, result.rssMiB.atRest30s, Object.entries(limitStatuses).map(([status, count]) => `${count}× ${status}`).join(", ")]],
);
console.log(`Wrote ${writeResult("cart-memory", { date: new Date().toISOString(), command: process.argv.slice(1).join(" "), machine: machine(), database: shop.database, products: PRODUCTS ?? "demo", ...result, oneAddressDefaultLimit: limitStatuses })}`);
