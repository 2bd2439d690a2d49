/**
 * HTTP throughput and latency of the shop, measured with autocannon on 127.0.0.1.
 *
 *   npm exec -- node bench/http.ts                                  PGlite in a fresh temporary DATA_DIR
 *   npm exec -- node bench/http.ts --postgres postgres://u@127.0.0.1:5432/postgres
 *                                                                    PostgreSQL: a fresh database is created there and dropped after
 *   options: --duration 10 --connections 50 --warmup 3 --only=cart-get,cart-add,cart-add-gifts,cart-add-single,raw-transaction,raw-cart-apply,product-page,product-page-gzip,product-page-cart,collection-fragment
 *            --carts N (size of the cart pool for cart-add, default = connections)
 *            --profile (a server CPU profile of each measured window → bench/results/profiles/; see bench/profile.ts)
 *            --products N (PostgreSQL only: the throwaway database is seeded with N generated products, `npm run seed -- --products N`,
 *                          instead of the demo catalog)
 *   PAGE_CACHE_MB=0 in the environment starts the shop without its page cache, so every page is rendered.
 *            --node-flags "…" (V8 flags for the server in place of SERVER_NODE_FLAGS, to compare; "" for V8's defaults)
 *
 * cart-add-gifts: the demo settings' gift groups (config/settings.json, `sideCart.freeGiftsData`) at work. Each
 * connection is one shopper whose cart is past the automatic gifts' thresholds and holds those gifts, added
 * the way the side cart adds them (gift line properties); each request adds one paid item, so the server
 * applies the gift rule to a cart with gift lines on every add. After the run it checks the gifts are still there.
 *
 * raw-transaction, raw-cart-apply (PostgreSQL only): no HTTP and no shop, the database alone, from this process
 * through a pool of as many connections as the shop's: one loop per connection, each adding one item to its own
 * cart, as the five round trips an add used to make (begin, upsert … returning, stock select, update, commit) and
 * as the one `cart_apply` statement it makes now. The add to cart is measured against them in the same run.
 *
 * It builds nothing: run `npm run build` first. Exits non-zero when the shop fails to start or a scenario
 * gets errors or non-2xx answers; missing a target is reported, not a failure (this is a benchmark, not a test).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import autocannon, { type AutocannonClient, type AutocannonResult, type Histogram } from "autocannon";
import pg from "pg";
import {
  ROOT,
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
  rssMiB,
  startShop,
  writeResult,
  type Shop,
  type ThrowawayDatabase,
} from "./shop.ts";

const SCENARIOS = ["cart-get", "cart-add", "cart-add-gifts", "cart-add-single", "raw-transaction", "raw-cart-apply", "product-page", "product-page-gzip", "product-page-cart", "collection-fragment"] as const;
/** Scenarios that talk to PostgreSQL straight from this process, without the shop: the floor an add to cart is measured against. */
const RAW_SCENARIOS: readonly ScenarioId[] = ["raw-transaction", "raw-cart-apply"];
/** The shop's own pool of database connections (src/platform/db/database.ts); the raw scenarios use as many. */
const SHOP_DATABASE_POOL = 10;
type ScenarioId = (typeof SCENARIOS)[number];

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "3" },
    only: { type: "string" },
    carts: { type: "string" },
    postgres: { type: "string" },
    products: { type: "string" },
    profile: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    "node-flags": { type: "string" },
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
const generatedProducts = values.products === undefined ? undefined : Number(values.products);
if (generatedProducts !== undefined && (!Number.isInteger(generatedProducts) || generatedProducts < 1 || generatedProducts > 100_000 || !postgresUrl)) {
  console.error("--products takes a whole number from 1 to 100000, with --postgres");
  process.exit(2);
}

interface ScenarioSetup {
  title: string;
  method: "GET" | "POST" | "SQL";
  path: string;
  /** A raw scenario runs this instead of autocannon: `connections` loops of one database call each, for `seconds`. */
  raw?: (seconds: number) => Promise<AutocannonResult>;
  /** Headers and body per connection (index = connection number). */
  perConnection: (connection: number) => { headers: Record<string, string>; body?: string };
  /** Items in the carts this scenario adds to: compared before and after the run with autocannon's count of 2xx answers. */
  itemsInCarts?: () => Promise<number>;
  /** Another check after the run, described in words (e.g. the gift lines are still in the carts). */
  afterRun?: () => Promise<string>;
  /** Lets go of what the scenario opened. */
  close?: () => Promise<void>;
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
  /** The server's resident memory: its peak during the window (sampled every 250 ms) and at its end. */
  serverRssMiB: { peak: number; end: number };
  check?: string;
  target?: string;
  targetMet?: boolean;
}

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

/** Line properties the side cart posts with a gift it adds by itself (src/core/cart/free-gifts.ts). */
const GIFT_LINE_PROPERTIES = { gift: "_is-free-gift-item", automatic: "_is-automatic-free-gift-item", group: "_gift-group" } as const;

interface GiftGroupSetting {
  key: string;
  enabled: boolean;
  products: { handle: string; min_spend: string | number | null; auto_add: boolean }[];
}

/** The gift groups of the settings file the shop loads (SETTINGS_FILE, by default config/settings.json). */
function giftGroupsFromSettings(): GiftGroupSetting[] {
  const file = path.resolve(ROOT, process.env.SETTINGS_FILE || "config/settings.json");
  const settings = JSON.parse(readFileSync(file, "utf8")) as { sideCart?: { freeGiftsData?: GiftGroupSetting[] } };
  return settings.sideCart?.freeGiftsData ?? [];
}

interface CartLine {
  quantity: number;
  properties: Record<string, string> | null;
}

/** Gift lines of a cart: lines carrying the gift-group property. */
const giftLinesOf = (items: CartLine[]) => items.filter((item) => item.properties?.[GIFT_LINE_PROPERTIES.group]);

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
      if (generatedProducts) {
        execFileSync("npm", ["run", "seed", "--", "--products", String(generatedProducts)], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url }, stdio: "ignore" });
        console.log(`Seeded ${generatedProducts} generated products`);
      }
    }
    const started = Date.now();
    // autocannon keeps sending on a connection the server asked to close after its 1,000th request, and counts the
    // server's 503 answers to what follows as failures: the cap on requests per connection is lifted for the benchmark.
    shop = await startShop({
      databaseUrl: database?.url,
      inspect: values.profile,
      verbose: values.verbose,
      env: { MAX_REQUESTS_PER_CONNECTION: "1000000" },
      ...(values["node-flags"] === undefined ? {} : { nodeFlags: values["node-flags"].split(/\s+/).filter(Boolean) }),
    });
    profiler = shop.inspectorUrl ? await ServerProfiler.connect(shop.inspectorUrl) : undefined;
    console.log(`Shop on ${shop.database} at ${shop.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; page cache ${process.env.PAGE_CACHE_MB === "0" ? "off" : "on"})`);

    const postgresPid = database ? await postmasterPid(database.url) : null;
    const products = await buyableProducts(shop.url);
    const variants = products.flatMap((product) => product.variants.map((variant) => variant.id));
    const threeVariants = variants.slice(0, 3);
    const product = products[0]!;
    console.log(`Product page: /products/${product.handle}; variants used for carts: ${threeVariants.join(", ")}`);
    const threeLineCart = await createCart(shop.url, threeVariants);
    const cartState = (await (await fetch(`${shop.url}/cart.js`, { headers: { cookie: threeLineCart } })).json()) as { items: CartLine[] };
    // The shop adds the automatic gifts the cart earns: count the paid lines.
    const paidLines = cartState.items.length - giftLinesOf(cartState.items).length;
    if (paidLines !== threeVariants.length) throw new Error(`The prepared cart has ${paidLines} paid lines, expected ${threeVariants.length}`);

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
      "cart-add-gifts": async () => {
        // The automatic gifts the demo settings offer: one per enabled group, with its spend threshold in minor units.
        const automatic = giftGroupsFromSettings()
          .filter((group) => group.enabled)
          .flatMap((group) => {
            const gift = group.products.find((product) => product.auto_add);
            return gift ? [{ group: group.key, handle: gift.handle, minSpend: Math.round(Number(gift.min_spend ?? 0) * 100) }] : [];
          });
        if (!automatic.length) throw new Error("cart-add-gifts: the settings file has no enabled gift group with an automatic gift");
        const giftVariants = new Map<string, number>();
        for (const gift of automatic) {
          const response = await fetch(`${url}/products/${gift.handle}.js`);
          if (!response.ok) throw new Error(`cart-add-gifts: GET /products/${gift.handle}.js answered ${response.status}`);
          const variant = ((await response.json()) as { variants: { id: number }[] }).variants[0];
          if (variant) giftVariants.set(gift.handle, variant.id);
        }
        const spendNeeded = Math.max(...automatic.map((gift) => gift.minSpend));
        const readCart = async (cookie: string) =>
          (await (await fetch(`${url}/cart.js`, { headers: { cookie, accept: "application/json" } })).json()) as { total_price: number; items: CartLine[] };
        const post = (cookie: string, body: unknown) =>
          fetch(`${url}/cart/add.js`, { method: "POST", headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify(body) });

        // One cart per connection: paid lines past every automatic gift's threshold. The shop adds the automatic gifts
        // itself; posting them again is refused once they are there (the group's limit), as it should be.
        const pool: string[] = [];
        let refused = 0;
        for (let index = 0; index < poolSize; index++) {
          const paid = [0, 1, 2].map((offset) => variants[(index + offset) % variants.length]!);
          const cookie = await createCart(url, paid);
          for (let topUps = 0; (await readCart(cookie)).total_price < spendNeeded && topUps < 20; topUps++) {
            const response = await post(cookie, { id: paid[0], quantity: 1 });
            if (!response.ok) throw new Error(`cart-add-gifts: topping up a cart answered ${response.status}: ${await response.text()}`);
          }
          for (const gift of automatic) {
            const id = giftVariants.get(gift.handle);
            if (id === undefined) continue;
            const properties = { [GIFT_LINE_PROPERTIES.gift]: "true", [GIFT_LINE_PROPERTIES.automatic]: "true", [GIFT_LINE_PROPERTIES.group]: gift.group };
            const response = await post(cookie, { items: [{ id, quantity: 1, properties }] });
            // The server refuses a gift its rule does not allow now (422), e.g. a group outside its dates.
            if (!response.ok) refused += 1;
            await response.arrayBuffer();
          }
          pool.push(cookie);
        }
        const giftLines = async () => (await Promise.all(pool.map(async (cookie) => giftLinesOf((await readCart(cookie)).items).length))).reduce((total, count) => total + count, 0);
        const giftsBefore = await giftLines();
        if (giftsBefore === 0) throw new Error("cart-add-gifts: the server kept no gift line in the prepared carts");
        const sample = await readCart(pool[0]!);
        console.log(
          `  cart-add-gifts: ${poolSize} carts of ${sample.items.length} lines (${sample.total_price / 100} in the first), ${giftsBefore} gift lines in all` +
            `${refused ? `, ${refused} gift adds refused by the server` : ""}`,
        );
        return {
          title: `POST /cart/add.js (pool of ${poolSize} carts with automatic gift lines, one per connection)`,
          method: "POST",
          path: "/cart/add.js",
          perConnection: (connection) => ({
            headers: { ...JSON_HEADERS, cookie: pool[connection % pool.length]! },
            body: JSON.stringify({ id: variants[connection % variants.length], quantity: 1 }),
          }),
          itemsInCarts: async () => (await Promise.all(pool.map(itemCount))).reduce((total, count) => total + count, 0),
          afterRun: async () => `gift lines in the carts: ${giftsBefore} before, ${await giftLines()} after`,
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
      "raw-transaction": async () => rawScenario("raw-transaction", database?.url, variants),
      "raw-cart-apply": async () => rawScenario("raw-cart-apply", database?.url, variants),
      "product-page": async () => ({
        title: `GET /products/${product.handle} HTML (new visitor, no cookie)`,
        method: "GET",
        path: `/products/${product.handle}`,
        perConnection: () => ({ headers: { accept: "text/html" } }),
      }),
      // As a browser asks for it: the kept page's gzipped copy, with the answer's own nonce.
      "product-page-gzip": async () => ({
        title: `GET /products/${product.handle} HTML (new visitor, Accept-Encoding: gzip)`,
        method: "GET",
        path: `/products/${product.handle}`,
        perConnection: () => ({ headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br, zstd" } }),
      }),
      // A shopper with a cart: the page kept for their cart's item count, which the header shows.
      "product-page-cart": async () => ({
        title: `GET /products/${product.handle} HTML (cart cookie, ${threeVariants.length} lines)`,
        method: "GET",
        path: `/products/${product.handle}`,
        perConnection: () => ({ headers: { accept: "text/html", cookie: threeLineCart } }),
      }),
      // What the collection's filters fetch: the filtered area alone, swapped into the page.
      "collection-fragment": async () => ({
        title: "GET /collections/face/skin-type-dry?view=ajax (the filtered area)",
        method: "GET",
        path: "/collections/face/skin-type-dry?view=ajax",
        perConnection: () => ({ headers: { accept: "text/html" } }),
      }),
    };

    for (const id of selected) {
      if (RAW_SCENARIOS.includes(id) && !database) {
        console.log(`${id}: skipped (PostgreSQL only: the embedded database lives inside the shop's process)`);
        continue;
      }
      const setup = await setups[id]();
      const run = async (seconds: number) => {
        if (setup.raw) return setup.raw(seconds);
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
      let rssPeak = rssMiB(shop.pid);
      const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(shop!.pid))), 250);
      const result = await run(duration);
      clearInterval(rssSampler);
      const wall = performance.now() - wallBefore;
      const profileFile = path.join(RESULTS_DIR, "profiles", `http-${shop.database}-${id}.cpuprofile`);
      await profiler?.stop(profileFile);
      const serverCpuAfter = processCpuMs(shop.pid);
      const postgresCpuAfter = postgresPid ? processTreeCpuMs(postgresPid) : null;
      const ownCpu = process.cpuUsage(ownCpuBefore);
      // Requests cut off at the stop may still complete on the server, so the carts can hold a few more items than counted.
      const checks = [
        setup.itemsInCarts ? `carts grew by ${(await setup.itemsInCarts()) - itemsBefore} items; autocannon counted ${result["2xx"]} answers 2xx` : undefined,
        setup.afterRun ? await setup.afterRun() : undefined,
      ].filter((text): text is string => text !== undefined);
      const check = checks.length ? checks.join("; ") : undefined;
      await setup.close?.();
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
        serverRssMiB: { peak: rssPeak, end: rssMiB(shop.pid) },
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
      ["scenario", "req/s avg", "p50 ms", "p97.5 ms", "p99 ms", "max ms", "failed", "server CPU", "CPU ms/req", ...(postgresPid ? ["PostgreSQL CPU"] : []), "load gen CPU", "RSS peak MiB", "target"],
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
        report.serverRssMiB.peak,
        report.target ? `${report.target}: ${report.targetMet ? "met" : "NOT met"}` : "",
      ]),
    );
    const rateOf = (scenario: ScenarioId) => reports.find((report) => report.id === scenario)?.requestsPerSecond.average;
    const raw = rateOf("raw-transaction");
    for (const scenario of ["cart-add", "cart-add-gifts", "raw-cart-apply"] as const) {
      const rate = rateOf(scenario);
      if (raw && rate) console.log(`${scenario}: ${Math.round((rate / raw) * 100)}% of the raw five-round-trip transaction's rate in this run`);
    }
    const file = writeResult(`http-${shop.database}`, {
      date: new Date().toISOString(),
      machine: machine(),
      database: shop.database,
      command: process.argv.slice(1).join(" "),
      options: { duration, connections, warmup, carts: poolSize, products: generatedProducts ?? null, pageCache: process.env.PAGE_CACHE_MB !== "0" },
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

/** The SQL of an add to cart before it was one round trip: begin, lock the cart (upsert … returning), read stock, write, commit. */
const FIVE_ROUND_TRIPS = {
  lock: "insert into carts (token) values ($1) on conflict (token) do update set token = excluded.token returning token, note, attributes, lines, discount_codes, line_seq, currency",
  stock: "select id, inventory_management, inventory_policy, inventory_quantity from variants where id = any($1::bigint[])",
  save: "update carts set note = $2, attributes = $3, lines = $4, discount_codes = $5, line_seq = $6, currency = $7, updated_at = now() where token = $1",
};

interface RawLine {
  key: string;
  variant_id: number;
  quantity: number;
}

/**
 * What an add to cart costs the database without the shop: `connections` loops, one cart each, adding one item
 * to the cart's line through a pool of as many database connections as the shop has. `raw-transaction` is the
 * five round trips an add used to make; `raw-cart-apply` the one statement it makes now (migration 026).
 */
async function rawScenario(id: "raw-transaction" | "raw-cart-apply", url: string | undefined, variants: number[]): Promise<ScenarioSetup> {
  if (!url) throw new Error(`${id} needs PostgreSQL`);
  const pool = new pg.Pool({ connectionString: url, max: SHOP_DATABASE_POOL });
  const carts = Array.from({ length: connections }, (_, index) => {
    const variant = variants[index % variants.length]!;
    return { token: randomBytes(16).toString("hex"), variant, stockIds: [...new Set([variant, variants[0]!])].sort((a, b) => a - b), version: null as string | null };
  });
  const linesOf = (cart: (typeof carts)[number], lines: RawLine[] | null): RawLine[] => {
    const line = lines?.[0] ?? { key: `${cart.variant}:raw`, variant_id: cart.variant, quantity: 0 };
    return [{ ...line, quantity: line.quantity + 1 }];
  };
  const transaction = async (cart: (typeof carts)[number]) => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const { rows } = await client.query<{ lines: RawLine[] }>(FIVE_ROUND_TRIPS.lock, [cart.token]);
      await client.query(FIVE_ROUND_TRIPS.stock, [cart.stockIds]);
      await client.query(FIVE_ROUND_TRIPS.save, [cart.token, null, "{}", JSON.stringify(linesOf(cart, rows[0]?.lines ?? null)), [], 1, "USD"]);
      await client.query("commit");
    } finally {
      client.release();
    }
  };
  // The stock as the database has it, so every call finds it as seen (the shop learns it the same way).
  const stock: Record<string, unknown[]> = {};
  for (const row of (await pool.query(FIVE_ROUND_TRIPS.stock, [[...new Set(carts.flatMap((cart) => cart.stockIds))]])).rows) {
    stock[String(row.id)] = [row.inventory_management, row.inventory_policy, Number(row.inventory_quantity)];
  }
  const lines = new Map<string, RawLine[] | null>();
  const apply = async (cart: (typeof carts)[number]) => {
    const expected = Object.fromEntries(cart.stockIds.map((stockId) => [String(stockId), stock[String(stockId)]]).filter(([, row]) => row !== undefined));
    const next = linesOf(cart, lines.get(cart.token) ?? null);
    const { rows } = await pool.query<{ applied: boolean; version: string; lines: RawLine[] | null }>(
      "select * from cart_apply($1, $2, $3::bigint[], $4::jsonb, true, null, '{}'::jsonb, $5::jsonb, '{}'::text[], 1, 'USD')",
      [cart.token, cart.version, cart.stockIds, JSON.stringify(expected), JSON.stringify(next)],
    );
    const answer = rows[0];
    if (!answer?.applied) throw new Error(`cart_apply did not apply: the bench's cart ${cart.token} moved under it`);
    cart.version = answer.version;
    lines.set(cart.token, next);
  };
  const call = id === "raw-transaction" ? transaction : apply;
  return {
    title: id === "raw-transaction" ? "raw: begin, upsert … returning, stock select, update, commit" : "raw: one cart_apply statement",
    method: "SQL",
    path: id,
    perConnection: () => ({ headers: {} }),
    raw: (seconds) => runLoops(carts.length, seconds, (loop) => call(carts[loop]!)),
    itemsInCarts: async () => Number((await pool.query("select coalesce(sum((line->>'quantity')::int), 0) as items from carts, jsonb_array_elements(lines) line where token = any($1)", [carts.map((cart) => cart.token)])).rows[0]?.items ?? 0),
    close: () => pool.end(),
  };
}

/** Runs `loops` loops of `call` for `seconds`, answering in autocannon's shape (requests per second sampled each second, latency in ms). */
async function runLoops(loops: number, seconds: number, call: (loop: number) => Promise<void>): Promise<AutocannonResult> {
  const latencies: number[] = [];
  const perSecond: number[] = [];
  let errors = 0;
  let inThisSecond = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const ticker = setInterval(() => {
    perSecond.push(inThisSecond);
    inThisSecond = 0;
  }, 1000);
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (performance.now() < end) {
        const before = performance.now();
        try {
          await call(loop);
          latencies.push(performance.now() - before);
          inThisSecond += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  clearInterval(ticker);
  const histogram = (values: number[]): Histogram => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
    const mean = values.length ? values.reduce((total, value) => total + value, 0) / values.length : 0;
    const stddev = Math.sqrt(values.length ? values.reduce((total, value) => total + (value - mean) ** 2, 0) / values.length : 0);
    return {
      average: mean, mean, stddev, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0, total: values.reduce((total, value) => total + value, 0),
      p0_001: at(0.00001), p0_01: at(0.0001), p0_1: at(0.001), p1: at(0.01), p2_5: at(0.025), p10: at(0.1), p25: at(0.25), p50: at(0.5),
      p75: at(0.75), p90: at(0.9), p97_5: at(0.975), p99: at(0.99), p99_9: at(0.999), p99_99: at(0.9999), p99_999: at(0.99999),
    };
  };
  const round = (values: Histogram): Histogram => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Math.round(value * 100) / 100])) as unknown as Histogram;
  const requests = histogram(perSecond);
  return {
    url: "postgres",
    connections: loops,
    duration: seconds,
    latency: round(histogram(latencies)),
    requests: { ...requests, total: latencies.length },
    throughput: histogram([]),
    errors,
    timeouts: 0,
    mismatches: 0,
    non2xx: 0,
    resets: 0,
    "1xx": 0,
    "2xx": latencies.length,
    "3xx": 0,
    "4xx": 0,
    "5xx": 0,
    statusCodeStats: {},
    samples: perSecond.length,
    start: new Date(start),
    finish: new Date(),
  };
}

/** The throughput and latency targets a scenario is measured against, for display. */
function target(id: ScenarioId, database: Shop["database"], result: AutocannonResult): { target?: string; targetMet?: boolean } {
  if (id === "cart-add" || id === "cart-add-gifts") {
    const rate = database === "postgres" ? 1500 : 800;
    return {
      target: `≥ ${rate} req/s, p99 ≤ 50 ms`,
      targetMet: result.requests.average >= rate && result.latency.p99 <= 50,
    };
  }
  if (id === "product-page" || id === "product-page-gzip" || id === "product-page-cart") {
    // From the page cache, or rendered every time when the shop runs without it (PAGE_CACHE_MB=0).
    const rate = process.env.PAGE_CACHE_MB === "0" ? 400 : 1500;
    return { target: `≥ ${rate} req/s`, targetMet: result.requests.average >= rate };
  }
  if (id === "collection-fragment") return { target: "p99 ≤ 50 ms", targetMet: result.latency.p99 <= 50 };
  return {};
}

process.exitCode = await main();
