/**
 * OpenTelemetry traces, off unless `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set: one span per request (named
 * by its route, never its address, which may carry an order's token or a
 * shopper's query), one per database statement or transaction (its text, no
 * parameters), one per background job. The SDK reads OpenTelemetry's own
 * variables for the rest (protocol, headers, service name, sampling). The
 * shop's metrics stay Prometheus' and its logs pino's, so the SDK's metric
 * and log exporters are off unless asked for. Off, the SDK is never loaded
 * and each wrapper runs its work directly.
 */
import { type Context, type Span, SpanKind, SpanStatusCode, context, propagation, trace } from "@opentelemetry/api";

export interface Tracing {
  readonly enabled: boolean;
  /** Runs the answer to a request inside a server span continuing the caller's trace (`traceparent`). */
  request(request: Request, route: string, answer: () => Promise<Response>): Promise<Response>;
  /** Runs a statement or a transaction inside a client span. */
  database<T>(what: "query" | "transaction", sql: string | undefined, work: () => Promise<T>): Promise<T>;
  /** Runs a job inside a span of its own (a new trace: jobs are started by the queue, not by a request). */
  job<T>(queue: string, work: () => Promise<T>): Promise<T>;
  /** Sends what is left and stops. */
  stop(): Promise<void>;
}

const TRACER = "lumen-and-leaf";

const OFF: Tracing = {
  enabled: false,
  request: (_request, _route, answer) => answer(),
  database: (_what, _sql, work) => work(),
  job: (_queue, work) => work(),
  stop: async () => {},
};

/** Ends `span` after `work`, marking it failed when `work` throws or `failed` says so. */
async function inSpan<T>(span: Span, work: () => Promise<T>, failed?: (result: T) => boolean): Promise<T> {
  try {
    const result = await work();
    if (failed?.(result)) span.setStatus({ code: SpanStatusCode.ERROR });
    return result;
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

const headerGetter = {
  keys: (headers: Headers) => [...headers.keys()],
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
};

/** Tracing as the environment asks: the SDK started when an OTLP endpoint is set, else nothing. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return OFF;
  if (env.OTEL_SDK_DISABLED === "true") return OFF;
  // Metrics are Prometheus' (/metrics) and logs are pino's lines: the SDK exports traces only unless told otherwise.
  env.OTEL_METRICS_EXPORTER ??= "none";
  env.OTEL_LOGS_EXPORTER ??= "none";
  env.OTEL_SERVICE_NAME ??= TRACER;
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const sdk = new NodeSDK();
  sdk.start();
  const tracer = trace.getTracer(TRACER);

  return {
    enabled: true,
    request(request, route, answer) {
      const parent: Context = propagation.extract(context.active(), request.headers, headerGetter);
      const attributes = { "http.request.method": request.method, "http.route": route };
      return tracer.startActiveSpan(`${request.method} ${route}`, { kind: SpanKind.SERVER, attributes }, parent, (span) =>
        inSpan(
          span,
          async () => {
            const response = await answer();
            span.setAttribute("http.response.status_code", response.status);
            return response;
          },
          (response) => response.status >= 500,
        ),
      );
    },
    database(what, sql, work) {
      const attributes: Record<string, string> = { "db.system.name": "postgresql" };
      if (sql) attributes["db.query.text"] = sql;
      return tracer.startActiveSpan(what === "transaction" ? "transaction" : (sql?.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? "query"), { kind: SpanKind.CLIENT, attributes }, (span) => inSpan(span, work));
    },
    job(queue, work) {
      return tracer.startActiveSpan(`job ${queue}`, { kind: SpanKind.CONSUMER, root: true, attributes: { "messaging.destination.name": queue } }, (span) => inSpan(span, work));
    },
    stop: () => sdk.shutdown(),
  };
}
