/**
 * The back office's subscriptions: the list (search by the customer's email
 * or a product, status filter, pages of 25), one subscription with its
 * history and renewal orders, and the merchant's changes, each recorded as an
 * event naming the staff member; a price override is what the next renewal
 * charges and what the customer's portal shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { ADMIN_SUBSCRIPTIONS_PER_PAGE, priceField } from "../../src/core/admin/admin-subscriptions.ts";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import { addDays, calendarDay } from "../../src/core/subscriptions/delivery-dates.ts";
import { customersAdmin } from "../../src/platform/admin/customers-admin.ts";
import { subscriptionsAdmin } from "../../src/platform/admin/subscriptions-admin.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;
let clerk: StaffJson;

const adminAs = (staff: StaffJson | null) => subscriptionsAdmin(shop.db, shop.platform.subscriptions, async () => staff);

beforeAll(async () => {
  shop = await openTestShop({
    catalog: {
      ...fixtureCatalog,
      sellingPlanGroups: {
        "sized-serum": [{ name: "Subscribe and save", plans: [{ interval: "week", intervalCount: 6, adjustment: { type: "percentage", value: 10 } }] }],
        "plain-cleanser": [{ name: "Refill club", plans: [{ interval: "month", intervalCount: 2, adjustment: { type: "fixed_amount", value: 300 } }] }],
      },
    },
    checkoutLimit: { limit: 1000, windowSeconds: 60 },
  });
  owner = await addStaff("owner@lumenandleaf.example", "Olive Owner", "owner");
  clerk = await addStaff("clerk@lumenandleaf.example", "Sam Staff", "staff");
});
afterAll(async () => {
  await shop?.close();
});

async function addStaff(email: string, name: string, role: "owner" | "staff"): Promise<StaffJson> {
  const [row] = await shop.db.query<{ id: number }>("insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id", [
    email,
    name,
    role,
  ]);
  return { id: Number(row?.id), email, name, role };
}

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const today = () => calendarDay(new Date(), shop.platform.settings.shop.timeZone);
const IN_LONDON = { first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };
let addresses = 20;

/** A signed-in customer who subscribes to 2 units of `handle`'s variant `index` on its first plan; answers the customer, first order and contract. */
async function subscribed(email: string, handle = "sized-serum", index = 1) {
  const [customer] = await shop.db.query<{ id: number }>(
    "insert into customers (email, first_name, last_name, password_hash, password_salt, password_params) values ($1, 'Ada', 'Lovelace', 'x', 'x', '{}') returning id",
    [email],
  );
  const session = randomToken(32);
  await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), customer!.id]);
  const shopper = new Shopper(shop.app);
  const product = await json(await shopper.get(`/products/${handle}.js`));
  const plan = product.selling_plan_groups[0].selling_plans[0].id as number;
  expect((await shopper.postJson("/cart/add.js", { id: shop.variant(handle, index), quantity: 2, selling_plan: plan })).status).toBe(200);
  const response = await shop.app.request("/checkout.json", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${shopper.cartCookie}; customer_session=${session}`, "x-forwarded-for": `198.51.100.${(addresses += 1)}` },
    body: JSON.stringify({ email, ...IN_LONDON }),
  });
  expect(response.status).toBe(200);
  const { order } = (await json(response)) as { order: OrderJson };
  const customerId = Number(customer!.id);
  const [contract] = await shop.platform.subscriptions.forCustomer(customerId);
  return { customerId, order, contract: contract! };
}

const eventsOf = (contractId: number) =>
  shop.db.query<{ kind: string; detail: Record<string, any> }>("select kind, detail from subscription_events where contract_id = $1 order by id", [contractId]);
const contractRow = async (contractId: number) =>
  (await shop.db.query<{ status: string; next_date: string | Date; cancel_reason: string | null }>("select status, next_date::text as next_date, cancel_reason from subscription_contracts where id = $1", [contractId]))[0]!;

describe("the subscriptions list", () => {
  let serum: Awaited<ReturnType<typeof subscribed>>;
  let cleanser: Awaited<ReturnType<typeof subscribed>>;

  beforeAll(async () => {
    serum = await subscribed("Grace.Hopper@example.com");
    cleanser = await subscribed("alan@example.com", "plain-cleanser", 0);
  });

  it("finds by any part of the customer's email or a product's title, wildcards as plain characters", async () => {
    const admin = adminAs(owner);
    expect((await admin.list({ query: "grace.HOPPER" })).subscriptions.map((row) => row.id)).toEqual([serum.contract.id]);
    expect((await admin.list({ query: "plain clean" })).subscriptions.map((row) => row.id)).toEqual([cleanser.contract.id]);
    expect((await admin.list({ query: "Sized Serum - 30" })).subscriptions.map((row) => row.id)).toContain(serum.contract.id);
    expect((await admin.list({ query: "%" })).total).toBe(0);
    const [found] = (await admin.list({ query: "grace.hopper" })).subscriptions;
    expect(found).toMatchObject({ email: "Grace.Hopper@example.com", products: ["2 × Sized Serum - 30 ml"], status: "active", interval: "week", interval_count: 6, currency: "GBP" });
    expect(found!.delivery_price).toBe(2 * 2250);
  });

  it("filters by status", async () => {
    const admin = adminAs(owner);
    expect((await admin.change(cleanser.contract.id, { intent: "pause" })).ok).toBe(true);
    const paused = await admin.list({ status: "paused" });
    expect(paused.subscriptions.map((row) => row.id)).toContain(cleanser.contract.id);
    expect(paused.subscriptions.every((row) => row.status === "paused")).toBe(true);
    expect((await admin.list({ status: "active" })).subscriptions.map((row) => row.id)).not.toContain(cleanser.contract.id);
    expect((await admin.list({ status: "cancelled", query: "alan@" })).total).toBe(0);
    expect((await admin.change(cleanser.contract.id, { intent: "resume" })).ok).toBe(true);
    // A subscription whose renewal payment failed at every try is found under its own status.
    await shop.db.query("update subscription_contracts set status = 'failed' where id = $1", [cleanser.contract.id]);
    const failed = await admin.list({ status: "failed" });
    expect(failed.subscriptions.map((row) => [row.id, row.status])).toEqual([[cleanser.contract.id, "failed"]]);
    expect((await admin.list({ status: "active" })).subscriptions.map((row) => row.id)).not.toContain(cleanser.contract.id);
    await shop.db.query("update subscription_contracts set status = 'active' where id = $1", [cleanser.contract.id]);
  });

  it("is on the customer's page", async () => {
    const customer = await customersAdmin(shop.db, async () => owner).customer(serum.customerId);
    expect(customer?.subscriptions.map((row) => row.id)).toEqual([serum.contract.id]);
  });

  it("pages by 25, soonest delivery first, and one page past the end shows the last", async () => {
    // Copies of the serum contract, each a day later, to fill more than a page.
    await shop.db.query(
      `insert into subscription_contracts (customer_id, interval, interval_count, lines, delivery_price, shipping_price, shipping_method, shipping_address, email, currency, site, anchor_date, next_date)
       select customer_id, interval, interval_count, lines, delivery_price, shipping_price, shipping_method, shipping_address, 'paging-' || n || '@example.com', currency, site, anchor_date, next_date + n
       from subscription_contracts, generate_series(1, $2::int) as n where id = $1`,
      [serum.contract.id, ADMIN_SUBSCRIPTIONS_PER_PAGE],
    );
    const admin = adminAs(owner);
    const first = await admin.list({ query: "paging-" });
    expect(first).toMatchObject({ total: ADMIN_SUBSCRIPTIONS_PER_PAGE, page: 1, pageCount: 1 });
    const all = await admin.list({});
    expect(all.total).toBeGreaterThan(ADMIN_SUBSCRIPTIONS_PER_PAGE);
    expect(all.subscriptions).toHaveLength(ADMIN_SUBSCRIPTIONS_PER_PAGE);
    const dates = all.subscriptions.map((row) => row.next_date);
    expect(dates).toEqual([...dates].sort());
    const last = await admin.list({ page: 99 });
    expect(last.page).toBe(all.pageCount);
    expect(last.subscriptions.map((row) => row.email)).toContain(`paging-${ADMIN_SUBSCRIPTIONS_PER_PAGE}@example.com`);
  });

  it("shows nothing to nobody, and is open to staff as customers are", async () => {
    expect(await adminAs(null).list({})).toMatchObject({ subscriptions: [], total: 0 });
    expect(await adminAs(null).subscription(serum.contract.id)).toBeNull();
    expect((await adminAs(clerk).list({ query: "grace" })).total).toBe(1);
    expect(await adminAs(null).change(serum.contract.id, { intent: "skip" })).toMatchObject({ ok: false, reason: "signed_out" });
  });
});

describe("a subscription's page and the merchant's changes", () => {
  it("shows the customer, products, plan, price, next date, the first order and its history", async () => {
    const { contract, order } = await subscribed("page@example.com");
    const page = await adminAs(owner).subscription(contract.id);
    expect(page).toMatchObject({
      id: contract.id,
      email: "page@example.com",
      customer_name: "Ada Lovelace",
      lines: [{ title: "Sized Serum - 30 ml", quantity: 2, price: 2250 }],
      next_date: contract.nextDate,
      status: "active",
      origin_order: { id: order.id, name: order.name },
      renewals: [],
    });
    expect(page?.events.map((event) => event.kind)).toEqual(["created"]);
    expect(await adminAs(owner).subscription(999_999)).toBeNull();
  });

  it("skips, pauses, resumes, moves the next date and cancels, each an event naming the staff member and an audit entry", async () => {
    const { contract } = await subscribed("changes@example.com");
    const admin = adminAs(clerk);
    expect(await admin.change(contract.id, { intent: "skip" })).toEqual({ ok: true, next: `/subscriptions/${contract.id}?saved=skip` });
    expect((await contractRow(contract.id)).next_date).toBe(addDays(contract.nextDate, 42));
    expect(await admin.change(contract.id, { intent: "resume" })).toMatchObject({ ok: false, reason: "conflict" });
    expect((await admin.change(contract.id, { intent: "pause" })).ok).toBe(true);
    expect((await contractRow(contract.id)).status).toBe("paused");
    expect((await admin.change(contract.id, { intent: "resume" })).ok).toBe(true);
    expect((await contractRow(contract.id)).status).toBe("active");

    const chosen = addDays(today(), 10);
    expect(await admin.change(contract.id, { intent: "reschedule", date: today() })).toMatchObject({ ok: false, reason: "invalid", errors: { date: expect.any(String) } });
    expect(await admin.change(contract.id, { intent: "reschedule", date: "2026-02-30" })).toMatchObject({ ok: false, reason: "invalid" });
    expect((await admin.change(contract.id, { intent: "reschedule", date: chosen })).ok).toBe(true);
    expect((await contractRow(contract.id)).next_date).toBe(chosen);

    // Cancelling is two steps: without the box ticked nothing changes.
    expect(await admin.change(contract.id, { intent: "cancel", reason: "Moving abroad" })).toMatchObject({ ok: false, reason: "invalid", errors: { confirm_cancel: expect.any(String) } });
    expect((await contractRow(contract.id)).status).toBe("active");
    expect((await admin.change(contract.id, { intent: "cancel", reason: "  Moving abroad ", confirm_cancel: "on" })).ok).toBe(true);
    expect(await contractRow(contract.id)).toMatchObject({ status: "cancelled", cancel_reason: "Moving abroad" });
    expect(await admin.change(contract.id, { intent: "skip" })).toMatchObject({ ok: false, reason: "conflict" });

    const events = await eventsOf(contract.id);
    expect(events.map((event) => event.kind)).toEqual(["created", "skipped", "paused", "resumed", "delayed", "cancelled"]);
    for (const event of events.slice(1)) expect(event.detail.staff).toEqual({ id: clerk.id, name: "Sam Staff" });
    expect(events[4]!.detail).toMatchObject({ to: chosen });
    const page = await adminAs(owner).subscription(contract.id);
    expect(page?.events.slice(1).map((event) => event.staff)).toEqual(Array(5).fill("Sam Staff"));
    const audit = await shop.db.query<{ action: string; staff_id: number | string }>("select action, staff_id from audit_log where subject = $1 order by id", [`subscription ${contract.id}`]);
    expect(audit.map((entry) => entry.action)).toEqual(["subscription.skipped", "subscription.paused", "subscription.resumed", "subscription.delayed", "subscription.cancelled"]);
    expect(audit.every((entry) => Number(entry.staff_id) === clerk.id)).toBe(true);
  });

  it("refuses what it does not know: another intent, a missing subscription", async () => {
    const { contract } = await subscribed("unknown@example.com");
    expect(await adminAs(owner).change(contract.id, { intent: "deliver_now" })).toMatchObject({ ok: false, reason: "malformed" });
    expect(await adminAs(owner).change(999_999, { intent: "skip" })).toMatchObject({ ok: false, reason: "not_found" });
    expect(await adminAs(owner).change(-1, { intent: "skip" })).toMatchObject({ ok: false, reason: "not_found" });
  });
});

describe("a price override", () => {
  it("is what the next renewal charges, is shown in the customer's portal, and is recorded with the old and new price", async () => {
    const { contract, customerId } = await subscribed("override@example.com");
    const variant = contract.lines[0]!.variant_id;
    const admin = adminAs(owner);
    expect(await admin.change(contract.id, { intent: "price", [priceField(variant)]: "twelve" })).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: { [priceField(variant)]: expect.any(String) },
    });
    expect(await admin.change(contract.id, { intent: "price", [priceField(variant)]: "22.50" })).toMatchObject({ ok: false, reason: "invalid" });
    expect((await admin.change(contract.id, { intent: "price", [priceField(variant)]: "£18.00" })).ok).toBe(true);

    const [portal] = await shop.platform.subscriptions.managedFor(customerId);
    expect(portal!.deliveryPrice).toBe(2 * 1800);
    expect(portal!.lines[0]!.price).toBe(1800);
    const [event] = (await eventsOf(contract.id)).filter((each) => each.kind === "price_overridden");
    expect(event!.detail).toMatchObject({ lines: [{ variant_id: variant, from: 2250, to: 1800 }], staff: { id: owner.id, name: "Olive Owner" } });

    await shop.db.query("update subscription_contracts set anchor_date = $2, deliveries = 1, next_date = $3 where id = $1", [contract.id, addDays(today(), -42), today()]);
    expect(await shop.platform.subscriptions.renewDue()).toBeGreaterThanOrEqual(1);
    const [renewal] = await shop.db.query<{ id: number | string; lines: { price: number; quantity: number }[]; subtotal_price: number | string }>(
      "select id, lines, subtotal_price from orders where cart_token = $1",
      [`subscription:${contract.id}`],
    );
    expect(renewal!.lines[0]).toMatchObject({ price: 1800, quantity: 2 });
    expect(Number(renewal!.subtotal_price)).toBe(3600);
    const page = await admin.subscription(contract.id);
    expect(page?.renewals).toEqual([{ scheduled_date: today(), status: "placed", retry_on: null, order: { id: Number(renewal!.id), name: expect.stringMatching(/^#\d+$/) } }]);
  });
});
