/**
 * The back office's stock: the list (search, low stock only, pages),
 * adjustments by a number of units or to a new count with a reason, their
 * refusals, the audit entry and the adjustment row, the storefront seeing
 * the new stock, and adjustments racing checkouts for the same variant.
 * The service is called as the admin pages call it, with a signed-in staff
 * member given directly. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import type { AdminStockClient } from "../../src/core/admin/admin-stock.ts";
import { stockAdmin } from "../../src/platform/admin/stock-admin.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let staff: StaffJson;
let signedIn: StaffJson | null = null;
let stock: AdminStockClient;

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const contact = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };

beforeAll(async () => {
  // The race places far more orders from one address than a shopper would.
  shop = await openTestShop({ checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
  const [row] = await shop.db.query<{ id: number }>(
    "insert into staff (email, name, role, password_hash, password_salt, password_params) values ('sam@example.com', 'Sam Stock', 'staff', 'x', 'x', '{}') returning id",
  );
  staff = { id: row!.id, email: "sam@example.com", name: "Sam Stock", role: "staff" };
  signedIn = staff;
  stock = stockAdmin(shop.db, async () => signedIn);
});
afterAll(async () => {
  await shop?.close();
});

const quantityOf = async (variantId: number) => {
  const [row] = await shop.db.query<{ inventory_quantity: number }>("select inventory_quantity from variants where id = $1", [variantId]);
  return row?.inventory_quantity;
};
const setQuantity = (variantId: number, quantity: number) => shop.db.query("update variants set inventory_quantity = $2 where id = $1", [variantId, quantity]);
const adjustmentsOf = (variantId: number) =>
  shop.db.query<{ staff_id: number | null; delta: number; quantity_after: number; reason: string; note: string }>(
    "select staff_id, delta, quantity_after, reason, note from stock_adjustments where variant_id = $1 order by id",
    [variantId],
  );
const titles = (list: { rows: { productTitle: string; sku: string }[] }) => list.rows.map((row) => `${row.productTitle} ${row.sku}`);

describe("the stock list", () => {
  it("lists every variant by product title then position, 50 a page", async () => {
    const list = await stock.list({});
    expect(list).toMatchObject({ page: 1, pageCount: 1, query: "", lowOnly: false });
    expect(list.total).toBe(list.rows.length);
    // Accents aside, "Sérum Éclat" files under S between "Plain" and "Sized".
    const plain = (title: string) => title.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
    const sorted = [...list.rows].sort((a, b) => (plain(a.productTitle) < plain(b.productTitle) ? -1 : plain(a.productTitle) > plain(b.productTitle) ? 1 : 0));
    expect(list.rows.map((row) => row.productTitle)).toEqual(sorted.map((row) => row.productTitle));
    expect(list.rows.map((row) => row.productTitle).indexOf("Sérum Éclat")).toBe(list.rows.map((row) => row.productTitle).indexOf("Sized Serum") - 1);
    expect(list.rows.filter((row) => row.productHandle === "sized-serum").map((row) => row.variantTitle)).toEqual(["15 ml", "30 ml"]);
    expect(list.rows.find((row) => row.sku === "SOAP-1")).toMatchObject({ tracked: false, low: false, quantity: 0, policy: "deny" });
    expect(list.rows.find((row) => row.sku === "MASK-1")).toMatchObject({ tracked: true, low: false, quantity: 0, policy: "continue" });
    expect(list.rows.find((row) => row.sku === "DRAFT-1")).toBeDefined();
  });

  it("finds by product title or SKU in any case, and takes the search literally", async () => {
    expect(titles(await stock.list({ query: "  SIZED serum " }))).toEqual(["Sized Serum SER-15", "Sized Serum SER-30"]);
    expect(titles(await stock.list({ query: "ser-30" }))).toEqual(["Sized Serum SER-30"]);
    expect(titles(await stock.list({ query: "oil" }))).toEqual(["Limited Edition Oil LTD-1", "Low Stock Oil OIL-1"]);
    expect((await stock.list({ query: "%" })).total).toBe(0);
    expect((await stock.list({ query: "_" })).total).toBe(0);
    expect((await stock.list({ query: "'; drop table variants; --" })).total).toBe(0);
    expect((await stock.list({ query: "nothing like this" })).rows).toEqual([]);
  });

  it("shows only counted variants that cannot oversell, at or below the low-stock line, when asked: the same count as the home page", async () => {
    const low = await stock.list({ lowOnly: true });
    expect(titles(low)).toEqual(["Last Five Cream LAST-5", "Low Stock Oil OIL-1", "Sold Out Balm BALM-1"]);
    expect(low.rows.every((row) => row.low && row.tracked)).toBe(true);
    expect((await shop.platform.staff.home()).lowStock).toBe(low.total);
    expect(titles(await stock.list({ lowOnly: true, query: "oil" }))).toEqual(["Low Stock Oil OIL-1"]);
  });
});

describe("adjusting stock", () => {
  it("adds units with a reason, recording the adjustment and the audit entry in the same change", async () => {
    const balm = shop.variant("sold-out-balm");
    const answer = await stock.adjust(balm, { delta: "12", reason: "received", note: " Delivery 4411 " });
    expect(answer).toEqual({ ok: true, next: `/stock?adjusted=${balm}` });
    expect(await quantityOf(balm)).toBe(12);
    expect(await adjustmentsOf(balm)).toEqual([{ staff_id: staff.id, delta: 12, quantity_after: 12, reason: "received", note: "Delivery 4411" }]);
    const [audit] = await shop.db.query<{ staff_id: number; action: string; subject: string; before: unknown; after: unknown }>(
      "select staff_id, action, subject, before, after from audit_log where action = 'stock.adjust' order by id desc limit 1",
    );
    expect(audit).toEqual({
      staff_id: staff.id,
      action: "stock.adjust",
      subject: `variant ${balm}`,
      before: { quantity: 0 },
      after: { quantity: 12, delta: 12, reason: "received", note: "Delivery 4411" },
    });
    const [latest] = await stock.adjustments();
    expect(latest).toMatchObject({ variantId: balm, productTitle: "Sold Out Balm", sku: "BALM-1", delta: 12, quantityAfter: 12, reason: "received", note: "Delivery 4411", staffName: "Sam Stock" });
  });

  it("takes units away with a negative number, and sets a new count", async () => {
    const oil = shop.variant("low-stock-oil");
    await setQuantity(oil, 3);
    expect((await stock.adjust(oil, { delta: -2, reason: "damaged" })).ok).toBe(true);
    expect(await quantityOf(oil)).toBe(1);
    expect((await stock.adjust(oil, { quantity: "40", reason: "correction" })).ok).toBe(true);
    expect(await quantityOf(oil)).toBe(40);
    // A count that finds the same number is still recorded: someone checked.
    expect((await stock.adjust(oil, { quantity: "40", reason: "correction" })).ok).toBe(true);
    expect((await adjustmentsOf(oil)).map((row) => [row.delta, row.quantity_after, row.reason])).toEqual([
      [-2, 1, "damaged"],
      [39, 40, "correction"],
      [0, 40, "correction"],
    ]);
    expect((await stock.adjustments({ variantId: oil, limit: 2 })).map((row) => row.quantityAfter)).toEqual([40, 40]);
  });

  it("refuses a missing, zero, fractional or outsized change, a missing reason, and both kinds at once, changing nothing", async () => {
    const cleanser = shop.variant("plain-cleanser");
    const before = await quantityOf(cleanser);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ reason: "received" }, { delta: "Enter how many units to add, or a minus number to take away." }],
      [{ delta: "0", reason: "received" }, { delta: "Enter a number other than 0." }],
      [{ delta: "-0", reason: "received" }, { delta: "Enter a number other than 0." }],
      [{ delta: "two", reason: "received" }, { delta: "Enter a whole number of units, such as 12 or -3." }],
      [{ delta: "1.5", reason: "received" }, { delta: "Enter a whole number of units, such as 12 or -3." }],
      [{ delta: 2.5, reason: "received" }, { delta: "Enter a whole number of units, such as 12 or -3." }],
      [{ delta: "1e3", reason: "received" }, { delta: "Enter a whole number of units, such as 12 or -3." }],
      [{ delta: "1000001", reason: "received" }, { delta: "Enter at most 1,000,000 units at a time." }],
      [{ delta: "-1000001", reason: "received" }, { delta: "Enter at most 1,000,000 units at a time." }],
      [{ delta: "5" }, { reason: "Choose why the stock is changing." }],
      [{ delta: "5", reason: "stolen by elves" }, { reason: "Choose why the stock is changing." }],
      [{ delta: "", reason: "" }, { delta: "Enter how many units to add, or a minus number to take away.", reason: "Choose why the stock is changing." }],
      [{ quantity: "-1", reason: "correction" }, { quantity: "Enter the new count as a whole number of 0 or more." }],
      [{ quantity: "1000001", reason: "correction" }, { quantity: "Enter a count of at most 1,000,000." }],
      [{ delta: "1", quantity: "4", reason: "correction" }, { quantity: "Enter either the units to add or take away, or the new count, not both." }],
      [{ delta: "1", reason: "other", note: "x".repeat(201) }, { note: "Keep the note to 200 characters or fewer." }],
    ];
    for (const [form, errors] of cases) {
      expect(await stock.adjust(cleanser, form), JSON.stringify(form)).toEqual({
        ok: false,
        reason: "invalid",
        description: "Stock was not changed. Please check the highlighted fields.",
        errors,
      });
    }
    expect(await quantityOf(cleanser)).toBe(before);
    expect(await adjustmentsOf(cleanser)).toEqual([]);
  });

  it("refuses an untracked variant, an unknown one, taking away more than is on hand, and anyone not signed in", async () => {
    const soap = shop.variant("untracked-soap");
    expect(await stock.adjust(soap, { delta: "5", reason: "received" })).toEqual({
      ok: false,
      reason: "conflict",
      description: "The shop does not count stock for Untracked Soap: it is always available, so there is no stock to adjust.",
      errors: {},
    });
    expect(await stock.adjust(99_999_999, { delta: "5", reason: "received" })).toMatchObject({ ok: false, reason: "not_found", description: "That variant is not in the catalog." });
    expect(await stock.adjust(Number.NaN, { delta: "5", reason: "received" })).toMatchObject({ ok: false, reason: "not_found" });

    const cream = shop.variant("last-five-cream");
    await setQuantity(cream, 5);
    expect(await stock.adjust(cream, { delta: "-6", reason: "damaged" })).toEqual({
      ok: false,
      reason: "conflict",
      description: "Stock was not changed.",
      errors: { delta: "Only 5 on hand, so at most 5 can be taken away." },
    });
    expect((await stock.adjust(cream, { delta: "-5", reason: "damaged" })).ok).toBe(true);
    expect(await stock.adjust(cream, { delta: "-1", reason: "damaged" })).toMatchObject({ reason: "conflict", errors: { delta: "Last Five Cream has none on hand to take away." } });

    // A pre-order oversold below zero can still be restocked.
    const mask = shop.variant("preorder-mask");
    await setQuantity(mask, -4);
    expect((await stock.adjust(mask, { delta: "3", reason: "received" })).ok).toBe(true);
    expect(await quantityOf(mask)).toBe(-1);

    signedIn = null;
    try {
      expect(await stock.adjust(cream, { delta: "5", reason: "received" })).toEqual({ ok: false, reason: "signed_out", description: "Please sign in to change stock.", errors: {} });
    } finally {
      signedIn = staff;
    }
    expect(await quantityOf(soap)).toBe(0);
    expect(await quantityOf(cream)).toBe(0);
    expect(await adjustmentsOf(soap)).toEqual([]);
    expect((await adjustmentsOf(cream)).map((row) => row.delta)).toEqual([-5]);
  });

  it("keeps the adjustment when the staff member who made it is removed", async () => {
    const [other] = await shop.db.query<{ id: number }>(
      "insert into staff (email, name, role, password_hash, password_salt, password_params) values ('temp@example.com', '', 'owner', 'x', 'x', '{}') returning id",
    );
    const temp: StaffJson = { id: other!.id, email: "temp@example.com", name: "", role: "owner" };
    const gel = shop.variant("clarifying-gel");
    expect((await stockAdmin(shop.db, async () => temp).adjust(gel, { delta: "1", reason: "returned" })).ok).toBe(true);
    expect((await stock.adjustments({ variantId: gel }))[0]?.staffName).toBe("temp@example.com");
    await shop.db.query("delete from staff where id = $1", [temp.id]);
    expect(await adjustmentsOf(gel)).toMatchObject([{ staff_id: null, delta: 1 }]);
    expect((await stock.adjustments({ variantId: gel }))[0]?.staffName).toBeNull();
  });
});

describe("the storefront after an adjustment", () => {
  it("offers a restocked variant and stops offering one taken to zero, once the catalog refreshes", async () => {
    const shopper = new Shopper(shop.app);
    const balm = shop.variant("sold-out-balm");
    await stock.adjust(balm, { quantity: "0", reason: "correction" });
    let product = await json(await shopper.get("/products/sold-out-balm.js"));
    expect(product.available).toBe(false);
    expect(product.variants[0].available).toBe(false);
    expect((await shopper.postJson("/cart/add.js", { id: balm })).status).toBe(422);

    expect((await stock.adjust(balm, { delta: "3", reason: "received" })).ok).toBe(true);
    product = await json(await shopper.get("/products/sold-out-balm.js"));
    expect(product.available).toBe(true);
    expect(product.variants[0].available).toBe(true);
    expect((await shopper.postJson("/cart/add.js", { id: balm, quantity: 3 })).status).toBe(200);

    expect((await stock.adjust(balm, { delta: "-3", reason: "damaged" })).ok).toBe(true);
    product = await json(await shopper.get("/products/sold-out-balm.js"));
    expect(product.available).toBe(false);
  });
});

describe("adjustments racing checkouts on one variant", () => {
  /** Shoppers each holding one unit in their cart, ready to check out. */
  const shoppersHolding = async (variantId: number, count: number) => {
    const shoppers = Array.from({ length: count }, () => new Shopper(shop.app));
    for (const shopper of shoppers) expect((await shopper.postJson("/cart/add.js", { id: variantId, quantity: 1 })).status).toBe(200);
    return shoppers;
  };
  const ordersOf = async (handle: string) => {
    const [row] = await shop.db.query<{ count: number }>("select count(*)::int as count from orders where lines @> $1::jsonb", [JSON.stringify([{ handle }])]);
    return row?.count ?? 0;
  };

  it("20 checkouts and 5 restocks of one unit, with stock for all: every unit is counted", async () => {
    const serum = shop.variant("vitamin-c-serum");
    await setQuantity(serum, 20);
    const shoppers = await shoppersHolding(serum, 20);
    const results = await Promise.all([
      ...shoppers.map((shopper) => shopper.postJson("/checkout.json", contact).then((response) => response.status)),
      ...Array.from({ length: 5 }, () => stock.adjust(serum, { delta: "1", reason: "returned" }).then((answer) => (answer.ok ? 200 : answer.reason))),
    ]);
    expect(results).toEqual(Array.from({ length: 25 }, () => 200));
    expect(await quantityOf(serum)).toBe(5);
    expect(await ordersOf("vitamin-c-serum")).toBe(20);
    expect((await adjustmentsOf(serum)).map((row) => row.delta)).toEqual([1, 1, 1, 1, 1]);
  });

  it("20 checkouts and 5 restocks of one unit, with too little stock: never oversold, no unit lost", async () => {
    const serum = shop.variant("serum-eclat");
    await setQuantity(serum, 3);
    const shoppers = await shoppersHolding(serum, 20);
    const [checkouts, adjustments] = await Promise.all([
      Promise.all(shoppers.map((shopper) => shopper.postJson("/checkout.json", contact).then((response) => response.status))),
      Promise.all(Array.from({ length: 5 }, () => stock.adjust(serum, { delta: "1", reason: "received" }))),
    ]);
    expect(adjustments.every((answer) => answer.ok)).toBe(true);
    const placed = checkouts.filter((status) => status === 200).length;
    expect(checkouts.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
    expect(placed).toBeGreaterThanOrEqual(3);
    expect(placed).toBeLessThanOrEqual(8);
    expect(await ordersOf("serum-eclat")).toBe(placed);
    expect(await quantityOf(serum)).toBe(3 + 5 - placed);
    expect(await quantityOf(serum)).toBeGreaterThanOrEqual(0);
  });
});

describe("pages of the stock list", () => {
  it("gives 50 variants a page and keeps a page past the end on the last one", async () => {
    const bag = shop.variant("gift-bag");
    const [product] = await shop.db.query<{ product_id: number }>("select product_id from variants where id = $1", [bag]);
    const rows = Array.from({ length: 51 }, (_, index) => `(${9_000_000 + index}, ${product!.product_id}, ${10 + index}, 'Bulk ${index}', 'BULK-${String(index).padStart(2, "0")}', 0, 10)`);
    await shop.db.exec(`insert into variants (id, product_id, position, title, sku, price, inventory_quantity) values ${rows.join(", ")}`);
    const first = await stock.list({ query: "bulk" });
    expect(first).toMatchObject({ total: 51, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.sku).toBe("BULK-00");
    const second = await stock.list({ query: "bulk", page: 2 });
    expect(second.rows.map((row) => row.sku)).toEqual(["BULK-50"]);
    expect((await stock.list({ query: "bulk", page: 99 })).page).toBe(2);
    expect((await stock.list({ query: "bulk", page: 0 })).page).toBe(1);
  });
});
