/**
 * Shared helpers for the benchmarks: start the built shop as a child process on a fresh database,
 * create and drop a throwaway PostgreSQL database, pick real products, write result files.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { SERVER_BUNDLE } from "../scripts/build-if-stale.ts";
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from "../src/server/node-flags.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const RESULTS_DIR = path.join(ROOT, "bench", "results");

export interface Shop {
  /** http://127.0.0.1:port, no trailing slash. */
  url: string;
  database: "pglite" | "postgres";
  /** The server process's id (for CPU accounting). */
  pid: number;
  /** The server's inspector WebSocket, when started with `inspect`. */
  inspectorUrl?: string;
  /** Stops the server (SIGTERM, then SIGKILL after 10 s) and removes the temporary data folder. */
  stop(): Promise<void>;
}

export interface StartShopOptions {
  /** postgres://… to run on PostgreSQL; otherwise PGlite in a fresh temporary DATA_DIR. */
  databaseUrl?: string | undefined;
  /** Extra arguments for node (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** V8 flags in place of the server's own (SERVER_NODE_FLAGS, as `npm start` runs it), to compare settings. */
  nodeFlags?: readonly string[];
  /** Extra environment. */
  env?: Record<string, string>;
  /** How long the first start (migrate + seed) may take. */
  startTimeoutMs?: number;
  /** Print the server's output as it comes (otherwise only shown when it fails). */
  verbose?: boolean;
  /** Open the server's inspector on a free port, so the benchmark can profile chosen time windows. */
  inspect?: boolean;
  /** Seed a generated catalog of this many products (`scripts/seed.ts --products N`) before the first start, instead of the demo catalog. */
  products?: number;
}

export function assertBuilt(): void {
  if (!existsSync(path.join(ROOT, "build/server/index.js")) || !existsSync(path.join(ROOT, "build/client/assets")) || !existsSync(SERVER_BUNDLE)) {
    throw new Error("The theme or the server is not built: run `npm run build` first.");
  }
}

/** The shop to measure: the one already running at `url` when given (nothing to stop), else one started here. */
export async function shopToMeasure(url: string | undefined): Promise<{ url: string; started?: Shop }> {
  const given = url?.replace(/\/$/, "");
  if (given) return { url: given };
  const started = await startShop();
  return { url: started.url, started };
}

/** Starts the compiled server (`build/serve/serve.mjs`, as `npm start` does) with the Node running this script, on port 0, and waits for "shop is open" (or its banner). */
export async function startShop(options: StartShopOptions = {}): Promise<Shop> {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
  const env: Record<string, string> = {
    // glibc's malloc settings as `npm start` gives them; the environment may set others to compare.
    ...SERVER_MALLOC_ENV,
    ...(process.env as Record<string, string>),
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    ...options.env,
  };
  if (options.products) await seedProducts(env, options.products);
  const inspectArgs = options.inspect ? ["--inspect=127.0.0.1:0"] : [];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), ...inspectArgs, ...(options.nodeArgs ?? []), SERVER_BUNDLE], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const remember = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    if (options.verbose) process.stderr.write(text);
  };
  child.stderr.on("data", remember);

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The shop did not start within ${(options.startTimeoutMs ?? 180_000) / 1000} s.\n${output}`));
    }, options.startTimeoutMs ?? 180_000);
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      remember(chunk);
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        // Below info level the JSON line is not written; the banner for people always is.
        const banner = /is open at (http:\/\/\S+)/.exec(line);
        if (banner) {
          clearTimeout(timer);
          resolve(banner[1]!.replace(/\/$/, ""));
        }
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === "shop is open" && entry.url) {
            clearTimeout(timer);
            resolve(entry.url.replace(/\/$/, ""));
          }
        } catch {
          // Not a log line.
        }
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited before it was ready (code ${code}, signal ${signal}).\n${output}`));
    });
  });
  // Once ready, stop reading the log line by line; keep draining it so the pipe never fills.
  child.stdout.removeAllListeners("data");
  child.stdout.on("data", remember);
  const inspectorUrl = options.inspect ? /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] : undefined;
  if (options.inspect && !inspectorUrl) throw new Error(`The server's inspector address was not found in its output.\n${output}`);

  const ready = await fetch(`${url}/cart.js`);
  if (!ready.ok) throw new Error(`GET /cart.js answered ${ready.status} after start.\n${output}`);

  return {
    url,
    database: options.databaseUrl ? "postgres" : "pglite",
    pid: child.pid ?? 0,
    ...(inspectorUrl ? { inspectorUrl } : {}),
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A process's resident memory in MiB, from /proc (Linux). */
export function rssMiB(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith(`${field}:`)) ?? "";
  return Math.round(Number(/(\d+)/.exec(line)?.[1] ?? 0) / 1024);
}

/** The highest RSS the process has had since it started (the kernel's high-water mark), MiB. */
export const highestRssMiB = (pid: number) => rssMiB(pid, "VmHWM");

/**
 * A process's resident memory by kind of mapping, MiB, from /proc/PID/smaps (Linux): the main malloc heap
 * (`[heap]`, glibc's main arena), the threads' malloc arenas (anonymous mappings within a 64 MiB arena's
 * reservation), other anonymous memory (V8's heap pages, Buffers' large allocations, stacks), and files
 * (the node binary, libraries).
 */
export function residentByKind(pid: number): { mallocHeap: number; threadArenas: number; otherAnonymous: number; files: number } {
  const totals = { mallocHeap: 0, threadArenas: 0, otherAnonymous: 0, files: 0 };
  let kind: keyof typeof totals = "otherAnonymous";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[4]!;
      const size = Number.parseInt(mapping[2]!, 16) - Number.parseInt(mapping[1]!, 16);
      // glibc reserves a thread's arena as 64 MiB, aligned to 64 MiB; its used part is one mapping at the start.
      const arena = Number.parseInt(mapping[1]!, 16) % 0x4000000 === 0 && size <= 0x4000000 && !name;
      kind = name === "[heap]" ? "mallocHeap" : arena ? "threadArenas" : name && !name.startsWith("[") ? "files" : "otherAnonymous";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) totals[kind] += Number(rss[1]) / 1024;
  }
  return { mallocHeap: Math.round(totals.mallocHeap), threadArenas: Math.round(totals.threadArenas), otherAnonymous: Math.round(totals.otherAnonymous), files: Math.round(totals.files) };
}

/** Seeds a generated catalog of `count` products into the database `env` names (DATA_DIR or DATABASE_URL). */
async function seedProducts(env: Record<string, string>, count: number): Promise<void> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/seed.ts"), "--products", String(count)], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`Seeding ${count} products failed (exit ${code}).\n${output}`);
  console.log(output.trim().split("\n").at(-1));
}

/** Stops a child process: SIGTERM, then SIGKILL after 10 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The server's inspector over its WebSocket (DevTools protocol): commands, and the events the inspector sends. */
export class InspectorSession {
  private readonly socket: WebSocket;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, (params: Record<string, unknown>) => void>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string } };
      if (message.method) this.listeners.get(message.method)?.(message.params ?? {});
      const waiter = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiter || message.id === undefined) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
  }

  static async connect(url: string): Promise<InspectorSession> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`Could not connect to the inspector at ${url}`)), { once: true });
    });
    return new InspectorSession(socket);
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Calls `listener` with each event `method` the inspector sends. */
  on(method: string, listener: (params: Record<string, unknown>) => void): void {
    this.listeners.set(method, listener);
  }

  close(): void {
    this.socket.close();
  }
}

/** A V8 CPU profile of the server for a chosen time window, taken through its inspector. */
export class ServerProfiler {
  private readonly session: InspectorSession;

  private constructor(session: InspectorSession) {
    this.session = session;
  }

  static async connect(url: string): Promise<ServerProfiler> {
    const session = await InspectorSession.connect(url);
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 500 });
    return new ServerProfiler(session);
  }

  start(): Promise<unknown> {
    return this.session.send("Profiler.start");
  }

  /** Stops profiling and writes the profile as a .cpuprofile file (loadable in Chrome DevTools). */
  async stop(file: string): Promise<void> {
    const { profile } = (await this.session.send("Profiler.stop")) as { profile: unknown };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
  }

  close(): void {
    this.session.close();
  }
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh database on the server of `adminUrl` (which must allow CREATE DATABASE) and returns its URL. */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const pg = (await import("pg")).default;
  const name = `shop_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface ProductSummary {
  handle: string;
  title: string;
  product_type: string;
  tags: string[];
  variants: {
    id: number;
    title: string;
    price: number | string;
    available: boolean;
    inventory_management?: string | null;
    inventory_policy?: string;
    inventory_quantity?: number;
  }[];
}

const NON_MERCHANDISE = new Set(["sample", "cart sample", "gwp", "auto sample", "sample set", "gift card"]);

/** Products a shopper can buy in any quantity: real products whose variants are not limited by stock. */
export async function buyableProducts(url: string): Promise<ProductSummary[]> {
  const products: ProductSummary[] = [];
  for (let page = 1; page <= 20; page++) {
    const response = await fetch(`${url}/products.json?limit=250&page=${page}`);
    if (!response.ok) throw new Error(`GET /products.json answered ${response.status}`);
    const batch = ((await response.json()) as { products: ProductSummary[] }).products;
    products.push(...batch);
    if (batch.length < 250) break;
  }
  const detailed: ProductSummary[] = [];
  for (const product of products) {
    if (NON_MERCHANDISE.has(product.product_type.toLowerCase())) continue;
    if (product.tags.some((tag) => tag.toLowerCase().includes("gwp") || tag.toLowerCase().includes("gift"))) continue;
    // /products/{handle}.js carries the inventory fields the REST listing may leave out.
    const response = await fetch(`${url}/products/${product.handle}.js`);
    if (!response.ok) continue;
    const full = (await response.json()) as ProductSummary;
    const unlimited = full.variants.filter(
      (variant) =>
        variant.available &&
        Number(variant.price) > 0 &&
        (variant.inventory_management == null || variant.inventory_policy === "continue" || (variant.inventory_quantity ?? 0) > 1_000_000),
    );
    if (unlimited.length) detailed.push({ ...full, variants: unlimited });
    if (detailed.length >= 8) break;
  }
  if (!detailed.length) throw new Error("No product in the catalog can be added to a cart without a stock limit.");
  return detailed;
}

/** The first line of `set-cookie` naming the cart, as a `cart=…` cookie header. */
export function cartCookieFrom(response: Response): string {
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0] ?? "";
    if (pair.startsWith("cart=")) return pair;
  }
  throw new Error(`No cart cookie in the response to ${response.url}`);
}

/** Makes a new cart holding one of each given variant and returns its cookie. */
export async function createCart(url: string, variantIds: number[]): Promise<string> {
  let cookie: string | undefined;
  for (const id of variantIds) {
    const response = await fetch(`${url}/cart/add.js`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ id, quantity: 1 }),
    });
    if (!response.ok) throw new Error(`POST /cart/add.js answered ${response.status}: ${await response.text()}`);
    cookie ??= cartCookieFrom(response);
  }
  if (!cookie) throw new Error("createCart needs at least one variant");
  return cookie;
}

/** CPU time (user + system, in ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the command name: state is field 3, utime 14 and stime 15 (1-based) → indexes 11 and 12 here.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux.
  } catch {
    return null;
  }
}

/** CPU time of every child of `parentPid` plus the parent itself (PostgreSQL's backends are children of the postmaster). */
export function processTreeCpuMs(parentPid: number): number | null {
  const own = processCpuMs(parentPid);
  if (own === null) return null;
  let total = own;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === parentPid) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** The process id of the PostgreSQL postmaster behind `url`, when the server runs on this machine; otherwise null. */
export async function postmasterPid(url: string): Promise<number | null> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = Number((await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid);
    const stat = readFileSync(`/proc/${backend}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGiB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    /** Load average (1, 5, 15 min) when the results were written: other work on the machine skews the figures. */
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** Writes `data` to bench/results/{name}-{timestamp}.json and returns the path. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(RESULTS_DIR, `${name}-${stamp}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
  return file;
}

/** Prints rows as an aligned text table. */
export function printTable(header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of cells.slice(1)) console.log(line(row));
}

/** Says how busy the machine is before measuring: other work on 2 cores skews every figure. */
export function reportMachineLoad(): void {
  const [one = 0, five = 0] = loadavg();
  // A finished benchmark run leaves about 1 in the 1-minute average by itself.
  const note = one > 1.5 ? " — the machine is busy; figures will be lower and noisier than on an idle machine" : "";
  console.log(`${cpus().length} CPUs, load average ${one.toFixed(2)} (1 min) ${five.toFixed(2)} (5 min)${note}`);
}
