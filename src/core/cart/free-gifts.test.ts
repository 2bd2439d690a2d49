import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GIFT_GROUP_PROPERTY,
  GIFT_PROPERTY,
  type GiftCartLine,
  type GiftGroupSettings,
  type GiftProductInfo,
  canAddGift,
  decideGifts,
  giftCartLines,
  giftVariant,
  isGiftLine,
} from "./free-gifts.ts";
import { type GiftGroupInput, parseGiftGroup } from "../settings/settings.ts";

const NOW = Date.UTC(2026, 10, 21);

/** Gift groups are written as the merchant types them and read through the settings schema, which converts the amounts. */
const group = (overrides: Partial<GiftGroupInput> = {}): GiftGroupSettings =>
  parseGiftGroup({
    key: "choose",
    enabled: true,
    products: [
      { handle: "rose-mist", sku: "ROSE", min_spend: "65", max_spend: null, auto_add: false },
      { handle: "wash-bag", sku: "", min_spend: "65", max_spend: null, auto_add: false },
      { handle: "jade-roller", sku: "JADE", min_spend: "65", max_spend: null, auto_add: false },
    ],
    choice_thresholds: ["65-99.99:1---Choose 1---1 gift", "100-MAX:2---Choose 2---2 gifts"],
    limit_to_collections: [],
    startTimestamp: null,
    endTimestamp: null,
    progress_title: "Gifts",
    threshold_under_text: "Spend [amount] more",
    threshold_over_text: "Choose below",
    icon_type: "gift",
    icon_title: "Gift",
    show_product_picker: true,
    ...overrides,
  });

const products: Record<string, GiftProductInfo> = {
  "rose-mist": { handle: "rose-mist", variants: [{ id: 11, sku: "OTHER", available: true }, { id: 12, sku: " rose ", available: true }] },
  "wash-bag": { handle: "wash-bag", variants: [{ id: 21, sku: "BAG", available: true }] },
  "jade-roller": { handle: "jade-roller", variants: [{ id: 31, sku: "JADE", available: false }] },
  balm: { handle: "balm", variants: [{ id: 41, sku: "BALM", available: true }] },
};
const product = (handle: string) => products[handle];

let order = 0;
const paid = (linePrice: number, collections: string[] = ["face"]): GiftCartLine => ({
  key: `p${++order}:x`,
  handle: `paid-${order}`,
  variantId: 1000 + order,
  linePrice,
  collections,
  properties: {},
  addedOrder: order,
});
const gift = (handle: string, groupKey = "choose"): GiftCartLine => ({
  key: `g${++order}:${handle}`,
  handle,
  variantId: products[handle]?.variants[0]?.id ?? 0,
  linePrice: 0,
  collections: ["gifts"],
  properties: { [GIFT_PROPERTY]: "true", [GIFT_GROUP_PROPERTY]: groupKey },
  addedOrder: order,
});

describe("spend limits and thresholds", () => {
  it("reads string spends as whole units and numbers as minor units, once, in the settings schema", () => {
    const parsed = group({
      products: [
        { handle: "rose-mist", min_spend: "65", max_spend: "99.99" },
        { handle: "wash-bag", min_spend: 6500, max_spend: null },
        { handle: "jade-roller" },
      ],
    });
    expect(parsed.products.map((gift) => [gift.min_spend, gift.max_spend])).toEqual([
      [6500, 9999],
      [6500, null],
      [0, null],
    ]);
    expect(parsed.products[2]).toMatchObject({ sku: "", auto_add: false });
  });

  it("parses min-max:limit---title---icon_title with MAX unbounded", () => {
    expect(group().choice_thresholds).toEqual([
      { min: 6500, max: 9999, limit: 1, title: "Choose 1", iconTitle: "1 gift" },
      { min: 10000, max: null, limit: 2, title: "Choose 2", iconTitle: "2 gifts" },
    ]);
    expect(group({ choice_thresholds: ["  30-MAX:1---Body---  "] }).choice_thresholds).toEqual([{ min: 3000, max: null, limit: 1, title: "Body", iconTitle: "" }]);
    expect(() => group({ choice_thresholds: ["nonsense"] })).toThrow(/min-max:limit---title---icon_title/);
    expect(() => group({ choice_thresholds: ["80-50:1---Backwards---"] })).toThrow(/min must not be above max/);
    expect(() => group({ products: [{ handle: "rose-mist", min_spend: "six" }] })).toThrow(/whole currency units/);
  });

  it("chooses the variant by trimmed, case-insensitive SKU, else the first", () => {
    expect(giftVariant(products["rose-mist"]!, "ROSE")?.id).toBe(12);
    expect(giftVariant(products["rose-mist"]!, "missing")?.id).toBe(11);
    expect(giftVariant(products["rose-mist"]!, "")?.id).toBe(11);
  });
});

describe("gift lines", () => {
  it("a line is a gift exactly when it carries the gift marker", () => {
    expect(isGiftLine({ properties: { [GIFT_PROPERTY]: "true" } })).toBe(true);
    expect(isGiftLine({ properties: { [GIFT_GROUP_PROPERTY]: "choose" } })).toBe(false);
    expect(isGiftLine({ properties: {} })).toBe(false);
    expect(isGiftLine({ properties: null })).toBe(false);
    expect(isGiftLine({})).toBe(false);
  });

  it("builds the rule's lines from /cart.js items: price after line discounts, collections, newest first", () => {
    const items = [
      { key: "3:c", handle: "gift-card", variant_id: 30, final_line_price: 5000, properties: null, gift_card: true },
      { key: "2:g", handle: "rose-mist", variant_id: 12, final_line_price: 0, properties: { [GIFT_PROPERTY]: "true" }, gift_card: false },
      { key: "1:s", handle: "serum", variant_id: 1, final_line_price: 5610, properties: null, gift_card: false },
    ];
    const collections: Record<string, string[]> = { serum: ["face", "bestsellers"], "rose-mist": ["gifts"] };
    expect(giftCartLines(items, (handle) => collections[handle] ?? [])).toEqual([
      // A gift card earns no gift: it counts as nothing.
      { key: "3:c", handle: "gift-card", variantId: 30, linePrice: 0, collections: [], properties: {}, addedOrder: 3 },
      { key: "2:g", handle: "rose-mist", variantId: 12, linePrice: 0, collections: ["gifts"], properties: { [GIFT_PROPERTY]: "true" }, addedOrder: 2 },
      { key: "1:s", handle: "serum", variantId: 1, linePrice: 5610, collections: ["face", "bestsellers"], properties: {}, addedOrder: 1 },
    ]);
  });

  it("counts the spend after line discounts: a bundle charged £56.10 does not reach a £65 threshold", () => {
    const items = [{ key: "1:b", handle: "bundle-part", variant_id: 1, final_line_price: 5610, properties: { __bundleId: "b1" }, gift_card: false }];
    const state = decideGifts({ groups: [group()], lines: giftCartLines(items, () => []), product, now: NOW }).groups[0]!;
    expect(state).toMatchObject({ eligibleTotal: 5610, enabled: false, limit: 0 });
  });
});

describe("decideGifts", () => {
  it("disables a group when the cart is empty or no threshold matches", () => {
    expect(decideGifts({ groups: [group()], lines: [], product, now: NOW }).groups[0]?.enabled).toBe(false);
    const below = decideGifts({ groups: [group()], lines: [paid(6000)], product, now: NOW }).groups[0]!;
    expect(below.enabled).toBe(false);
    expect(below.limit).toBe(0);
    expect(below.gifts.every((entry) => !entry.valid)).toBe(true);
  });

  it("picks the threshold and limit from the eligible total", () => {
    expect(decideGifts({ groups: [group()], lines: [paid(7000)], product, now: NOW }).groups[0]).toMatchObject({ enabled: true, limit: 1, eligibleTotal: 7000 });
    expect(decideGifts({ groups: [group()], lines: [paid(7000), paid(3000)], product, now: NOW }).groups[0]).toMatchObject({ limit: 2, eligibleTotal: 10000 });
  });

  it("counts only items of the allowed collections when the group is limited", () => {
    const limited = group({ limit_to_collections: ["body"], choice_thresholds: ["30-MAX:1---Body---"] });
    const state = decideGifts({ groups: [limited], lines: [paid(5000, ["face"]), paid(2000, ["body"])], product, now: NOW }).groups[0]!;
    expect(state.eligibleTotal).toBe(2000);
    expect(state.enabled).toBe(false);
  });

  it("invalidates gifts outside the time window or the group's min and max spend", () => {
    const future = group({ startTimestamp: NOW / 1000 + 60 });
    expect(decideGifts({ groups: [future], lines: [paid(7000)], product, now: NOW }).groups[0]?.enabled).toBe(false);
    const past = group({ endTimestamp: NOW / 1000 - 60, startTimestamp: NOW / 1000 - 3600 });
    expect(decideGifts({ groups: [past], lines: [paid(7000)], product, now: NOW }).groups[0]?.enabled).toBe(false);
    const capped = group({ products: [{ handle: "wash-bag", sku: "", min_spend: "65", max_spend: "80", auto_add: false }] });
    expect(decideGifts({ groups: [capped], lines: [paid(9000)], product, now: NOW }).groups[0]?.gifts[0]?.valid).toBe(false);
  });

  it("disables unavailable gifts and, once the limit is reached, the gifts not added", () => {
    const added = gift("rose-mist");
    const state = decideGifts({ groups: [group()], lines: [paid(7000), added], product, now: NOW }).groups[0]!;
    const byHandle = Object.fromEntries(state.gifts.map((entry) => [entry.handle, entry]));
    expect(byHandle["rose-mist"]).toMatchObject({ disabled: false, lineKey: added.key, variantId: 12 });
    expect(byHandle["wash-bag"]?.disabled).toBe(true);
    expect(byHandle["jade-roller"]?.disabled).toBe(true);
  });

  it("removes invalid gifts, gifts of no configured group, and the first added ones over the limit", () => {
    const first = gift("rose-mist");
    const second = gift("wash-bag");
    const stray = gift("balm", "retired-group");
    const decision = decideGifts({ groups: [group()], lines: [paid(7000), first, second, stray], product, now: NOW });
    expect(decision.remove.sort()).toEqual([first.key, stray.key].sort());
    const belowThreshold = decideGifts({ groups: [group()], lines: [paid(1000), second], product, now: NOW });
    expect(belowThreshold.remove).toEqual([second.key]);
  });

  it("auto-adds auto gifts unless removed by hand this session", () => {
    const auto = group({ key: "auto", products: [{ handle: "balm", sku: "BALM", min_spend: "50", max_spend: null, auto_add: true }], choice_thresholds: ["50-MAX:1---Balm---"] });
    expect(decideGifts({ groups: [auto], lines: [paid(6000)], product, now: NOW }).autoAdd).toEqual([{ groupKey: "auto", handle: "balm", variantId: 41 }]);
    expect(decideGifts({ groups: [auto], lines: [paid(6000)], product, now: NOW, removedByHand: new Set(["balm"]) }).autoAdd).toEqual([]);
    expect(decideGifts({ groups: [auto], lines: [paid(4000)], product, now: NOW }).autoAdd).toEqual([]);
    const withBalm = gift("balm", "auto");
    expect(decideGifts({ groups: [auto], lines: [paid(6000), withBalm], product, now: NOW }).autoAdd).toEqual([]);
  });

  it("logs a failing group and disables it, leaving the others working", () => {
    const errors: string[] = [];
    const broken = group({ key: "broken" });
    const decision = decideGifts({
      groups: [broken, group()],
      lines: [paid(7000)],
      product: (handle) => {
        if (handle === "rose-mist" && errors.length === 0) throw new Error("product feed down");
        return product(handle);
      },
      now: NOW,
      onGroupError: (key) => errors.push(key),
    });
    expect(errors).toEqual(["broken"]);
    expect(decision.groups.map((state) => state.enabled)).toEqual([false, true]);
  });

  it("answers whether a gift may be added", () => {
    const decision = decideGifts({ groups: [group()], lines: [paid(7000), gift("rose-mist")], product, now: NOW });
    expect(canAddGift(decision, "choose", "wash-bag")).toMatchObject({ ok: false, reason: "limit" });
    expect(canAddGift(decideGifts({ groups: [group()], lines: [paid(2000)], product, now: NOW }), "choose", "wash-bag")).toMatchObject({ ok: false, reason: "invalid" });
    expect(canAddGift(decision, "choose", "balm")).toMatchObject({ ok: false, reason: "no-group" });
  });
});

describe("gift rule invariants", () => {
  const handles = ["rose-mist", "wash-bag", "jade-roller", "balm"];
  const arbitraryCart = fc.record({
    spends: fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 5 }),
    gifts: fc.array(fc.constantFrom(...handles), { maxLength: 6 }),
  });

  it("never keeps more gifts than the limit, nor an invalid gift, nor auto-adds past the limit", () => {
    fc.assert(
      fc.property(arbitraryCart, ({ spends, gifts }) => {
        const lines = [...spends.map((spend) => paid(spend)), ...gifts.map((handle) => gift(handle))];
        const decision = decideGifts({ groups: [group()], lines, product, now: NOW });
        const state = decision.groups[0]!;
        const kept = state.addedKeys.filter((key) => !decision.remove.includes(key));
        expect(kept.length).toBeLessThanOrEqual(state.limit);
        for (const key of kept) {
          const line = lines.find((candidate) => candidate.key === key)!;
          expect(state.gifts.find((entry) => entry.handle === line.handle)?.valid).toBe(true);
        }
        expect(kept.length + decision.autoAdd.length).toBeLessThanOrEqual(state.limit);
      }),
    );
  });
});
