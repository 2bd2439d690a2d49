import { describe, expect, it } from "vitest";
import { backInStockVariants, offersBackInStock } from "./back-in-stock.ts";
import { backInStockRequestSchema, ticked } from "./back-in-stock-request.ts";

const variant = (available: boolean, inventory_management: "shopify" | null = "shopify") => ({ available, inventory_management });

describe("offersBackInStock", () => {
  it("offers the alert for a counted variant that cannot be bought, and for nothing else", () => {
    expect(offersBackInStock(variant(false))).toBe(true);
    expect(offersBackInStock(variant(true))).toBe(false);
    // Stock the shop does not count never comes back by a restock.
    expect(offersBackInStock(variant(false, null))).toBe(false);
    expect(offersBackInStock(undefined)).toBe(false);
  });

  it("lists every variant of a wholly sold-out product", () => {
    const sold = [variant(false), variant(false)];
    expect(backInStockVariants(sold)).toEqual(sold);
    expect(backInStockVariants([variant(true), variant(false)])).toHaveLength(1);
  });
});

describe("the request", () => {
  it("needs a variant, a valid address and the ticked consent, in the shop's words", () => {
    expect(backInStockRequestSchema.safeParse({ variantId: "12", email: " ada@example.com ", consent: true }).data).toEqual({ variantId: 12, email: "ada@example.com", consent: true });
    const refused = backInStockRequestSchema.safeParse({ variantId: "x", email: "ada", consent: false });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["variantId", "Choose the size you want"],
      ["email", "Enter a valid email address"],
      ["consent", "Tick the box to agree to one email when it is back"],
    ]);
  });

  it("reads a checkbox as forms and scripts send it", () => {
    expect(["on", "true", "1", true].map(ticked)).toEqual([true, true, true, true]);
    expect(["", "off", undefined, false].map(ticked)).toEqual([false, false, false, false]);
  });
});

