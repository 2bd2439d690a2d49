/**
 * The back office's discount codes: creating and editing codes (each field's
 * refusal, the staff role refused, the audit entry, a used code keeping its
 * text), the list's status and uses counted from orders, and what shoppers
 * get: free shipping at checkout, and codes refused once their uses in all or
 * for one email are taken, two checkouts racing for the last use included.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminDiscountsClient } from "../../src/core/admin/admin-discounts.ts";
import { isoToLocalTime, localTimeToIso, otherCurrencies } from "../../src/core/admin/admin-discounts.ts";
import { discountsAdmin } from "../../src/platform/admin/discounts-admin.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const NOW = Date.UTC(2026, 10, 21, 12);
let clock = NOW;

let shop: TestShop;
let owner: StaffJson;
let staff: StaffJson;
let signedIn: StaffJson | null = null;
let discounts: AdminDiscountsClient;

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const contact = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

const addStaff = async (email: string, name: string, role: "owner" | "staff"): Promise<StaffJson> => {
  const [row] = await shop.db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, 'x', 'x', '{}') returning id",
    [email, name, role],
  );
  return { id: Number(row!.id), email, name, role };
};

beforeAll(async () => {
  shop = await openTestShop({ now: () => clock, checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
  owner = await addStaff("olive@example.com", "Olive Owner", "owner");
  staff = await addStaff("sam@example.com", "Sam Staff", "staff");
  discounts = discountsAdmin(shop.db, () => "Europe/London", async () => signedIn, () => clock, () => otherCurrencies(shop.platform.sites, shop.platform.settings.currency));
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  clock = NOW;
  signedIn = owner;
});

/** The form as the page posts it. */
const form = (fields: Record<string, string>) => ({
  code: "",
  title: "",
  type: "percentage",
  value: "",
  minimum_subtotal: "",
  starts_at: "",
  ends_at: "",
  enabled: "on",
  usage_limit: "",
  usage_limit_per_customer: "",
  ...fields,
});

/** Creates a code and answers its id. */
const create = async (fields: Record<string, string>): Promise<number> => {
  const answer = await discounts.create(form(fields));
  if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return Number(/^\/discounts\/(\d+)\?saved=1$/.exec(answer.next)?.[1]);
};

/** A shopper with one cleanser (£12, below the free-shipping threshold) and `code` on the cart. */
const shopperWith = async (code: string): Promise<Shopper> => {
  const shopper = new Shopper(shop.app);
  expect((await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 })).status).toBe(200);
  expect((await shopper.postJson("/cart/update.js", { discount: code })).status).toBe(200);
  return shopper;
};
const cartOf = async (shopper: Shopper) => json(await shopper.get("/cart.js"));
const checkout = async (shopper: Shopper, email = contact.email) => {
  const response = await shopper.postJson("/checkout.json", { ...contact, email });
  const body = await json(response);
  // A placed order answers { order }; a refusal its reasons.
  return { status: response.status, body: response.status === 200 ? (body.order as Record<string, any>) : body };
};
const auditOf = (subject: string) =>
  shop.db.query<{ staff_id: number | null; action: string; before: any; after: any }>("select staff_id, action, before, after from audit_log where subject = $1 order by id", [subject]);

describe("the shop's clock", () => {
  it("reads a wall-clock time in the shop's time zone, summer and winter, and back", () => {
    expect(localTimeToIso("2026-07-01T09:00", "Europe/London")).toBe("2026-07-01T08:00:00.000Z");
    expect(localTimeToIso("2026-12-01T09:00", "Europe/London")).toBe("2026-12-01T09:00:00.000Z");
    expect(localTimeToIso("2026-12-01T09:00", "America/New_York")).toBe("2026-12-01T14:00:00.000Z");
    expect(isoToLocalTime("2026-07-01T08:00:00.000Z", "Europe/London")).toBe("2026-07-01T09:00");
    expect(localTimeToIso("2026-02-30T09:00", "Europe/London")).toBeNull();
    expect(localTimeToIso("tomorrow", "Europe/London")).toBeNull();
  });
});

describe("creating and editing codes", () => {
  it("creates a code, audited, and lists it with its status", async () => {
    const id = await create({ code: "SPRING15", title: "Spring", type: "percentage", value: "15", minimum_subtotal: "30.00", usage_limit: "100" });
    const row = await discounts.discount(id);
    expect(row).toMatchObject({ code: "SPRING15", title: "Spring", type: "percentage", value: 15, minimumSubtotal: 3000, usageLimit: 100, usageLimitPerCustomer: null, status: "active", timesUsed: 0 });
    const [entry] = await auditOf(`discount ${id}`);
    expect(entry).toMatchObject({ staff_id: owner.id, action: "discount.create", before: null });
    expect(entry!.after).toMatchObject({ code: "SPRING15", type: "percentage", value: 15, minimumSubtotal: 3000, usageLimit: 100 });
    const list = await discounts.list({ query: "spring" });
    // Newest first; the shop's ended SPRING20 matches too, and is shown as expired.
    expect(list.rows.map((code) => [code.code, code.status])).toEqual([
      ["SPRING15", "active"],
      ["SPRING20", "expired"],
    ]);
    expect((await discounts.list({ query: "nothing-like-it" })).total).toBe(0);
  });

  it("says what is wrong with each field in the shop's words, and stores nothing", async () => {
    const before = (await discounts.list({})).total;
    const answer = await discounts.create(
      form({ code: "BAD CODE!", type: "fixed_amount", value: "-3", minimum_subtotal: "lots", starts_at: "2026-12-02T09:00", ends_at: "2026-12-01T09:00", usage_limit: "0", usage_limit_per_customer: "1.5" }),
    );
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
    if (answer.ok) return;
    expect(answer.errors).toEqual({
      code: "Use only letters, digits, dashes and underscores in the code.",
      value: "Enter the amount off, such as 5.00.",
      minimum_subtotal: "Enter the minimum subtotal as an amount such as 30.00, or leave it empty for none.",
      ends_at: "Enter an end after the start.",
      usage_limit: "Enter a whole number of uses of 1 or more, or leave it empty for no limit.",
      usage_limit_per_customer: "Enter a whole number of uses of 1 or more, or leave it empty for no limit.",
    });
    const percent = await discounts.create(form({ code: "TOOMUCH", type: "percentage", value: "120" }));
    expect(percent.ok ? {} : percent.errors).toEqual({ value: "Enter the percentage off, more than 0 and at most 100." });
    const kind = await discounts.create(form({ code: "ODD", type: "buy_one_get_one" }));
    expect(kind.ok ? {} : kind.errors).toEqual({ type: "Choose percentage off, amount off or free shipping." });
    expect(await discounts.create(form({ code: "" }))).toMatchObject({ ok: false, errors: { code: "Enter the code shoppers type, such as WELCOME10." } });
    // glow10 is the shop's own seeded code: another spelling of it is the same code.
    expect(await discounts.create(form({ code: "GLOW10", value: "5" }))).toMatchObject({ ok: false, errors: { code: "Another discount already uses this code. Choose a different one." } });
    expect((await discounts.list({})).total).toBe(before);
  });

  it("keeps times on the shop's clock and edits the code, audited with before and after", async () => {
    const id = await create({ code: "WINTER5", type: "fixed_amount", value: "5", starts_at: "2026-12-01T09:00", ends_at: "2027-01-01T00:00" });
    expect(await discounts.discount(id)).toMatchObject({ value: 500, startsAt: "2026-12-01T09:00:00.000Z", endsAt: "2027-01-01T00:00:00.000Z", status: "scheduled" });
    const answer = await discounts.update(id, form({ code: "WINTER6", title: "Winter", type: "fixed_amount", value: "6.50", enabled: "" }));
    expect(answer).toEqual({ ok: true, next: `/discounts/${id}?saved=1` });
    expect(await discounts.discount(id)).toMatchObject({ code: "WINTER6", value: 650, startsAt: null, endsAt: null, enabled: false, status: "disabled" });
    const entries = await auditOf(`discount ${id}`);
    expect(entries.map((entry) => entry.action)).toEqual(["discount.create", "discount.update"]);
    expect(entries[1]!.before).toMatchObject({ code: "WINTER5", value: 500, enabled: true });
    expect(entries[1]!.after).toMatchObject({ code: "WINTER6", value: 650, enabled: false });
    expect(await discounts.update(999_999, form({ code: "GONE", value: "5" }))).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("shows a code past its end as expired", async () => {
    const id = await create({ code: "BYGONE", value: "10", starts_at: "2026-01-01T00:00", ends_at: "2026-02-01T00:00" });
    expect((await discounts.discount(id))?.status).toBe("expired");
  });

  it("refuses staff (403) and anyone signed out (401), and shows them no codes", async () => {
    signedIn = staff;
    expect(await discounts.create(form({ code: "STAFFCODE", value: "10" }))).toMatchObject({ ok: false, reason: "forbidden", description: "Only the shop's owner can do that." });
    expect(await discounts.update(1, form({ code: "STAFFCODE", value: "10" }))).toMatchObject({ ok: false, reason: "forbidden" });
    expect((await discounts.list({})).rows).toEqual([]);
    expect(await discounts.discount(1)).toBeNull();
    signedIn = null;
    expect(await discounts.create(form({ code: "NOBODY", value: "10" }))).toMatchObject({ ok: false, reason: "signed_out" });
    const [row] = await shop.db.query<{ count: number | string }>("select count(*) from discounts where code in ('STAFFCODE', 'NOBODY')");
    expect(Number(row!.count)).toBe(0);
  });

  it("counts the orders that used a code, and a used code keeps its text but can be switched off", async () => {
    const id = await create({ code: "USEDONCE", value: "10" });
    const shopper = await shopperWith("usedonce");
    const placed = await checkout(shopper);
    expect(placed.status).toBe(200);
    expect(placed.body.discount_codes).toEqual(["usedonce"]);
    expect((await discounts.discount(id))?.timesUsed).toBe(1);
    const renamed = await discounts.update(id, form({ code: "RENAMED", value: "10" }));
    expect(renamed).toMatchObject({ ok: false, reason: "invalid", errors: { code: "USEDONCE has been used on 1 order, so it keeps its code. Disable it or give it an end instead." } });
    // Another case of the same letters is the same code, and is kept as it was.
    expect(await discounts.update(id, form({ code: "USEDONCE", value: "10", enabled: "" }))).toMatchObject({ ok: true });
    expect(await discounts.discount(id)).toMatchObject({ code: "USEDONCE", enabled: false, status: "disabled", timesUsed: 1 });
    const again = await shopperWith("USEDONCE");
    expect((await cartOf(again)).discount_codes).toEqual([{ code: "USEDONCE", applicable: false, reason: { kind: "unknown" } }]);
  });

  it("keeps both of two edits of one code made at once, one after the other", async () => {
    const id = await create({ code: "TWOEDITS", value: "10" });
    const [first, second] = await Promise.all([
      discounts.update(id, form({ code: "TWOEDITS", value: "20" })),
      discounts.update(id, form({ code: "TWOEDITS", value: "30" })),
    ]);
    expect(first.ok && second.ok).toBe(true);
    const entries = await auditOf(`discount ${id}`);
    expect(entries.map((entry) => entry.action)).toEqual(["discount.create", "discount.update", "discount.update"]);
    // Each edit saw the one before it: the second's "before" is the first's "after".
    expect(entries[2]!.before.value).toBe(entries[1]!.after.value);
    expect((await discounts.discount(id))?.value).toBe(entries[2]!.after.value);
  });
});

describe("amounts in the shop's other currencies", () => {
  it("are the shop's other currencies, each once", async () => {
    expect(await discounts.currencies()).toEqual(["USD", "EUR", "AUD", "CAD"]);
    signedIn = staff;
    expect(await discounts.currencies()).toEqual([]);
  });

  it("are stored as typed, audited, listed, and what a shopper paying in that currency gets", async () => {
    const id = await create({ code: "EURO7", type: "fixed_amount", value: "5.00", minimum_subtotal: "10", value_EUR: "€7.00", minimum_subtotal_EUR: "12.00", minimum_subtotal_USD: "$15" });
    const stored = (await discounts.discount(id))!;
    expect(stored.currencyValues).toEqual({ EUR: { value: 700, minimumSubtotal: 1200 }, USD: { value: null, minimumSubtotal: 1500 } });
    expect((await discounts.list({ query: "EURO7" })).rows[0]?.currencyValues).toEqual(stored.currencyValues);
    const [created] = await auditOf(`discount ${id}`);
    expect(created?.after.currencyValues).toEqual(stored.currencyValues);

    // The Irish site sells in euros: the code takes €7 off there, from its own €12 minimum; the UK site takes £5.
    const shopper = await shopperWith("EURO7");
    const euros = await json(await shopper.get("/en-ie/cart.js"));
    expect(euros.currency).toBe("EUR");
    expect(euros.cart_level_discount_applications).toEqual([expect.objectContaining({ key: "EURO7", value: "7.00", total_allocated_amount: 700 })]);
    const pounds = await cartOf(shopper);
    expect(pounds.cart_level_discount_applications).toEqual([expect.objectContaining({ key: "EURO7", value: "5.00", total_allocated_amount: 500 })]);

    // Emptied, a currency's amount goes back to the shop's, converted; the change is audited with before and after.
    const answer = await discounts.update(id, form({ code: "EURO7", type: "fixed_amount", value: "5.00", minimum_subtotal: "10", value_EUR: "", minimum_subtotal_EUR: "", minimum_subtotal_USD: "15", value_CAD: "9.50" }));
    expect(answer.ok).toBe(true);
    expect((await discounts.discount(id))!.currencyValues).toEqual({ USD: { value: null, minimumSubtotal: 1500 }, CAD: { value: 950, minimumSubtotal: null } });
    const [, updated] = await auditOf(`discount ${id}`);
    expect(updated?.before.currencyValues.EUR).toEqual({ value: 700, minimumSubtotal: 1200 });
    expect(updated?.after.currencyValues.EUR).toBeUndefined();
    const converted = await json(await shopper.get("/en-ie/cart.js"));
    expect(converted.cart_level_discount_applications).toEqual([expect.objectContaining({ key: "EURO7", total_allocated_amount: 600 })]);
  });

  it("name each field that is wrong, and store nothing", async () => {
    const answer = await discounts.create(form({ code: "BADCUR", type: "fixed_amount", value: "5", value_USD: "six", minimum_subtotal_EUR: "-3", value_AUD: "0" }));
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
    if (answer.ok) return;
    expect(Object.keys(answer.errors).sort()).toEqual(["minimum_subtotal_EUR", "value_AUD", "value_USD"]);
    expect(answer.errors.value_USD).toMatch(/amount off in USD, such as 6\.00/);
    expect(answer.errors.minimum_subtotal_EUR).toMatch(/minimum subtotal in EUR/);
    expect((await discounts.list({ query: "BADCUR" })).total).toBe(0);
  });

  it("leave a percentage code's amounts off alone: only its minimums are its own", async () => {
    const id = await create({ code: "PCTCUR", type: "percentage", value: "10", value_USD: "6.00", minimum_subtotal_USD: "40" });
    expect((await discounts.discount(id))!.currencyValues).toEqual({ USD: { value: null, minimumSubtotal: 4000 } });
  });

  it("keep the amounts of a currency the shop no longer sells in", async () => {
    const id = await create({ code: "KEEPSEK", type: "fixed_amount", value: "5" });
    await shop.db.query(`update discounts set currency_values = '{"SEK": {"value": 6000}}' where id = $1`, [id]);
    expect((await discounts.update(id, form({ code: "KEEPSEK", type: "fixed_amount", value: "5", value_USD: "6" }))).ok).toBe(true);
    expect((await discounts.discount(id))!.currencyValues).toEqual({ SEK: { value: 6000, minimumSubtotal: null }, USD: { value: 600, minimumSubtotal: null } });
  });
});

describe("free-shipping codes", () => {
  it("make the cart's shipping free at checkout, and the cart shows the code applied", async () => {
    const plain = await checkout(await shopperWith(""));
    expect(plain.status).toBe(200);
    expect(plain.body.shipping_price).toBeGreaterThan(0);

    await create({ code: "SHIPFREE", type: "free_shipping", title: "Free delivery" });
    const shopper = await shopperWith("shipfree");
    const cart = await cartOf(shopper);
    expect(cart.discount_codes).toEqual([{ code: "shipfree", applicable: true }]);
    expect(cart.cart_level_discount_applications).toEqual([expect.objectContaining({ key: "SHIPFREE", target_type: "shipping_line", value_type: "percentage", value: "100.0", total_allocated_amount: 0 })]);
    expect(cart.total_discount).toBe(0);
    // The side cart's view and the rates the checkout offers both say free.
    const view = await json(await shopper.get("/cart.js?view=drawer"));
    expect(view.shipping.price).toBe(0);
    const rates = await json(await shopper.get("/cart/shipping_rates.json?shipping_address[country]=GB&shipping_address[zip]=SW1Y%204JH"));
    expect(rates.shipping_rates.length).toBeGreaterThan(0);
    expect(rates.shipping_rates.map((rate: { price: string }) => Number(rate.price))).toEqual(rates.shipping_rates.map(() => 0));
    const order = await checkout(shopper);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ shipping_price: 0, total_price: order.body.subtotal_price, discount_codes: ["shipfree"] });
  });

  it("go with an amount-off code: both apply", async () => {
    const shopper = await shopperWith("shipfree,glow10");
    const cart = await cartOf(shopper);
    expect(cart.discount_codes).toEqual([
      { code: "shipfree", applicable: true },
      { code: "glow10", applicable: true },
    ]);
    const order = await checkout(shopper);
    expect(order.body).toMatchObject({ shipping_price: 0, discount_codes: ["shipfree", "glow10"] });
    expect(order.body.total_discount).toBeGreaterThan(0);
  });

  it("still needs the minimum subtotal", async () => {
    await create({ code: "BIGSHIP", type: "free_shipping", minimum_subtotal: "50" });
    const cart = await cartOf(await shopperWith("bigship"));
    expect(cart.discount_codes).toEqual([{ code: "bigship", applicable: false, reason: { kind: "minimum", minimum: 5000, shortfall: 3800 } }]);
  });
});

describe("usage limits", () => {
  it("a code used as many times as its limit no longer applies, and says why", async () => {
    await create({ code: "TWICE", value: "10", usage_limit: "2" });
    for (const email of ["a@example.com", "b@example.com"]) expect((await checkout(await shopperWith("twice"), email)).status).toBe(200);
    const late = await shopperWith("twice");
    expect((await cartOf(late)).discount_codes).toEqual([{ code: "twice", applicable: false, reason: { kind: "used_up" } }]);
    const refused = await checkout(late, "c@example.com");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ description: "twice has been used as many times as it can be. Remove it to place your order." });
    expect(refused.body.errors).toBeUndefined();
  });

  it("one email uses a code only as often as the per-customer limit allows", async () => {
    await create({ code: "ONEEACH", value: "10", usage_limit_per_customer: "1" });
    expect((await checkout(await shopperWith("oneeach"), "Grace@Example.com")).status).toBe(200);
    const second = await checkout(await shopperWith("ONEEACH"), "grace@example.com");
    expect(second.status).toBe(422);
    expect(second.body.description).toBe("You've already used ONEEACH as many times as it allows. Remove it to place your order.");
    expect((await checkout(await shopperWith("oneeach"), "hopper@example.com")).status).toBe(200);
  });

  it("two checkouts racing for the last use: one order gets it, the other is told", async () => {
    const id = await create({ code: "LASTONE", value: "10", usage_limit: "1" });
    const shoppers = await Promise.all([shopperWith("lastone"), shopperWith("lastone")]);
    const results = await Promise.all(shoppers.map((shopper, index) => checkout(shopper, `racer${index}@example.com`)));
    expect(results.map((result) => result.status).sort()).toEqual([200, 422]);
    expect(results.find((result) => result.status === 422)!.body.description).toBe("lastone has been used as many times as it can be. Remove it to place your order.");
    expect((await discounts.discount(id))?.timesUsed).toBe(1);
  });
});
