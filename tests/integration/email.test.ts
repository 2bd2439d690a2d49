import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMailer, type ShopMailer } from "../../src/platform/mail/create-mailer.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { createApp } from "../../src/server/app.ts";
import { readConfig } from "../../src/server/config.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const silent = pino({ level: "silent" });

const contact = {
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "12 St James's Square",
  city: "London",
  zip: "SW1Y 4JH",
  country: "GB",
};

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; no TLS, no login, as a local relay. */
async function startSmtpServer() {
  const received: Received[] = [];
  const waiting: ((message: Received) => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = session.envelope;
        const message = { from: envelope.mailFrom ? envelope.mailFrom.address : "", to: envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") };
        received.push(message);
        waiting.shift()?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** The next message to arrive (or the first not yet taken). */
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One part of a MIME message, its quoted-printable transfer encoding undone. */
function mimePart(raw: string, type: "text/plain" | "text/html"): string {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
  if (!boundary) throw new Error("not a multipart message");
  const part = raw.split(`--${boundary}`).find((candidate) => candidate.split("\r\n\r\n")[0]?.toLowerCase().includes(`content-type: ${type}`));
  if (!part) throw new Error(`no ${type} part`);
  const [head = "", ...body] = part.split("\r\n\r\n");
  const content = body.join("\r\n\r\n").replace(/\r\n$/, "");
  if (!/quoted-printable/i.test(head)) return content;
  const bytes = content.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8").replace(/\r\n/g, "\n");
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw)?.[1];

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});
afterEach(async () => {
  await shop.db.query("delete from outbox");
});

/** The shop's app on the test database, with its own mailer and app options. */
function appWith(mailer: ShopMailer | undefined, appOptions: Partial<Parameters<typeof createApp>[0]> = {}) {
  const platform = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, ...(mailer ? { mailer } : {}) });
  return createApp({ platform, logger: silent, imageCacheDir: path.join(ROOT, ".data/test-images"), ...appOptions });
}

async function placeOrder(shopper: Shopper, origin = "http://localhost") {
  await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 2 });
  const response = await shopper.request(`${origin}/checkout.json`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(contact) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: { name: string; token: string } }).order;
}

describe("order confirmation through SMTP_URL", () => {
  it("arrives at a real SMTP server with the order's number, lines, total and address, from the shop", async () => {
    const smtp = await startSmtpServer();
    const config = readConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const mailer = createMailer({ db: shop.db, smtpUrl: config.SMTP_URL, logger: silent, from: { name: "Lumen & Leaf", address: "hello@lumenandleaf.example" } });
    try {
      const arrived = smtp.next();
      const order = await placeOrder(new Shopper(appWith(mailer)), "http://shop.test:8080");
      const message = await arrived;

      expect(message.from).toBe("hello@lumenandleaf.example");
      expect(message.to).toEqual(["ada@example.com"]);
      expect(header(message.raw, "Subject")).toBe(`Order ${order.name} confirmed`);
      expect(header(message.raw, "From")).toBe('"Lumen & Leaf" <hello@lumenandleaf.example>');
      const text = mimePart(message.raw, "text/plain");
      expect(text).toContain("2 × Plain Cleanser — £24.00");
      expect(text).toContain("Shipping: £3.95");
      expect(text).toContain("Total: £27.95");
      expect(text).toContain("Ada Lovelace\n12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom");
      expect(text).toContain(`View your order: http://shop.test:8080/orders/${order.token}`);
      const html = mimePart(message.raw, "text/html");
      expect(html).toContain(`href="http://shop.test:8080/orders/${order.token}"`);
      expect(html).toContain("£27.95");

      // The outbox keeps the log: when it went, not what it said.
      await mailer.idle();
      const [logged] = await shop.db.query<Record<string, unknown>>("select recipient, subject, via, sent_at, text_body, html_body, error from outbox");
      expect(logged).toMatchObject({ recipient: "ada@example.com", subject: `Order ${order.name} confirmed`, via: "smtp", text_body: null, html_body: null, error: null });
      expect(logged?.sent_at).not.toBeNull();
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it("places the order even when the SMTP server is down, and logs the failure in the outbox", async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const mailer = createMailer({ db: shop.db, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, logger: silent, from: { name: "Lumen & Leaf", address: "hello@lumenandleaf.example" } });
    try {
      const order = await placeOrder(new Shopper(appWith(mailer)));
      expect(order.token).toMatch(/^[a-f0-9]{32}$/);
      await mailer.idle();
      const [logged] = await shop.db.query<{ sent_at: string | null; error: string | null }>("select sent_at, error from outbox");
      expect(logged?.sent_at).toBeNull();
      expect(logged?.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await mailer.close();
    }
  });
});

describe("order confirmation without SMTP: the outbox and the mailbox", () => {
  it("keeps the confirmation in the outbox and lists it in /dev/mailbox with its HTML in a sandboxed frame", async () => {
    const app = appWith(undefined, { mailbox: "everyone" });
    const order = await placeOrder(new Shopper(app));

    const rows = await shop.db.query<{ id: number; recipient: string; subject: string; via: string; text_body: string; html_body: string; sent_at: string | null }>(
      "select id, recipient, subject, via, text_body, html_body, sent_at from outbox",
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ recipient: "ada@example.com", subject: `Order ${order.name} confirmed`, via: "outbox", sent_at: null });
    expect(row?.text_body).toContain("2 × Plain Cleanser — £24.00");
    expect(row?.text_body).toContain(`http://localhost/orders/${order.token}`);

    const list = await app.request("/dev/mailbox");
    expect(list.status).toBe(200);
    expect(list.headers.get("x-robots-tag")).toContain("noindex");
    const listHtml = await list.text();
    expect(listHtml).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(listHtml).toContain("<h1>Mailbox</h1>");
    expect(listHtml).toContain("<td>ada@example.com</td>");
    expect(listHtml).toContain(`<a href="/dev/mailbox/${row?.id}">Order ${order.name} confirmed</a>`);

    const page = await (await app.request(`/dev/mailbox/${row?.id}`)).text();
    expect(page).toMatch(new RegExp(`<iframe title="The message as HTML" src="/dev/mailbox/${row?.id}/html" sandbox="[^"]*"`));
    expect(page).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(page).toContain(`<a href="http://localhost/orders/${order.token}" rel="noreferrer">`);

    const framed = await app.request(`/dev/mailbox/${row?.id}/html`);
    expect(framed.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(framed.headers.get("content-security-policy")).toContain("sandbox");
    expect(await framed.text()).toContain(`href="http://localhost/orders/${order.token}"`);
  });

  it("lists the newest message first", async () => {
    const mailer = createMailer({ db: shop.db, logger: silent, from: { name: "Lumen & Leaf", address: "hello@lumenandleaf.example" } });
    for (const subject of ["First", "Second"]) await mailer.send({ to: "ada@example.com", subject, text: subject, html: `<p>${subject}</p>` });
    const listHtml = await (await appWith(undefined, { mailbox: "everyone" }).request("/dev/mailbox")).text();
    expect(listHtml.indexOf(">Second</a>")).toBeLessThan(listHtml.indexOf(">First</a>"));
  });

  it("sends the confirmation of an order placed through the theme's checkout, on the shopper's address", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser") });
    const storefront = inProcessStorefront(shop.platform, shopper.cartToken, "https://shop.example");
    const placed = await storefront.placeOrder(contact);
    if (!placed.ok) throw new Error(placed.description);
    const [row] = await shop.db.query<{ text_body: string }>("select text_body from outbox");
    expect(row?.text_body).toContain(`https://shop.example/orders/${placed.order.token}`);
  });

  it("is not served on a production server open to the world, nor to a request from elsewhere on a loopback-only one", async () => {
    await placeOrder(new Shopper(shop.app));
    expect((await appWith(undefined, { mailbox: "nobody" }).request("/dev/mailbox")).status).toBe(404);
    expect((await shop.app.request("/dev/mailbox")).status).toBe(404);
    // In-process requests have no loopback connection behind them.
    const loopbackOnly = appWith(undefined, { mailbox: "this-machine" });
    expect((await loopbackOnly.request("/dev/mailbox")).status).toBe(404);
    expect((await loopbackOnly.request("/dev/mailbox/1/html")).status).toBe(404);
  });

  it("on a loopback-only production server, opens to a browser on this machine but not through a proxy", async () => {
    const server = serve({ fetch: appWith(undefined, { mailbox: "this-machine" }).fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
    } finally {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // fetch keeps its connection open; close it rather than wait for it to time out.
      if ("closeAllConnections" in server) server.closeAllConnections();
      await closed;
    }
  });
});
