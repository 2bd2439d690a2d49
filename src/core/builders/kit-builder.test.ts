import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type KitDefinition, type KitPicks, canAddKit, displayPrices, kitLines, kitTotals, listSatisfied, picksOf, restoreKit, stepDescription, togglePick } from "./kit-builder.ts";

const product = (handle: string, price: number, extra: { available?: boolean; kitPrice?: number; compareAtPrice?: number } = {}) => ({
  handle,
  title: handle,
  variantId: price,
  variantTitle: "",
  price,
  compareAtPrice: extra.compareAtPrice ?? null,
  kitPrice: extra.kitPrice ?? price,
  available: extra.available ?? true,
  pills: [],
  recommendedFor: [],
  inCompare: false,
});

const kit: KitDefinition = {
  discountPercent: 20,
  steps: [
    { id: 0, title: "Cleanse", description: "", optional: false, limit: 1, popupLimit: 0, popupTitle: "", main: [product("cream", 1800), product("gel", 1600)], popup: [] },
    {
      id: 1,
      title: "Serums",
      description: "",
      optional: false,
      limit: 2,
      popupLimit: 0,
      popupTitle: "",
      main: [product("vit-c", 2400), product("niacin", 1400), product("retinol", 3200), product("azelaic", 2900, { available: false })],
      popup: [],
    },
    { id: 3, title: "Extras", description: "", optional: true, limit: 1, popupLimit: 1, popupTitle: "Eye", main: [product("spf", 2600)], popup: [product("eye", 1900)] },
    { id: 4, title: "Night", description: "", optional: false, limit: 1, popupLimit: 1, popupTitle: "Mask", main: [product("night", 3800, { kitPrice: 3000 })], popup: [product("mask", 2000)] },
  ],
};

const toggles = (moves: [number, "main" | "popup", string][]): KitPicks => moves.reduce<KitPicks>((picks, [step, list, handle]) => togglePick(kit, picks, step, list, handle), {});

describe("togglePick", () => {
  it("toggles a product, and drops the oldest pick once the limit is reached", () => {
    let picks = toggles([[1, "main", "vit-c"], [1, "main", "niacin"]]);
    expect(picksOf(picks, 1, "main")).toEqual(["vit-c", "niacin"]);
    picks = togglePick(kit, picks, 1, "main", "retinol");
    expect(picksOf(picks, 1, "main")).toEqual(["niacin", "retinol"]);
    picks = togglePick(kit, picks, 1, "main", "niacin");
    expect(picksOf(picks, 1, "main")).toEqual(["retinol"]);
  });

  it("never picks a sold-out product or one the list does not offer", () => {
    const picks = toggles([[1, "main", "vit-c"]]);
    expect(togglePick(kit, picks, 1, "main", "azelaic")).toBe(picks);
    expect(togglePick(kit, picks, 1, "popup", "vit-c")).toBe(picks);
    expect(togglePick(kit, picks, 9, "main", "vit-c")).toBe(picks);
  });
});

describe("canAddKit", () => {
  const required: [number, "main" | "popup", string][] = [
    [0, "main", "gel"],
    [1, "main", "vit-c"],
    [1, "main", "niacin"],
    [4, "main", "night"],
    [4, "popup", "mask"],
  ];

  it("needs every required step's grid and popup at exactly their limits", () => {
    expect(canAddKit(kit, toggles(required))).toBe(true);
    expect(canAddKit(kit, toggles(required.slice(0, 4)))).toBe(false);
    expect(canAddKit(kit, toggles(required.filter(([, , handle]) => handle !== "niacin")))).toBe(false);
  });

  it("lets an optional step hold up to its limits, or nothing", () => {
    expect(canAddKit(kit, toggles([...required, [3, "main", "spf"], [3, "popup", "eye"]]))).toBe(true);
    expect(listSatisfied(kit.steps[2]!, "main", {})).toBe(true);
  });

  it("counts a list with no products as satisfied", () => {
    expect(listSatisfied(kit.steps[0]!, "popup", {})).toBe(true);
  });
});

describe("prices", () => {
  it("shows each product at its kit price less the kit's percent, its own price struck", () => {
    expect(displayPrices({ price: 3800, kitPrice: 3000, compareAtPrice: null }, 20)).toEqual({ display_price: 2400, display_compare_at_price: 3800 });
    expect(displayPrices({ price: 2400, kitPrice: 2400, compareAtPrice: null }, 0)).toEqual({ display_price: 2400, display_compare_at_price: null });
  });

  it("totals the kit as the shop charges it", () => {
    const picks = toggles([[0, "main", "gel"], [1, "main", "vit-c"], [1, "main", "niacin"], [4, "main", "night"], [4, "popup", "mask"]]);
    // Kit prices 1600 + 2400 + 1400 + 3000 + 2000 = 10400; 20% is 2080.
    expect(kitTotals(kit, picks)).toEqual({ count: 5, full: 11200, total: 8320, saving: 2880 });
  });

  it("restores saved picks, leaving out what no longer fits", () => {
    const picks = restoreKit(kit, [
      { product_handle: "vit-c", product_step: 1 },
      { product_handle: "gone", product_step: 1 },
      { product_handle: "mask", product_step: 4, in_popup: true },
      { product_handle: "spf", product_step: 7 },
    ]);
    expect(kitLines(kit, picks).map((line) => line.product.handle)).toEqual(["vit-c", "mask"]);
  });
});

describe("stepDescription", () => {
  const money = (cents: number) => `£${(cents / 100).toFixed(2)}`;
  const night = kit.steps[3]!;

  it("quotes the price a kit charges: the override less the kit's percent, as the card and the cart do", () => {
    const step = { ...night, description: "Our night cream is {{kit_price:night}} instead of {{ price:night }} in a kit." };
    expect(stepDescription(step, kit.discountPercent, money)).toBe("Our night cream is £24.00 instead of £38.00 in a kit.");
    const total = kitTotals(kit, toggles([[4, "main", "night"]]));
    expect(stepDescription({ ...step, description: "{{kit_price:night}}" }, kit.discountPercent, money)).toBe(money(total.total));
  });

  it("finds products of the step's popup too, and leaves plain text as it is", () => {
    expect(stepDescription({ ...night, description: "A mask for {{kit_price:mask}}." }, 20, money)).toBe("A mask for £16.00.");
    expect(stepDescription({ ...night, description: "Just one." }, 20, money)).toBe("Just one.");
  });

  it("leaves out a description quoting a product the step does not offer", () => {
    expect(stepDescription({ ...night, description: "Only {{kit_price:vit-c}} here." }, 20, money)).toBe("");
  });
});

describe("for any sequence of toggles", () => {
  const steps = kit.steps;
  const toggle = fc.tuple(fc.nat(steps.length - 1), fc.constantFrom("main" as const, "popup" as const), fc.nat(3));

  it("no list holds more than its limit, only available products, newest kept; add is allowed exactly when every step is satisfied", () => {
    fc.assert(
      fc.property(fc.array(toggle, { maxLength: 40 }), (moves) => {
        let picks: KitPicks = {};
        for (const [stepIndex, list, productIndex] of moves) {
          const step = steps[stepIndex]!;
          const offered = list === "main" ? step.main : step.popup;
          const handle = offered[productIndex]?.handle ?? "none";
          const before = picksOf(picks, step.id, list);
          picks = togglePick(kit, picks, step.id, list, handle);
          const after = picksOf(picks, step.id, list);
          const limit = list === "main" ? step.limit : step.popupLimit;
          expect(after.length).toBeLessThanOrEqual(limit);
          for (const picked of after) expect(offered.find((candidate) => candidate.handle === picked)?.available).toBe(true);
          if (!before.includes(handle) && after.includes(handle) && before.length === limit) expect(after).toEqual([...before.slice(1), handle]);
        }
        const every = steps.every((step) =>
          (["main", "popup"] as const).every((list) => {
            const offered = list === "main" ? step.main : step.popup;
            const limit = list === "main" ? step.limit : step.popupLimit;
            const count = picksOf(picks, step.id, list).length;
            return offered.length === 0 || limit === 0 || (step.optional ? count <= limit : count === limit);
          }),
        );
        expect(canAddKit(kit, picks)).toBe(every && kitLines(kit, picks).length > 0);
      }),
    );
  });
});
