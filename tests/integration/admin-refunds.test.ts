/**
 * Refunding and cancelling orders in the back office: the money given back
 * (a code's share kept, gift card money back onto the card), stock returned
 * in the same transaction as a checkout racing for the same units, gift
 * cards bought refunded only while unused, the refusals, the audit entry,
 * the customer's email and what the customer then sees, and the CSV export.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminOrdersClient } from "../../src/core/admin/admin-orders.ts";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import { ordersAdmin } from "../../src/platform/admin/orders-admin.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;
let colleague: StaffJson;
let admin: AdminOrdersClient;
const SHOP_URL = "http://shop.test:8080";

const contact = { email: "grace@example.com", first_name: "Grace", last_name: "Hopper", address1: "1 Harbour Road", city: "Bristol", zip: "BS1 4RN", country: "GB" };

const adminAs = (staff: StaffJson | null) => ordersAdmin(shop.db, shop.platform.catalog, shop.platform.mailer, shop.platform.settings, async () => staff, SHOP_URL);

async function addStaff(email: string, role: "owner" | "staff"): Promise<StaffJson> {
  const [row] = await shop.db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, role === "owner" ? "Owner" : "Sam", role],
  );
  return { id: Number(row?.id), email, name: role === "owner" ? "Owner" : "Sam", role };
}

async function place(shopper: Shopper, body: Record<string, unknown> = {}): Promise<Response> {
  return shopper.postJson("/checkout.json", { ...contact, ...body });
}

/** An order of `items` (handle, quantity) placed through the checkout, with a code or a gift card if given. */
async function placeOrder(items: [string, number][], extra: { code?: string; gift_card?: string } = {}): Promise<OrderJson> {
  const shopper = new Shopper(shop.app);
  for (const [handle, quantity] of items) expect((await shopper.postJson("/cart/add.js", { id: shop.variant(handle), quantity })).status).toBe(200);
  if (extra.code) await shopper.postJson("/cart/update.js", { discount: extra.code });
  const response = await place(shopper, extra.gift_card ? { gift_card: extra.gift_card } : {});
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: OrderJson }).order;
}

const stockOf = async (handle: string) => {
  const [row] = await shop.db.query<{ inventory_quantity: number }>("select inventory_quantity from variants where id = $1", [shop.variant(handle)]);
  return Number(row?.inventory_quantity);
};

/** Counts this variant's stock (tracked, never oversold) at `quantity`. */
async function setStock(handle: string, quantity: number) {
  await shop.db.query("update variants set inventory_management = 'shopify', inventory_policy = 'deny', inventory_quantity = $2 where id = $1", [shop.variant(handle), quantity]);
  await shop.db.query("update catalog_meta set inventory_revision = inventory_revision + 1 where id = 1");
}

const outbox = () => shop.db.query<{ recipient: string; subject: string; text_body: string }>("select recipient, subject, text_body from outbox order by id");
const auditOf = (subject: string) => shop.db.query<{ staff_id: number; action: string; before: unknown; after: Record<string, unknown> }>("select staff_id, action, before, after from audit_log where subject = $1 order by id", [subject]);

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog, checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
  owner = await addStaff("owner@lumenandleaf.example", "owner");
  colleague = await addStaff("sam@lumenandleaf.example", "staff");
  admin = adminAs(owner);
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await shop.db.query("delete from outbox");
});

describe("refunding part of an order", () => {
  it("gives back one unit at what it was paid, returns it to stock, records who did it and emails the customer", async () => {
    await setStock("clarifying-gel-cleanser", 10);
    const placed = await placeOrder([["clarifying-gel-cleanser", 2]]);
    expect(await stockOf("clarifying-gel-cleanser")).toBe(8);
    await shop.db.query("delete from outbox");
    const unit = placed.line_items[0]!.final_line_price / 2;

    expect(await admin.refund(placed.id, { quantity_0: "1", restock: "on", note: "Arrived damaged" })).toEqual({ ok: true, next: `/orders/${placed.id}` });
    expect(await stockOf("clarifying-gel-cleanser")).toBe(9);

    const order = await admin.order(placed.id);
    expect(order).toMatchObject({ financial_status: "partially_refunded", total_refunded: unit, refundable: [1], fulfillment_status: "unfulfilled" });
    expect(order?.refunds).toEqual([
      { id: expect.any(Number), at: expect.any(String), staff: "Owner", amount: unit, gift_card_amount: 0, shipping: 0, lines: [{ index: 0, title: placed.line_items[0]!.title, quantity: 1, amount: unit }], restocked: true, note: "Arrived damaged", provider_refund_id: null },
    ]);
    const [adjustment] = await shop.db.query<{ delta: number; reason: string; note: string }>("select delta, reason, note from stock_adjustments where variant_id = $1 order by id desc limit 1", [shop.variant("clarifying-gel-cleanser")]);
    expect(adjustment).toEqual({ delta: 1, reason: "returned", note: `Refunded order ${placed.name}` });
    const [entry] = await auditOf(`order ${placed.name.slice(1)}`);
    expect(entry).toMatchObject({ staff_id: owner.id, action: "order.refund", before: { total_refunded: 0 }, after: { total_refunded: unit, amount: unit, note: "Arrived damaged" } });

    const mail = await outbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: contact.email, subject: `A refund for your order ${placed.name}` });
    expect(mail[0]?.text_body).toContain("1 × ");

    // The customer's own view of the order says so too.
    const seen = (await (await new Shopper(shop.app).get(`/orders/${placed.token}.json`)).json()) as { order?: OrderJson } & OrderJson;
    expect(seen.order ?? seen).toMatchObject({ financial_status: "partially_refunded", total_refunded: unit });
  });

  it("keeps the code's share: a 10% code makes each unit give back 90% of its price", async () => {
    const placed = await placeOrder([["clarifying-gel-cleanser", 1]], { code: "GLOW10" });
    expect(placed.discount_codes).toEqual(["GLOW10"]);
    expect(await admin.refund(placed.id, { quantity_0: "1" })).toMatchObject({ ok: true });
    expect((await admin.order(placed.id))?.total_refunded).toBe(placed.total_price - placed.shipping_price);
  });

  it("without restock leaves the stock as it is", async () => {
    await setStock("clarifying-gel-cleanser", 5);
    const placed = await placeOrder([["clarifying-gel-cleanser", 1]]);
    expect(await admin.refund(placed.id, { quantity_0: "1" })).toMatchObject({ ok: true });
    expect(await stockOf("clarifying-gel-cleanser")).toBe(4);
    expect((await admin.order(placed.id))?.refunds[0]?.restocked).toBe(false);
  });

  it("names the line when the quantity is wrong or more than is left, and refunds nothing", async () => {
    await setStock("clarifying-gel-cleanser", 10);
    const placed = await placeOrder([["clarifying-gel-cleanser", 2]]);
    await shop.db.query("delete from outbox");
    for (const [typed, message] of [
      ["3", "Refund at most 2."],
      ["-1", "Enter a whole number of units."],
      ["1.5", "Enter a whole number of units."],
      ["two", "Enter a whole number of units."],
    ] as const) {
      expect(await admin.refund(placed.id, { quantity_0: typed })).toMatchObject({ ok: false, reason: "invalid", errors: { quantity_0: message } });
    }
    expect(await admin.refund(placed.id, {})).toMatchObject({ ok: false, reason: "invalid", description: "Nothing was refunded. Choose at least one item or the shipping to refund." });
    expect(await admin.refund(placed.id, { quantity_0: "1", note: "x".repeat(501) })).toMatchObject({ ok: false, errors: { note: "A note is at most 500 characters." } });
    expect(await admin.refund(placed.id, { quantity_0: "1", note: "a\u0000b" })).toMatchObject({ ok: false, errors: { note: expect.any(String) } });
    expect((await admin.order(placed.id))?.total_refunded).toBe(0);
    expect(await outbox()).toEqual([]);
    expect(await admin.refund(999_999_999, { quantity_0: "1" })).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("refunds the shipping once, and the whole order in steps adds up to its total", async () => {
    await setStock("clarifying-gel-cleanser", 10);
    const placed = await placeOrder([["clarifying-gel-cleanser", 2]]);
    expect(placed.shipping_price).toBeGreaterThan(0);
    expect(await admin.refund(placed.id, { quantity_0: "1", shipping: "on" })).toMatchObject({ ok: true });
    expect(await admin.refund(placed.id, { shipping: "on" })).toMatchObject({ ok: false, errors: { shipping: "The shipping has already been refunded." } });
    expect(await admin.refund(placed.id, { quantity_0: "1" })).toMatchObject({ ok: true });
    expect(await admin.order(placed.id)).toMatchObject({ financial_status: "refunded", total_refunded: placed.total_price, refundable: [0], shipping_refundable: false });
  });

  it("is staff's work too, but not for someone signed out", async () => {
    const placed = await placeOrder([["clarifying-gel-cleanser", 1]]);
    expect(await adminAs(null).refund(placed.id, { quantity_0: "1" })).toMatchObject({ ok: false, reason: "signed_out" });
    expect(await adminAs(colleague).refund(placed.id, { quantity_0: "1" })).toMatchObject({ ok: true });
    expect((await admin.order(placed.id))?.refunds[0]?.staff).toBe("Sam");
  });

  it("two staff refunding the last unit at once give it back once", async () => {
    const placed = await placeOrder([["clarifying-gel-cleanser", 1]]);
    const answers = await Promise.all([admin.refund(placed.id, { quantity_0: "1" }), adminAs(colleague).refund(placed.id, { quantity_0: "1" })]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect((await admin.order(placed.id))?.refunds).toHaveLength(1);
  });
});

describe("stock returned while checkouts race for it", () => {
  it("never loses or oversells a unit", async () => {
    for (let round = 0; round < 3; round += 1) {
      await setStock("clarifying-gel-cleanser", 2);
      // Three shoppers fill their bags while there is stock; then one order takes it all.
      const racers = [new Shopper(shop.app), new Shopper(shop.app), new Shopper(shop.app)];
      for (const racer of racers) expect((await racer.postJson("/cart/add.js", { id: shop.variant("clarifying-gel-cleanser"), quantity: 1 })).status).toBe(200);
      const placed = await placeOrder([["clarifying-gel-cleanser", 2]]);
      expect(await stockOf("clarifying-gel-cleanser")).toBe(0);

      const [refund, ...checkouts] = await Promise.all([admin.refund(placed.id, { quantity_0: "2", restock: "on" }), ...racers.map((racer) => place(racer))]);
      expect(refund.ok).toBe(true);
      const sold = checkouts.filter((response) => response.status === 200).length;
      for (const response of checkouts) expect([200, 422]).toContain(response.status);
      expect(sold).toBeLessThanOrEqual(2);
      // Every unit is accounted for: two came back, `sold` left again.
      expect(await stockOf("clarifying-gel-cleanser")).toBe(2 - sold);
    }
  });
});

describe("cancelling an order", () => {
  it("gives back everything, returns the stock, marks it cancelled with the reason and tells the customer", async () => {
    await setStock("clarifying-gel-cleanser", 6);
    const placed = await placeOrder([["clarifying-gel-cleanser", 2]]);
    expect(await admin.refund(placed.id, { quantity_0: "1", restock: "on" })).toMatchObject({ ok: true });
    await shop.db.query("delete from outbox");

    expect(await admin.cancel(placed.id, { reason: "customer", restock: "on" })).toEqual({ ok: true, next: `/orders/${placed.id}` });
    expect(await stockOf("clarifying-gel-cleanser")).toBe(6);
    const order = await admin.order(placed.id);
    expect(order).toMatchObject({ fulfillment_status: "cancelled", financial_status: "refunded", total_refunded: placed.total_price, cancel_reason: "customer", refundable: [0], shipping_refundable: false });
    expect(order?.cancelled_at).toEqual(expect.any(String));
    const mail = await outbox();
    expect(mail.map((message) => message.subject)).toEqual([`Your order ${placed.name} has been cancelled`]);
    expect((await auditOf(`order ${placed.name.slice(1)}`)).map((entry) => entry.action)).toEqual(["order.refund", "order.cancel"]);

    expect(await admin.cancel(placed.id, { reason: "customer" })).toMatchObject({ ok: false, reason: "conflict", description: `Order ${placed.name} is already cancelled.` });
    expect(await admin.refund(placed.id, { shipping: "on" })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await admin.fulfil(placed.id, { tracking_number: "X1" })).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("asks why, and refuses an order already sent", async () => {
    const placed = await placeOrder([["clarifying-gel-cleanser", 1]]);
    expect(await admin.cancel(placed.id, {})).toMatchObject({ ok: false, reason: "invalid", errors: { reason: "Choose why the order is cancelled." } });
    expect(await admin.cancel(placed.id, { reason: "bored" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await admin.fulfil(placed.id, { tracking_number: "SENT1" })).toMatchObject({ ok: true });
    expect(await admin.cancel(placed.id, { reason: "customer" })).toMatchObject({ ok: false, reason: "conflict", description: `Order ${placed.name} has been sent, so it cannot be cancelled. Refund what comes back instead.` });
  });
});

describe("gift cards", () => {
  const codesOf = async () => {
    const mails = await shop.db.query<{ text_body: string }>("select text_body from outbox where subject like '%gift card' order by id");
    return mails.map((mail) => /Code: ([A-Z0-9-]{19})/.exec(mail.text_body)?.[1] ?? "");
  };

  it("money a gift card paid goes back onto it", async () => {
    await placeOrder([["gift-card", 1]]);
    const [code = ""] = await codesOf();
    const [card] = await shop.db.query<{ id: number; balance: string }>("select id, balance from gift_cards order by id desc limit 1");
    const placed = await placeOrder([["clarifying-gel-cleanser", 1]], { gift_card: code });
    expect(placed.gift_card_amount).toBeGreaterThan(0);
    const [spent] = await shop.db.query<{ balance: string }>("select balance from gift_cards where id = $1", [card?.id]);
    expect(await admin.refund(placed.id, { quantity_0: "1", shipping: "on" })).toMatchObject({ ok: true });
    const [after] = await shop.db.query<{ balance: string }>("select balance from gift_cards where id = $1", [card?.id]);
    expect(Number(after?.balance)).toBe(Number(spent?.balance) + placed.gift_card_amount);
    expect((await admin.order(placed.id))?.refunds[0]?.gift_card_amount).toBe(placed.gift_card_amount);
  });

  it("a gift card bought is refunded while unused and then stops working; a used one is not", async () => {
    const placed = await placeOrder([["gift-card", 2]]);
    const [first = ""] = await codesOf();
    expect((await admin.order(placed.id))?.gift_card_lines).toEqual([true]);
    // Spend one of the two cards.
    await placeOrder([["clarifying-gel-cleanser", 1]], { gift_card: first });
    expect(await admin.refund(placed.id, { quantity_0: "2" })).toMatchObject({ ok: false, reason: "conflict", errors: { quantity_0: "Only 1 of these gift cards are unused, so at most 1 can be refunded." } });
    expect(await admin.refund(placed.id, { quantity_0: "1" })).toMatchObject({ ok: true });
    const cards = await shop.db.query<{ balance: string; disabled_at: unknown }>("select balance, disabled_at from gift_cards where order_id = $1 order by id", [placed.id]);
    expect(cards.filter((card) => card.disabled_at !== null)).toHaveLength(1);
    expect(await admin.refund(placed.id, { quantity_0: "1" })).toMatchObject({ ok: false, errors: { quantity_0: "The gift cards of this order have been used, so they cannot be refunded." } });
  });
});

describe("exporting orders", () => {
  it("writes one row per line in Shopify's columns, with the search and filter applied, and shows nothing to nobody", async () => {
    const placed = await placeOrder([["clarifying-gel-cleanser", 2], ["gift-card", 1]]);
    const csv = (await admin.exportCsv({ query: placed.name })) ?? "";
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Name,Email,Financial Status,Fulfillment Status,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${placed.name},${contact.email},paid,unfulfilled,`);
    expect(lines[2]?.startsWith(`${placed.name},${contact.email},,,`)).toBe(true);
    expect(await adminAs(null).exportCsv({})).toBeNull();
  });

  it("never writes a cell a spreadsheet would run as a formula", async () => {
    await shop.db.query(
      `insert into orders (token, cart_token, email, shipping_address, lines, subtotal_price, total_discount, shipping_price, total_price, currency)
       values (md5(random()::text), 'c', '=HYPERLINK("http://evil")@x.com', $1, '[]', 0, 0, 0, 0, 'GBP')`,
      [JSON.stringify({ ...contact, first_name: "+1+1" })],
    );
    const csv = (await admin.exportCsv({ query: "hyperlink" })) ?? "";
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")@x.com"`);
    expect(csv).toContain("'+1+1 Hopper");
  });
});
