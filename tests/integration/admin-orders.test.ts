/**
 * The back office's orders area, through its service with a signed-in staff
 * member standing in for the session: the list's search, filter and pages,
 * one order, and fulfilling it (the audit entry, the customer's email, the
 * refusals, two staff fulfilling at once), and what the customer then sees.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminOrdersClient } from "../../src/core/admin/admin-orders.ts";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import { ordersAdmin } from "../../src/platform/admin/orders-admin.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;
let admin: AdminOrdersClient;
const SHOP_URL = "http://shop.test:8080";

const contact = {
  email: "ada@example.com",
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "12 St James's Square",
  city: "London",
  zip: "SW1Y 4JH",
  country: "GB",
};

/** The service as a request with this actor (null: nobody signed in) would have it. */
const adminAs = (staff: StaffJson | null) => ordersAdmin(shop.db, shop.platform.catalog, shop.platform.mailer, shop.platform.settings, async () => staff, SHOP_URL);

async function addStaff(email: string, role: "owner" | "staff"): Promise<StaffJson> {
  const [row] = await shop.db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, role === "owner" ? "Owner" : "Staff", role],
  );
  return { id: Number(row?.id), email, name: role === "owner" ? "Owner" : "Staff", role };
}

/** An order placed through the shop's checkout, as a shopper places it. */
async function placeOrder(email = contact.email): Promise<OrderJson> {
  const shopper = new Shopper(shop.app);
  await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 2 });
  const response = await shopper.postJson("/checkout.json", { ...contact, email });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: OrderJson }).order;
}

/** A stored order written straight to the table, for the list's tests: its email, status and age. */
async function storedOrder(email: string, options: { status?: string; minutesAgo?: number; quantities?: number[]; currency?: string } = {}): Promise<{ id: number; number: number }> {
  const lines = (options.quantities ?? [1]).map((quantity, index) => ({ key: `${index}:k`, variant_id: index + 1, title: `Line ${index}`, quantity, price: 100, final_line_price: 100 * quantity, sku: null, properties: {}, handle: "h" }));
  const [row] = await shop.db.query<{ id: number; number: number }>(
    `insert into orders (token, cart_token, email, shipping_address, lines, subtotal_price, total_discount, shipping_price, total_price, currency, fulfillment_status, created_at)
     values (md5(random()::text), 'cart', $1, $2, $3, 100, 0, 0, 100, $4, $5, now() - make_interval(mins => $6))
     returning id, number`,
    [email, JSON.stringify(contact), JSON.stringify(lines), options.currency ?? "GBP", options.status ?? "unfulfilled", options.minutesAgo ?? 0],
  );
  return { id: Number(row?.id), number: Number(row?.number) };
}

const outbox = () => shop.db.query<{ recipient: string; subject: string; text_body: string; html_body: string }>("select recipient, subject, text_body, html_body from outbox order by id");
const auditOf = (subject: string) => shop.db.query<{ staff_id: number | null; action: string; subject: string; before: unknown; after: unknown }>("select staff_id, action, subject, before, after from audit_log where subject = $1 order by id", [subject]);

beforeAll(async () => {
  shop = await openTestShop({ checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
  owner = await addStaff("owner@lumenandleaf.example", "owner");
  admin = adminAs(owner);
});
afterAll(async () => {
  await shop?.close();
});

describe("the order list", () => {
  afterEach(async () => {
    await shop.db.query("delete from orders");
  });

  it("lists the newest first, 25 a page, and keeps a page past the end on the last one", async () => {
    for (let index = 0; index < 30; index += 1) await storedOrder(`buyer${index}@example.com`, { minutesAgo: 100 - index });
    const first = await admin.list({});
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2, query: "", status: null });
    expect(first.orders).toHaveLength(25);
    expect(first.orders[0]?.email).toBe("buyer29@example.com");
    expect(first.orders.map((order) => order.created_at)).toEqual([...first.orders.map((order) => order.created_at)].sort().reverse());
    const second = await admin.list({ page: 2 });
    expect(second.orders.map((order) => order.email)).toEqual(["buyer4@example.com", "buyer3@example.com", "buyer2@example.com", "buyer1@example.com", "buyer0@example.com"]);
    expect((await admin.list({ page: 9 })).page).toBe(2);
    expect((await admin.list({ page: -1 })).page).toBe(1);
    expect((await admin.list({ page: Number.NaN })).page).toBe(1);
  });

  it("gives each order's number, total, currency, item count and status", async () => {
    const stored = await storedOrder("sum@example.com", { quantities: [2, 3], currency: "EUR", status: "fulfilled" });
    const [summary] = (await admin.list({})).orders;
    expect(summary).toEqual({
      id: stored.id,
      name: `#${stored.number}`,
      created_at: expect.any(String),
      email: "sum@example.com",
      total_price: 100,
      currency: "EUR",
      item_count: 5,
      fulfillment_status: "fulfilled",
    });
  });

  it("finds an order by its number with or without #, and by any part of the email in any case", async () => {
    const ada = await storedOrder("Ada.Lovelace@Example.com");
    const grace = await storedOrder("grace@navy.example");
    const names = async (query: string) => (await admin.list({ query })).orders.map((order) => order.name).sort();
    expect(await names(`#${ada.number}`)).toEqual([`#${ada.number}`]);
    expect(await names(` ${grace.number} `)).toEqual([`#${grace.number}`]);
    expect(await names("ada.lovelace")).toEqual([`#${ada.number}`]);
    expect(await names("NAVY")).toEqual([`#${grace.number}`]);
    expect(await names("example")).toEqual([`#${ada.number}`, `#${grace.number}`].sort());
    expect(await names("#99999999999")).toEqual([]);
    expect(await names("nobody@")).toEqual([]);
    expect((await admin.list({ query: "  navy " })).query).toBe("navy");
  });

  it("treats LIKE's wildcards and quotes in a search as plain characters", async () => {
    await storedOrder("a_b@example.com");
    await storedOrder("axb@example.com");
    expect((await admin.list({ query: "a_b" })).orders.map((order) => order.email)).toEqual(["a_b@example.com"]);
    expect((await admin.list({ query: "%" })).total).toBe(0);
    expect((await admin.list({ query: "'; drop table orders; --" })).total).toBe(0);
    expect((await admin.list({ query: "\\" })).total).toBe(0);
    expect((await admin.list({})).total).toBe(2);
  });

  it("filters by status, with the search too, and ignores a status it does not know", async () => {
    await storedOrder("one@example.com", { status: "unfulfilled" });
    await storedOrder("two@example.com", { status: "fulfilled" });
    await storedOrder("three@example.com", { status: "cancelled" });
    await storedOrder("four@other.example", { status: "fulfilled" });
    const emails = async (options: Parameters<AdminOrdersClient["list"]>[0]) => (await admin.list(options)).orders.map((order) => order.email).sort();
    expect(await emails({ status: "fulfilled" })).toEqual(["four@other.example", "two@example.com"]);
    expect(await emails({ status: "cancelled" })).toEqual(["three@example.com"]);
    expect(await emails({ status: "fulfilled", query: "example.com" })).toEqual(["two@example.com"]);
    const unknown = await admin.list({ status: "lost" as never });
    expect(unknown.status).toBeNull();
    expect(unknown.total).toBe(4);
  });

  it("shows nothing to nobody", async () => {
    const stored = await storedOrder("private@example.com");
    const nobody = adminAs(null);
    expect(await nobody.list({})).toMatchObject({ orders: [], total: 0 });
    expect(await nobody.order(stored.id)).toBeNull();
  });
});

describe("one order", () => {
  it("is the customer's order with its fulfilment and account, or null", async () => {
    const placed = await placeOrder();
    const order = await admin.order(placed.id);
    expect(order).toEqual({
      ...placed,
      customer_id: null,
      refunds: [],
      refundable: [2],
      shipping_refundable: placed.shipping_price > 0,
      gift_card_lines: [false],
      cancel_reason: null,
    });
    expect(order).toMatchObject({ fulfillment_status: "unfulfilled", tracking_number: null, fulfilled_at: null, line_items: [expect.objectContaining({ quantity: 2 })] });
    expect(await admin.order(999_999_999)).toBeNull();
    expect(await admin.order(-1)).toBeNull();
    expect(await admin.order(1.5)).toBeNull();
  });
});

describe("fulfilling an order", () => {
  afterEach(async () => {
    await shop.db.query("delete from outbox");
  });

  it("marks it fulfilled with the trimmed tracking number, records who did it, and emails the customer once", async () => {
    const placed = await placeOrder();
    await shop.db.query("delete from outbox");
    const answer = await admin.fulfil(placed.id, { tracking_number: "  RM123456785GB  " });
    expect(answer).toEqual({ ok: true, next: `/orders/${placed.id}` });

    const order = await admin.order(placed.id);
    expect(order).toMatchObject({ fulfillment_status: "fulfilled", tracking_number: "RM123456785GB" });
    expect(Date.parse(order?.fulfilled_at ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const number = placed.name.slice(1);
    expect(await auditOf(`order ${number}`)).toEqual([
      {
        staff_id: owner.id,
        action: "order.fulfil",
        subject: `order ${number}`,
        before: { fulfillment_status: "unfulfilled", tracking_number: null },
        after: { fulfillment_status: "fulfilled", tracking_number: "RM123456785GB" },
      },
    ]);

    const mail = await outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: "ada@example.com", subject: `Your order ${placed.name} is on its way` });
    expect(mail[0]?.text_body).toContain("Tracking number: RM123456785GB");
    expect(mail[0]?.text_body).toContain("2 × Plain Cleanser");
    expect(mail[0]?.text_body).toContain(`View your order: ${SHOP_URL}/orders/${placed.token}`);
    expect(mail[0]?.html_body).toContain("<strong>RM123456785GB</strong>");
  });

  it("refuses an order already fulfilled, leaving the first tracking number and sending nothing more", async () => {
    const placed = await placeOrder();
    expect((await admin.fulfil(placed.id, { tracking_number: "FIRST1" })).ok).toBe(true);
    await shop.db.query("delete from outbox");
    const again = await admin.fulfil(placed.id, { tracking_number: "SECOND2" });
    expect(again).toEqual({ ok: false, reason: "conflict", description: `Order ${placed.name} is already fulfilled with tracking number FIRST1.`, errors: {} });
    expect((await admin.order(placed.id))?.tracking_number).toBe("FIRST1");
    expect(await outbox()).toEqual([]);
    expect(await auditOf(`order ${placed.name.slice(1)}`)).toHaveLength(1);
  });

  it("refuses a cancelled order", async () => {
    const placed = await placeOrder();
    await shop.db.query("update orders set fulfillment_status = 'cancelled' where id = $1", [placed.id]);
    await shop.db.query("delete from outbox");
    const answer = await admin.fulfil(placed.id, { tracking_number: "X1" });
    expect(answer).toEqual({ ok: false, reason: "conflict", description: `Order ${placed.name} was cancelled, so it cannot be fulfilled.`, errors: {} });
    expect(await admin.order(placed.id)).toMatchObject({ fulfillment_status: "cancelled", tracking_number: null, fulfilled_at: null });
    expect(await outbox()).toEqual([]);
    expect(await auditOf(`order ${placed.name.slice(1)}`)).toEqual([]);
  });

  it("asks for a tracking number of 1 to 64 printable characters, naming the field", async () => {
    const placed = await placeOrder();
    await shop.db.query("delete from outbox");
    for (const tracking of [undefined, "", "   ", "x".repeat(65), "AB\u0000CD", "AB\nCD", "ÅB123", ["A1"]]) {
      const answer = await admin.fulfil(placed.id, { tracking_number: tracking });
      expect(answer).toMatchObject({ ok: false, reason: "invalid", description: "Check the tracking number.", errors: { tracking_number: expect.any(String) } });
    }
    expect(await admin.fulfil(placed.id, {})).toMatchObject({ errors: { tracking_number: "Enter the parcel's tracking number." } });
    expect(await admin.fulfil(placed.id, { tracking_number: "y".repeat(65) })).toMatchObject({ errors: { tracking_number: "A tracking number is at most 64 characters." } });
    expect((await admin.order(placed.id))?.fulfillment_status).toBe("unfulfilled");
    expect(await outbox()).toEqual([]);
    // 64 characters, with spaces and punctuation inside, is a tracking number.
    const longest = `1Z 999-AA1/${"0".repeat(53)}`;
    expect(longest).toHaveLength(64);
    expect((await admin.fulfil(placed.id, { tracking_number: ` ${longest} ` })).ok).toBe(true);
    expect((await admin.order(placed.id))?.tracking_number).toBe(longest);
  });

  it("answers 404 for an order that does not exist", async () => {
    expect(await admin.fulfil(999_999_999, { tracking_number: "X1" })).toMatchObject({ ok: false, reason: "not_found" });
    expect(await admin.fulfil(0, { tracking_number: "X1" })).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("answers 401 without a session, and changes nothing", async () => {
    const placed = await placeOrder();
    await shop.db.query("delete from outbox");
    const answer = await adminAs(null).fulfil(placed.id, { tracking_number: "X1" });
    expect(answer).toMatchObject({ ok: false, reason: "signed_out", errors: {} });
    expect((await admin.order(placed.id))?.fulfillment_status).toBe("unfulfilled");
    expect(await outbox()).toEqual([]);
  });

  it("sends no email when the change could not be committed", async () => {
    const placed = await placeOrder();
    await shop.db.query("delete from outbox");
    // A staff id with no account: the audit entry's reference fails, and the whole change with it.
    const ghost = adminAs({ id: 987_654_321, email: "ghost@example.com", name: "Ghost", role: "staff" });
    await expect(ghost.fulfil(placed.id, { tracking_number: "GHOST1" })).rejects.toThrow();
    expect(await admin.order(placed.id)).toMatchObject({ fulfillment_status: "unfulfilled", tracking_number: null });
    expect(await outbox()).toEqual([]);
    expect(await auditOf(`order ${placed.name.slice(1)}`)).toEqual([]);
  });

  it("lets exactly one of two staff fulfilling the same order at once succeed, with one email", async () => {
    const colleague = adminAs(await addStaff(`colleague${Date.now()}@lumenandleaf.example`, "staff"));
    for (let round = 0; round < 3; round += 1) {
      const placed = await placeOrder();
      await shop.db.query("delete from outbox");
      const answers = await Promise.all([admin.fulfil(placed.id, { tracking_number: `A${round}` }), colleague.fulfil(placed.id, { tracking_number: `B${round}` })]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.filter((answer) => !answer.ok)).toEqual([expect.objectContaining({ reason: "conflict" })]);
      const tracking = (await admin.order(placed.id))?.tracking_number;
      expect([`A${round}`, `B${round}`]).toContain(tracking);
      const mail = await outbox();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text_body).toContain(`Tracking number: ${tracking}`);
      expect(await auditOf(`order ${placed.name.slice(1)}`)).toHaveLength(1);
    }
  });

  it("links the email to the site of the order's currency", async () => {
    const stored = await storedOrder("euro@example.com", { currency: "EUR" });
    expect((await admin.fulfil(stored.id, { tracking_number: "EU1" })).ok).toBe(true);
    const [mail] = await outbox();
    const euroSite = shop.platform.sites.find((site) => site.currency === "EUR");
    expect(mail?.text_body).toContain(`View your order: ${SHOP_URL}${euroSite?.path ?? ""}/orders/`);
  });
});

describe("what the customer sees", () => {
  it("the order's JSON and the account's history say it was fulfilled, with the tracking number", async () => {
    const placed = await placeOrder("hist@example.com");
    const [customer] = await shop.db.query<{ id: number }>(
      "insert into customers (email, password_hash, password_salt, password_params) values ('hist@example.com', 'x', 'x', '{}') returning id",
    );
    await shop.platform.customers.attachOrder(placed.id, Number(customer?.id));
    expect((await shop.platform.customers.orders(Number(customer?.id)))[0]?.status).toBe("Placed · test order, no payment taken");

    expect((await admin.fulfil(placed.id, { tracking_number: "TRACK-42" })).ok).toBe(true);
    const [history] = await shop.platform.customers.orders(Number(customer?.id));
    expect(history).toMatchObject({ fulfillment_status: "fulfilled", tracking_number: "TRACK-42", status: "Fulfilled — tracking number TRACK-42 · test order, no payment taken" });

    const response = await new Shopper(shop.app).get(`/orders/${placed.token}.json`);
    const body = (await response.json()) as { order?: OrderJson } & OrderJson;
    expect(body.order ?? body).toMatchObject({ fulfillment_status: "fulfilled", tracking_number: "TRACK-42" });
  });
});
