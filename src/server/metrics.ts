/**
 * The shop's Prometheus metrics (prom-client), served at /metrics to
 * loopback or to a bearer of METRICS_TOKEN. Counters are bumped as things
 * happen (a few additions per request); whatever can be read when asked
 * (the pool, the page cache, the render gate, the job queue) is read only
 * when Prometheus scrapes.
 */
import { timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "../platform/db/database.ts";
import type { JobQueue } from "../platform/jobs/job-queue.ts";
import type { PageCache } from "./page-cache.ts";
import type { RenderGate } from "./render-gate.ts";
import type { MemorySplit } from "./memory-budget.ts";

/** Seconds: from a cached page's tens of microseconds to a slow render's seconds. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** Paths whose first segment names the route, the rest being one product's, page's or order's own. */
const HANDLE_ROUTES: Record<string, string> = {
  products: "/products/:handle",
  collections: "/collections/:handle",
  pages: "/pages/:handle",
  blogs: "/blogs/*",
  policies: "/policies/*",
  account: "/account/*",
  admin: "/admin/*",
  assets: "/assets/*",
  embeds: "/embeds/*",
  images: "/images/*",
  pictures: "/pictures/*",
  checkout: "/checkout/*",
  orders: "/orders/*",
  newsletter: "/newsletter/*",
  "back-in-stock": "/back-in-stock/*",
  "price-drop": "/price-drop/*",
  dev: "/dev/*",
  apps: "/apps/*",
  recommendations: "/recommendations/*",
};
/** Paths kept as they are: the cart's API and the few fixed addresses. */
const EXACT_ROUTES = new Set([
  "/",
  "/cart",
  "/cart.js",
  "/cart.json",
  "/cart/add",
  "/cart/add.js",
  "/cart/change",
  "/cart/change.js",
  "/cart/update",
  "/cart/update.js",
  "/cart/clear",
  "/cart/clear.js",
  "/checkout.json",
  "/search",
  "/search/suggest.json",
  "/products.json",
  "/robots.txt",
  "/sitemap.xml",
  "/favicon.svg",
  "/localization",
  "/healthz",
  "/readyz",
  "/metrics",
]);
/** A site's prefix (`/en-us`), left out of the route. */
const SITE_PREFIX = /^\/[a-z]{2}(?:-[a-z]{2})?(?=\/|$)/;

/** The route a path counts under: few enough labels for Prometheus whatever the paths asked for. */
export function routeOf(pathname: string): string {
  const path = pathname.replace(SITE_PREFIX, "") || "/";
  if (EXACT_ROUTES.has(path)) return path;
  const first = path.split("/")[1] ?? "";
  if (first === "cart") return "/cart/*";
  return HANDLE_ROUTES[first] ?? "other";
}

export interface ShopMetrics {
  readonly registry: Registry;
  /** One answered request. */
  request(route: string, method: string, status: number, seconds: number): void;
  query(seconds: number, failed: boolean, what: "query" | "transaction"): void;
  job(queue: string, outcome: "completed" | "failed", seconds: number): void;
  email(outcome: "sent" | "failed"): void;
  orderPlaced(): void;
  /** What is read at each scrape. */
  watch(sources: { db?: Database; pageCache?: PageCache | undefined; renderGate?: RenderGate | undefined; queue?: JobQueue; memory?: MemorySplit }): void;
}

export function createMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: Parameters<ShopMetrics["watch"]>[0] = {};
  const requests = new Counter({ name: "shop_http_requests_total", help: "Requests answered, by route, method and status.", labelNames: ["route", "method", "status"], registers: [registry] });
  const durations = new Histogram({ name: "shop_http_request_duration_seconds", help: "Time to answer a request (until its headers), by route, method and status.", labelNames: ["route", "method", "status"], buckets: REQUEST_BUCKETS, registers: [registry] });
  const queries = new Histogram({ name: "shop_db_query_duration_seconds", help: "Time of the shop's database statements and transactions.", labelNames: ["kind", "outcome"], buckets: QUERY_BUCKETS, registers: [registry] });
  const jobs = new Counter({ name: "shop_jobs_total", help: "Jobs run on this server, by queue and outcome (a failed job is retried or dead-lettered).", labelNames: ["queue", "outcome"], registers: [registry] });
  const jobDurations = new Histogram({ name: "shop_job_duration_seconds", help: "Time a job took on this server.", labelNames: ["queue"], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300], registers: [registry] });
  const emails = new Counter({ name: "shop_emails_total", help: "Emails sent (or kept in the outbox without SMTP) and deliveries failed.", labelNames: ["outcome"], registers: [registry] });
  const orders = new Counter({ name: "shop_orders_placed_total", help: "Orders placed through this server.", registers: [registry] });
  for (const outcome of ["sent", "failed"]) emails.inc({ outcome }, 0);
  new Gauge({
    name: "shop_db_pool_connections",
    help: "The database pool's connections: open, idle, and requests waiting for one.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      if (!sources.db) return;
      const use = sources.db.poolUse();
      this.set({ state: "max" }, use.max);
      this.set({ state: "open" }, use.total);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });
  new Gauge({
    name: "shop_page_cache_lookups",
    help: "Kept pages looked for since the server started: found (hit) or not (miss).",
    labelNames: ["result"],
    registers: [registry],
    collect() {
      if (!sources.pageCache) return;
      this.set({ result: "hit" }, sources.pageCache.lookups.hits);
      this.set({ result: "miss" }, sources.pageCache.lookups.misses);
    },
  });
  new Gauge({
    name: "shop_page_cache_declined",
    help: "Pages rendered and not kept since the server started, because the page cache was full and they had not been asked for lately.",
    registers: [registry],
    collect() {
      if (sources.pageCache) this.set(sources.pageCache.declinedPages);
    },
  });
  new Gauge({
    name: "shop_page_cache_bytes",
    help: "Bytes held by kept pages.",
    registers: [registry],
    collect() {
      if (sources.pageCache) this.set(sources.pageCache.usage.bytes);
    },
  });
  new Gauge({
    name: "shop_memory_budget_bytes",
    help: "The memory budget (MEMORY_BUDGET_MB) and its split once the shop opened: the shop at rest then, the working memory set aside for rendering, the page cache's and the pictures' shares.",
    labelNames: ["part"],
    registers: [registry],
    collect() {
      const split = sources.memory;
      if (!split) return;
      this.set({ part: "budget" }, split.budgetBytes);
      this.set({ part: "open" }, split.openBytes);
      this.set({ part: "working" }, split.workingBytes);
      this.set({ part: "page_cache" }, split.pageCacheBytes);
      this.set({ part: "renditions" }, split.renditionBytes);
    },
  });
  new Gauge({
    name: "shop_array_buffers_bytes",
    help: "Bytes of ArrayBuffers and Buffers (part of nodejs_external_memory_bytes): kept pages, sockets' reads and writes.",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().arrayBuffers);
    },
  });
  new Gauge({
    name: "shop_render_slots",
    help: "Pages rendering now (running) and waiting for a render slot (waiting).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      if (!sources.renderGate) return;
      const load = sources.renderGate.load;
      this.set({ state: "running" }, load.running);
      this.set({ state: "waiting" }, load.waiting);
    },
  });
  new Gauge({
    name: "shop_job_queue_jobs",
    help: "Jobs stored per queue: queued (waiting or to retry), active, failed (retained). The email-failed queue is the dead letters.",
    labelNames: ["queue", "state"],
    registers: [registry],
    async collect() {
      if (!sources.queue) return;
      for (const depth of await sources.queue.depths()) {
        this.set({ queue: depth.queue, state: "queued" }, depth.queued);
        this.set({ queue: depth.queue, state: "active" }, depth.active);
        this.set({ queue: depth.queue, state: "failed" }, depth.failed);
      }
    },
  });
  return {
    registry,
    request(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    query: (seconds, failed, what) => queries.observe({ kind: what, outcome: failed ? "failed" : "ok" }, seconds),
    job(queue, outcome, seconds) {
      jobs.inc({ queue, outcome });
      jobDurations.observe({ queue }, seconds);
    },
    email: (outcome) => emails.inc({ outcome }),
    orderPlaced: () => orders.inc(),
    watch: (given) => Object.assign(sources, given),
  };
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Whether a scrape may read the metrics: from this machine, or with the token as a bearer. */
export function mayReadMetrics(remoteAddress: string | undefined, authorization: string | null, token: string | undefined): boolean {
  if (token && authorization) {
    const given = Buffer.from(authorization);
    const wanted = Buffer.from(`Bearer ${token}`);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  return remoteAddress !== undefined && LOOPBACK.test(remoteAddress);
}
