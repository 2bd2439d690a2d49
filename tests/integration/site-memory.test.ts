/**
 * The site a shopper browses is the one the shop remembers for their calls
 * made without a prefix (the `localization` cookie): a page they go to
 * names it, a section a page's script fetches does not, since it may come
 * from a page they have just left for another site. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveShop } from "../../src/server/live-shop.ts";
import { openThemeShop } from "./harness.ts";

let shop: LiveShop;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ shop, close } = await openThemeShop());
});
afterAll(async () => {
  await close?.();
});

const PRODUCT = "/products/plain-cleanser";
const get = (address: string, headers: Record<string, string>) => shop.fetch(new Request(new URL(address, "http://shop.test"), { headers }));
const remembered = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("localization="))?.split(";")[0];

describe("the site a shopper browses", () => {
  it("is remembered when they go to a page of it", async () => {
    const response = await get(PRODUCT, { cookie: "localization=FR", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" });
    expect(response.status).toBe(200);
    expect(remembered(response)).toBe("localization=GB");
  });

  it("is remembered from a client that does not say how it fetched", async () => {
    const response = await get(PRODUCT, { cookie: "localization=FR" });
    expect(response.status).toBe(200);
    expect(remembered(response)).toBe("localization=GB");
  });

  it("is not changed by an HTML section a page's script fetches", async () => {
    const response = await get(`${PRODUCT}?section_id=main-product`, { cookie: "localization=FR", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(remembered(response)).toBeUndefined();
  });

  it("is named on the first page of a shopper who has none yet, and not again", async () => {
    const first = await get(`/fr-fr${PRODUCT}`, { "sec-fetch-mode": "navigate" });
    expect(remembered(first)).toBe("localization=FR");
    const again = await get(`/fr-fr${PRODUCT}`, { cookie: "localization=FR", "sec-fetch-mode": "navigate" });
    expect(remembered(again)).toBeUndefined();
  });
});
