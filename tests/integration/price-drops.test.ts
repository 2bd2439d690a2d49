/**
 * "Tell me when the price drops": a guest's follow and its double opt-in, a
 * signed-in customer's follow at once, the one email each follower gets when
 * the product's price on their site falls below the lowest price they know
 * of — by the product editor, the CSV import or the site's own fixed price —
 * never twice for the same drop (two servers at once included), nothing for
 * a rise or a fall back to a known price, the site's currency and address,
 * the unfollow link, and the back office's list.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { parseCsv, writeCsv } from "../../src/core/catalog/csv.ts";
import { catalogAdmin } from "../../src/platform/admin/catalog-admin.ts";
import { exportCatalogCsv, importCatalogCsv } from "../../src/platform/admin/catalog-csv.ts";
import { productAlertList } from "../../src/platform/catalog/product-alerts.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import type { PlatformOptions } from "../../src/platform/services.ts";
import { createApp } from "../../src/server/app.ts";
import { Shopper, type TestShop, addStaff, openTestShop } from "./harness.ts";
import { productEditForm } from "./product-edit-form.ts";

let shop: TestShop;
let owner: StaffJson;
let oilId: number;

beforeAll(async () => {
  shop = await openTestShop();
  owner = await addStaff(shop.db, "owner@lumenandleaf.example", "Owner", "owner");
  oilId = await productId("low-stock-oil");
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.db.query("delete from outbox");
  await shop.db.query("delete from price_drop_follows");
  await shop.db.query("delete from rate_limit_hits");
  await shop.db.query("delete from variant_site_prices where variant_id = $1", [shop.variant("low-stock-oil")]);
  await setPrice(3000);
});

async function productId(handle: string): Promise<number> {
  const [row] = await shop.db.query<{ id: string | number }>("select id from products where handle = $1", [handle]);
  return Number(row?.id);
}

/** The oil's base price, as a direct change the catalog sees at its next revision. */
async function setPrice(minor: number) {
  await shop.db.query("update variants set price = $2 where id = $1", [shop.variant("low-stock-oil"), minor]);
  await shop.db.query("update catalog_meta set revision = revision + 1");
}

const follow = (email: string, prefix = "", fields: Record<string, string> = {}) =>
  new Shopper(shop.app).postForm(`http://shop.test${prefix}/price-drop/follow`, new URLSearchParams({ product_id: String(oilId), email, consent: "on", ...fields }).toString(), { accept: "application/json" });

async function mails() {
  await shop.platform.afterAnswer.settled();
  return shop.db.query<{ recipient: string; subject: string; text_body: string }>("select recipient, subject, text_body from outbox order by id");
}
const linkIn = (text: string, path: string) => new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(text)?.[0] ?? "http://none");
const drops = async () => (await mails()).filter((mail) => mail.subject.startsWith("Price drop:"));

/** Follows the oil as each address, in order, and follows each confirmation link. */
async function followAndConfirm(prefix: string, ...emails: string[]) {
  for (const email of emails) {
    expect((await follow(email, prefix)).status).toBe(200);
    const mail = (await mails()).findLast((sent) => sent.recipient === email);
    expect((await shop.app.request(linkIn(mail?.text_body ?? "", "/price-drop/confirm").toString())).status).toBe(303);
  }
  await shop.db.query("delete from outbox");
}

const follows = async () =>
  (await shop.db.query<{ email: string; status: string; known_price: string | number }>("select email, status, known_price from price_drop_follows order by id")).map(
    (row) => `${row.email}:${row.status}:${Number(row.known_price)}`,
  );

function otherServer(options: PlatformOptions) {
  const platform = createPlatform(shop.db, shop.platform.settings, { catalogCheckMs: 0, ...options });
  return { platform, app: createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: "/tmp/unused-images", trustProxy: true }) };
}

describe("following a product's price", () => {
  it("keeps a guest's follow pending with the price they saw, and counts it once the signed link is followed", async () => {
    const response = await follow("Ada@Example.com");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ errors: [], status: "confirmation_sent" });
    expect(await follows()).toEqual(["Ada@Example.com:pending:3000"]);
    const [mail] = await mails();
    expect(mail).toMatchObject({ recipient: "Ada@Example.com", subject: "Confirm your price alert – Lumen & Leaf" });
    expect(mail?.text_body).toContain("Low Stock Oil drops below £30.00 GBP");
    const confirm = linkIn(mail?.text_body ?? "", "/price-drop/confirm");
    const forged = new URL(confirm);
    forged.searchParams.set("t", "0".repeat(64));
    expect((await shop.app.request(forged.toString())).headers.get("location")).toBe("/newsletter?state=invalid");
    // Not confirmed: a drop emails no one.
    await setPrice(2500);
    expect(await shop.platform.priceDrops.sendDue()).toBe(0);
    const confirmed = await shop.app.request(confirm.toString());
    expect(confirmed.headers.get("location")).toBe("/products/low-stock-oil?price_drop=confirmed#price-drop");
    expect((await shop.app.request(confirm.toString())).headers.get("location")).toContain("price_drop=already_confirmed");
    // Confirmed after the drop: the price they saw when following is the one they know.
    expect(await shop.platform.priceDrops.sendDue()).toBe(1);
    expect(await follows()).toEqual(["Ada@Example.com:following:2500"]);
  });

  it("lets a signed-in customer follow with their own address at once, and asks anyone else to confirm", async () => {
    const [row] = await shop.db.query<{ id: string | number }>(
      "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ('tom@example.com', 'Tom', 'Hardy', 'x', 'x', '{}') on conflict do nothing returning id",
    );
    const customer = { id: Number(row?.id ?? (await shop.db.query<{ id: number }>("select id from customers where email = 'tom@example.com'"))[0]?.id), email: "tom@example.com" };
    const context = { ip: "203.0.113.40", customer, siteCode: shop.platform.site.code, shopUrl: "http://shop.test" };
    const form = { product_id: String(oilId), email: "TOM@example.com", consent: "on" };
    expect(await shop.platform.priceDrops.follow(form, context)).toEqual({ errors: [], status: "following" });
    expect(await shop.platform.priceDrops.follow({ ...form, email: "tom.other@example.com" }, context)).toEqual({ errors: [], status: "confirmation_sent" });
    expect(await follows()).toEqual(["TOM@example.com:following:3000", "tom.other@example.com:pending:3000"]);
    expect((await mails()).map((mail) => mail.recipient)).toEqual(["tom.other@example.com"]);
  });

  it("names each bad field in the shop's words, answers a known follower as a new one, and keeps nothing for a robot", async () => {
    const bad = await new Shopper(shop.app).postForm("http://shop.test/price-drop/follow", `product_id=${oilId}&email=nope`, { accept: "application/json" });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      errors: [
        { field: "email", message: "Enter a valid email address" },
        { field: "consent", message: "Tick the box to agree to an email when the price drops" },
      ],
    });
    const draft = await follow("a@example.com", "", { product_id: String(await productId("draft-cream")) });
    expect(await draft.json()).toEqual({ errors: [{ field: "product_id", message: "Choose a product to follow" }] });
    await followAndConfirm("", "known@example.com");
    const known = await follow("known@example.com");
    const unknown = await follow("unknown@example.com");
    expect(await known.json()).toEqual(await unknown.json());
    expect((await mails()).map((mail) => mail.recipient)).toEqual(["unknown@example.com"]);
    expect(await (await follow("bot@example.com", "", { pd_website: "http://spam.example" })).json()).toEqual({ errors: [], status: "confirmation_sent" });
    expect(await follows()).toEqual(["known@example.com:following:3000", "unknown@example.com:pending:3000"]);
  });

  it("goes back to the product page with the outcome when posted without scripts", async () => {
    const sent = await new Shopper(shop.app).postForm("http://shop.test/price-drop/follow", `product_id=${oilId}&email=plain%40example.com&consent=on`, { referer: "http://shop.test/products/low-stock-oil" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/products/low-stock-oil?price_drop=sent#price-drop");
  });

  it("refuses a client address past its follows in a window", async () => {
    const { app, platform } = otherServer({ priceDrops: { addressLimit: { limit: 1, windowSeconds: 3600 } } });
    const post = (email: string) =>
      app.request("http://shop.test/price-drop/follow", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "x-forwarded-for": "10.9.8.1" }, body: `product_id=${oilId}&email=${email}&consent=on` });
    expect((await post("a%40example.com")).status).toBe(200);
    const second = await post("b%40example.com");
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    await platform.afterAnswer.settled();
  });
});

describe("when the price drops", () => {
  it("after the product editor lowers it, emails each follower once, never again for the same drop, and again for a further one", async () => {
    await followAndConfirm("", "first@example.com", "second@example.com");
    expect(await shop.platform.priceDrops.sendDue()).toBe(0);
    const catalog = catalogAdmin(shop.db, async () => owner);
    const form = await productEditForm(catalog, oilId);
    expect((await catalog.update(oilId, { ...form, [`variant_${shop.variant("low-stock-oil")}_price`]: "24.00" })).ok).toBe(true);
    expect(await shop.platform.priceDrops.sendDue()).toBe(2);
    expect(await shop.platform.priceDrops.sendDue()).toBe(0);
    const sent = await drops();
    expect(sent.map((mail) => mail.recipient)).toEqual(["first@example.com", "second@example.com"]);
    expect(sent[0]?.subject).toBe("Price drop: Low Stock Oil is now £24.00 GBP – Lumen & Leaf");
    expect(sent[0]?.text_body).toContain("has dropped from £30.00 GBP to £24.00 GBP");
    expect(linkIn(sent[0]?.text_body ?? "", "/products/low-stock-oil").toString()).toBe("http://shop.test/products/low-stock-oil");

    // A rise, then a fall back to a price they were told of, is no new drop; a fall below it is.
    await setPrice(2800);
    expect(await shop.platform.priceDrops.sendDue()).toBe(0);
    await setPrice(2400);
    expect(await shop.platform.priceDrops.sendDue()).toBe(0);
    await setPrice(2200);
    expect(await shop.platform.priceDrops.sendDue()).toBe(2);
    expect((await drops()).length).toBe(4);
    expect(await follows()).toEqual(["first@example.com:following:2200", "second@example.com:following:2200"]);
  });

  it("after a product CSV import lowers it", async () => {
    await followAndConfirm("", "csv@example.com");
    const records = parseCsv(await exportCatalogCsv(shop.db, "http://shop.test")).map((record) => record.fields);
    const header = records[0] ?? [];
    const sku = header.indexOf("Variant SKU");
    const price = header.indexOf("Variant Price");
    const rows = records.filter((row, index) => index === 0 || row[sku] === "OIL-1");
    for (const row of rows.slice(1)) row[price] = "27.50";
    expect(await importCatalogCsv(shop.db, owner, writeCsv(rows))).toMatchObject({ ok: true });
    expect(await shop.platform.priceDrops.sendDue()).toBe(1);
    expect((await drops())[0]?.text_body).toContain("from £30.00 GBP to £27.50 GBP");
  });

  it("prices a follow on the US site in dollars, from that site's own price, and links back to that site", async () => {
    await followAndConfirm("/en-us", "us@example.com");
    const [before] = await shop.db.query<{ known_price: string | number; known_currency: string }>("select known_price, known_currency from price_drop_follows");
    expect(before?.known_currency).toBe("USD");
    // The UK price does not move; the US site's fixed price does.
    await shop.db.query("insert into variant_site_prices (variant_id, site_code, price) values ($1, 'US', $2)", [shop.variant("low-stock-oil"), Number(before?.known_price) - 500]);
    await shop.db.query("update catalog_meta set revision = revision + 1");
    expect(await shop.platform.priceDrops.sendDue()).toBe(1);
    const [mail] = await drops();
    expect(mail?.subject).toMatch(/^Price drop: Low Stock Oil is now \$\d+\.\d\d USD/);
    expect(linkIn(mail?.text_body ?? "", "/price-drop/unfollow").pathname).toBe("/en-us/price-drop/unfollow");
    expect(linkIn(mail?.text_body ?? "", "/products/low-stock-oil").pathname).toBe("/en-us/products/low-stock-oil");
  });

  it("stops for good from the email's unfollow link, and refuses a forged one", async () => {
    await followAndConfirm("", "leaving@example.com", "staying@example.com");
    await setPrice(2900);
    expect(await shop.platform.priceDrops.sendDue()).toBe(2);
    const unfollow = linkIn((await drops())[0]?.text_body ?? "", "/price-drop/unfollow");
    const forged = new URL(unfollow);
    forged.searchParams.set("f", String(Number(forged.searchParams.get("f")) + 1));
    expect((await shop.app.request(forged.toString())).headers.get("location")).toBe("/newsletter?state=invalid");
    const left = await shop.app.request(unfollow.toString());
    expect(left.headers.get("location")).toBe("/products/low-stock-oil?price_drop=unfollowed#price-drop");
    expect(await follows()).toEqual(["staying@example.com:following:2900"]);
    await setPrice(2000);
    expect(await shop.platform.priceDrops.sendDue()).toBe(1);
    expect((await drops()).map((mail) => mail.recipient)).toEqual(["leaving@example.com", "staying@example.com", "staying@example.com"]);
  });

  it("never sends one drop twice when two servers send at once", async () => {
    const emails = Array.from({ length: 5 }, (_, index) => `race${index}@example.com`);
    await followAndConfirm("", ...emails);
    await setPrice(2000);
    const one = otherServer({ priceDrops: { batchSize: 3 } }).platform;
    const two = otherServer({ priceDrops: { batchSize: 3 } }).platform;
    const sent = await Promise.all([one.priceDrops.sendDue(), two.priceDrops.sendDue()]);
    const again = await Promise.all([one.priceDrops.sendDue(), two.priceDrops.sendDue()]);
    expect(sent[0] + sent[1] + again[0] + again[1]).toBe(5);
    expect((await drops()).map((mail) => mail.recipient).sort()).toEqual([...emails].sort());
  });
});

describe("the back office's list", () => {
  it("counts who follows each product, confirmed and not, with the price they know", async () => {
    await followAndConfirm("", "f1@example.com");
    await follow("p1@example.com");
    const [entry] = (await productAlertList(shop.db)).filter((alert) => alert.kind === "price_drop");
    expect(entry).toMatchObject({ productId: oilId, productTitle: "Low Stock Oil", variant: null, following: 1, unconfirmed: 1 });
    expect(entry?.followers.map((follower) => `${follower.email}:${follower.status}:${follower.knownPrice?.price}:${follower.knownPrice?.currency}`)).toEqual(["f1@example.com:following:3000:GBP", "p1@example.com:pending:3000:GBP"]);
  });
});
