/**
 * The shop's six sites over HTTP, on the demo catalog: a product's prices on
 * the French site (the merchant's fixed euro prices, the rest converted), a
 * cart carried from the UK site to the French one and back (its lines and
 * codes kept, its prices and WELCOME5 in each site's currency), an order
 * placed on the French site stored and answered in euros, unprefixed API
 * calls following the localization cookie, redirects kept on the site, an
 * unknown prefix, and fixed prices showing once the catalog's revision moves.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { convertPrice, thresholdForSite } from "../../src/core/sites/site-prices.ts";
import { quoteCountryOf, zonesOf } from "../../src/core/checkout/shipping-rates.ts";
import type { Site } from "../../src/core/sites/sites.ts";
import type { CatalogStore } from "../../src/platform/catalog/catalog.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { inProcessStorefront } from "../../src/platform/storefront/in-process.ts";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { createApp } from "../../src/server/app.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Inside the demo gift windows, so gifts do not come and go with the calendar. */
const NOW = Date.parse("2026-06-01T12:00:00Z");
const SHOP_URL = "http://localhost/";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog, now: () => NOW, checkoutLimit: { limit: 1000, windowSeconds: 600 } });
});
afterAll(async () => {
  await shop?.close();
});

type Json = Record<string, any>;
const json = async (response: Response) => (await response.json()) as Json;
const site = (code: string): Site => {
  const found = shop.platform.sites.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`no site ${code}`);
  return found;
};
/** A request with cookies of our own choosing (the Shopper sends only its cart cookie). */
const withCookies = (address: string, cookies: string[], init: RequestInit = {}) =>
  shop.app.request(address, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), cookie: cookies.filter(Boolean).join("; ") } });

const SERUM = "vitamin-c-brightening-serum";
/** The serum's sizes in the demo catalog: 15 ml (converted everywhere), 30 ml and 50 ml (fixed in France, Ireland and the US). */
const serum = (size: 0 | 1 | 2) => shop.variant(SERUM, size);
/** The lines a cart holds, without their prices. */
const linesOf = (cart: Json) => (cart.items as Json[]).map((item) => ({ key: item.key, variant_id: item.variant_id, quantity: item.quantity, properties: item.properties }));
const paidLine = (cart: Json, variantId: number) => (cart.items as Json[]).find((item) => item.variant_id === variantId);

describe("a product on another site", () => {
  it("answers the French site's .js in euros: the merchant's fixed prices where set, the base price converted elsewhere", async () => {
    const uk = await json(await shop.app.request(`/products/${SERUM}.js`));
    const fr = await json(await shop.app.request(`/fr-fr/products/${SERUM}.js`));
    expect(uk.variants.map((variant: Json) => [variant.id, variant.price, variant.compare_at_price])).toEqual([
      [serum(0), 2400, null],
      [serum(1), 3800, null],
      [serum(2), 5400, 6200],
    ]);
    expect(fr.variants.map((variant: Json) => [variant.id, variant.price, variant.compare_at_price])).toEqual([
      // £24.00 × 1.17 = €28.08, up to .95.
      [serum(0), convertPrice(2400, site("FR")), null],
      [serum(1), 4400, null],
      [serum(2), 6200, 7200],
    ]);
    expect(fr.variants[0].price).toBe(2895);
    expect([fr.price, fr.price_min, fr.price_max]).toEqual([2895, 2895, 6200]);
    expect(fr.compare_at_price_max).toBe(7200);
    // The rest of the product is the same product, its words in French.
    expect([fr.title, uk.title]).toEqual(["Sérum Éclat Vitamine C 15 %", "Vitamin C 15% Brightening Serum"]);
    // The purchase option's name is translated too; its plans are the same.
    expect(fr.selling_plan_groups.map((group: { name: string }) => group.name)).toEqual(uk.selling_plan_groups.map(() => "Abonnez-vous et économisez"));
    expect({ ...fr, title: uk.title, description: uk.description, selling_plan_groups: uk.selling_plan_groups, variants: undefined, price: undefined, price_min: undefined, price_max: undefined, compare_at_price: undefined, compare_at_price_min: undefined, compare_at_price_max: undefined, price_varies: undefined, compare_at_price_varies: undefined }).toEqual({
      ...uk,
      variants: undefined,
      price: undefined,
      price_min: undefined,
      price_max: undefined,
      compare_at_price: undefined,
      compare_at_price_min: undefined,
      compare_at_price_max: undefined,
      price_varies: undefined,
      compare_at_price_varies: undefined,
    });
  });

  it("names each variant's own picture as featured_media, as the product's media list has it, and the site's currency in .json", async () => {
    const product = await json(await shop.app.request("/products/skin-tint-spf30.js"));
    const withPicture = (product.variants as Json[]).filter((variant) => variant.featured_image);
    expect(withPicture.length).toBeGreaterThan(1);
    for (const variant of withPicture) {
      const media = (product.media as Json[]).find((candidate) => candidate.id === variant.featured_image.id);
      expect(variant.featured_media).toEqual({ alt: media?.alt, id: media?.id, position: media?.position, preview_image: media?.preview_image });
    }
    const fr = await json(await shop.app.request(`/fr-fr/products/${SERUM}.json`));
    expect(fr.product.variants[1]).toMatchObject({ price: "44.00", price_currency: "EUR" });
  });

  it("prices the 30 ml serum on each site: fixed in Ireland and the US, converted and rounded by each site's rule elsewhere", async () => {
    const priceOn = async (prefix: string) => (await json(await shop.app.request(`${prefix}/products/${SERUM}.js`))).variants[1].price as number;
    expect(await priceOn("")).toBe(3800);
    expect(await priceOn("/en-ie")).toBe(4400);
    expect(await priceOn("/en-us")).toBe(4800);
    // £38 × 1.95 = A$74.10, up to a whole dollar; £38 × 1.74 = C$66.12, up to .99.
    expect(await priceOn("/en-au")).toBe(7500);
    expect(await priceOn("/en-ca")).toBe(6699);
  });

  it("converts every product without a fixed price, and never invents a sale by rounding", async () => {
    const handles = ["gentle-cream-cleanser", "sea-buckthorn-cleansing-balm", "hyaluronic-acid-serum", "barrier-repair-cream"];
    for (const handle of handles) {
      const uk = await json(await shop.app.request(`/products/${handle}.js`));
      for (const code of ["US", "FR", "AU", "CA"]) {
        const other = await json(await shop.app.request(`${site(code).path}/products/${handle}.js`));
        uk.variants.forEach((variant: Json, i: number) => {
          const price = convertPrice(variant.price, site(code));
          const compareAt = variant.compare_at_price === null ? null : convertPrice(variant.compare_at_price, site(code));
          expect(other.variants[i].price, `${handle} ${code}`).toBe(price);
          expect(other.variants[i].compare_at_price, `${handle} ${code}`).toBe(compareAt !== null && compareAt > price ? compareAt : null);
        });
      }
    }
  });
});

describe("the cart on each site", () => {
  it("answers a new shopper's cart in each site's currency", async () => {
    const currencies: Record<string, string> = { "": "GBP", "/en-us": "USD", "/en-ie": "EUR", "/fr-fr": "EUR", "/en-au": "AUD", "/en-ca": "CAD" };
    for (const [prefix, currency] of Object.entries(currencies)) {
      const cart = await json(await new Shopper(shop.app).get(`${prefix}/cart.js`));
      expect(cart, prefix).toMatchObject({ currency, item_count: 0, total_price: 0 });
    }
  });

  it("carries a UK cart with WELCOME5 to the French site (same lines, euros, the code worth €6) and back (pounds, £5)", async () => {
    const shopper = new Shopper(shop.app);
    expect((await shopper.postJson("/cart/add.js", { id: serum(1), quantity: 1 })).status).toBe(200);
    const applied = await shopper.postJson("/cart/update.js", { discount: "WELCOME5" });
    expect(applied.status).toBe(200);

    const uk = await json(await shopper.get("/cart.js"));
    expect(uk).toMatchObject({ currency: "GBP", items_subtotal_price: 3800, total_discount: 500, total_price: 3300 });
    expect(uk.discount_codes).toEqual([{ code: "WELCOME5", applicable: true }]);
    expect(uk.cart_level_discount_applications).toEqual([expect.objectContaining({ key: "WELCOME5", value_type: "fixed_amount", value: "5.00", total_allocated_amount: 500 })]);
    expect(paidLine(uk, serum(1))).toMatchObject({ price: 3800, final_line_price: 3800 });

    const fr = await json(await shopper.get("/fr-fr/cart.js"));
    expect(fr.token).toBe(uk.token);
    expect(linesOf(fr)).toEqual(linesOf(uk));
    expect(fr).toMatchObject({ currency: "EUR", items_subtotal_price: 4400, total_discount: 600, total_price: 3800 });
    expect(paidLine(fr, serum(1))).toMatchObject({ price: 4400, original_price: 4400, final_line_price: 4400 });
    expect(fr.discount_codes).toEqual([{ code: "WELCOME5", applicable: true }]);
    expect(fr.cart_level_discount_applications).toEqual([expect.objectContaining({ key: "WELCOME5", value_type: "fixed_amount", value: "6.00", total_allocated_amount: 600 })]);
    const [row] = await shop.db.query<{ currency: string | null }>("select currency from carts where token = $1", [shopper.cartToken]);
    expect(row?.currency).toBe("EUR");

    const back = await json(await shopper.get("/cart.js"));
    expect(back.currency).toBe("GBP");
    expect(linesOf(back)).toEqual(linesOf(uk));
    expect(back).toMatchObject({ items_subtotal_price: 3800, total_discount: 500, total_price: 3300 });
    expect(back.cart_level_discount_applications).toEqual([expect.objectContaining({ key: "WELCOME5", value: "5.00", total_allocated_amount: 500 })]);
    const [again] = await shop.db.query<{ currency: string | null }>("select currency from carts where token = $1", [shopper.cartToken]);
    expect(again?.currency).toBe("GBP");
  });

  it("converts a fixed-amount code with no value of the site's own to whole units there (WELCOME5 on the Australian site)", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: serum(1), quantity: 1 });
    await shopper.postJson("/cart/update.js", { discount: "WELCOME5" });
    const au = await json(await shopper.get("/en-au/cart.js"));
    // £5 × 1.95 = A$9.75: A$10 off; the minimum £30 × 1.95 = A$58.50: A$59, under the serum's A$75.
    expect(thresholdForSite(500, site("AU"))).toBe(1000);
    expect(au).toMatchObject({ currency: "AUD", items_subtotal_price: 7500, total_discount: 1000, total_price: 6500 });
    expect(au.discount_codes).toEqual([{ code: "WELCOME5", applicable: true }]);
    // A percentage code stays the same percentage.
    await shopper.postJson("/en-au/cart/update.js", { discount: "GLOW10" });
    const glow = await json(await shopper.get("/en-au/cart.js"));
    expect(glow.discount_codes).toEqual([{ code: "GLOW10", applicable: true }]);
    expect(glow.total_discount).toBe(750);
  });

  it("adds on the French site at the French price, and measures WELCOME5's €35 minimum in euros", async () => {
    const shopper = new Shopper(shop.app);
    // The 15 ml serum: €28.95 on the French site, under the code's €35 minimum.
    await shopper.postJson("/fr-fr/cart/add.js", { id: serum(0), quantity: 1 });
    await shopper.postJson("/fr-fr/cart/update.js", { discount: "WELCOME5" });
    const under = await json(await shopper.get("/fr-fr/cart.js"));
    expect(under).toMatchObject({ currency: "EUR", total_price: 2895, total_discount: 0 });
    // The shortfall is told in euros: €35.00 − €28.95.
    expect(under.discount_codes).toEqual([{ code: "WELCOME5", applicable: false, reason: { kind: "minimum", minimum: 3500, shortfall: 605 } }]);
    // Two of them: €57.90, over €35.
    await shopper.postJson("/fr-fr/cart/add.js", { id: serum(0), quantity: 1 });
    const over = await json(await shopper.get("/fr-fr/cart.js"));
    expect(over).toMatchObject({ currency: "EUR", items_subtotal_price: 5790, total_discount: 600, total_price: 5190 });
    expect(over.discount_codes).toEqual([{ code: "WELCOME5", applicable: true }]);
  });
});

describe("an API call without a prefix", () => {
  it("follows the localization cookie: France answers euros, Monaco too, the UK and an unknown country pounds", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: serum(1), quantity: 1 });
    const currencyWith = async (country: string | null) => {
      const cart = await json(await withCookies("/cart.js", [shopper.cartCookie, country === null ? "" : `localization=${country}`]));
      return [cart.currency, paidLine(cart, serum(1))?.price];
    };
    expect(await currencyWith("FR")).toEqual(["EUR", 4400]);
    expect(await currencyWith("fr")).toEqual(["EUR", 4400]);
    expect(await currencyWith("MC")).toEqual(["EUR", 4400]);
    expect(await currencyWith("US")).toEqual(["USD", 4800]);
    expect(await currencyWith("GB")).toEqual(["GBP", 3800]);
    expect(await currencyWith("ZZ")).toEqual(["GBP", 3800]);
    expect(await currencyWith(null)).toEqual(["GBP", 3800]);
    expect(await currencyWith("%00")).toEqual(["GBP", 3800]);
  });

  it("follows the site a cart was changed on: after adding under /fr-fr, the root /cart.js answers the cart in euros", async () => {
    const shopper = new Shopper(shop.app);
    const added = await shopper.postJson("/fr-fr/cart/add.js", { id: serum(1), quantity: 1 }, { "sec-fetch-mode": "cors" });
    const remembered = added.headers.getSetCookie().find((cookie) => cookie.startsWith("localization="));
    expect(remembered).toMatch(/^localization=FR;/);
    const cart = await json(await withCookies("/cart.js", [shopper.cartCookie, remembered?.split(";")[0] ?? ""]));
    expect([cart.currency, paidLine(cart, serum(1))?.price]).toEqual(["EUR", 4400]);
    // A change on the site a call without a prefix reaches already names nothing new.
    const again = await withCookies("/fr-fr/cart/add.js", [shopper.cartCookie, "localization=FR"], { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: serum(1) }) });
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith("localization="))).toBe(false);
    const uk = new Shopper(shop.app);
    expect((await uk.postJson("/cart/add.js", { id: serum(1), quantity: 1 })).headers.getSetCookie().some((cookie) => cookie.startsWith("localization="))).toBe(false);
  });

  it("is the prefix's when there is one, whatever the cookie says", async () => {
    const cart = await json(await withCookies("/en-us/cart.js", ["localization=FR"]));
    expect(cart.currency).toBe("USD");
    const product = await json(await withCookies(`/products/${SERUM}.js`, ["localization=FR"]));
    expect(product.variants[1].price).toBe(4400);
  });
});

describe("an order placed on the French site", () => {
  const contact = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "1 rue de Rivoli", city: "Paris", zip: "75001", country: "FR" };

  /** A shopper whose cart was filled on the UK site: the 30 ml serum and WELCOME5. */
  const ukShopper = async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: serum(1), quantity: 1 });
    await shopper.postJson("/cart/update.js", { discount: "WELCOME5" });
    expect((await json(await shopper.get("/cart.js"))).currency).toBe("GBP");
    return shopper;
  };

  const expectEuroOrder = async (order: Json) => {
    // €44.00 serum, €6 off, France's zone €9.95 × 1.17 up to .95 = €11.95 (free only from €94).
    expect(convertPrice(995, site("FR"))).toBe(1195);
    expect(order).toMatchObject({ currency: "EUR", subtotal_price: 4400, total_discount: 600, shipping_price: 1195, total_price: 4995, discount_codes: ["WELCOME5"] });
    expect(order.line_items.find((line: Json) => line.variant_id === serum(1))).toMatchObject({ price: 4400, final_line_price: 4400 });
    const [row] = await shop.db.query<{ currency: string; subtotal_price: number | string; total_discount: number | string; shipping_price: number | string; total_price: number | string }>(
      "select currency, subtotal_price, total_discount, shipping_price, total_price from orders where token = $1",
      [order.token],
    );
    expect(row && { ...row, subtotal_price: Number(row.subtotal_price), total_discount: Number(row.total_discount), shipping_price: Number(row.shipping_price), total_price: Number(row.total_price) }).toEqual({
      currency: "EUR",
      subtotal_price: 4400,
      total_discount: 600,
      shipping_price: 1195,
      total_price: 4995,
    });
    // Read back on the French site and on the UK site alike, the order keeps its currency.
    for (const prefix of ["/fr-fr", ""]) {
      const found = await json(await shop.app.request(`${prefix}/orders/${order.token}.json`));
      expect(found.order, prefix).toEqual(order);
    }
  };

  it("through the checkout form's post (form-encoded to /fr-fr/checkout.json): stored and answered in euros", async () => {
    const shopper = await ukShopper();
    const response = await shopper.postForm("/fr-fr/checkout.json", new URLSearchParams(contact).toString());
    expect(response.status).toBe(200);
    const { order } = await json(response);
    await expectEuroOrder(order);
    expect((await json(await shopper.get("/fr-fr/cart.js"))).item_count).toBe(0);
    // The confirmation leads back to the site the order was placed on.
    const [mail] = await shop.db.query<{ text_body: string }>("select text_body from outbox where text_body like $1", [`%${String(order.token)}%`]);
    expect(mail?.text_body).toContain(`/fr-fr/orders/${String(order.token)}`);
  });

  it("through the theme's checkout action on the French site: stored and answered in euros, the confirmation leading back to /fr-fr", async () => {
    const shopper = await ukShopper();
    // What the French site's app hands the checkout route's action: the French view of the platform.
    const storefront = inProcessStorefront(shop.platform.forSite("FR"), shopper.cartToken, SHOP_URL);
    const cart = await storefront.cart();
    expect(cart).toMatchObject({ currency: "EUR", total_price: 3800 });
    const placed = await storefront.placeOrder(contact);
    if (!placed.ok) throw new Error(placed.description);
    await expectEuroOrder(placed.order as unknown as Json);
    const [mail] = await shop.db.query<{ text_body: string }>("select text_body from outbox where text_body like $1", [`%${placed.order.token}%`]);
    expect(mail?.text_body).toContain(`${SHOP_URL}fr-fr/orders/${placed.order.token}`);
    expect(mail?.text_body).toContain("Total : 49,95 €");
    expect(mail?.text_body).not.toContain("£");
  });

  it("charges the home zone's shipping converted, free from the converted threshold", async () => {
    const shopper = await ukShopper();
    const response = await shopper.postForm("/fr-fr/checkout.json", new URLSearchParams({ ...contact, address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" }).toString());
    const { order } = await json(response);
    // £3.95 × 1.17 = €4.62, up to .95; €38 after the code is under the €47 free-shipping threshold.
    expect(order).toMatchObject({ currency: "EUR", subtotal_price: 4400, total_discount: 600, shipping_price: 495, total_price: 4295 });
  });
});

describe("shipping on the French site", () => {
  it("is France's zone at the side cart, the shipping-rates route, the checkout and the order alike, not the home zone's", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/fr-fr/cart/add.js", { id: serum(1), quantity: 1 });
    const view = await json(await shopper.get("/fr-fr/cart.js?view=drawer"));
    // €44 is under France's €94 free-shipping threshold: €9.95 converted is €11.95 (the home zone would be €4.95).
    expect(view.shipping.price).toBe(1195);
    const rates = await json(await shopper.get("/fr-fr/cart/shipping_rates.json?shipping_address[country]=FR&shipping_address[zip]=75001"));
    expect(rates.shipping_rates.map((rate: Json) => [rate.code, rate.price])).toEqual([["Standard", "11.95"]]);
    // The checkout page starts on the site's country, so it quotes what the side cart showed.
    const french = shop.platform.forSite("FR");
    expect(quoteCountryOf(zonesOf(french.settings), french.site.countries)).toBe("FR");
    const contact = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "1 rue de Rivoli", city: "Paris", zip: "75001", country: "FR" };
    const { order } = await json(await shopper.postForm("/fr-fr/checkout.json", new URLSearchParams(contact).toString()));
    expect(order).toMatchObject({ currency: "EUR", subtotal_price: 4400, shipping_price: view.shipping.price });
  });
});

describe("redirects on a site", () => {
  it("keep the prefix after a form post made without scripts", async () => {
    const shopper = new Shopper(shop.app);
    const added = await shopper.postForm("/fr-fr/cart/add", `id=${serum(1)}&quantity=1`);
    expect(added.status).toBeGreaterThanOrEqual(300);
    expect(added.status).toBeLessThan(400);
    expect(added.headers.get("location")).toBe("/fr-fr/cart");
    expect((await json(await shopper.get("/fr-fr/cart.js"))).item_count).toBeGreaterThanOrEqual(1);

    const refused = await shopper.postForm("/fr-fr/cart/add", "id=99999999&quantity=1");
    expect(refused.headers.get("location")).toMatch(/^\/fr-fr\/cart\?cart_error=/);

    const toCheckout = await shopper.postForm("/fr-fr/cart", "updates%5B%5D=1&updates%5B%5D=1&checkout=");
    expect(toCheckout.headers.get("location")).toBe("/fr-fr/checkout");
    const upper = await shopper.postForm("/FR-FR/cart/add", `id=${serum(0)}&quantity=1`);
    expect(upper.headers.get("location")).toBe("/fr-fr/cart");
    // An unprefixed form post from a French shopper's page goes back to the French cart.
    const cookieLed = await withCookies("/cart/add", [shopper.cartCookie, "localization=FR"], { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `id=${serum(0)}` });
    expect(cookieLed.headers.get("location")).toBe("/fr-fr/cart");
  });

  it("keep the prefix on the cart's links: a permalink, a discount link", async () => {
    const shopper = new Shopper(shop.app);
    expect((await shopper.get(`/fr-fr/cart/${serum(1)}:1`)).headers.get("location")).toBe("/fr-fr/checkout");
    expect((await shopper.get(`/en-us/cart/add?id=${serum(1)}&quantity=1`)).headers.get("location")).toBe("/en-us/cart");
    expect((await shopper.get(`/fr-fr/discount/GLOW10?redirect=/products/${SERUM}`)).headers.get("location")).toBe(`/fr-fr/products/${SERUM}`);
    // An address off the shop is not followed, and the fallback is the site's own home.
    expect((await shopper.get("/fr-fr/discount/GLOW10?redirect=//evil.example/x")).headers.get("location")).toBe("/fr-fr");
  });
});

describe("what search engines read", () => {
  it("robots.txt names every site's sitemap and keeps crawlers out of each site's carts and searches", async () => {
    const text = await (await shop.app.request("/robots.txt")).text();
    for (const prefix of ["", "/en-us", "/en-ie", "/fr-fr", "/en-au", "/en-ca"]) {
      expect(text).toContain(`Sitemap: http://localhost${prefix}/sitemap.xml`);
      expect(text).toContain(`Disallow: ${prefix}/cart`);
      expect(text).toContain(`Disallow: ${prefix}/search`);
    }
  });

  it("each site's sitemap lists that site's own addresses", async () => {
    const index = await (await shop.app.request("/fr-fr/sitemap.xml")).text();
    expect(index).toContain("<loc>http://localhost/fr-fr/sitemap_products_1.xml</loc>");
    const products = await (await shop.app.request("/fr-fr/sitemap_products_1.xml")).text();
    expect(products).toContain(`<loc>http://localhost/fr-fr/products/${SERUM}</loc>`);
    expect(products).not.toMatch(/<loc>http:\/\/localhost\/products\//);
  });
});

describe("an unknown prefix", () => {
  it("is not a site: no 500, and nothing answered in another site's currency", async () => {
    const shopper = new Shopper(shop.app);
    for (const address of ["/xx-yy/cart.js", `/xx-yy/products/${SERUM}.js`, "/xx-yy", "/xx-yy/", "/fr-frx/cart.js", "/fr-fr-fr/cart.js", "/fr/cart.js"]) {
      const response = await shopper.get(address);
      expect(response.status, address).toBeLessThan(500);
      if (response.ok && (response.headers.get("content-type") ?? "").includes("json")) {
        const body = await json(response);
        if ("currency" in body) expect(body.currency, address).toBe("GBP");
      }
    }
    const posted = await shopper.postJson("/xx-yy/cart/add.js", { id: serum(1) });
    expect(posted.status).toBeLessThan(500);
    // With a French shopper's cookie it is still not the French site.
    const cookied = await withCookies("/xx-yy/cart.js", ["localization=FR"]);
    expect(cookied.status).toBeLessThan(500);
  });
});

describe("fixed prices on a site", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await shop.db.query("delete from variant_site_prices where variant_id = $1 and site_code = 'FR'", [serum(0)]);
    await shop.db.query("update catalog_meta set revision = revision + 1");
  });

  const frenchPrice = async (app = shop.app) => (await json(await app.request(`/fr-fr/products/${SERUM}.js`))).variants[0].price as number;

  it("show once the catalog's revision moves, on that site only", async () => {
    expect(await frenchPrice()).toBe(2895);
    await shop.db.query("insert into variant_site_prices (variant_id, site_code, price, compare_at_price) values ($1, 'FR', 2700, 3200)", [serum(0)]);
    // The catalog is derived once per revision: a row alone changes nothing yet.
    expect(await frenchPrice()).toBe(2895);
    await shop.db.query("update catalog_meta set revision = revision + 1");
    // The test shop checks the revision on every read (catalogCheckMs 0).
    const variant = (await json(await shop.app.request(`/fr-fr/products/${SERUM}.js`))).variants[0];
    expect([variant.price, variant.compare_at_price]).toEqual([2700, 3200]);
    // Ireland sells in euros too, but the row is France's.
    expect((await json(await shop.app.request(`/en-ie/products/${SERUM}.js`))).variants[0].price).toBe(2895);
    expect((await json(await shop.app.request(`/products/${SERUM}.js`))).variants[0].price).toBe(2400);
    // A French cart takes it.
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/fr-fr/cart/add.js", { id: serum(0), quantity: 1 });
    expect(paidLine(await json(await shopper.get("/fr-fr/cart.js")), serum(0))).toMatchObject({ price: 2700 });
  });

  it("show only after the catalog's check interval on a shop that checks less often", async () => {
    // The clock the catalog reads its interval by, moved by hand; timers stay real for the database.
    vi.useFakeTimers({ toFake: ["Date"] });
    // Near the real time: the database checks a write's commit deadline on its own clock.
    const start = Date.now();
    vi.setSystemTime(start);
    const platform = createPlatform(shop.db, loadSettings(path.join(ROOT, "config/settings.json")), { catalogCheckMs: 60_000, now: () => NOW });
    const app = createApp({ platform, logger: pino({ level: "silent" }), imageCacheDir: path.join(ROOT, ".data/test-images") });
    expect(await frenchPrice(app)).toBe(2895);

    await shop.db.query("insert into variant_site_prices (variant_id, site_code, price) values ($1, 'FR', 2700)", [serum(0)]);
    await shop.db.query("update catalog_meta set revision = revision + 1");
    vi.setSystemTime(start + 59_000);
    expect(await frenchPrice(app)).toBe(2895);
    vi.setSystemTime(start + 60_001);
    expect(await frenchPrice(app)).toBe(2700);
    // Invalidating the base catalog is seen by the site's catalog at once too.
    await shop.db.query("update variant_site_prices set price = 2600 where variant_id = $1 and site_code = 'FR'", [serum(0)]);
    await shop.db.query("update catalog_meta set revision = revision + 1");
    expect(await frenchPrice(app)).toBe(2700);
    (platform.catalog as CatalogStore).invalidate();
    expect(await frenchPrice(app)).toBe(2600);
  });
});
