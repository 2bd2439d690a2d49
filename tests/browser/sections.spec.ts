/**
 * Shopify's Section Rendering API against the running shop: sections of a
 * page as JSON or one section as HTML, the cart calls' `sections`, and the
 * predictive search section. Run once (desktop): the server's answers do not
 * depend on the window.
 */
import { expect, test } from "@playwright/test";

test.describe("section rendering", () => {
  test.skip(({ isMobile }) => isMobile, "server answers: run once");

  test("answers a page's sections as JSON, null for one the page lacks, and refuses more than five", async ({ request }) => {
    const response = await request.get("/collections/serums?sections=main-collection-product-grid,product-count,cart-icon-bubble,no-such-section");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const sections = (await response.json()) as Record<string, string | null>;
    expect(Object.keys(sections).sort()).toEqual(["cart-icon-bubble", "main-collection-product-grid", "no-such-section", "product-count"]);
    expect(sections["main-collection-product-grid"]).toMatch(/^<div id="shopify-section-main-collection-product-grid" class="shopify-section">/);
    expect(sections["main-collection-product-grid"]).toContain('href="/products/');
    expect(sections["product-count"]).toMatch(/\d+ (products|of)/);
    expect(sections["cart-icon-bubble"]).toContain('href="/cart"');
    expect(sections["no-such-section"]).toBeNull();

    const product = (await (await request.get("/products/niacinamide-zinc-serum?sections=main-product,main-collection-product-grid")).json()) as Record<string, string | null>;
    expect(product["main-product"]).toContain("Niacinamide");
    expect(product["main-collection-product-grid"]).toBeNull();

    const six = await request.get("/?sections=a,b,c,d,e,f");
    expect(six.status()).toBe(400);
    expect(await six.json()).toMatchObject({ description: "At most 5 sections can be rendered at once" });
  });

  test("answers one section's HTML by section_id, and 404 for an unknown one", async ({ request }) => {
    const response = await request.get("/products/niacinamide-zinc-serum?section_id=main-product");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    expect(html).toMatch(/^<div id="shopify-section-main-product" class="shopify-section">/);
    expect(html).not.toContain("<html");
    expect((await request.get("/products/niacinamide-zinc-serum?section_id=no-such-section")).status()).toBe(404);
  });

  test("renders the sections a cart call asks for, as the cart stands after the change", async ({ request }) => {
    const product = (await (await request.get("/products/clarifying-gel-cleanser.js")).json()) as { variants: { id: number }[] };
    const id = product.variants[0]?.id;
    const added = await request.post("/cart/add.js", {
      data: { id, quantity: 2, sections: "cart-icon-bubble,main-cart-items", sections_url: "/products/clarifying-gel-cleanser" },
      headers: { origin: new URL(test.info().project.use.baseURL ?? "").origin },
    });
    expect(added.status()).toBe(200);
    const body = (await added.json()) as { id: number; quantity: number; sections: Record<string, string> };
    expect(body).toMatchObject({ id, quantity: 2 });
    expect(body.sections["cart-icon-bubble"]).toContain(">2<");
    expect(body.sections["main-cart-items"]).toContain("Clarifying 2% BHA Gel Cleanser");

    const changed = await request.post("/cart/change.js", {
      data: { id: String(id), quantity: 0, sections: ["cart-icon-bubble"] },
      headers: { origin: new URL(test.info().project.use.baseURL ?? "").origin, referer: `${test.info().project.use.baseURL}/cart` },
    });
    expect(((await changed.json()) as { sections: Record<string, string> }).sections["cart-icon-bubble"]).toContain(">0<");
  });

  test("refuses a sections_url that is not a path of this shop, and changes nothing", async ({ request }) => {
    const before = (await (await request.get("/cart.js")).json()) as { item_count: number };
    const product = (await (await request.get("/products/clarifying-gel-cleanser.js")).json()) as { variants: { id: number }[] };
    for (const sectionsUrl of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]) {
      const response = await request.post("/cart/add.js", {
        data: { id: product.variants[0]?.id, quantity: 1, sections: "cart-icon-bubble", sections_url: sectionsUrl },
        headers: { origin: new URL(test.info().project.use.baseURL ?? "").origin },
      });
      expect(response.status(), sectionsUrl).toBe(400);
    }
    expect(((await (await request.get("/cart.js")).json()) as { item_count: number }).item_count).toBe(before.item_count);
  });

  test("answers predictive search as a section", async ({ request }) => {
    const response = await request.get("/search/suggest?q=vitamin&section_id=predictive-search");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<div id="shopify-section-predictive-search" class="shopify-section">/);
    expect(html).toContain('href="/products/vitamin-c-brightening-serum');
  });
});
