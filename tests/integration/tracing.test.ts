/**
 * OpenTelemetry traces from the shop as `npm start` runs it, sent to an OTLP
 * receiver (OTLP/HTTP in JSON) in this test: a request's span continues the
 * caller's trace and names the route, not the address; the statements it
 * runs are its children, with their text and never a shopper's data; the
 * email job a checkout queues has its own span.
 */
import { type IncomingMessage, type Server, createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "./harness.ts";
import { type ShopProcess, startShopProcess } from "./shop-process.ts";
import { type SmtpRelay, startSmtpRelay } from "./smtp-relay.ts";

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: { resource?: { attributes?: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const SPAN_KIND = { server: 2, client: 3, consumer: 5 };
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";
const EMAIL = "grace.hopper@example.com";
const contact = { email: EMAIL, first_name: "Grace", last_name: "Hopper", address1: "1 Navy Way", city: "Arlington", zip: "SW1A 1AA", country: "GB" };

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** An OTLP/HTTP receiver: every span posted to /v1/traces, and the resources they came with. */
async function startReceiver(): Promise<{ url: string; spans: OtlpSpan[]; services: Set<string>; posts: () => number; close: () => Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const services = new Set<string>();
  let posts = 0;
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      posts += 1;
      if (request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport;
        for (const resource of body.resourceSpans ?? []) {
          const service = resource.resource?.attributes?.find((entry) => entry.key === "service.name")?.value.stringValue;
          if (service) services.add(service);
          for (const scope of resource.scopeSpans ?? []) spans.push(...scope.spans);
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    services,
    posts: () => posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function eventually<T>(read: () => T, holds: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 60_000;
  for (;;) {
    const value = read();
    if (holds(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let shop: ShopProcess;
let relay: SmtpRelay;
let dataDir: string;
let dropDatabase: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shop-tracing-"));
  let databaseUrl = "";
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    await database.db.close();
    databaseUrl = database.url ?? "";
    dropDatabase = database.drop;
  }
  receiver = await startReceiver();
  relay = await startSmtpRelay();
  shop = await startShopProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: relay.url,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    // Spans go out a tenth of a second after they end, not five seconds.
    OTEL_BSP_SCHEDULE_DELAY: "100",
  });
  // A first start migrates and seeds the demo shop: minutes on a loaded machine.
}, 300_000);

afterAll(async () => {
  if (shop?.child.exitCode === null) {
    shop.child.kill("SIGKILL");
    await shop.exited;
  }
  await relay?.close();
  await receiver?.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("OpenTelemetry traces", () => {
  it("give a request a server span in the caller's trace, named by its route and not its address", async () => {
    const response = await fetch(`${shop.base}/products.json?limit=1`, { headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const request = await eventually(
      () => receiver.spans.find((span) => span.traceId === TRACE_ID && span.kind === SPAN_KIND.server),
      Boolean,
      "the request's span",
    );
    expect(request!.parentSpanId).toBe(CALLER_SPAN);
    expect(request!.name).toBe("GET /products.json");
    expect(attribute(request!, "http.response.status_code")).toBe(200);
    expect(receiver.services).toContain("lumen-and-leaf");
  });

  it("trace a checkout's statements without the shopper's data, and the email job it queues in a span of its own", async () => {
    const products = (await (await fetch(`${shop.base}/products.json`)).json()) as { products: { variants: { id: number; available: boolean; price: string }[] }[] };
    const variant = products.products.flatMap((product) => product.variants).find((entry) => entry.available && Number(entry.price) > 0)!;
    const added = await fetch(`${shop.base}/cart/add.js`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: variant.id, quantity: 1 }) });
    expect(added.status).toBe(200);
    const cookie = added.headers
      .getSetCookie()
      .map((value) => value.split(";")[0]!)
      .join("; ");
    const checkoutTrace = "5cf92f3577b34da6a3ce929d0e0e4737";
    const placed = await fetch(`${shop.base}/checkout.json`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, traceparent: `00-${checkoutTrace}-${CALLER_SPAN}-01` },
      body: JSON.stringify(contact),
    });
    expect(placed.status).toBe(200);
    await placed.arrayBuffer();

    const statements = await eventually(
      () => receiver.spans.filter((span) => span.traceId === checkoutTrace && span.kind === SPAN_KIND.client),
      (found) => found.some((span) => span.name === "transaction"),
      "the checkout's statements",
    );
    // The request's span ends after its statements', so it may come in a later export.
    const request = (await eventually(
      () => receiver.spans.find((span) => span.traceId === checkoutTrace && span.kind === SPAN_KIND.server),
      Boolean,
      "the checkout request's span",
    ))!;
    expect(request.name).toBe("POST /checkout.json");
    expect(statements.every((span) => span.parentSpanId === request.spanId)).toBe(true);
    const job = await eventually(
      () => receiver.spans.find((span) => span.kind === SPAN_KIND.consumer && span.name === "job email"),
      Boolean,
      "the email job's span",
    );
    expect(job!.traceId).not.toBe(checkoutTrace);
    // Statements carry their text, never their parameters: no span says who bought.
    expect(JSON.stringify(receiver.spans)).not.toContain(EMAIL);
    expect(JSON.stringify(receiver.spans)).not.toContain("Hopper");
  });
});
