/**
 * Tax per site, end to end: what /cart.js says of it, what a checkout to a
 * US state or Canadian province adds, what the order stores and answers, and
 * the order's invoice as a PDF for whoever may see the order.
 */
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderJson } from "../../src/core/contract/storefront.ts";
import type { StaffJson } from "../../src/core/admin/answers.ts";
import { ordersAdmin } from "../../src/platform/admin/orders-admin.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  shop = await openTestShop({ checkoutLimit: { limit: 10_000, windowSeconds: 600 } });
});
afterAll(async () => {
  await shop?.close();
});

const person = { email: "grace@example.com", first_name: "Grace", last_name: "Hopper", address1: "1 Market Street" };
const inCalifornia = { ...person, city: "San Francisco", province: "CA", zip: "94105", country: "US" };
const inOntario = { ...person, city: "Toronto", province: "Ontario", zip: "M5H 2N2", country: "CA" };
const inLondon = { ...person, city: "London", zip: "SW1Y 4JH", country: "GB" };

/** A shopper with two Plain Cleansers in their cart on the site at `prefix`. */
async function shopperOn(prefix: string): Promise<Shopper> {
  const shopper = new Shopper(shop.app);
  expect((await shopper.postJson(`${prefix}/cart/add.js`, { id: shop.variant("plain-cleanser"), quantity: 2 })).status).toBe(200);
  return shopper;
}

/** The text a PDF shows: each content stream inflated, the strings of its text operators decoded (pdfkit writes them in hex). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push([...(shown[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1] ?? "", "hex").toString("latin1")).join(""));
    }
  }
  return texts.join("\n");
}

describe("/cart.js says the tax its prices include", () => {
  it.each([
    ["", "GBP", 0.2],
    ["/en-ie", "EUR", 0.23],
    ["/fr-fr", "EUR", 0.2],
    ["/en-au", "AUD", 0.1],
  ])("on the site at '%s' (%s) the total includes its tax", async (prefix, currency, rate) => {
    const cart = await json(await (await shopperOn(prefix)).get(`${prefix}/cart.js`));
    expect(cart.currency).toBe(currency);
    expect(cart.taxes_included).toBe(true);
    expect(cart.total_tax).toBe(Math.round((cart.total_price * rate) / (1 + rate)));
    expect(cart.total_tax).toBeGreaterThan(0);
  });

  it.each([["/en-us"], ["/en-ca"]])("on the site at '%s' tax waits for the checkout's address", async (prefix) => {
    const shopper = await shopperOn(prefix);
    const cart = await json(await shopper.get(`${prefix}/cart.js`));
    expect(cart).toMatchObject({ taxes_included: false, total_tax: 0 });
    // The cart's other JSON views say the same.
    expect(await json(await shopper.get(`${prefix}/cart.json`))).toMatchObject({ taxes_included: false, total_tax: 0 });
  });

  it("the UK cart's JSON views agree", async () => {
    const shopper = await shopperOn("");
    const cart = await json(await shopper.get("/cart.js"));
    expect(cart.total_tax).toBe(400); // £24.00 including 20% VAT: £4.00.
    expect(await json(await shopper.get("/cart.json"))).toMatchObject({ total_tax: 400, taxes_included: true });
  });
});

describe("checkout adds sales tax by the delivery address's state or province", () => {
  it("adds California's 7.25% on the goods (not the delivery), stores it and answers it with the order", async () => {
    const shopper = await shopperOn("/en-us");
    const cart = await json(await shopper.get("/en-us/cart.js"));
    const response = await shopper.postJson("/en-us/checkout.json", inCalifornia);
    expect(response.status).toBe(200);
    const { order } = (await json(response)) as { order: OrderJson };
    const tax = Math.round(cart.total_price * 0.0725);
    expect(order).toMatchObject({ currency: "USD", taxes_included: false, total_tax: tax, tax_lines: [{ title: "Sales tax", rate: 0.0725, price: tax }] });
    expect(order.shipping_price).toBeGreaterThan(0);
    expect(order.total_price).toBe(cart.total_price + order.shipping_price + tax);
    expect(order.total_outstanding).toBe(order.total_price);

    const [row] = await shop.db.query<{ tax_lines: unknown; total_tax: string | number; taxes_included: boolean; total_price: string | number }>(
      "select tax_lines, total_tax, taxes_included, total_price from orders where token = $1",
      [order.token],
    );
    expect(row).toMatchObject({ tax_lines: order.tax_lines, taxes_included: false });
    expect(Number(row?.total_tax)).toBe(tax);
    expect(Number(row?.total_price)).toBe(order.total_price);
    const stored = await json(await shopper.get(`/en-us/orders/${order.token}.json`));
    expect(stored.order).toMatchObject({ tax_lines: order.tax_lines, total_tax: tax, taxes_included: false, total_price: order.total_price });
  });

  it("adds Ontario's 13% HST on the goods and the delivery", async () => {
    const shopper = await shopperOn("/en-ca");
    const cart = await json(await shopper.get("/en-ca/cart.js"));
    const { order } = (await json(await shopper.postJson("/en-ca/checkout.json", inOntario))) as { order: OrderJson };
    const tax = Math.round((cart.total_price + order.shipping_price) * 0.13);
    expect(order.tax_lines).toEqual([{ title: "HST", rate: 0.13, price: tax }]);
    expect(order.total_price).toBe(cart.total_price + order.shipping_price + tax);
  });

  it("refuses a US address without a state it knows, naming the field, and places nothing", async () => {
    const shopper = await shopperOn("/en-us");
    for (const province of [undefined, "Atlantis"]) {
      const response = await shopper.postJson("/en-us/checkout.json", { ...inCalifornia, province });
      expect(response.status).toBe(422);
      expect(await json(response)).toMatchObject({ status: 422, message: "Checkout Error", errors: { province: ["Choose a state"] } });
    }
    expect((await json(await shopper.get("/en-us/cart.js"))).item_count).toBe(2);
  });

  it("stores the VAT a UK order's prices and delivery include, its total unchanged", async () => {
    const shopper = await shopperOn("");
    const cart = await json(await shopper.get("/cart.js"));
    const { order } = (await json(await shopper.postJson("/checkout.json", inLondon))) as { order: OrderJson };
    expect(order.total_price).toBe(cart.total_price + order.shipping_price);
    const vat = Math.round((order.total_price * 0.2) / 1.2);
    expect(order).toMatchObject({ taxes_included: true, total_tax: vat, tax_lines: [{ title: "VAT", rate: 0.2, price: vat }] });
  });
});

describe("the order's invoice", () => {
  let order: OrderJson;
  beforeAll(async () => {
    const shopper = await shopperOn("/en-us");
    order = ((await json(await shopper.postJson("/en-us/checkout.json", inCalifornia))) as { order: OrderJson }).order;
  });

  it("is a PDF for whoever holds the order's link, with the shop, the order number and its tax", async () => {
    const response = await new Shopper(shop.app).get(`/en-us/orders/${order.token}/invoice.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${order.name.slice(1)}.pdf"`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain(`Invoice ${order.name}`);
    expect(text).toContain("Lumen & Leaf");
    expect(text).toContain("Sales tax 7.25%");
    expect(text).toContain(`$${(order.total_tax / 100).toFixed(2)}`);
  });

  it("is refused to anyone without the order's link", async () => {
    const someone = new Shopper(shop.app);
    const wrong = order.token.replace(/^./, (first) => (first === "a" ? "b" : "a"));
    const response = await someone.get(`/orders/${wrong}/invoice.pdf`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect((await someone.get("/orders/not-a-token/invoice.pdf")).status).toBe(404);
  });

  it("is the back office's for signed-in staff, and nobody's when signed out", async () => {
    const adminAs = (staff: StaffJson | null) => ordersAdmin(shop.db, shop.platform.catalog, shop.platform.mailer, shop.platform.settings, async () => staff, "http://shop.test");
    expect(await adminAs(null).invoice(order.id)).toBeNull();
    const staff: StaffJson = { id: 1, email: "owner@example.com", name: "Owner", role: "owner" };
    const response = await adminAs(staff).invoice(order.id);
    expect(response?.status).toBe(200);
    const text = pdfText(Buffer.from(await response!.arrayBuffer()));
    expect(text).toContain(`Invoice ${order.name}`);
    expect(await adminAs(staff).invoice(order.id + 10_000)).toBeNull();
  });
});
