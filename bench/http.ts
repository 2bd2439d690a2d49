/**
 * HTTP throughput and latency of the shop, measured with autocannon on 127.0.0.1.
 *
 *   npm exec -- node bench/http.ts                                  PGlite in a fresh temporary DATA_DIR
 *   npm exec -- node bench/http.ts --postgres postgres://u@127.0.0.1:5432/postgres
 *                                                                    PostgreSQL: a fresh database is created there and dropped after
 *   options: --duration 10 --connections 50 --warmup 3 --only=cart-get,cart-add,cart-add-single,product-page,product-page-cart
 *            --carts N (size of the cart pool for cart-add, default = connections)
 *            --profile (a server CPU profile of each measured window → bench/results/profiles/; see bench/profile.ts)
 *
 * It builds nothing: run `npm run build` first. Exits non-zero when the shop fails to start or a scenario
 * gets errors or non-2xx answers; missing a target is reported, not a failure (this is a benchmark, not a test).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type AutocannonClient, type AutocannonResult } from "autocannon";
import {
  RESULTS_DIR,
  ServerProfiler,
  buyableProducts,
  createCart,
  createThrowawayDatabase,
  machine,
  postmasterPid,
  printTable,
  processCpuMs,
  processTreeCpuMs,
  reportMachineLoad,
  startShop,
  writeResult,
  type Shop,
  type ThrowawayDatabase,
} from "./shop.ts";

const SCENARIOS = ["cart-get", "cart-add", "cart-add-single", "product-page", "product-page-cart"] as const;
type ScenarioId = (typeof SCENARIOS)[number];

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "3" },
    only: { type: "string" },
    carts: { type: "string" },
    postgres: { type: "string" },
    profile: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});

const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const poolSize = values.carts === undefined ? connections : Number(values.carts);
for (const [name, value, min] of [
  ["--duration", duration, 1],
  ["--connections", connections, 1],
  ["--warmup", warmup, 0],
  ["--carts", poolSize, 1],
] as const) {
  if (!Number.isInteger(value) || value < min || value > 100_000) {
    console.error(`${name} must be a whole number ≥ ${min}`);
    process.exit(2);
  }
}
const selected: ScenarioId[] = values.only
  ? values.only.split(",").map((id) => {
      const trimmed = id.trim();
      if (!(SCENARIOS as readonly string[]).includes(trimmed)) {
        console.error(`Unknown scenario "${trimmed}"; choose from ${SCENARIOS.join(", ")}`);
        process.exit(2);
      }
      return trimmed as ScenarioId;
    })
  : [...SCENARIOS];
const postgresUrl = values.postgres ?? (process.env.DATABASE_URL || undefined);
if (postgresUrl && !/^postgres(ql)?:\/\//.test(postgresUrl)) {
  console.error("--postgres / DATABASE_URL must be a postgres:// URL");
  process.exit(2);
}

interface ScenarioSetup {
  title: string;
  method: "GET" | "POST";
  path: string;
  /** Headers and body per connection (index = connection number). */
  perConnection: (connection: number) => { headers: Record<string, string>; body?: string };
  /** Items in the carts this scenario adds to: compared before and after the run with autocannon's count of 2xx answers. */
  itemsInCarts?: () => Promise<number>;
}

interface ScenarioReport {
  id: ScenarioId;
  title: string;
  method: string;
  path: string;
  requestsPerSecond: { average: number; stddev: number; min: number; max: number };
  latencyMs: { average: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  requests: number;
  status2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  serverCpuPercent: number | null;
  /** Server CPU time per completed request: the cost that caps throughput (1000 / this = req/s one core can serve). */
  serverCpuMsPerRequest: number | null;
  /** CPU use of the PostgreSQL server (postmaster and backends) when it runs on this machine. */
  postgresCpuPercent: number | null;
  loadGeneratorCpuPercent: number;
  check?: string;
  target?: string;
  targetMet?: boolean;
}

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

async function main(): Promise<number> {
  let database: ThrowawayDatabase | undefined;
  let shop: Shop | undefined;
  let profiler: ServerProfiler | undefined;
  const reports: ScenarioReport[] = [];
  let failed = false;
  try {
    reportMachineLoad();
    if (postgresUrl) {
      database = await createThrowawayDatabase(postgresUrl);
      console.log(`PostgreSQL: fresh database ${new URL(database.url).pathname.slice(1)}`);
    }
    const started = Date.now();
    shop = await startShop({ databaseUrl: database?.url, inspect: values.profile, verbose: values.verbose });
    profiler = shop.inspectorUrl ? await ServerProfiler.connect(shop.inspectorUrl) : undefined;
    console.log(`Shop on ${shop.database} at ${shop.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

    const postgresPid = database ? await postmasterPid(database.url) : null;
    const products = await buyableProducts(shop.url);
    const variants = products.flatMap((product) => product.variants.map((variant) => variant.id));
    const threeVariants = variants.slice(0, 3);
    const product = products[0]!;
    console.log(`Product page: /products/${product.handle}; variants used for carts: ${threeVariants.join(", ")}`);
    const threeLineCart = await createCart(shop.url, threeVariants);
    const cartState = (await (await fetch(`${shop.url}/cart.js`, { headers: { cookie: threeLineCart } })).json()) as { items: unknown[] };
    if (cartState.items.length !== threeVariants.length) throw new Error(`The prepared cart has ${cartState.items.length} lines, expected ${threeVariants.length}`);

    const page = await fetch(`${shop.url}/products/${product.handle}`);
    const html = await page.text();
    if (!page.ok || !page.headers.get("content-type")?.includes("text/html")) throw new Error(`GET /products/${product.handle} answered ${page.status} ${page.headers.get("content-type")}`);
    console.log(`Product page HTML: ${(html.length / 1024).toFixed(1)} KiB uncompressed`);

    const url = shop.url;
    const itemCount = async (cookie: string) =>
      ((await (await fetch(`${url}/cart.js`, { headers: { cookie } })).json()) as { item_count: number }).item_count;

    const setups: Record<ScenarioId, () => Promise<ScenarioSetup>> = {
      "cart-get": async () => ({
        title: `GET /cart.js (one cart, ${threeVariants.length} lines)`,
        method: "GET",
        path: "/cart.js",
        perConnection: () => ({ headers: { cookie: threeLineCart, accept: "application/json" } }),
      }),
      "cart-add": async () => {
        const pool: string[] = [];
        for (let index = 0; index < poolSize; index++) pool.push(await createCart(url, [variants[index % variants.length]!]));
        return {
          title: `POST /cart/add.js (pool of ${poolSize} carts, one per connection)`,
          method: "POST",
          path: "/cart/add.js",
          perConnection: (connection) => ({
            headers: { ...JSON_HEADERS, cookie: pool[connection % pool.length]! },
            body: JSON.stringify({ id: variants[connection % variants.length], quantity: 1 }),
          }),
          itemsInCarts: async () => (await Promise.all(pool.map(itemCount))).reduce((total, count) => total + count, 0),
        };
      },
      "cart-add-single": async () => {
        const cookie = await createCart(url, [threeVariants[0]!]);
        return {
          title: "POST /cart/add.js (all connections on one cart)",
          method: "POST",
          path: "/cart/add.js",
          perConnection: () => ({ headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify({ id: threeVariants[0], quantity: 1 }) }),
          itemsInCarts: () => itemCount(cookie),
        };
      },
      "product-page": async () => ({
        title: `GET /products/${product.handle} HTML (new visitor, no cookie)`,
        method: "GET",
        path: `/products/${product.handle}`,
        perConnection: () => ({ headers: { accept: "text/html" } }),
      }),
      "product-page-cart": async () => ({
        title: `GET /products/${product.handle} HTML (cart cookie, ${threeVariants.length} lines)`,
        method: "GET",
        path: `/products/${product.handle}`,
        perConnection: () => ({ headers: { accept: "text/html", cookie: threeLineCart } }),
      }),
    };

    for (const id of selected) {
      const setup = await setups[id]();
      const run = async (seconds: number) => {
        let connection = 0;
        return autocannon({
          url: url + setup.path,
          method: setup.method,
          connections,
          duration: seconds,
          timeout: 10,
          setupClient: (client: AutocannonClient) => {
            const { headers, body } = setup.perConnection(connection++);
            if (body === undefined) client.setHeaders(headers);
            else client.setHeadersAndBody(headers, body);
          },
        });
      };
      process.stdout.write(`${id}: `);
      if (warmup > 0) {
        process.stdout.write(`warm-up ${warmup} s… `);
        await run(warmup);
      }
      process.stdout.write(`measuring ${duration} s… `);
      const itemsBefore = setup.itemsInCarts ? await setup.itemsInCarts() : 0;
      const serverCpuBefore = processCpuMs(shop.pid);
      const postgresCpuBefore = postgresPid ? processTreeCpuMs(postgresPid) : null;
      const ownCpuBefore = process.cpuUsage();
      await profiler?.start();
      const wallBefore = performance.now();
      const result = await run(duration);
      const wall = performance.now() - wallBefore;
      const profileFile = path.join(RESULTS_DIR, "profiles", `http-${shop.database}-${id}.cpuprofile`);
      await profiler?.stop(profileFile);
      const serverCpuAfter = processCpuMs(shop.pid);
      const postgresCpuAfter = postgresPid ? processTreeCpuMs(postgresPid) : null;
      const ownCpu = process.cpuUsage(ownCpuBefore);
      // Requests cut off at the stop may still complete on the server, so the carts can hold a few more items than counted.
      const check = setup.itemsInCarts
        ? `carts grew by ${(await setup.itemsInCarts()) - itemsBefore} items; autocannon counted ${result["2xx"]} answers 2xx`
        : undefined;
      const report: ScenarioReport = {
        id,
        title: setup.title,
        method: setup.method,
        path: setup.path,
        requestsPerSecond: {
          average: result.requests.average,
          stddev: result.requests.stddev,
          min: result.requests.min,
          max: result.requests.max,
        },
        latencyMs: {
          average: result.latency.average,
          p50: result.latency.p50,
          p90: result.latency.p90,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        requests: result.requests.total,
        status2xx: result["2xx"],
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count])),
        serverCpuPercent:
          serverCpuBefore === null || serverCpuAfter === null ? null : Math.round(((serverCpuAfter - serverCpuBefore) / wall) * 100),
        serverCpuMsPerRequest:
          serverCpuBefore === null || serverCpuAfter === null || !result.requests.total
            ? null
            : Math.round(((serverCpuAfter - serverCpuBefore) / result.requests.total) * 100) / 100,
        postgresCpuPercent:
          postgresCpuBefore === null || postgresCpuAfter === null ? null : Math.round(((postgresCpuAfter - postgresCpuBefore) / wall) * 100),
        loadGeneratorCpuPercent: Math.round(((ownCpu.user + ownCpu.system) / 1000 / wall) * 100),
        ...(check ? { check } : {}),
        ...target(id, shop.database, result),
      };
      reports.push(report);
      console.log(`${Math.round(report.requestsPerSecond.average)} req/s`);
      if (check) console.log(`  check: ${check}`);
      if (profiler) console.log(`  profile: ${path.relative(process.cwd(), profileFile)}`);
      if (result.errors || result.non2xx || result.timeouts) {
        failed = true;
        console.error(`  FAILED: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers (${JSON.stringify(report.statusCodes)})`);
      }
    }

    console.log(`\n${shop.database}, ${connections} connections, ${duration} s per scenario (after ${warmup} s warm-up), ${machine().cpus} CPUs\n`);
    printTable(
      ["scenario", "req/s avg", "p50 ms", "p97.5 ms", "p99 ms", "max ms", "failed", "server CPU", "CPU ms/req", ...(postgresPid ? ["PostgreSQL CPU"] : []), "load gen CPU", "target"],
      reports.map((report) => [
        report.title,
        Math.round(report.requestsPerSecond.average),
        report.latencyMs.p50,
        report.latencyMs.p97_5,
        report.latencyMs.p99,
        report.latencyMs.max,
        report.non2xx + report.errors,
        report.serverCpuPercent === null ? "?" : `${report.serverCpuPercent}%`,
        report.serverCpuMsPerRequest ?? "?",
        ...(postgresPid ? [report.postgresCpuPercent === null ? "?" : `${report.postgresCpuPercent}%`] : []),
        `${report.loadGeneratorCpuPercent}%`,
        report.target ? `${report.target}: ${report.targetMet ? "met" : "NOT met"}` : "",
      ]),
    );
    const file = writeResult(`http-${shop.database}`, {
      date: new Date().toISOString(),
      machine: machine(),
      database: shop.database,
      command: process.argv.slice(1).join(" "),
      options: { duration, connections, warmup, carts: poolSize },
      productHandle: product.handle,
      variants: threeVariants,
      scenarios: reports,
    });
    console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    failed = true;
  } finally {
    profiler?.close();
    await shop?.stop().catch((error: unknown) => console.error("Stopping the shop failed:", error));
    await database?.drop().catch((error: unknown) => console.error("Dropping the database failed:", error));
  }
  return failed ? 1 : 0;
}

/** The targets (issue 2 §7), for display. */
function target(id: ScenarioId, database: Shop["database"], result: AutocannonResult): { target?: string; targetMet?: boolean } {
  if (id === "cart-add") {
    const rate = database === "postgres" ? 1500 : 800;
    return {
      target: `≥ ${rate} req/s, p99 ≤ 50 ms`,
      targetMet: result.requests.average >= rate && result.latency.p99 <= 50,
    };
  }
  if (id === "product-page") return { target: "≥ 500 req/s", targetMet: result.requests.average >= 500 };
  return {};
}

process.exitCode = await main();
