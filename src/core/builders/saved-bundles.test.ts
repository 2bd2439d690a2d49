import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SAVED_ITEMS_LIMIT,
  SAVED_QUANTITY_LIMIT,
  type SaveableLine,
  type SavedCartItem,
  type SavedItem,
  canSaveForLater,
  checkSavedList,
  parseSavedItem,
  parseSavedList,
  replaceSaved,
  sameSavedList,
  saveCartLine,
  savedCartItem,
  savedCartKey,
  savedFrom,
  withoutSavedCartItem,
} from "./saved-bundles.ts";

const quizPick: SavedItem = { source: "quiz", product_handle: "gel-cleanser", product_title: "Gel Cleanser", product_step: "cleanse", product_variant: 11, product_is_free: false };
const kitPick: SavedItem = { source: "kit", product_handle: "vitamin-c", product_step: 1, product_title: "Vitamin C", product_variant: 22 };
const cartLine: SavedCartItem = {
  source: "cart",
  product_handle: "barrier-cream",
  product_title: "Barrier Cream",
  product_variant: 33,
  quantity: 2,
  properties: { Engraving: "Ada" },
  variant_title: "50 ml",
  image: "/images/products/barrier-cream-1.png",
};

const line = (overrides: Partial<SaveableLine> = {}): SaveableLine => ({
  handle: "barrier-cream",
  product_type: "Moisturiser",
  price: 2400,
  final_line_price: 4800,
  product_title: "Barrier Cream",
  variant_id: 33,
  variant_title: "50 ml",
  quantity: 2,
  properties: { Engraving: "Ada" },
  featured_image: { url: "/images/products/barrier-cream-1.png" },
  ...overrides,
});

describe("reading saved items", () => {
  it("reads each kind with its own fields and nothing else", () => {
    expect(parseSavedItem({ ...quizPick, extra: "x" })).toEqual(quizPick);
    expect(parseSavedItem(kitPick)).toEqual(kitPick);
    expect(parseSavedItem({ ...kitPick, in_popup: true })).toEqual({ ...kitPick, in_popup: true });
    expect(parseSavedItem(cartLine)).toEqual(cartLine);
  });

  it("refuses what is not a saved item", () => {
    expect(parseSavedItem(null)).toBeNull();
    expect(parseSavedItem([])).toBeNull();
    expect(parseSavedItem({ ...quizPick, source: "routine" })).toBeNull();
    expect(parseSavedItem({ ...quizPick, product_handle: "Not A Handle" })).toBeNull();
    expect(parseSavedItem({ ...quizPick, product_variant: 0 })).toBeNull();
    expect(parseSavedItem({ ...quizPick, product_variant: "11" })).toBeNull();
    expect(parseSavedItem({ ...quizPick, product_title: "x".repeat(201) })).toBeNull();
    expect(parseSavedItem({ ...kitPick, product_step: -1 })).toBeNull();
    expect(parseSavedItem({ ...cartLine, quantity: 0 })).toBeNull();
    expect(parseSavedItem({ ...cartLine, quantity: SAVED_QUANTITY_LIMIT + 1 })).toBeNull();
    expect(parseSavedItem({ ...cartLine, properties: { Note: 5 } })).toBeNull();
    expect(parseSavedItem({ ...cartLine, properties: Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`p${index}`, "x"])) })).toBeNull();
  });

  it("keeps a saved line's picture only when it is on the shop", () => {
    expect(parseSavedItem({ ...cartLine, image: "https://tracker.example/pixel.png" })).toBeNull();
    expect(parseSavedItem({ ...cartLine, image: "//tracker.example/pixel.png" })).toBeNull();
    expect(parseSavedItem({ ...cartLine, image: "javascript:alert(1)" })).toBeNull();
    expect(parseSavedItem({ ...cartLine, image: "/discount/WELCOME?redirect=/" })).toBeNull();
    const { image: _image, ...withoutImage } = cartLine;
    expect(parseSavedItem(withoutImage)).toEqual(withoutImage);
  });

  it("reads a stored list leniently: bad items dropped, at most the limit, anything else empty", () => {
    expect(parseSavedList("nonsense")).toEqual([]);
    expect(parseSavedList([quizPick, { junk: true }, kitPick])).toEqual([quizPick, kitPick]);
    expect(parseSavedList(Array.from({ length: SAVED_ITEMS_LIMIT + 5 }, () => quizPick))).toHaveLength(SAVED_ITEMS_LIMIT);
  });

  it("checks a list sent to the shop strictly, naming what is wrong", () => {
    expect(checkSavedList([quizPick, kitPick, cartLine])).toEqual({ ok: true, items: [quizPick, kitPick, cartLine] });
    expect(checkSavedList([])).toEqual({ ok: true, items: [] });
    expect(checkSavedList({ 0: quizPick })).toEqual({ ok: false, description: "data must be a list of saved items" });
    expect(checkSavedList([quizPick, { ...kitPick, product_variant: -4 }])).toEqual({ ok: false, description: "data[1] is not a saved item" });
    expect(checkSavedList(Array.from({ length: SAVED_ITEMS_LIMIT + 1 }, () => quizPick))).toEqual({ ok: false, description: `data must hold at most ${SAVED_ITEMS_LIMIT} saved items` });
  });
});

describe("lists by place", () => {
  it("replaces one place's items and keeps the others'", () => {
    const list = [quizPick, kitPick, cartLine];
    const otherQuiz = { ...quizPick, product_handle: "cream-cleanser", product_variant: 12 };
    expect(replaceSaved(list, "quiz", [otherQuiz])).toEqual([kitPick, cartLine, otherQuiz]);
    expect(replaceSaved(list, "kit", [])).toEqual([quizPick, cartLine]);
    expect(savedFrom(list, "cart")).toEqual([cartLine]);
  });

  it("compares lists by their items, whatever order names were written in", () => {
    const reordered = { properties: { Engraving: "Ada" }, quantity: 2, source: "cart", product_variant: 33, image: cartLine.image, product_title: "Barrier Cream", variant_title: "50 ml", product_handle: "barrier-cream" } as SavedCartItem;
    expect(sameSavedList([cartLine], [reordered])).toBe(true);
    expect(sameSavedList([quizPick, kitPick], [kitPick, quizPick])).toBe(false);
    expect(sameSavedList([{ ...cartLine, properties: { a: "1", b: "2" } }], [{ ...cartLine, properties: { b: "2", a: "1" } }])).toBe(true);
    expect(sameSavedList([cartLine], [{ ...cartLine, quantity: 3 }])).toBe(false);
  });
});

describe("saving cart lines", () => {
  it("makes a saved item of a line with its quantity, properties, variant and picture", () => {
    expect(savedCartItem(line())).toEqual(cartLine);
    expect(savedCartItem(line({ variant_title: null, featured_image: { url: null }, properties: null }))).toEqual({
      source: "cart",
      product_handle: "barrier-cream",
      product_title: "Barrier Cream",
      product_variant: 33,
      quantity: 2,
      properties: {},
    });
  });

  it("leaves out a picture from another site, and will not save a line it could not bring back the same", () => {
    expect(savedCartItem(line({ featured_image: { url: "https://cdn.example/a.png" } }))).not.toHaveProperty("image");
    expect(savedCartItem(line({ properties: { Note: "x".repeat(500) } }))).toBeNull();
  });

  it("is offered on paid lines only: not on free gifts, samples or free lines", () => {
    expect(canSaveForLater(line())).toBe(true);
    expect(canSaveForLater(line({ properties: { "_is-free-gift-item": "true" } }))).toBe(false);
    expect(canSaveForLater(line({ product_type: "Sample", price: 0, final_line_price: 0 }))).toBe(false);
    expect(canSaveForLater(line({ final_line_price: 0 }))).toBe(false);
    expect(canSaveForLater(line({ properties: { Note: "x".repeat(500) } }))).toBe(false);
  });

  it("adds a new line first among the cart's items and merges the same line's quantity", () => {
    const other = { ...cartLine, product_variant: 44, product_handle: "water-gel" };
    const first = saveCartLine([quizPick, other], cartLine);
    expect(first).toEqual({ ok: true, list: [quizPick, cartLine, other] });
    const again = saveCartLine(first.ok ? first.list : [], { ...cartLine, quantity: 3 });
    expect(again).toEqual({ ok: true, list: [quizPick, { ...cartLine, quantity: 5 }, other] });
    // The same variant with other properties is another line.
    const engraved = saveCartLine([cartLine], { ...cartLine, properties: { Engraving: "Grace" } });
    expect(engraved.ok && engraved.list).toHaveLength(2);
    const capped = saveCartLine([{ ...cartLine, quantity: SAVED_QUANTITY_LIMIT - 1 }], cartLine);
    expect(capped.ok && capped.list[0]).toMatchObject({ quantity: SAVED_QUANTITY_LIMIT });
  });

  it("refuses a new line when the list is full, but still merges a line already there", () => {
    const full: SavedItem[] = Array.from({ length: SAVED_ITEMS_LIMIT }, (_, index) => ({ ...cartLine, product_variant: 1000 + index }));
    expect(saveCartLine(full, cartLine)).toEqual({ ok: false, reason: "full" });
    const merged = saveCartLine(full, { ...cartLine, product_variant: 1000 });
    expect(merged.ok && merged.list).toHaveLength(SAVED_ITEMS_LIMIT);
  });

  it("removes one saved line, found by variant and properties, and nothing else", () => {
    const other = { ...cartLine, properties: { Engraving: "Grace" } };
    expect(withoutSavedCartItem([quizPick, cartLine, other], { product_variant: 33, properties: { Engraving: "Ada" } })).toEqual([quizPick, other]);
    // A quiz pick of the same variant is not a cart line.
    expect(withoutSavedCartItem([{ ...quizPick, product_variant: 33 }], { product_variant: 33, properties: {} })).toHaveLength(1);
  });

  const savedLine = fc.record({
    variant: fc.integer({ min: 1, max: 6 }),
    quantity: fc.integer({ min: 1, max: 600 }),
    engraving: fc.constantFrom("", "Ada", "Grace"),
  });

  it("never grows past the limits, keeps one item per line, and counts every unit saved up to the cap", () => {
    fc.assert(
      fc.property(fc.array(savedLine, { maxLength: 40 }), (saves) => {
        let list: SavedItem[] = [quizPick];
        const expected = new Map<string, number>();
        for (const save of saves) {
          const item: SavedCartItem = { ...cartLine, product_variant: save.variant, quantity: save.quantity, properties: save.engraving ? { Engraving: save.engraving } : {} };
          const result = saveCartLine(list, item);
          if (!result.ok) return false;
          list = result.list;
          const key = savedCartKey(item);
          expected.set(key, Math.min(SAVED_QUANTITY_LIMIT, (expected.get(key) ?? 0) + save.quantity));
        }
        const lines = savedFrom(list, "cart");
        expect(list.length).toBeLessThanOrEqual(SAVED_ITEMS_LIMIT);
        expect(new Set(lines.map(savedCartKey)).size).toBe(lines.length);
        expect(new Map(lines.map((saved) => [savedCartKey(saved), saved.quantity]))).toEqual(expected);
        // What the browser stores reads back the same.
        expect(sameSavedList(parseSavedList(JSON.parse(JSON.stringify(list))), list)).toBe(true);
        return savedFrom(list, "quiz").length === 1;
      }),
    );
  });
});
