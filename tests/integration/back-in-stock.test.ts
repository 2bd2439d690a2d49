/**
 * "Email me when it's back": the request and its double opt-in, the same
 * answer for an address already waiting, the limits per client address and
 * per email, and the one email each confirmed shopper gets when the variant
 * comes back by any path (the stock page, the CSV import, a refund's
 * restock): in order of request, a batch at a time, never twice (two servers
 * sending at once included), stopping when the stock runs out again, in the
 * currency of the site asked on, with a signed link that fills the cart.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { parseCsv, writeCsv } from "../../src/core/catalog/csv.ts";
import { exportCatalogCsv, importCatalogCsv } from "../../src/platform/admin/catalog-csv.ts";
import { ordersAdmin } from "../../src/platform/admin/orders-admin.ts";
import { stockAdmin } from "../../src/platform/admin/stock-admin.ts";
import { productAlertList } from "../../src/platform/catalog/product-alerts.ts";
import type { MailMessage } from "../../src/platform/mail/mailer.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import type { PlatformOptions } from "../../src/platform/services.ts";
import { createApp } from "../../src/server/app.ts";
import { Shopper, type TestShop, addStaff, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;

beforeAll(async () => {
  shop = await openTestShop({ checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
  owner = await addStaff(shop.db, "owner@lumenandleaf.example", "Owner", "owner");
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.db.query("delete from outbox");
  await shop.db.query("delete from back_in_stock_requests");
  // Every test shopper is one client address: each test starts with its counts at zero.
  await shop.db.query("delete from rate_limit_hits");
  await setStock("sold-out-balm", 0);
});

const balm = () => shop.variant("sold-out-balm");

async function setStock(handle: string, quantity: number) {
  await shop.db.query("update variants set inventory_management = 'shopify', inventory_policy = 'deny', inventory_quantity = $2 where id = $1", [shop.variant(handle), quantity]);
  await shop.db.query("update catalog_meta set inventory_revision = inventory_revision + 1 where id = 1");
}

const ask = (email: string, fields: Record<string, string> = {}, prefix = "") =>
  new Shopper(shop.app).postForm(`http://shop.test${prefix}/back-in-stock/request`, new URLSearchParams({ id: String(balm()), email, consent: "on", ...fields }).toString(), { accept: "application/json" });

async function mails() {
  await shop.platform.afterAnswer.settled();
  return shop.db.query<{ recipient: string; subject: string; text_body: string }>("select recipient, subject, text_body from outbox order by id");
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(text)?.[0] ?? "http://none");
const alerts = async () => (await mails()).filter((mail) => mail.subject.includes("is back in stock"));

/** Asks for the balm as each address, in order, and follows each confirmation link. */
async function askAndConfirm(...emails: string[]) {
  for (const email of emails) {
    expect((await ask(email)).status).toBe(200);
    const mail = (await mails()).findLast((sent) => sent.recipient === email);
    const confirm = linkIn(mail?.text_body ?? "", "/back-in-stock/confirm");
    expect((await shop.app.request(confirm.toString())).status).toBe(303);
  }
  await shop.db.query("delete from outbox");
}

const statuses = async () => (await shop.db.query<{ email: string; status: string }>("select email, status from back_in_stock_requests order by id")).map((row) => `${row.email}:${row.status}`);

describe("asking to be told", () => {
  it("keeps a pending request, emails a signed confirmation link, and counts it once confirmed", async () => {
    const response = await ask("Nell@Example.com");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ errors: [], status: "confirmation_sent" });
    expect(await statuses()).toEqual(["Nell@Example.com:pending"]);
    const [mail] = await mails();
    expect(mail).toMatchObject({ recipient: "Nell@Example.com", subject: "Confirm your back-in-stock alert – Lumen & Leaf" });
    expect(mail?.text_body).toContain("Sold Out Balm");
    const confirm = linkIn(mail?.text_body ?? "", "/back-in-stock/confirm");
    const forged = new URL(confirm);
    forged.searchParams.set("t", "0".repeat(64));
    expect((await shop.app.request(forged.toString())).headers.get("location")).toBe("/newsletter?state=invalid");
    expect(await statuses()).toEqual(["Nell@Example.com:pending"]);
    const confirmed = await shop.app.request(confirm.toString());
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(`/products/sold-out-balm?variant=${balm()}&back_in_stock=confirmed#back-in-stock`);
    expect(await statuses()).toEqual(["Nell@Example.com:waiting"]);
    expect((await shop.app.request(confirm.toString())).headers.get("location")).toContain("back_in_stock=already_confirmed");
  });

  it("names each bad field in the shop's words and keeps nothing", async () => {
    const response = await new Shopper(shop.app).postForm("http://shop.test/back-in-stock/request", `id=${balm()}&email=nope`, { accept: "application/json" });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: [
        { field: "email", message: "Enter a valid email address" },
        { field: "consent", message: "Tick the box to agree to one email when it is back" },
      ],
    });
    const inStock = await new Shopper(shop.app).postForm("http://shop.test/back-in-stock/request", `id=${shop.variant("plain-cleanser")}&email=a%40example.com&consent=on`, { accept: "application/json" });
    expect(await inStock.json()).toEqual({ errors: [{ field: "id", message: "Good news: this is in stock now, so you can add it to your cart." }] });
    expect(await statuses()).toEqual([]);
  });

  it("goes back to the product page with the outcome when posted without scripts", async () => {
    const page = `http://shop.test/products/sold-out-balm`;
    const sent = await new Shopper(shop.app).postForm("http://shop.test/back-in-stock/request", `id=${balm()}&email=plain%40example.com&consent=on`, { referer: page });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/products/sold-out-balm?back_in_stock=sent#back-in-stock");
    const refused = await new Shopper(shop.app).postForm("http://shop.test/back-in-stock/request", `id=${balm()}&email=plain%40example.com`, { referer: page });
    expect(refused.headers.get("location")).toBe("/products/sold-out-balm?back_in_stock=error#back-in-stock");
  });

  it("answers an address already waiting exactly as a new one, and sends it nothing new", async () => {
    await askAndConfirm("known@example.com");
    const known = await ask("known@example.com");
    const unknown = await ask("unknown@example.com");
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await mails()).map((mail) => mail.recipient)).toEqual(["unknown@example.com"]);
    expect(await statuses()).toEqual(["known@example.com:waiting", "unknown@example.com:pending"]);
  });

  it("answers a robot that filled the hidden field as anyone, and keeps nothing", async () => {
    expect(await (await ask("bot@example.com", { bis_website: "http://spam.example" })).json()).toEqual({ errors: [], status: "confirmation_sent" });
    expect(await statuses()).toEqual([]);
    expect(await mails()).toEqual([]);
  });
});

/** Another server on the same database, with `options` (limits, the batch, its mailer). */
function otherServer(options: PlatformOptions) {
  const platform = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, ...options });
  const app = createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: "/tmp/unused-images", trustProxy: true });
  return { platform, app };
}

describe("the limits", () => {
  it("refuses a client address past its requests in a window, counted in the database", async () => {
    const { app, platform } = otherServer({ backInStock: { addressLimit: { limit: 2, windowSeconds: 3600 } } });
    const post = (email: string, from: string) =>
      app.request("http://shop.test/back-in-stock/request", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-forwarded-for": from }, body: `id=${balm()}&email=${email}&consent=on` });
    expect((await post("a%40example.com", "10.9.3.1")).status).toBe(200);
    expect((await post("b%40example.com", "10.9.3.1")).status).toBe(200);
    const third = await post("c%40example.com", "10.9.3.1");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await third.json()).toEqual({ errors: [{ field: "form", message: "Too many requests from here. Please try again later." }] });
    expect((await post("c%40example.com", "10.9.4.1")).status).toBe(200);
    await platform.afterAnswer.settled();
  });

  it("sends one address no more confirmations than its limit, answering as ever", async () => {
    const { app, platform } = otherServer({ backInStock: { emailLimit: { limit: 1, windowSeconds: 3600 } } });
    const post = () => app.request("http://shop.test/back-in-stock/request", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body: `id=${balm()}&email=target%40example.com&consent=on` });
    const first = await post();
    const second = await post();
    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual(await first.json());
    await platform.afterAnswer.settled();
    expect((await mails()).map((mail) => mail.recipient)).toEqual(["target@example.com"]);
  });
});

describe("when the variant is back", () => {
  it("emails no one who has not confirmed", async () => {
    await ask("pending@example.com");
    await shop.db.query("delete from outbox");
    await setStock("sold-out-balm", 5);
    expect(await shop.platform.backInStock.sendDue()).toBe(0);
    expect(await alerts()).toEqual([]);
    expect(await statuses()).toEqual(["pending@example.com:pending"]);
  });

  it("after a stock page restock, emails each waiting shopper once, in order of request, with a link that fills the cart", async () => {
    await askAndConfirm("first@example.com", "second@example.com", "third@example.com");
    expect(await shop.platform.backInStock.sendDue()).toBe(0);
    const stock = stockAdmin(shop.db, async () => owner);
    expect(await stock.adjust(balm(), { quantity: "4", reason: "received" })).toMatchObject({ ok: true });
    expect(await shop.platform.backInStock.sendDue()).toBe(3);
    expect(await shop.platform.backInStock.sendDue()).toBe(0);
    const sent = await alerts();
    expect(sent.map((mail) => mail.recipient)).toEqual(["first@example.com", "second@example.com", "third@example.com"]);
    expect(sent[0]?.subject).toBe("Sold Out Balm is back in stock – Lumen & Leaf");
    expect(sent[0]?.text_body).toContain("£20.00");
    expect(await statuses()).toEqual(["first@example.com:sent", "second@example.com:sent", "third@example.com:sent"]);

    const add = linkIn(sent[0]?.text_body ?? "", "/back-in-stock/add");
    const shopper = new Shopper(shop.app);
    const followed = await shopper.get(add.toString());
    expect(followed.status).toBe(303);
    expect(followed.headers.get("location")).toBe("/cart");
    const cart = (await (await shopper.get("http://shop.test/cart.js")).json()) as { items: { variant_id: number; quantity: number }[] };
    expect(cart.items.map((item) => [item.variant_id, item.quantity])).toEqual([[balm(), 1]]);

    // A link the shop did not sign, or signed for another variant, adds nothing.
    const forged = new URL(add);
    forged.searchParams.set("v", String(shop.variant("plain-cleanser")));
    const stranger = new Shopper(shop.app);
    await stranger.get(forged.toString());
    expect(((await (await stranger.get("http://shop.test/cart.js")).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("after a product CSV import restocks it", async () => {
    await askAndConfirm("csv@example.com");
    const records = parseCsv(await exportCatalogCsv(shop.db, "http://shop.test")).map((record) => record.fields);
    const header = records[0] ?? [];
    const sku = header.indexOf("Variant SKU");
    const quantity = header.indexOf("Variant Inventory Qty");
    const rows = records.filter((row, index) => index === 0 || row[sku] === "BALM-1");
    for (const row of rows.slice(1)) row[quantity] = "7";
    expect(await importCatalogCsv(shop.db, owner, writeCsv(rows))).toMatchObject({ ok: true });
    expect(await shop.platform.backInStock.sendDue()).toBe(1);
    expect((await alerts()).map((mail) => mail.recipient)).toEqual(["csv@example.com"]);
  });

  it("after a refund returns a unit to stock", async () => {
    await setStock("sold-out-balm", 1);
    const buyer = new Shopper(shop.app);
    expect((await buyer.postJson("/cart/add.js", { id: balm(), quantity: 1 })).status).toBe(200);
    const placed = await buyer.postJson("/checkout.json", { email: "buyer@example.com", first_name: "Grace", last_name: "Hopper", address1: "1 Harbour Road", city: "Bristol", zip: "BS1 4RN", country: "GB" });
    expect(placed.status).toBe(200);
    const order = ((await placed.json()) as { order: { id: number } }).order;
    await askAndConfirm("refund@example.com");
    const orders = ordersAdmin(shop.db, shop.platform.catalog, shop.platform.mailer, shop.platform.settings, async () => owner, "http://shop.test");
    expect(await shop.platform.backInStock.sendDue()).toBe(0);
    expect(await orders.refund(order.id, { quantity_0: "1", restock: "on" })).toMatchObject({ ok: true });
    expect(await shop.platform.backInStock.sendDue()).toBe(1);
    expect((await alerts()).map((mail) => mail.recipient)).toEqual(["refund@example.com"]);
  });

  it("sends a batch a run, and stops when the stock runs out again until the next restock", async () => {
    const outbox = shop.platform.mailer;
    // This server's mailer sells the last unit as the first email goes.
    const sellsOut = { send: async (message: MailMessage) => { await outbox.send(message); await setStock("sold-out-balm", 0); } };
    await askAndConfirm("a@example.com", "b@example.com", "c@example.com", "d@example.com");
    await setStock("sold-out-balm", 1);
    const selling = otherServer({ mailer: sellsOut, backInStock: { batchSize: 3 } }).platform;
    expect(await selling.backInStock.sendDue()).toBe(1);
    expect(await statuses()).toEqual(["a@example.com:sent", "b@example.com:waiting", "c@example.com:waiting", "d@example.com:waiting"]);
    expect(await selling.backInStock.sendDue()).toBe(0);

    await setStock("sold-out-balm", 10);
    const batched = otherServer({ backInStock: { batchSize: 2 } }).platform;
    expect(await batched.backInStock.sendDue()).toBe(2);
    expect(await batched.backInStock.sendDue()).toBe(1);
    expect((await alerts()).map((mail) => mail.recipient)).toEqual(["a@example.com", "b@example.com", "c@example.com", "d@example.com"]);
  });

  it("never sends one request twice when two servers send at once", async () => {
    const emails = Array.from({ length: 6 }, (_, index) => `race${index}@example.com`);
    await askAndConfirm(...emails);
    await setStock("sold-out-balm", 3);
    const one = otherServer({ backInStock: { batchSize: 4 } }).platform;
    const two = otherServer({ backInStock: { batchSize: 4 } }).platform;
    const sent = await Promise.all([one.backInStock.sendDue(), two.backInStock.sendDue()]);
    expect(sent[0] + sent[1]).toBe(6);
    expect((await alerts()).map((mail) => mail.recipient).sort()).toEqual([...emails].sort());
  });

  it("prices the email in the currency of the site the shopper asked on, and links back to that site", async () => {
    expect((await ask("us@example.com", {}, "/en-us")).status).toBe(200);
    const confirm = linkIn((await mails())[0]?.text_body ?? "", "/back-in-stock/confirm");
    expect(confirm.pathname).toBe("/en-us/back-in-stock/confirm");
    await shop.app.request(confirm.toString());
    await setStock("sold-out-balm", 2);
    expect(await shop.platform.backInStock.sendDue()).toBe(1);
    const [alert] = await alerts();
    expect(alert?.text_body).toContain("$25.99");
    expect(linkIn(alert?.text_body ?? "", "/back-in-stock/add").pathname).toBe("/en-us/back-in-stock/add");
  });
});

describe("the back office's list", () => {
  it("counts who waits for each variant, confirmed and not", async () => {
    await askAndConfirm("w1@example.com", "w2@example.com");
    await ask("p1@example.com");
    const [entry] = (await productAlertList(shop.db)).filter((alert) => alert.kind === "back_in_stock");
    expect(entry).toMatchObject({ variant: { id: balm() }, productTitle: "Sold Out Balm", following: 2, unconfirmed: 1 });
    expect(entry?.followers.map((shopper) => `${shopper.email}:${shopper.status}`)).toEqual(["w1@example.com:following", "w2@example.com:following", "p1@example.com:pending"]);
  });
});
