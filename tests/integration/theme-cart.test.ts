/**
 * Shopify's own cart client, unchanged, against this shop over real HTTP. The
 * library calls `fetch` with relative URLs and same-origin credentials, as in
 * a browser; the test gives it that environment: a base URL and a cookie jar.
 */
import { type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import * as themeCart from "@shopify/theme-cart";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let server: ReturnType<typeof serve>;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  shop = await openTestShop();
  server = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let cookie = "";
  globalThis.fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    const response = await realFetch(new URL(String(input), base), { ...init, headers });
    const cartCookie = response.headers.getSetCookie().find((value) => value.startsWith("cart="));
    if (cartCookie) cookie = cartCookie.split(";")[0] ?? "";
    return response;
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server?.close(resolve));
  await shop?.close();
});

describe("@shopify/theme-cart against this shop", () => {
  it("adds, reads, updates, removes, notes, sets attributes and clears", async () => {
    const empty = await themeCart.getState();
    expect(empty.item_count).toBe(0);

    const serum = shop.variant("sized-serum", 1);
    const added = await themeCart.addItem(serum, { quantity: 2, properties: { Engraving: "Ada" } });
    expect(added).toMatchObject({ variant_id: serum, quantity: 2, properties: { Engraving: "Ada" } });

    const cleanser = await themeCart.addItem(shop.variant("plain-cleanser"));
    expect(cleanser.quantity).toBe(1);

    const state = await themeCart.getState();
    expect(state.item_count).toBe(3);
    expect(await themeCart.getItemIndex(added.key)).toBe(2);
    expect((await themeCart.getItem(cleanser.key)).quantity).toBe(1);

    const updated = await themeCart.updateItem(added.key, { quantity: 5 });
    expect(updated.items.find((item: { key: string }) => item.key === added.key).quantity).toBe(5);

    const removed = await themeCart.removeItem(cleanser.key);
    expect(removed.items).toHaveLength(1);

    const noted = await themeCart.updateNote("Please gift wrap");
    expect(noted.note).toBe("Please gift wrap");
    expect(await themeCart.getNote()).toBe("Please gift wrap");

    const withAttributes = await themeCart.updateAttributes({ "Delivery date": "Friday" });
    expect(withAttributes.attributes).toEqual({ "Delivery date": "Friday" });
    await themeCart.clearAttributes();
    expect(await themeCart.getAttributes()).toEqual({});

    const cleared = await themeCart.clearItems();
    expect(cleared.item_count).toBe(0);
    expect(cleared.note).toBe("Please gift wrap");
    await themeCart.clearNote();
    expect(await themeCart.getNote()).toBe("");
  });

  it("rejects with the raw 422 response when asking for more than the stock", async () => {
    const rejection = await themeCart.addItem(shop.variant("sold-out-balm"), { quantity: 1 }).catch((error: unknown) => error);
    // The library rejects with the fetch Response itself.
    expect((rejection as Response).status).toBe(422);
    expect(((await (rejection as Response).json()) as { description: string }).description).toBe(
      "The product 'Sold Out Balm' is already sold out.",
    );
  });
});
