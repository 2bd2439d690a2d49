/**
 * The shop past one server, measured: shoppers browsing, adding to their carts and checking out through HAProxy
 * (Debian's package), to shop servers (the compiled server, as `npm start` runs it) on one PostgreSQL database
 * through PgBouncer in transaction mode (set up as .ci/run and docs/scaling.md do). The same run with one server
 * behind the same proxy and pooler, then with two, so the two figures are comparable.
 *
 *   npm exec -- node bench/cluster.ts --postgres postgres://postgres@127.0.0.1:54329/postgres
 *     (or DATABASE_URL=…; the URL must allow CREATE DATABASE: a fresh database is created there and dropped after)
 *   options: --shoppers 100 --duration 30 --warmup 5 --servers 1,2
 *            --haproxy /usr/sbin/haproxy --pgbouncer /usr/sbin/pgbouncer --verbose (show the servers' logs)
 *
 * Each shopper is one loop, on a keep-alive connection of its own from a loopback address of its own
 * (127.R.P.N: run, person, shopper), so HAProxy's X-Forwarded-For names each shopper apart and the shop's per-address limits (new carts,
 * checkouts) count each shopper as one person, as they would on the internet. One round: the home page, a product
 * page, `POST /cart/add.js` of a product that is not limited by stock, `GET /cart.js`, then `POST /checkout.json`,
 * which places the cart as an order (test payments, no provider) and empties it. Every answer is timed; what
 * was sent in the warm-up is left out. Prints orders per second, requests per second, p50 and p99 of every answer
 * and of the checkout alone, and answers that were not 2xx, for each number of servers; writes a JSON summary to
 * bench/results/. It builds nothing: run `npm run build` first.
 *
 * A benchmark, not a test: it exits non-zero only when it could not measure (a process did not start).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type Shop, buyableProducts, createThrowawayDatabase, machine, printTable, reportMachineLoad, startShop, writeResult } from "./shop.ts";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "string" },
    shoppers: { type: "string", default: "100" },
    duration: { type: "string", default: "30" },
    warmup: { type: "string", default: "5" },
    servers: { type: "string", default: "1,2" },
    haproxy: { type: "string", default: "/usr/sbin/haproxy" },
    pgbouncer: { type: "string", default: "/usr/sbin/pgbouncer" },
    verbose: { type: "boolean", default: false },
  },
});

const adminUrl = args.postgres ?? process.env.DATABASE_URL;
if (!adminUrl) throw new Error("Give a PostgreSQL server: --postgres postgres://… (or DATABASE_URL).");
for (const binary of [args.haproxy, args.pgbouncer]) if (!existsSync(binary)) throw new Error(`${binary} is missing (apt-get install -y --no-install-recommends haproxy pgbouncer).`);
const SHOPPERS = Number(args.shoppers);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const SERVER_COUNTS = args.servers.split(",").map(Number);
if (SHOPPERS < 1 || SHOPPERS > 250) throw new Error("--shoppers is 1 to 250 (each has a loopback address of its own, 127.R.P.1 to 127.R.P.250).");

/** A port nobody is listening on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A helper process (the proxy, the pooler), with what it printed for the error message. */
function startProcess(command: string, commandArgs: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
    if (args.verbose) process.stderr.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until `check` holds, or fails naming `what` after `limitMs`. */
async function until(what: string, check: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Waited ${limitMs / 1000} s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** PgBouncer in transaction mode in front of the database's server, as .ci/run runs it; answers its URL for the database. */
async function startPgBouncer(databaseUrl: string, dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(databaseUrl);
  const port = await freePort();
  const ini = path.join(dir, "pgbouncer.ini");
  writeFileSync(
    ini,
    `[databases]
* = host=${target.hostname} port=${target.port || 5432} user=${decodeURIComponent(target.username) || "postgres"} connect_query='set statement_timeout = 5000; set idle_in_transaction_session_timeout = 5000'
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = any
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 40
ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout
`,
  );
  chmodSync(dir, 0o755);
  chmodSync(ini, 0o644);
  // PgBouncer refuses to run as root: it drops to the postgres user then, as .ci/run does with su.
  const asRoot = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
  const pooler = startProcess(args.pgbouncer, [...asRoot, ini]);
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  await until("PgBouncer to accept connections", async () => {
    if (pooler.child.exitCode !== null) throw new Error(`PgBouncer exited: ${pooler.output()}`);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query("select 1");
    await client.end();
    return true;
  });
  return { url: url.toString(), stop: () => stopProcess(pooler.child) };
}

/** HAProxy round robin over `backends`, configured as tests/integration/load-balanced.test.ts does; answers its address. */
async function startHaproxy(backends: string[], dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const config = path.join(dir, `haproxy-${backends.length}.cfg`);
  writeFileSync(
    config,
    `global
  maxconn 2048

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 30s
  timeout check 10s
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend shop
  bind 127.0.0.1:${port}
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  default_backend shops

backend shops
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
${backends.map((base, index) => `  server shop${index + 1} ${new URL(base).host} check inter 1s fall 3 rise 2`).join("\n")}
`,
  );
  const proxy = startProcess(args.haproxy, ["-db", "-f", config]);
  const url = `http://127.0.0.1:${port}`;
  await until("HAProxy to answer", async () => {
    if (proxy.child.exitCode !== null) throw new Error(`HAProxy exited: ${proxy.output()}`);
    return (await fetch(`${url}/healthz`)).ok;
  });
  return { url, stop: () => stopProcess(proxy.child) };
}

interface Sample {
  kind: "home" | "product" | "add" | "cart" | "checkout";
  ms: number;
  status: number;
  /** Milliseconds since the run started, when the answer came. */
  at: number;
}

/** One answer through a shopper's own connection. */
function request(agent: http.Agent, base: URL, method: string, pathname: string, cookie: string, body?: unknown): Promise<{ status: number; cookie: string; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: pathname,
        headers: {
          accept: payload ? "application/json" : "text/html",
          ...(cookie ? { cookie } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const cart = (response.headers["set-cookie"] ?? []).find((value) => value.startsWith("cart="))?.split(";")[0];
          resolve({ status: response.statusCode ?? 0, cookie: cart ?? cookie, text: Buffer.concat(chunks).toString() });
        });
        response.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const CONTACT = { phone: "+44 7911 123456", first_name: "Bench", last_name: "Shopper", address1: "1 Load Street", city: "London", zip: "SW1A 1AA", country: "GB" };

/** Orders one shopper places from one address before another person takes their place (the shop allows 30 checkouts per address in 10 minutes). */
const ORDERS_PER_PERSON = 20;

/**
 * `count` shoppers through `url` for the warm-up and the measured window; answers what was measured. Run `run`
 * uses addresses of its own (127.<run + 1>.<person>.<shopper>), so one run's checkouts do not count against the next.
 */
async function shop(url: string, products: { handle: string; variantId: number }[], run: number): Promise<{ samples: Sample[]; errors: string[] }> {
  const base = new URL(url);
  const samples: Sample[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const stopAt = started + (WARMUP_S + DURATION_S) * 1000;
  const measureFrom = WARMUP_S * 1000;
  const shopper = async (index: number) => {
    const person = (generation: number) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.${run + 1}.${generation + 1}.${index + 1}` });
    let agent = person(0);
    let cookie = "";
    const timed = async (kind: Sample["kind"], method: string, pathname: string, body?: unknown) => {
      const before = performance.now();
      try {
        const answer = await request(agent, base, method, pathname, cookie, body);
        cookie = answer.cookie;
        const at = performance.now() - started;
        if (at >= measureFrom) samples.push({ kind, ms: performance.now() - before, status: answer.status, at });
        if ((answer.status < 200 || answer.status >= 300) && errors.length < 20) errors.push(`${kind} ${answer.status}: ${answer.text.slice(0, 200)}`);
        return answer.status;
      } catch (error) {
        if (errors.length < 20) errors.push(`${kind}: ${String(error)}`);
        return 0;
      }
    };
    for (let round = 0; performance.now() < stopAt; round++) {
      if (round > 0 && round % ORDERS_PER_PERSON === 0) {
        agent.destroy();
        agent = person(round / ORDERS_PER_PERSON);
        cookie = "";
      }
      const product = products[(index + round) % products.length]!;
      await timed("home", "GET", "/");
      await timed("product", "GET", `/products/${product.handle}`);
      await timed("add", "POST", "/cart/add.js", { id: product.variantId, quantity: 1 });
      await timed("cart", "GET", "/cart.js");
      await timed("checkout", "POST", "/checkout.json", { ...CONTACT, email: `shopper-${index}@bench.example` });
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: SHOPPERS }, (_, index) => shopper(index)));
  return { samples, errors };
}

const percentile = (values: number[], share: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
};

async function main() {
  reportMachineLoad();
  const database = await createThrowawayDatabase(adminUrl!);
  const dir = mkdtempSync(path.join(tmpdir(), "shop-cluster-"));
  const servers: Shop[] = [];
  const stops: (() => Promise<void>)[] = [];
  const results: Record<string, unknown>[] = [];
  try {
    const pooler = await startPgBouncer(database.url, dir);
    stops.push(pooler.stop);
    const env = { TRUST_PROXY: "1", LOG_LEVEL: "warn", NEW_CARTS_PER_HOUR: "1000000" };
    // The first server migrates and seeds the demo catalog; the others start on it.
    servers.push(await startShop({ databaseUrl: pooler.url, env, verbose: args.verbose }));
    // Stock never runs out mid-run: every variant is unlimited for the bench's database.
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    await direct.query("update variants set inventory_quantity = 100000000 where inventory_management is not null");
    await direct.end();
    const products = (await buyableProducts(servers[0]!.url)).map((product) => ({ handle: product.handle, variantId: product.variants[0]!.id }));

    for (const count of SERVER_COUNTS) {
      while (servers.length < count) servers.push(await startShop({ databaseUrl: pooler.url, env, verbose: args.verbose }));
      const proxy = await startHaproxy(
        servers.slice(0, count).map((server) => server.url),
        dir,
      );
      try {
        console.log(`\n${count} server(s) behind HAProxy, PgBouncer in transaction mode: ${SHOPPERS} shoppers, ${WARMUP_S} s warm-up, ${DURATION_S} s measured`);
        const { samples, errors } = await shop(proxy.url, products, SERVER_COUNTS.indexOf(count));
        const ok = samples.filter((sample) => sample.status >= 200 && sample.status < 300);
        const orders = ok.filter((sample) => sample.kind === "checkout").length;
        const checkouts = samples.filter((sample) => sample.kind === "checkout").map((sample) => sample.ms);
        const all = samples.map((sample) => sample.ms);
        const result = {
          servers: count,
          ordersPerSecond: Math.round((orders / DURATION_S) * 10) / 10,
          requestsPerSecond: Math.round(samples.length / DURATION_S),
          p50Ms: Math.round(percentile(all, 0.5)),
          p99Ms: Math.round(percentile(all, 0.99)),
          checkoutP50Ms: Math.round(percentile(checkouts, 0.5)),
          checkoutP99Ms: Math.round(percentile(checkouts, 0.99)),
          requests: samples.length,
          non2xx: samples.length - ok.length,
          byKind: Object.fromEntries(
            (["home", "product", "add", "cart", "checkout"] as const).map((kind) => {
              const times = samples.filter((sample) => sample.kind === kind).map((sample) => sample.ms);
              return [kind, { count: times.length, p50Ms: Math.round(percentile(times, 0.5)), p99Ms: Math.round(percentile(times, 0.99)) }];
            }),
          ),
          firstErrors: errors,
        };
        results.push(result);
        if (errors.length) console.log(`First errors:\n  ${errors.slice(0, 5).join("\n  ")}`);
      } finally {
        await proxy.stop();
      }
    }
    console.log("");
    printTable(
      ["servers", "orders/s", "requests/s", "p50 ms", "p99 ms", "checkout p50", "checkout p99", "non-2xx"],
      results.map((result) => [result.servers as number, result.ordersPerSecond as number, result.requestsPerSecond as number, result.p50Ms as number, result.p99Ms as number, result.checkoutP50Ms as number, result.checkoutP99Ms as number, result.non2xx as number]),
    );
    const file = writeResult("cluster", { machine: machine(), shoppers: SHOPPERS, durationS: DURATION_S, warmupS: WARMUP_S, results });
    console.log(`\nWritten to ${file}`);
  } finally {
    for (const server of servers) await server.stop();
    for (const stop of stops.reverse()) await stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
