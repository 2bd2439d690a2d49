/**
 * What every request passes before the shop: the operators' addresses
 * (`/healthz`, `/readyz`, `/metrics`, answered without a session or a
 * cookie), then the shop itself, run as the request's id (request-context.ts)
 * with one JSON log line and the metrics of each answer.
 */
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import type { Database } from "../platform/db/database.ts";
import { readMigrations } from "../platform/db/migrate.ts";
import { type ShopMetrics, mayReadMetrics, routeOf } from "./metrics.ts";
import { asRequest, requestIdOf } from "./request-context.ts";
import type { Tracing } from "./tracing.ts";

export interface FrontDoorOptions {
  db: Database;
  logger: Pick<Logger, "info" | "warn">;
  metrics?: ShopMetrics | undefined;
  /** METRICS_TOKEN: a bearer of it may read /metrics from anywhere. */
  metricsToken?: string | undefined;
  trustProxy: boolean;
  /** Whether the server is closing (readyz then says not ready, so a balancer stops sending). */
  closing?: () => boolean;
  /** A trace's span around each request to the shop, when traces are on. */
  tracing?: Tracing | undefined;
}

type Handler = (request: Request, env?: unknown) => Response | Promise<Response>;

const OPERATOR_HEADERS = { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" };

/** The newest migration this code knows: the database is current when it has it. */
const NEWEST_MIGRATION = Math.max(...readMigrations().map((migration) => migration.version));

/** Whether the database answers and has every migration this code needs; the reason when not. */
async function readiness(db: Database): Promise<string | null> {
  try {
    const [row] = await db.query<{ version: number | null }>("select max(version) as version from schema_migrations");
    return (row?.version ?? 0) >= NEWEST_MIGRATION ? null : `migrations behind (database at ${row?.version ?? 0}, code needs ${NEWEST_MIGRATION})`;
  } catch {
    return "database not answering";
  }
}

export function frontDoor(shop: Handler, options: FrontDoorOptions): Handler {
  const { db, logger, metrics } = options;
  return async (request, env) => {
    const started = performance.now();
    const pathname = new URL(request.url).pathname;
    if (pathname === "/healthz") return new Response("ok\n", { headers: OPERATOR_HEADERS });
    if (pathname === "/readyz") {
      const problem = options.closing?.() ? "closing" : await readiness(db);
      return new Response(problem ? `not ready: ${problem}\n` : "ready\n", { status: problem ? 503 : 200, headers: OPERATOR_HEADERS });
    }
    if (pathname === "/metrics" && metrics) {
      const remote = (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
      // A request a proxy on this machine passed on comes from loopback too: it needs the token.
      const direct = !request.headers.has("x-forwarded-for");
      if (!mayReadMetrics(direct ? remote : undefined, request.headers.get("authorization"), options.metricsToken)) {
        return new Response("Forbidden\n", { status: 403, headers: OPERATOR_HEADERS });
      }
      return new Response(await metrics.registry.metrics(), { headers: { "cache-control": "no-store", "content-type": metrics.registry.contentType } });
    }
    const id = requestIdOf(request, options.trustProxy);
    return asRequest(id, async () => {
      const route = routeOf(pathname);
      let status = 500;
      try {
        const response = options.tracing?.enabled ? await options.tracing.request(request, route, async () => shop(request, env)) : await shop(request, env);
        status = response.status;
        try {
          response.headers.set("x-request-id", id);
          return response;
        } catch {
          // Headers of an answer made elsewhere (a fetched one) may be immutable: copy them.
          const headers = new Headers(response.headers);
          headers.set("x-request-id", id);
          return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
        }
      } finally {
        const seconds = (performance.now() - started) / 1000;
        metrics?.request(route, request.method, status, seconds);
        // The route, not the address: addresses carry order tokens, reset links and shoppers' queries.
        logger.info({ method: request.method, route, status, ms: Math.round(seconds * 10_000) / 10 }, "request");
      }
    });
  };
}
