import { describe, expect, it } from "vitest";
import { groupCartLines, lineDisplay, parseTypedQuantity } from "./line-display.ts";
import { lineFixture, viewFixture } from "../../../tests/fixtures/cart-fixtures.ts";
import { BUILDER_PROPERTIES } from "../builders/builder-bundles.ts";

const noCode = { discount_codes: [] };
const withCode = { discount_codes: [{ code: "GLOW10", applicable: true }] };

describe("cart line display rules", () => {
  it("links ordinary lines to their variant and shows badges and visible properties only", () => {
    const line = lineFixture({ properties: { Engraving: "Hi", _source: "upsell", "_bundle-id": "x---1" } });
    const shown = lineDisplay(line, viewFixture("gel-cleanser", { metafields: { product_cart_badges: ["Vegan"] } }), noCode);
    expect(shown.link).toBe("/products/gel-cleanser?variant=101");
    expect(shown.badges).toEqual(["Vegan"]);
    expect(shown.properties).toEqual([["Engraving", "Hi"]]);
  });

  it("keeps the builders' own line properties from the shopper", () => {
    const picked = lineFixture({ properties: { [BUILDER_PROPERTIES.builder]: "kit", [BUILDER_PROPERTIES.id]: "k1", [BUILDER_PROPERTIES.step]: "Cleanse", [BUILDER_PROPERTIES.source]: "ritual-section" } });
    expect(lineDisplay(picked, undefined, noCode).properties).toEqual([]);
  });

  it("gives samples and free gifts no link, no quantity controls, and the free label", () => {
    const sample = lineFixture({ product_type: "Cart Sample", price: 0 });
    // The shop holds a sample at one: a fixed line, its quantity shown as text.
    expect(lineDisplay(sample, undefined, noCode)).toMatchObject({ link: null, isSample: true, limitedToOne: true, showQuantityControls: false, free: true });
    const gift = lineFixture({ price: 0, properties: { "_is-free-gift-item": "true" } });
    expect(lineDisplay(gift, undefined, noCode)).toMatchObject({ link: null, isGift: true, limitedToOne: true, showQuantityControls: false, free: true });
  });

  it("hides quantity controls for limited-to-one and bundle lines", () => {
    expect(lineDisplay(lineFixture(), viewFixture("x", { metafields: { is_limited_to_one: 1 } }), noCode).showQuantityControls).toBe(false);
    expect(lineDisplay(lineFixture(), viewFixture("x", { ffc: { checkout_validation_limit: 1 } }), noCode).showQuantityControls).toBe(false);
    expect(lineDisplay(lineFixture({ properties: { __bundleId: "b1" } }), undefined, noCode).showQuantityControls).toBe(false);
    expect(lineDisplay(lineFixture({ properties: { _is_bundle_item: "true" } }), undefined, noCode).showQuantityControls).toBe(false);
    expect(lineDisplay(lineFixture({ product_type: "Bundle" }), undefined, noCode).showQuantityControls).toBe(false);
    expect(lineDisplay(lineFixture(), viewFixture("x"), noCode).showQuantityControls).toBe(true);
  });

  it("shows a saving only when compare-at × quantity exceeds the line price", () => {
    const view = viewFixture("x", { variants: [{ id: 101, available: true, compare_at_price: 1500 }] });
    expect(lineDisplay(lineFixture({ price: 1200, quantity: 2 }), view, noCode).saving).toBe(600);
    expect(lineDisplay(lineFixture({ price: 1500 }), view, noCode).saving).toBe(0);
  });

  it("marks lines left out of an applied code", () => {
    const gift = lineFixture({ price: 0, properties: { "_is-free-gift-item": "true" } });
    expect(lineDisplay(gift, undefined, withCode).notValidForDiscount).toBe(true);
    expect(lineDisplay(gift, undefined, noCode).notValidForDiscount).toBe(false);
    expect(lineDisplay(lineFixture(), undefined, withCode).notValidForDiscount).toBe(false);
  });
});

describe("bundle grouping", () => {
  it("gathers a bundle's lines where its first line stands, by __bundleId or the _bundle-id before ---", () => {
    const a = lineFixture({ key: "a", properties: { __bundleId: "b1", __bundleTitle: "Glow Edit" } });
    const b = lineFixture({ key: "b" });
    const c = lineFixture({ key: "c", properties: { __bundleId: "b1" } });
    const d = lineFixture({ key: "d", properties: { "_bundle-id": "p7---1" } });
    const e = lineFixture({ key: "e", properties: { "_bundle-id": "p7---2" } });
    const entries = groupCartLines([a, b, c, d, e]);
    expect(entries.map((entry) => (entry.kind === "line" ? entry.line.key : `${entry.id}:${entry.lines.map((line) => line.key).join("")}`))).toEqual(["bundle:b1:ac", "b", "page:p7:de"]);
    expect(entries[0]).toMatchObject({ title: "Glow Edit" });
  });
});

describe("typed quantities", () => {
  it("ignores empty, rejects non-numbers and reads digits", () => {
    expect(parseTypedQuantity("  ")).toEqual({ kind: "empty" });
    expect(parseTypedQuantity("abc")).toEqual({ kind: "invalid" });
    expect(parseTypedQuantity("2x")).toEqual({ kind: "invalid" });
    expect(parseTypedQuantity("-1")).toEqual({ kind: "invalid" });
    expect(parseTypedQuantity(" 3 ")).toEqual({ kind: "number", value: 3 });
  });
});
