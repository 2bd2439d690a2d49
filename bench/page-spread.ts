/**
 * Product pages the way real traffic asks for them: round-robin over the
 * handles of a generated catalog (10,000 products by default), so most
 * requests miss the page cache, next to one hot page asked for again and
 * again, then product pages, listings and searches on every site at once
 * (each site's catalogue in use), all from the shop as `npm start` runs it, as a browser asks
 * (`Accept-Encoding: gzip, deflate, br, zstd`).
 *
 *   npm exec -- node bench/page-spread.ts [--products 10000] [--connections 20] [--duration 10] [--warmup 3] [--database-url postgres://…] [--node-flags "…"]
 *
 * Run `npm run build` first. Per scenario: requests/s, latency p50 / p99 /
 * max, the server's CPU per request (from /proc), its peak RSS during the
 * window and its RSS once at rest after it (with V8's heap and the memory outside it, such as kept pages), the answers' encodings, and the
 * page cache's size and hit rate from `/metrics`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { QUIET_MS } from "../src/server/quiet-memory.ts";
import { type Shop, createThrowawayDatabase, highestRssMiB, machine, printTable, processCpuMs, reportMachineLoad, residentByKind, rssMiB, startShop, writeResult } from "./shop.ts";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const PRODUCTS = Number(argument("products") ?? 10_000);
const CONNECTIONS = Number(argument("connections") ?? 20);
const DURATION = Number(argument("duration") ?? 10);
const WARMUP = Number(argument("warmup") ?? 3);
const adminUrl = argument("database-url");
// The server's V8 flags in place of its own (node-flags.ts), to compare: `--node-flags "--max-semi-space-size=8"`.
const nodeFlags = argument("node-flags")?.split(" ").filter(Boolean);
/** Each site's path prefix ("" for the base site), from the shop's settings. */
const SITE_PATHS: string[] = (JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "config", "settings.json"), "utf8")) as { geo: { sites: { path: string }[] } }).geo.sites.map((site) => site.path);
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

/** The page cache's lookups (hits, misses) and bytes, and what V8's heap and the memory outside it hold, from `/metrics` (a request from this machine may read it). */
async function pageCacheMetrics(url: string): Promise<{ hits: number; misses: number; bytes: number; heapMiB: number; externalMiB: number; memory: MemoryParts }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const figure = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  const mib = (pattern: RegExp) => Math.round(figure(pattern) / 1024 / 1024);
  return {
    hits: figure(/^shop_page_cache_lookups\{result="hit"\} (\S+)$/m),
    misses: figure(/^shop_page_cache_lookups\{result="miss"\} (\S+)$/m),
    bytes: figure(/^shop_page_cache_bytes (\S+)$/m),
    heapMiB: mib(/^nodejs_heap_size_total_bytes (\S+)$/m),
    externalMiB: mib(/^nodejs_external_memory_bytes (\S+)$/m),
    memory: {
      heapUsed: mib(/^nodejs_heap_size_used_bytes (\S+)$/m),
      heapTotal: mib(/^nodejs_heap_size_total_bytes (\S+)$/m),
      youngTotal: mib(/^nodejs_heap_space_size_total_bytes\{space="new"\} (\S+)$/m),
      external: mib(/^nodejs_external_memory_bytes (\S+)$/m),
      arrayBuffers: mib(/^shop_array_buffers_bytes (\S+)$/m),
      pageCache: mib(/^shop_page_cache_bytes (\S+)$/m),
    },
  };
}

/** What the server's memory is made of at one moment, MiB. */
interface MemoryParts {
  heapUsed: number;
  heapTotal: number;
  youngTotal: number;
  external: number;
  arrayBuffers: number;
  pageCache: number;
}

/** One moment's memory in a line: RSS, V8's heap (used / committed, the young generation's share), external (Buffers, the page cache's share), RSS by kind of mapping. */
function describeMemory(rss: number, memory: MemoryParts, maps: ReturnType<typeof residentByKind>): string {
  return `RSS ${rss} = V8 heap ${memory.heapTotal} (used ${memory.heapUsed}, young ${memory.youngTotal}) + external ${memory.external} (buffers ${memory.arrayBuffers}, page cache ${memory.pageCache}) + the rest ${rss - memory.heapTotal - memory.external}; by mapping: malloc heap ${maps.mallocHeap}, thread arenas ${maps.threadArenas}, other anonymous ${maps.otherAnonymous}, files ${maps.files}`;
}

async function freshShop(): Promise<Shop> {
  if (!adminUrl) return startShop({ products: PRODUCTS, startTimeoutMs: 600_000, ...(nodeFlags ? { nodeFlags } : {}) });
  const database = await createThrowawayDatabase(adminUrl);
  const shop = await startShop({ databaseUrl: database.url, products: PRODUCTS, startTimeoutMs: 600_000, ...(nodeFlags ? { nodeFlags } : {}) });
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
  const budget = await (await fetch(`${shop.url}/metrics`)).text();
  const budgetPart = (part: string) => Math.round(Number(new RegExp(`^shop_memory_budget_bytes\\{part="${part}"\\} (\\S+)$`, "m").exec(budget)?.[1] ?? 0) / 1024 / 1024);
  console.log(`memory budget ${budgetPart("budget")} MiB: open ${budgetPart("open")}, working ${budgetPart("working")}, page cache ${budgetPart("page_cache")}, pictures ${budgetPart("renditions")}`);
  console.log(`at rest once open: ${describeMemory(atRestOpened, (await pageCacheMetrics(shop.url)).memory, residentByKind(shop.pid))}`);
  const scenarios: { id: string; title: string; path: () => string }[] = [
    { id: "round-robin", title: `product pages round-robin over ${all.length} handles`, path: (() => {
      let next = 0;
      return () => `/products/${all[next++ % all.length]!}`;
    })() },
    { id: "hot-page", title: `one product page (${hot})`, path: () => hot },
    // Every site's catalogue in use at once: product pages round-robin over the sites, a listing by price and a search on each now and then.
    { id: "every-site", title: `product pages round-robin over ${SITE_PATHS.length} sites, a listing or search every tenth`, path: (() => {
      let next = 0;
      return () => {
        const request = next++;
        const site = SITE_PATHS[request % SITE_PATHS.length]!;
        if (request % 10 === 9) return Math.floor(request / 10) % 2 ? `${site}/search?q=serum&page=${1 + (request % 7)}` : `${site}/collections/all?sort_by=price-ascending&page=${1 + (request % 7)}`;
        return `${site}/products/${all[Math.floor(request / SITE_PATHS.length) % all.length]!}`;
      };
    })() },
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
    // Once a second, what the memory is made of; the moment of the highest RSS is reported.
    let highestMoment = "";
    let highestSampled = 0;
    let sampling = false;
    const parts = setInterval(() => {
      if (sampling) return;
      sampling = true;
      void pageCacheMetrics(shop.url)
        .then(({ memory }) => {
          const rss = rssMiB(shop.pid);
          if (rss > highestSampled) {
            highestSampled = rss;
            highestMoment = describeMemory(rss, memory, residentByKind(shop.pid));
          }
        })
        .catch(() => undefined)
        .finally(() => (sampling = false));
    }, 1000);
    process.stdout.write(`measuring ${DURATION} s… `);
    const result = await run(DURATION);
    clearInterval(sampler);
    clearInterval(parts);
    const cpuAfter = processCpuMs(shop.pid);
    const metricsAfter = await pageCacheMetrics(shop.url);
    // What a browser gets now, for the record.
    const sample = await fetch(`${shop.url}${scenario.path()}`, { headers: BROWSER });
    await sample.arrayBuffer();
    const encoding = sample.headers.get("content-encoding") ?? "identity";
    await pause(2 * QUIET_MS + 3000);
    const atRest = rssMiB(shop.pid);
    const { heapMiB, externalMiB, memory: atRestMemory } = await pageCacheMetrics(shop.url);
    console.log("done");
    console.log(`  highest sampled: ${highestMoment}`);
    console.log(`  at rest after:   ${describeMemory(atRest, atRestMemory, residentByKind(shop.pid))}`);
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
