/**
 * Product pages the way real traffic asks for them: round-robin over the
 * handles of a generated catalog (10,000 products by default), so most
 * requests miss the page cache, next to one hot page asked for again and
 * again, both from the shop as `npm start` runs it, as a browser asks
 * (`Accept-Encoding: gzip, deflate, br, zstd`).
 *
 *   npm exec -- node bench/page-spread.ts [--products 10000] [--connections 20] [--duration 10] [--warmup 3] [--database-url postgres://…]
 *
 * Run `npm run build` first. Per scenario: requests/s, latency p50 / p99 /
 * max, the server's CPU per request (from /proc), its peak RSS during the
 * window and its RSS once at rest after it (with V8's heap and the memory outside it, such as kept pages), the answers' encodings, and the
 * page cache's size and hit rate from `/metrics`.
 */
import autocannon from "autocannon";
import { QUIET_MS } from "../src/server/quiet-memory.ts";
import { type Shop, createThrowawayDatabase, highestRssMiB, machine, printTable, processCpuMs, reportMachineLoad, rssMiB, startShop, writeResult } from "./shop.ts";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const PRODUCTS = Number(argument("products") ?? 10_000);
const CONNECTIONS = Number(argument("connections") ?? 20);
const DURATION = Number(argument("duration") ?? 10);
const WARMUP = Number(argument("warmup") ?? 3);
const adminUrl = argument("database-url");
// A browser's user agent too: the sample fetched after the load must be the page the load asked for, not the crawler's copy Node's fetch would get.
const BROWSER = {
  "accept-encoding": "gzip, deflate, br, zstd",
  accept: "text/html",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every product's handle, from the storefront's own listing. */
async function handles(url: string): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${url}/products.json?limit=250&page=${page}`);
    if (!response.ok) throw new Error(`GET /products.json answered ${response.status}`);
    const batch = ((await response.json()) as { products: { handle: string }[] }).products;
    found.push(...batch.map((product) => product.handle));
    if (batch.length < 250) return found;
  }
}

/** The page cache's lookups (hits, misses) and bytes, and V8's heap and the memory outside it, from `/metrics` (a request from this machine may read it). */
async function pageCacheMetrics(url: string): Promise<{ hits: number; misses: number; bytes: number; heapMiB: number; externalMiB: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const figure = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    hits: figure(/^shop_page_cache_lookups\{result="hit"\} (\S+)$/m),
    misses: figure(/^shop_page_cache_lookups\{result="miss"\} (\S+)$/m),
    bytes: figure(/^shop_page_cache_bytes (\S+)$/m),
    heapMiB: Math.round(figure(/^nodejs_heap_size_total_bytes (\S+)$/m) / 1024 / 1024),
    externalMiB: Math.round(figure(/^nodejs_external_memory_bytes (\S+)$/m) / 1024 / 1024),
  };
}

async function freshShop(): Promise<Shop> {
  if (!adminUrl) return startShop({ products: PRODUCTS, startTimeoutMs: 600_000 });
  const database = await createThrowawayDatabase(adminUrl);
  const shop = await startShop({ databaseUrl: database.url, products: PRODUCTS, startTimeoutMs: 600_000 });
  return {
    ...shop,
    stop: async () => {
      await shop.stop();
      await database.drop();
    },
  };
}

reportMachineLoad();
const shop = await freshShop();
const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];
// The kernel's high-water mark as the shop opens: the highest RSS at any moment of opening (the catalogue's load included).
const highestOpening = highestRssMiB(shop.pid);
let opened = 0;
try {
  const all = await handles(shop.url);
  if (all.length < 2) throw new Error("the catalog has too few products");
  const hot = `/products/${all[0]!}`;
  // At rest once open: past the first quiet spell, when the server gives back what opening it took.
  opened = rssMiB(shop.pid);
  await pause(2 * QUIET_MS + 3000);
  const atRestOpened = rssMiB(shop.pid);
  const scenarios: { id: string; title: string; path: () => string }[] = [
    { id: "round-robin", title: `product pages round-robin over ${all.length} handles`, path: (() => {
      let next = 0;
      return () => `/products/${all[next++ % all.length]!}`;
    })() },
    { id: "hot-page", title: `one product page (${hot})`, path: () => hot },
  ];
  for (const scenario of scenarios) {
    const run = (seconds: number) =>
      autocannon({
        url: shop.url,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [{ method: "GET", headers: BROWSER, setupRequest: (request) => ({ ...request, path: scenario.path() }) }],
      });
    process.stdout.write(`${scenario.id}: warm-up ${WARMUP} s… `);
    if (WARMUP > 0) await run(WARMUP);
    const metricsBefore = await pageCacheMetrics(shop.url);
    const cpuBefore = processCpuMs(shop.pid);
    let peak = rssMiB(shop.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(shop.pid))), 250);
    process.stdout.write(`measuring ${DURATION} s… `);
    const result = await run(DURATION);
    clearInterval(sampler);
    const cpuAfter = processCpuMs(shop.pid);
    const metricsAfter = await pageCacheMetrics(shop.url);
    // What a browser gets now, for the record.
    const sample = await fetch(`${shop.url}${scenario.path()}`, { headers: BROWSER });
    await sample.arrayBuffer();
    const encoding = sample.headers.get("content-encoding") ?? "identity";
    await pause(2 * QUIET_MS + 3000);
    const atRest = rssMiB(shop.pid);
    const { heapMiB, externalMiB } = await pageCacheMetrics(shop.url);
    console.log("done");
    const cpuPerRequestMs = cpuBefore !== null && cpuAfter !== null && result.requests.total ? (cpuAfter - cpuBefore) / result.requests.total : null;
    const hits = metricsAfter.hits - metricsBefore.hits;
    const misses = metricsAfter.misses - metricsBefore.misses;
    const report = {
      id: scenario.id,
      title: scenario.title,
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      serverCpuPerRequestMs: cpuPerRequestMs,
      hitRate: hits + misses ? hits / (hits + misses) : null,
      pageCacheMiB: Math.round((metricsAfter.bytes / 1024 / 1024) * 10) / 10,
      encoding,
      rssMiB: { opened, atRestOpened, peak, atRestAfter: atRest },
      atRestAfterMiB: { heap: heapMiB, external: externalMiB },
    };
    results.push(report);
    rows.push([
      scenario.id,
      Math.round(report.requestsPerSecond),
      `${report.latencyMs.p50} / ${report.latencyMs.p99} / ${report.latencyMs.max}`,
      cpuPerRequestMs === null ? "?" : cpuPerRequestMs.toFixed(2),
      report.hitRate === null ? "?" : `${(report.hitRate * 100).toFixed(1)}%`,
      encoding,
      report.pageCacheMiB,
      // Which statuses the answers outside 2xx had, so a refusal or an outage is told apart.
      `${result.non2xx} / ${result.errors}${result.non2xx ? ` (${Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith("2")).map(([code, stats]) => `${stats.count}× ${code}`).join(", ")})` : ""}`,
      `${atRestOpened} → ${peak} → ${atRest}`,
      `${heapMiB} / ${externalMiB}`,
    ]);
  }
} finally {
  const highestOverall = highestRssMiB(shop.pid);
  console.log(`RSS once open ${opened} MiB, highest while opening ${highestOpening} MiB, highest at any moment ${highestOverall} MiB`);
  results.push({ id: "opening", rssMiB: { opened, highestOpening, highestOverall } });
  await shop.stop();
}

printTable(["scenario", "req/s", "latency p50 / p99 / max ms", "server CPU ms/req", "cache hits", "encoding", "page cache MiB", "non-2xx / errors", "RSS MiB at rest → peak → at rest", "then V8 heap / outside it MiB"], rows);
console.log(`Wrote ${writeResult("page-spread", { date: new Date().toISOString(), command: process.argv.slice(1).join(" "), machine: machine(), database: shop.database, products: PRODUCTS, connections: CONNECTIONS, duration: DURATION, scenarios: results })}`);
