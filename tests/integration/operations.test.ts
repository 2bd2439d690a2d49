/**
 * The shop as an operator runs it (the compiled server of `npm start`, in a
 * child process, on this run's database): health and readiness, metrics and
 * who may read them, one JSON log line per request with its id and no
 * shopper's personal data, and a SIGTERM under load that loses nothing.
 */
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/platform/db/database.ts";
import { openTestDatabase } from "./harness.ts";
import { type ShopProcess, logEntries, startShopProcess } from "./shop-process.ts";
import { type SmtpRelay, startSmtpRelay } from "./smtp-relay.ts";

const METRICS_TOKEN = "metrics-token-for-the-test-0123456789";
const contact = { email: "ada.lovelace@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

let shop: ShopProcess;
let relay: SmtpRelay;
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => undefined;
let variantId = 0;

/** The shop's database, opened from the test once the shop has closed it (the embedded one is one process's at a time). */
async function openShopDatabase(): Promise<Database> {
  return openDatabase({ databaseUrl, dataDir: path.join(dataDir, "pglite") });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shop-operations-"));
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    await database.db.close();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  // Each email is answered a second and a half after it arrives, so a delivery can be caught in flight.
  relay = await startSmtpRelay({ delayMs: 1500 });
  shop = await startShopProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", SMTP_URL: relay.url, METRICS_TOKEN, TRUST_PROXY: "1" });
  const products = (await (await fetch(`${shop.base}/products.json`)).json()) as { products: { variants: { id: number; available: boolean; price: string }[] }[] };
  variantId = products.products.flatMap((product) => product.variants).find((variant) => variant.available && Number(variant.price) > 0)!.id;
});

afterAll(async () => {
  if (shop.child.exitCode === null) {
    shop.child.kill("SIGKILL");
    await shop.exited;
  }
  await relay?.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A shopper's cart add over HTTP; the cart cookie is kept. */
async function addToCart(cookie: string | undefined, quantity = 1): Promise<{ status: number; cookie: string }> {
  const response = await fetch(`${shop.base}/cart/add.js`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ id: variantId, quantity }),
  });
  await response.arrayBuffer();
  const set = response.headers.getSetCookie().find((value) => value.startsWith("cart="));
  return { status: response.status, cookie: set ? set.split(";")[0]! : (cookie ?? "") };
}

describe("health and readiness", () => {
  it("answers /healthz and /readyz without a session, a cookie or a cache", async () => {
    for (const [pathname, body] of [["/healthz", "ok\n"], ["/readyz", "ready\n"]] as const) {
      const response = await fetch(`${shop.base}${pathname}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(body);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("metrics", () => {
  it("counts requests by route and status, and shows the pool, the page cache, render slots, the job queue, emails and orders", async () => {
    expect((await fetch(`${shop.base}/cart.js`)).status).toBe(200);
    const response = await fetch(`${shop.base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^shop_http_requests_total\{route="\/cart\.js",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^shop_http_request_duration_seconds_bucket\{le="0\.005",route="\/cart\.js",method="GET",status="200"\} \d+/m);
    expect(text).toMatch(/^shop_db_pool_connections\{state="open"\} \d+/m);
    expect(text).toMatch(/^shop_db_query_duration_seconds_count\{kind="query",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^shop_page_cache_lookups\{result="miss"\} \d+/m);
    expect(text).toMatch(/^shop_page_cache_declined \d+/m);
    expect(text).toMatch(/^shop_render_slots\{state="waiting"\} 0/m);
    expect(text).toMatch(/^shop_job_queue_jobs\{queue="email",state="queued"\} \d+/m);
    expect(text).toMatch(/^shop_emails_total\{outcome="failed"\} 0/m);
    expect(text).toMatch(/^shop_orders_placed_total \d+/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    // The memory budget's split: the demo shop, the working memory and the caches' shares fit in it.
    const part = (name: string) => Number(new RegExp(`^shop_memory_budget_bytes\\{part="${name}"\\} (\\d+)$`, "m").exec(text)?.[1]);
    const [budget, open, working, pageCache, pictures] = ["budget", "open", "working", "page_cache", "renditions"].map(part);
    // 350 MB, and on the embedded database its own memory on top.
    expect(budget).toBe((process.env.DATABASE_URL ? 334 : 334 + 256) * 1024 * 1024);
    expect(open).toBeGreaterThan(0);
    expect(pageCache).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    expect(pictures).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    expect(open! + working! + pageCache! + pictures!).toBeLessThanOrEqual(budget!);
    expect(text).toMatch(/^shop_array_buffers_bytes \d+/m);
  });

  it("is refused to a request a proxy passed on, unless it carries METRICS_TOKEN as a bearer token", async () => {
    const proxied = { "x-forwarded-for": "203.0.113.9" };
    expect((await fetch(`${shop.base}/metrics`, { headers: proxied })).status).toBe(403);
    expect((await fetch(`${shop.base}/metrics`, { headers: { ...proxied, authorization: "Bearer not-the-token-at-all-0123456789" } })).status).toBe(403);
    const allowed = await fetch(`${shop.base}/metrics`, { headers: { ...proxied, authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("shop_http_requests_total");
  });
});

describe("request logs", () => {
  it("writes one JSON line per request with the proxy's request id, which the answer carries too", async () => {
    const response = await fetch(`${shop.base}/cart.js`, { headers: { "x-request-id": "req-from-proxy-1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("req-from-proxy-1");
    const entry = await shop.line((line) => line.includes('"reqId":"req-from-proxy-1"'));
    expect(JSON.parse(entry)).toMatchObject({ reqId: "req-from-proxy-1", msg: "request", method: "GET", route: "/cart.js", status: 200 });
    const made = await fetch(`${shop.base}/cart.js`);
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a shopper's email and address out of the log while an order is placed and its confirmation sent", async () => {
    const { cookie } = await addToCart(undefined, 1);
    const arrived = relay.acceptedCount(relay.accepted.length + 1);
    const placed = await fetch(`${shop.base}/checkout.json`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(contact) });
    expect(placed.status).toBe(200);
    await arrived;
    await shop.line((line) => line.includes('"msg":"email sent"'));
    const log = shop.lines.join("\n");
    for (const personal of ["ada.lovelace", "Lovelace", "St James", "SW1Y"]) expect(log).not.toContain(personal);
    expect(logEntries(shop.lines).some((entry) => entry.route === "/checkout.json" && entry.status === 200)).toBe(true);
    expect(await (await fetch(`${shop.base}/metrics`)).text()).toMatch(/^shop_orders_placed_total [1-9]/m);
  });
});

describe("SIGTERM", () => {
  it("under load: answers every request it took, finishes the email it was sending, and exits; nothing is lost", async () => {
    // A confirmation email in flight: the mail server has it and answers in 1.5 s.
    const { cookie: buyer } = await addToCart(undefined, 1);
    const arrival = relay.nextArrival();
    const sentBefore = relay.accepted.length;
    expect((await fetch(`${shop.base}/checkout.json`, { method: "POST", headers: { "content-type": "application/json", cookie: buyer }, body: JSON.stringify(contact) })).status).toBe(200);
    await arrival;

    // A request under way: its headers and half its body are in when the signal comes.
    const body = JSON.stringify({ id: variantId, quantity: 2 });
    const slow = httpRequest(`${shop.base}/cart/add.js`, { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } });
    const slowAnswer = new Promise<{ status: number; cookie: string }>((resolve, reject) => {
      slow.once("response", (response) => {
        response.resume();
        response.once("end", () => resolve({ status: response.statusCode ?? 0, cookie: (response.headers["set-cookie"] ?? []).find((value) => value.startsWith("cart="))?.split(";")[0] ?? "" }));
      });
      slow.once("error", reject);
    });
    slow.write(body.slice(0, 10));

    // Eight shoppers adding one at a time, as fast as answers come, until the shop stops answering.
    let signalled = false;
    // The signal comes only once every shopper has had an answer, however slow the machine.
    const firstAnswers: Promise<void>[] = [];
    // A cart is left for a new one before it reaches the 50-a-line cap.
    const shoppers = Array.from({ length: 8 }, async (_, index) => {
      let answered = () => {};
      firstAnswers[index] = new Promise<void>((resolve) => (answered = resolve));
      const carts: { cookie: string; answered: number }[] = [];
      let cart: { cookie: string; answered: number } | undefined;
      const statuses = new Set<number>();
      for (let round = 0; round < 10_000; round++) {
        if (!cart || cart.answered >= 40) {
          cart = { cookie: "", answered: 0 };
          carts.push(cart);
        }
        try {
          const result = await addToCart(cart.cookie || undefined);
          cart.cookie = result.cookie;
          statuses.add(result.status);
          answered();
          if (result.status === 200) cart.answered++;
        } catch {
          // Refused, or reset before the shop read it: the shop has stopped taking requests.
          if (signalled) break;
        }
      }
      return { carts, statuses };
    });
    await Promise.all(firstAnswers);
    await new Promise((resolve) => setTimeout(resolve, 300));
    signalled = true;
    shop.child.kill("SIGTERM");
    await shop.line((line) => line.includes('"msg":"closing"'));
    slow.end(body.slice(10));

    const [slowResult, results, code] = await Promise.all([slowAnswer, Promise.all(shoppers), shop.exited]);
    expect(code).toBe(0);
    expect(slowResult.status).toBe(200);
    for (const result of results) expect([...result.statuses]).toEqual([200]);
    // The email the shop was sending when told to stop went out before it exited, once.
    expect(relay.accepted.length).toBe(sentBefore + 1);

    const db = await openShopDatabase();
    try {
      // The added variant's units (a cart may also hold the free gifts its total earned).
      const inCart = async (cookie: string) =>
        (
          await db.query<{ quantity: number }>(
            "select coalesce(sum((line->>'quantity')::int), 0)::int as quantity from carts, jsonb_array_elements(lines) line where token = $1 and (line->>'variant_id')::bigint = $2",
            [cookie.replace(/^cart=/, "").split(".")[0], variantId],
          )
        )[0]!.quantity;
      // Every add answered is in its cart, and no add is in a cart without having been answered.
      const carts = results.flatMap((result) => result.carts).filter((cart) => cart.cookie);
      expect(carts.length).toBeGreaterThanOrEqual(8);
      for (const cart of carts) expect(await inCart(cart.cookie)).toBe(cart.answered);
      expect(await inCart(slowResult.cookie)).toBe(2);
      const [email] = await db.query<{ sent: number; unsent: number }>("select count(*) filter (where sent_at is not null)::int as sent, count(*) filter (where sent_at is null)::int as unsent from outbox");
      expect(email).toEqual({ sent: sentBefore + 1, unsent: 0 });
    } finally {
      await db.close();
    }
  });
});
