/**
 * Shopify's storefront addresses the shop answers as Shopify does: the
 * customer (newsletter) form posted to `/contact`, and a product's address
 * within a collection (`/collections/{c}/products/{h}`, with `.js`/`.json`) and
 * its oEmbed answer (`/products/{h}.oembed`).
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/database.ts";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

let shop: LiveShop;
let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ shop, db, close } = await openThemeShop());
});
afterAll(async () => {
  await close?.();
});

const SHOP = "http://shop.test";
const get = (path: string, accept = "text/html") => shop.fetch(new Request(new URL(path, SHOP), { headers: { accept } }));

describe("Shopify's customer form (the newsletter posted to /contact)", () => {
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string>) =>
    shop.fetch(new Request(new URL(path, SHOP), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.42.1.1", ...headers }, body: new URLSearchParams(fields).toString() }));
  const customerForm = (email: string) => ({ form_type: "customer", utf8: "✓", "contact[email]": email, "contact[tags]": "newsletter" });
  const subscriber = async (email: string) =>
    (await db.query<{ status: string; source: string }>("select status, source from subscribers where email = $1", [email]))[0] ?? null;
  const mailsTo = async (email: string) => {
    await shop.settings.value.platform.afterAnswer.settled();
    return db.query<{ subject: string; text_body: string }>("select subject, text_body from outbox where recipient = $1", [email]);
  };

  it("signs up through the newsletter's double opt-in and goes back to the page it came from", async () => {
    const response = await post("/contact", customerForm("ada@example.com"), { origin: SHOP, referer: `${SHOP}/pages/about?ref=footer` });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/pages/about?ref=footer&customer_posted=true#newsletter");
    expect(await subscriber("ada@example.com")).toEqual({ status: "pending", source: "customer-form" });
    const [confirmation] = await mailsTo("ada@example.com");
    expect(confirmation?.text_body).toMatch(/\/newsletter\/confirm\?s=\d+&n=[a-f0-9]{32}&t=/);
    // The page it comes back to says so in its sign-up form.
    const page = await (await get("/pages/about?ref=footer&customer_posted=true")).text();
    expect(page).toContain("Thank you! Check your inbox and confirm your email to join the list.");
  });

  it("keeps the French site's prefix", async () => {
    const response = await post("/fr-fr/contact", customerForm("louise@example.com"), { origin: SHOP, referer: `${SHOP}/fr-fr/collections/face` });
    expect(response.headers.get("location")).toBe("/fr-fr/collections/face?customer_posted=true#newsletter");
    expect(await subscriber("louise@example.com")).toEqual({ status: "pending", source: "customer-form" });
    const page = await (await get("/fr-fr/collections/face?customer_posted=true")).text();
    expect(page).toMatch(/Merci\s! Confirmez votre adresse e-mail/);
  });

  it("shows a refused address in the form, keeping nothing", async () => {
    const response = await post("/contact", customerForm("not-an-email"), { origin: SHOP, referer: `${SHOP}/collections/face` });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/collections/face?newsletter=error#newsletter");
    expect(await db.query("select id from subscribers where email = 'not-an-email'")).toEqual([]);
    const page = await (await get("/collections/face?newsletter=error")).text();
    expect(page).toContain("Sorry, we couldn&#x27;t sign you up.");
  });

  it("never sends the shopper to another site, and refuses another site's form", async () => {
    const offsite = await post("/contact", customerForm("grace@example.com"), { origin: SHOP, referer: "https://evil.example/phish" });
    expect(offsite.headers.get("location")).toBe("/?customer_posted=true#newsletter");
    const forged = await post("/contact", customerForm("forged@example.com"), { origin: "https://evil.example", referer: "https://evil.example/" });
    expect(forged.status).toBe(403);
    expect(await subscriber("forged@example.com")).toBeNull();
  });

  it("still takes the contact form's messages", async () => {
    const response = await post("/contact", { form_type: "contact", "contact[name]": "Ada", "contact[email]": "ada@example.com", "contact[body]": "Is the barrier cream safe around the eyes?" }, { origin: SHOP, "x-forwarded-for": "10.42.1.2" });
    expect(response.headers.get("location")).toBe("/pages/contact?contact_posted=true#contact_form");
    expect(await subscriber("ada@example.com")).toEqual({ status: "pending", source: "customer-form" });
  });
});

describe("a product's address within a collection", () => {
  it("renders the product with the collection in its breadcrumb, canonical to the product's own address", async () => {
    const response = await get("/collections/cleansers/products/plain-cleanser");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<link rel="canonical" href="http://shop.test/products/plain-cleanser"');
    const trail = /<nav class="breadcrumb" aria-label="Breadcrumb">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
    expect(trail).toContain('href="/collections/cleansers"');
    expect(trail).toContain(">Cleansers</a>");
    expect(trail).toContain('<span aria-current="page">Plain Cleanser</span>');
    expect(html).toContain('"@type":"BreadcrumbList"');
    // The product's own address has no collection to name.
    expect(await (await get("/products/plain-cleanser")).text()).not.toContain('class="breadcrumb"');
    // On the French site, the trail stays on it.
    const french = await (await get("/fr-fr/collections/cleansers/products/plain-cleanser")).text();
    expect(/<nav class="breadcrumb" aria-label="Fil d’Ariane">[\s\S]*?href="\/fr-fr\/collections\/cleansers"/.test(french)).toBe(true);
  });

  it("answers .js and .json as the product's own address does", async () => {
    const within = await get("/collections/face/products/plain-cleanser.js", "application/json");
    expect(within.status).toBe(200);
    expect(await within.json()).toEqual(await (await get("/products/plain-cleanser.js", "application/json")).json());
    const rest = await get("/collections/face/products/plain-cleanser.json", "application/json");
    expect(await rest.json()).toEqual(await (await get("/products/plain-cleanser.json", "application/json")).json());
  });

  it("is not found when the product is not in the collection", async () => {
    expect((await get("/collections/body/products/plain-cleanser")).status).toBe(404);
    expect((await get("/collections/no-such-collection/products/plain-cleanser")).status).toBe(404);
    const json = await get("/collections/body/products/plain-cleanser.js", "application/json");
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ status: 404 });
    expect((await get("/collections/face/products/no-such-product.json", "application/json")).status).toBe(404);
  });
});

describe("a product's oEmbed answer", () => {
  it("answers Shopify's oEmbed link card with absolute addresses on the product's site", async () => {
    const response = await get("/products/plain-cleanser.oembed", "application/json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      product_id: "plain-cleanser",
      title: "Plain Cleanser",
      offers: [{ offer_id: expect.any(Number), sku: "CLN-1", price: "12.00", currency_code: "GBP", in_stock: true }],
      url: "http://shop.test/products/plain-cleanser",
      version: "1.0",
      type: "link",
    });
    const french = (await (await get("/fr-fr/products/plain-cleanser.oembed", "application/json")).json()) as { url: string; offers: { currency_code: string }[] };
    expect(french.url).toBe("http://shop.test/fr-fr/products/plain-cleanser");
    expect(french.offers[0]?.currency_code).toBe("EUR");
    expect((await get("/products/no-such-product.oembed", "application/json")).status).toBe(404);
  });
});
