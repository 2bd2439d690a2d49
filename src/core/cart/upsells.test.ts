import { describe, expect, it } from "vitest";
import { UPSELL_PROPERTY, mergeUpsellEntries, parseUpsellList, upsellOffers } from "./upsells.ts";
import { lineFixture, viewFixture } from "../../../tests/fixtures/cart-fixtures.ts";

describe("upsell list", () => {
  it("reads handles and handle:variantId:tag entries, skipping malformed ones", () => {
    expect(parseUpsellList("serum, spf:42:Best with SPF,Bad Entry,,balm")).toEqual([
      { handle: "serum", variantId: null, tag: null },
      { handle: "spf", variantId: 42, tag: "Best with SPF" },
      { handle: "balm", variantId: null, tag: null },
    ]);
  });

  it("keeps the first entry of a handle", () => {
    expect(mergeUpsellEntries(parseUpsellList("a:1:x,b"), parseUpsellList("a,c")).map((entry) => `${entry.handle}:${entry.variantId}`)).toEqual(["a:1", "b:null", "c:null"]);
  });
});

describe("upsell offers", () => {
  const views = new Map([
    ["serum", viewFixture("serum", { id: 1, variants: [{ id: 11, available: false }, { id: 12, available: true }] })],
    ["sold-out", viewFixture("sold-out", { id: 2, variants: [{ id: 21, available: false }] })],
    ["routine", viewFixture("routine", { id: 3, bundle: { enabled: true, type: "multiselect" } })],
    ["spf", viewFixture("spf", { id: 4, variants: [{ id: 41, available: true }] })],
    ["balm", viewFixture("balm", { id: 5, variants: [{ id: 51, available: true }] })],
  ]);
  const entries = parseUpsellList("serum,sold-out,routine,spf,balm,missing,serum");

  it("offers available variants, skipping multiselect bundles, unloaded products and products already in the cart", () => {
    const items = [lineFixture({ product_id: 4 }), lineFixture({ product_id: 5, properties: { [UPSELL_PROPERTY]: "true" } })];
    const offers = upsellOffers(entries, views, items);
    expect(offers.map((offer) => [offer.handle, offer.variant.id, offer.added])).toEqual([
      ["serum", 12, false],
      ["balm", 51, true],
      ["serum", 12, false],
    ]);
  });

  it("hides an entry whose named variant is unavailable", () => {
    expect(upsellOffers(parseUpsellList("serum:11:x"), views, [])).toEqual([]);
  });
});
