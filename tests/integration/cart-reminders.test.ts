/**
 * Abandoned-cart reminders on this run's database (PGlite, or PostgreSQL with
 * DATABASE_URL): who gets one (consent first), once per cart, never for a cart
 * emptied or checked out, priced in the cart's own currency, with a link that
 * brings the cart back in another browser; and two servers running the
 * housekeeping job at once send one email.
 */
import pino from "pino";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/platform/db/database.ts";
import { digest, randomToken } from "../../src/platform/accounts/secrets.ts";
import { createPlatform, type Platform } from "../../src/platform/platform.ts";
import { sendCartReminders } from "../../src/platform/cart/cart-reminders.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { houseKeep } from "../../src/server/background-jobs.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const SHOP_URL = "http://shop.test";
const silent = pino({ level: "silent" });
let shop: TestShop;
let address = 0;

beforeAll(async () => {
  shop = await openTestShop({ checkoutLimit: { limit: 1000, windowSeconds: 600 } });
});
afterAll(async () => {
  await shop?.close();
});

/** A shopper of their own address (sign-ups are limited per address). */
function newShopper(): { shopper: Shopper; ip: Record<string, string> } {
  address += 1;
  return { shopper: new Shopper(shop.app), ip: { "x-forwarded-for": `198.51.100.${address}` } };
}

async function addToCart(shopper: Shopper, handle: string, quantity: number, sitePath = "") {
  const response = await shopper.postJson(`${SHOP_URL}${sitePath}/cart/add.js`, { items: [{ id: shop.variant(handle), quantity }] });
  expect(response.status).toBe(200);
}

/** Makes the shopper's cart look untouched for `hours`. */
const leaveFor = (token: string, hours: number) => shop.db.query("update carts set updated_at = now() - make_interval(hours => $2::int) where token = $1", [token, hours]);

async function mails(to: string) {
  await shop.platform.afterAnswer.settled();
  return shop.db.query<{ subject: string; text_body: string; html_body: string }>("select subject, text_body, html_body from outbox where lower(recipient) = lower($1) order by id", [to]);
}
const reminders = async (to: string) => (await mails(to)).filter((mail) => mail.subject.startsWith("You left something in your cart"));
const linkIn = (text: string, pathname: string) => new URL(new RegExp(`https?://\\S+${pathname}\\S*`).exec(text)?.[0] ?? "http://none");

/** A guest who signs up with the cart in their browser and confirms from the email. */
async function confirmedSubscriber(email: string, shopper: Shopper, ip: Record<string, string>) {
  const signup = await shopper.postForm(`${SHOP_URL}/newsletter/subscribe`, new URLSearchParams({ ue: email }).toString(), { accept: "application/json", ...ip });
  expect(signup.status).toBe(200);
  const [confirmation] = await mails(email);
  const confirmed = await shopper.get(linkIn(confirmation!.text_body, "/newsletter/confirm").toString());
  expect(confirmed.status).toBe(303);
}

/** A customer with `cart` as the cart that follows them, and a session cookie. */
async function customer(email: string, cart: string, acceptsMarketing: boolean): Promise<{ id: number; session: string }> {
  const [row] = await shop.db.query<{ id: number }>(
    "insert into customers (email, accepts_marketing, password_hash, password_salt, password_params, cart_token) values ($1, $2, 'x', 'x', '{}', $3) returning id",
    [email, acceptsMarketing, cart],
  );
  const session = randomToken(32);
  await shop.db.query("insert into customer_sessions (id, customer_id, expires_at) values ($1, $2, now() + interval '1 day')", [digest(session), row!.id]);
  return { id: Number(row!.id), session };
}

const cartJs = async (shopper: Shopper) => (await (await shopper.get(`${SHOP_URL}/cart.js`)).json()) as { token: string; item_count: number; total_price: number; items: { title: string; quantity: number }[] };

describe("who gets a reminder", () => {
  it("a confirmed subscriber's cart, once, with its lines at the shop's prices and a link that brings it back in another browser", async () => {
    const { shopper, ip } = newShopper();
    await addToCart(shopper, "plain-cleanser", 2);
    await addToCart(shopper, "sized-serum", 1);
    const email = "cara@example.com";
    await confirmedSubscriber(email, shopper, ip);
    const before = await cartJs(shopper);

    // Not yet: the cart was touched within the merchant's hours (10 by default).
    await leaveFor(shopper.cartToken, 9);
    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(0);

    await leaveFor(shopper.cartToken, 11);
    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(1);
    const [reminder, ...more] = await reminders(email);
    expect(more).toEqual([]);
    expect(reminder!.text_body).toContain("- 2 × Plain Cleanser: £24.00");
    expect(reminder!.text_body).toContain("- 1 × Sized Serum - 15 ml: £15.00");
    expect(reminder!.text_body).toContain(`Total: £${(before.total_price / 100).toFixed(2)}`);
    expect(linkIn(reminder!.text_body, "/newsletter/unsubscribe").searchParams.get("t")).toMatch(/^[a-f0-9]{64}$/);
    // Once per cart: the next pass sends nothing.
    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(0);

    // Another device: the link brings the same cart back.
    const restoreUrl = linkIn(reminder!.text_body, "/cart/restore");
    const phone = newShopper().shopper;
    const restored = await phone.get(restoreUrl.toString());
    expect(restored.status).toBe(303);
    expect(restored.headers.get("location")).toBe("/cart");
    expect(phone.cartToken).toBe(shopper.cartToken);
    expect((await cartJs(phone)).items.map((item) => [item.title, item.quantity])).toEqual(before.items.map((item) => [item.title, item.quantity]));

    // A link altered by one character brings nothing back.
    const forged = new URL(restoreUrl);
    forged.searchParams.set("t", `${restoreUrl.searchParams.get("t")!.slice(0, -1)}${restoreUrl.searchParams.get("t")!.endsWith("0") ? "1" : "0"}`);
    const stranger = newShopper().shopper;
    await stranger.get(forged.toString());
    expect((await cartJs(stranger)).item_count).toBe(0);
  });

  it("nobody whose address is not confirmed, and no subscriber who unsubscribed", async () => {
    const { shopper, ip } = newShopper();
    await addToCart(shopper, "plain-cleanser", 1);
    await shopper.postForm(`${SHOP_URL}/newsletter/subscribe`, new URLSearchParams({ ue: "pending@example.com" }).toString(), { accept: "application/json", ...ip });
    await leaveFor(shopper.cartToken, 11);
    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(0);

    const gone = newShopper();
    await addToCart(gone.shopper, "plain-cleanser", 1);
    await confirmedSubscriber("gone@example.com", gone.shopper, gone.ip);
    await shop.db.query("update subscribers set status = 'unsubscribed' where email = 'gone@example.com'");
    await leaveFor(gone.shopper.cartToken, 11);
    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(0);
    expect(await reminders("pending@example.com")).toEqual([]);
    expect(await reminders("gone@example.com")).toEqual([]);
  });

  it("a customer only with marketing consent; their link asks a browser not signed in as them to sign in", async () => {
    const declined = newShopper().shopper;
    await addToCart(declined, "plain-cleanser", 1);
    await customer("no-thanks@example.com", declined.cartToken, false);
    const agreed = newShopper().shopper;
    await addToCart(agreed, "low-stock-oil", 1);
    const dora = await customer("dora@example.com", agreed.cartToken, true);
    await leaveFor(declined.cartToken, 12);
    await leaveFor(agreed.cartToken, 12);

    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(1);
    expect(await reminders("no-thanks@example.com")).toEqual([]);
    const [reminder] = await reminders("dora@example.com");
    expect(reminder!.text_body).toContain("- 1 × Low Stock Oil: £30.00");

    const restoreUrl = linkIn(reminder!.text_body, "/cart/restore").toString();
    const elsewhere = await newShopper().shopper.get(restoreUrl);
    expect(elsewhere.headers.get("location")).toBe("/account/login?return_url=%2Fcart");
    const signedIn = await shop.app.request(restoreUrl, { headers: { cookie: `customer_session=${dora.session}` } });
    expect(signedIn.headers.get("location")).toBe("/cart");

    // Without a subscription, the way out is the customer's own: it withdraws their marketing consent.
    const stop = await shop.app.request(linkIn(reminder!.text_body, "/cart/reminders/stop").toString());
    expect(stop.headers.get("location")).toBe("/newsletter?state=unsubscribed");
    const [row] = await shop.db.query<{ accepts_marketing: boolean }>("select accepts_marketing from customers where id = $1", [dora.id]);
    expect(row!.accepts_marketing).toBe(false);
  });

  it("in the currency of the site the cart was priced on, linking to that site", async () => {
    const { shopper, ip } = newShopper();
    await addToCart(shopper, "plain-cleanser", 1, "/en-us");
    const usd = (await (await shopper.get(`${SHOP_URL}/en-us/cart.js`)).json()) as { total_price: number; currency: string };
    expect(usd.currency).toBe("USD");
    await confirmedSubscriber("sam@example.com", shopper, ip);
    await leaveFor(shopper.cartToken, 11);
    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(1);
    const [reminder] = await reminders("sam@example.com");
    expect(reminder!.text_body).toContain(`Total: $${(usd.total_price / 100).toFixed(2)}`);
    expect(reminder!.text_body).toContain(`${SHOP_URL}/en-us/cart/restore?`);
  });
});

describe("never for a cart that is done with", () => {
  it("not after the cart was emptied, nor after it was checked out", async () => {
    const emptied = newShopper();
    await addToCart(emptied.shopper, "plain-cleanser", 1);
    await confirmedSubscriber("emptied@example.com", emptied.shopper, emptied.ip);
    await emptied.shopper.postJson(`${SHOP_URL}/cart/clear.js`, {});

    const bought = newShopper();
    await addToCart(bought.shopper, "plain-cleanser", 1);
    await confirmedSubscriber("bought@example.com", bought.shopper, bought.ip);
    const order = await bought.shopper.postJson(`${SHOP_URL}/checkout.json`, {
      email: "bought@example.com",
      first_name: "Bo",
      last_name: "Bought",
      address1: "1 High Street",
      city: "London",
      zip: "SW1A 1AA",
      country: "GB",
    }, bought.ip);
    expect(order.status).toBe(200);

    await leaveFor(emptied.shopper.cartToken, 11);
    await leaveFor(bought.shopper.cartToken, 11);
    expect(await sendCartReminders(shop.platform, SHOP_URL)).toBe(0);
    expect(await reminders("emptied@example.com")).toEqual([]);
    expect(await reminders("bought@example.com")).toEqual([]);
  });

  it("nothing at all when the merchant switched reminders off", async () => {
    const { shopper, ip } = newShopper();
    await addToCart(shopper, "plain-cleanser", 1);
    await confirmedSubscriber("off@example.com", shopper, ip);
    await leaveFor(shopper.cartToken, 11);
    const off = { ...shop.platform, settings: { ...shop.platform.settings, newsletter: { ...shop.platform.settings.newsletter, abandonedCartReminderHours: null } } };
    expect(await sendCartReminders(off, SHOP_URL)).toBe(0);
    // Left for the next test's pass.
    await shop.db.query("update carts set lines = '[]'::jsonb where token = $1", [shopper.cartToken]);
  });
});

describe("two servers", () => {
  it("running the housekeeping job at once send one email per cart", async () => {
    // The second server: its own platform, and on PostgreSQL its own connection pool, on the same database.
    const url = await databaseUrlOf(shop.db);
    const secondDb: Database = url ? await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 4 }) : shop.db;
    const second: Platform = createPlatform(secondDb, loadSettings(path.resolve(import.meta.dirname, "../../config/settings.json")), { catalogCheckMs: 0 });
    try {
      const carts: string[] = [];
      for (const name of ["ivy", "jo", "kit"]) {
        const { shopper, ip } = newShopper();
        await addToCart(shopper, "plain-cleanser", 1);
        await confirmedSubscriber(`${name}@example.com`, shopper, ip);
        carts.push(shopper.cartToken);
      }
      for (const token of carts) await leaveFor(token, 11);
      await Promise.all([houseKeep(shop.platform, SHOP_URL, silent), houseKeep(second, SHOP_URL, silent), houseKeep(shop.platform, SHOP_URL, silent), houseKeep(second, SHOP_URL, silent)]);
      for (const name of ["ivy", "jo", "kit"]) expect(await reminders(`${name}@example.com`)).toHaveLength(1);
      const [count] = await shop.db.query<{ n: number }>("select count(*)::int as n from cart_reminders where cart_token = any($1::text[])", [carts]);
      expect(count!.n).toBe(3);
    } finally {
      if (secondDb !== shop.db) await secondDb.close();
    }
  });
});

/** The test database's own address on PostgreSQL (null on PGlite, where every server would share the one process). */
async function databaseUrlOf(db: Database): Promise<string | null> {
  const server = process.env.DATABASE_URL;
  if (!server) return null;
  const [row] = await db.query<{ name: string }>("select current_database() as name");
  const url = new URL(server);
  url.pathname = `/${row!.name}`;
  return url.toString();
}
