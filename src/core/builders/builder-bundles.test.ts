import { describe, expect, it } from "vitest";
import { builderBundles, builderClaim, kitBundle, quizBundle } from "./builder-bundles.ts";
import { buildersSchema } from "./builder-settings.ts";
import { checkBundle, priceBundle } from "./bundles.ts";

const builders = buildersSchema.parse({
  quiz: {
    intro: { title: "Find your routine" },
    questions: [{ key: "spf", question: "SPF?", answers: [{ label: "Yes", value: "yes", hides_steps: ["protect"] }, { label: "No", value: "no" }] }],
    steps: [
      { key: "cleanse", step_title: "Cleanser", is_required: true, products_to_compare: [{ product_handle: "cream" }, { product_handle: "gel" }] },
      { key: "protect", step_title: "SPF", is_required: true, products_to_compare: [{ product_handle: "shield" }] },
      { key: "gift", step_title: "Gift", products_to_compare: [{ product_handle: "balm", product_is_free: true }] },
    ],
    results: { discount_percent: 10 },
  },
  kit: {
    discount_percentage: 20,
    steps: [
      { title: "Cleanse", product_limit: 1, products: [{ handle: "cream" }, { handle: "gel" }] },
      { title: "Serums", product_limit: 2, products: [{ handle: "vit-c" }, { handle: "niacin" }, { handle: "retinol", price_override: 30 }] },
      { title: "", products: [{ handle: "untitled" }] },
      { title: "Extras", optional: true, product_limit: 1, popup_product_limit: 1, products: [{ handle: "spf" }, { handle: "eye", is_in_popup: true }] },
    ],
  },
});

describe("quizBundle", () => {
  const bundle = quizBundle(builders.quiz);
  const definition = bundle?.definition;

  it("makes each step a group, optional unless required and never hidden", () => {
    expect(definition?.groups.map((group) => [group.title, group.optional])).toEqual([
      ["Cleanser", false],
      // Required, but an answer can hide it.
      ["SPF", true],
      ["Gift", true],
    ]);
    expect(definition?.freeProducts).toEqual(["balm"]);
  });

  it("prices the free item at nothing and the rest at the quiz's percent off", () => {
    if (!definition) throw new Error("no quiz bundle");
    const price = priceBundle(definition, [
      { key: "a", handle: "cream", quantity: 1, price: 2000 },
      { key: "b", handle: "balm", quantity: 1, price: 900 },
    ]);
    expect(price).toMatchObject({ status: "complete", allocations: [200, 900], discount: 1100 });
  });

  it("has no bundle without a discount, or when switched off", () => {
    expect(quizBundle({ ...builders.quiz, results: { ...builders.quiz.results, discount_percent: 0 } })).toBeNull();
    expect(quizBundle({ ...builders.quiz, enabled: false })).toBeNull();
  });
});

describe("kitBundle", () => {
  const definition = kitBundle(builders.kit)?.definition;

  it("makes one group per pick, grid and popup apart, and drops steps without a title", () => {
    expect(definition?.groups.map((group) => [group.title, group.optional, group.products.join(",")])).toEqual([
      ["Cleanse", false, "cream,gel"],
      ["Serums", false, "vit-c,niacin,retinol"],
      ["Serums", false, "vit-c,niacin,retinol"],
      ["Extras", true, "spf"],
      ["Add an extra", true, "eye"],
    ]);
  });

  it("wants exactly the limit of each required step", () => {
    if (!definition) throw new Error("no kit bundle");
    const lines = (...handles: string[]) => handles.map((handle) => ({ handle, quantity: 1 }));
    expect(checkBundle(definition, lines("cream", "vit-c")).status).toBe("incomplete");
    expect(checkBundle(definition, lines("cream", "vit-c", "niacin")).status).toBe("complete");
    expect(checkBundle(definition, lines("cream", "vit-c", "niacin", "retinol")).status).toBe("mismatch");
    expect(checkBundle(definition, lines("cream", "vit-c", "niacin", "spf", "eye")).status).toBe("complete");
    expect(checkBundle(definition, lines("cream", "vit-c", "niacin", "eye", "eye")).status).toBe("mismatch");
    expect(checkBundle(definition, lines("cream", "vit-c", "untitled", "niacin")).status).toBe("mismatch");
  });

  it("charges a price override, never above the product's own price, before the percent off", () => {
    if (!definition) throw new Error("no kit bundle");
    const price = priceBundle(definition, [
      { key: "a", handle: "cream", quantity: 1, price: 1000 },
      { key: "b", handle: "vit-c", quantity: 1, price: 2000 },
      { key: "c", handle: "retinol", quantity: 1, price: 4000 },
    ]);
    // Set prices 1000 + 2000 + 3000 = 6000; 20% is 1200; the retinol also loses its 1000 over the override.
    expect(price.allocations).toEqual([200, 400, 1000 + 600]);
    const cheap = priceBundle(definition, [
      { key: "a", handle: "cream", quantity: 1, price: 1000 },
      { key: "b", handle: "vit-c", quantity: 1, price: 2000 },
      { key: "c", handle: "retinol", quantity: 1, price: 2500 },
    ]);
    expect(cheap.allocations).toEqual([200, 400, 500]);
  });
});

describe("builderBundles and builderClaim", () => {
  it("holds both builders' bundles by kind", () => {
    expect([...builderBundles(builders).keys()]).toEqual(["quiz", "kit"]);
  });

  it("reads a claim only with a known builder and an id", () => {
    expect(builderClaim({ __builder: "kit", __builderId: " k1 " })).toEqual({ kind: "kit", id: "k1" });
    expect(builderClaim({ __builder: "routine", __builderId: "r1" })).toBeNull();
    expect(builderClaim({ __builder: "quiz", __builderId: " " })).toBeNull();
    expect(builderClaim(null)).toBeNull();
  });
});

describe("builder settings", () => {
  it("refuses a hidden step that does not exist and a product with two kit prices", () => {
    const hidden = buildersSchema.safeParse({
      quiz: { questions: [{ key: "q", question: "Q?", answers: [{ label: "A", value: "a", hides_steps: ["nope"] }, { label: "B", value: "b" }] }] },
    });
    expect(hidden.success).toBe(false);
    const twoPrices = buildersSchema.safeParse({
      kit: { steps: [{ title: "A", products: [{ handle: "x", price_override: 10 }] }, { title: "B", products: [{ handle: "x", price_override: 12 }] }] },
    });
    expect(twoPrices.success).toBe(false);
  });

  it("holds a price override in minor units", () => {
    expect(builders.kit.steps[1]?.products[2]?.price_override).toBe(3000);
  });
});
