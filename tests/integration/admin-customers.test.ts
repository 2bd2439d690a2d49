/**
 * The back office's customers: the list and its search, one customer with
 * everything the shop keeps about them (account and guest orders under the
 * same email, the sign-up, messages, bookings, addresses), that data as a
 * download, and erasing it on request while their orders stay for the books.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminCustomersClient } from "../../src/core/admin/admin-customers.ts";
import { customersAdmin } from "../../src/platform/admin/customers-admin.ts";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;
let admin: AdminCustomersClient;

const adminAs = (staff: StaffJson | null) => customersAdmin(shop.db, async () => staff);

async function addStaff(email: string, role: "owner" | "staff"): Promise<StaffJson> {
  const [row] = await shop.db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, 'Owner', $2, 'x', 'x', '{}') returning id",
    [email, role],
  );
  return { id: Number(row?.id), email, name: "Owner", role };
}

async function addCustomer(email: string, first: string, last: string): Promise<number> {
  const [row] = await shop.db.query<{ id: number }>(
    "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, first, last],
  );
  return Number(row?.id);
}

async function addOrder(email: string, customerId: number | null, total = 2000): Promise<number> {
  const address = { first_name: "Mary", last_name: "Anning", address1: "1 Cliff Path", city: "Lyme Regis", zip: "DT7 3QA", country: "GB" };
  const lines = [{ key: "k", variant_id: 1, title: "Serum", quantity: 2, price: 1000, final_line_price: 2000, sku: null, properties: {}, handle: "serum" }];
  const [row] = await shop.db.query<{ id: number }>(
    `insert into orders (token, cart_token, email, phone, shipping_address, lines, subtotal_price, total_discount, shipping_price, total_price, currency, customer_id)
     values (md5(random()::text), 'cart', $1, '+447700900123', $2, $3, $4, 0, 0, $4, 'GBP', $5) returning id`,
    [email, JSON.stringify(address), JSON.stringify(lines), total, customerId],
  );
  return Number(row?.id);
}

let mary: number;
let maryAccountOrder: number;
let maryGuestOrder: number;
let other: number;

beforeAll(async () => {
  shop = await openTestShop();
  owner = await addStaff("owner@lumenandleaf.example", "owner");
  admin = adminAs(owner);
  mary = await addCustomer("Mary.Anning@example.com", "Mary", "Anning");
  other = await addCustomer("charles@example.com", "Charles", "Darwin");
  maryAccountOrder = await addOrder("Mary.Anning@example.com", mary);
  maryGuestOrder = await addOrder("mary.anning@EXAMPLE.com", null, 3500);
  await addOrder("charles@example.com", other);
  await shop.db.query("insert into customer_addresses (customer_id, first_name, last_name, address1, city, zip, country) values ($1, 'Mary', 'Anning', '1 Cliff Path', 'Lyme Regis', 'DT7 3QA', 'GB')", [mary]);
  await shop.db.query("insert into subscribers (email, status, lists, consent_text) values ('mary.anning@example.com', 'active', '{newsletter}', 'Yes please')");
  await shop.db.query("insert into contact_messages (name, email, body) values ('Mary', 'mary.anning@example.com', 'Where is my fossil serum?')");
  await shop.db.query("insert into bookings (reference, type, name, email, message) values ('BK-MARY1', 'email', 'Mary', 'mary.anning@example.com', 'Dry skin')");
  await shop.db.query("insert into saved_for_later (customer_id, items) values ($1, '[{\"id\":1}]')", [mary]);
  await shop.db.query("insert into outbox (recipient, subject, text_body, html_body, via) values ('mary.anning@example.com', 'Hello', 'x', 'x', 'outbox')");
});
afterAll(async () => {
  await shop?.close();
});

describe("the customer list", () => {
  it("lists the newest first and finds by any part of the email or the name, wildcards as plain characters", async () => {
    expect((await admin.list({})).customers.map((customer) => customer.email)).toEqual(["charles@example.com", "Mary.Anning@example.com"]);
    expect((await admin.list({ query: "ANNING" })).customers.map((customer) => customer.id)).toEqual([mary]);
    expect((await admin.list({ query: "charles darwin" })).customers.map((customer) => customer.id)).toEqual([other]);
    expect((await admin.list({ query: "%" })).total).toBe(0);
    expect((await admin.list({ query: "Mary" })).customers[0]).toMatchObject({ name: "Mary Anning", orders_count: 2 });
  });

  it("shows nothing to nobody", async () => {
    expect(await adminAs(null).list({})).toMatchObject({ customers: [], total: 0 });
    expect(await adminAs(null).customer(mary)).toBeNull();
    expect(await adminAs(null).exportData(mary)).toBeNull();
    expect(await adminAs(null).erase(mary, { confirm_email: "mary.anning@example.com" })).toMatchObject({ ok: false, reason: "signed_out" });
  });
});

describe("one customer", () => {
  it("has their account and guest orders, address, sign-up, messages, bookings and saved list", async () => {
    const customer = await admin.customer(mary);
    expect(customer?.orders.map((order) => order.id).sort()).toEqual([maryAccountOrder, maryGuestOrder].sort());
    expect(customer?.addresses[0]?.lines).toEqual(["Mary Anning", "1 Cliff Path", "Lyme Regis DT7 3QA", "United Kingdom"]);
    expect(customer?.subscription).toMatchObject({ status: "active", lists: ["newsletter"] });
    expect(customer?.messages.map((message) => message.body)).toEqual(["Where is my fossil serum?"]);
    expect(customer?.bookings.map((booking) => booking.reference)).toEqual(["BK-MARY1"]);
    expect(customer?.saved_items).toBe(1);
    expect(await admin.customer(999_999_999)).toBeNull();
  });

  it("exports all of it as JSON for the customer, and the log says who exported it", async () => {
    const document = JSON.parse((await admin.exportData(mary)) ?? "null") as Record<string, unknown>;
    expect(document.customer).toMatchObject({ id: mary, email: "Mary.Anning@example.com", first_name: "Mary" });
    expect((document.orders as unknown[]).length).toBe(2);
    expect(document.newsletter).toMatchObject({ status: "active", consent_text: "Yes please" });
    expect(document.contact_messages).toEqual([expect.objectContaining({ body: "Where is my fossil serum?" })]);
    expect(document.bookings).toEqual([expect.objectContaining({ reference: "BK-MARY1", message: "Dry skin" })]);
    const [entry] = await shop.db.query<{ staff_id: number; action: string }>("select staff_id, action from audit_log where subject = $1", [`customer ${mary}`]);
    expect(entry).toEqual({ staff_id: owner.id, action: "customer.export" });
  });
});

describe("erasing a customer on request", () => {
  it("asks for the email again and changes nothing until it matches", async () => {
    expect(await admin.erase(mary, {})).toMatchObject({ ok: false, reason: "invalid", errors: { confirm_email: "Type the customer's email to confirm." } });
    expect(await admin.erase(mary, { confirm_email: "charles@example.com" })).toMatchObject({ ok: false, reason: "invalid", errors: { confirm_email: expect.stringContaining("not this customer's email") } });
    expect(await admin.customer(mary)).not.toBeNull();
  });

  it("deletes what names them, keeps their orders' money with the personal details removed, and leaves others alone", async () => {
    const before = await shop.db.query<{ total: number }>("select coalesce(sum(total_price), 0)::int as total from orders");
    expect(await admin.erase(mary, { confirm_email: " MARY.ANNING@example.com " })).toEqual({ ok: true, next: "/customers?erased=1" });

    expect(await admin.customer(mary)).toBeNull();
    const orders = await shop.db.query<{ id: number; email: string; phone: string | null; shipping_address: Record<string, string>; customer_id: number | null; total_price: number }>(
      "select id, email, phone, shipping_address, customer_id, total_price from orders where id = any($1::bigint[]) order by id",
      [[maryAccountOrder, maryGuestOrder]],
    );
    expect(orders).toHaveLength(2);
    for (const order of orders) {
      expect(order.email).toBe(`erased-${order.id}@erased.invalid`);
      expect(order.phone).toBeNull();
      expect(order.customer_id).toBeNull();
      expect(order.shipping_address).toEqual({ first_name: "Erased", last_name: "", address1: "", city: "", zip: "", country: "GB" });
    }
    expect(await shop.db.query<{ total: number }>("select coalesce(sum(total_price), 0)::int as total from orders")).toEqual(before);

    const everywhere = await shop.db.query<{ n: number }>(
      `select ((select count(*) from subscribers where lower(email) like '%anning%') + (select count(*) from contact_messages where lower(email) like '%anning%')
        + (select count(*) from bookings where lower(email) like '%anning%') + (select count(*) from outbox where lower(recipient) like '%anning%')
        + (select count(*) from customer_addresses where customer_id = $1) + (select count(*) from saved_for_later where customer_id = $1)
        + (select count(*) from orders where lower(email) like '%anning%'))::int as n`,
      [mary],
    );
    expect(everywhere[0]?.n).toBe(0);

    const [entry] = await shop.db.query<{ action: string; after: Record<string, number> }>("select action, after from audit_log where subject = $1 and action = 'customer.erase'", [`customer ${mary}`]);
    expect(entry).toEqual({ action: "customer.erase", after: { orders_redacted: 2, messages: 1, bookings: 1, subscriptions: 1 } });
    expect(JSON.stringify(entry)).not.toMatch(/anning/i);

    expect((await admin.customer(other))?.orders).toHaveLength(1);
    expect(await admin.erase(mary, { confirm_email: "mary.anning@example.com" })).toMatchObject({ ok: false, reason: "not_found" });
  });
});
