/**
 * The quiz and kit builders' bundles are priced by the shop from the builder
 * settings (the shipped demo: the quiz at 15% off with a free lip balm, the
 * kit at 20% off with the night cream at £30): a complete set gets its
 * discount, a broken one loses it with a warning, and builder properties
 * forged onto a partial or padded set get nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoCatalog } from "../../src/platform/seed/demo-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;
let shopper: Shopper;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  shop = await openTestShop({ catalog: demoCatalog });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  shopper = new Shopper(shop.app);
});

let setSeq = 0;

interface Pick {
  handle: string;
  variant?: number;
  quantity?: number;
  free?: boolean;
}

/** What a builder posts: one line per pick, all sharing a new set id. */
function builderItems(builder: "quiz" | "kit", picks: Pick[]) {
  setSeq += 1;
  const id = `${builder}-${setSeq}-${Math.random().toString(36).slice(2)}`;
  return picks.map((pick) => ({
    id: shop.variant(pick.handle, pick.variant ?? 0),
    quantity: pick.quantity ?? 1,
    properties: { __builder: builder, __builderId: id, ...(pick.free ? { _is_bundle_free_item: "true" } : {}) },
  }));
}

async function addSet(builder: "quiz" | "kit", picks: Pick[]) {
  const response = await shopper.postJson("/cart/add.js", { items: builderItems(builder, picks) });
  expect(response.status).toBe(200);
  return json(await shopper.get("/cart.js"));
}

/** Discounts of the paid lines; the automatic free gifts a big enough cart earns cost nothing anyway. */
const discountsByHandle = (cart: Record<string, any>) =>
  Object.fromEntries(
    cart.items
      .filter((item: { original_price: number }) => item.original_price > 0)
      .map((item: { handle: string; line_level_total_discount: number }) => [item.handle, item.line_level_total_discount]),
  );

describe("the quiz bundle", () => {
  // Gentle cream cleanser 100 ml £18, vitamin C 15 ml £24, lip balm £9 (free in a complete set).
  const complete: Pick[] = [{ handle: "gentle-cream-cleanser" }, { handle: "vitamin-c-brightening-serum" }, { handle: "lip-repair-balm", free: true }];

  it("gives a complete set 15% off its paid items and the free item for nothing", async () => {
    const cart = await addSet("quiz", complete);
    // 15% of 1800 + 2400 = 630, split 270 / 360.
    expect(discountsByHandle(cart)).toEqual({ "gentle-cream-cleanser": 270, "vitamin-c-brightening-serum": 360, "lip-repair-balm": 900 });
    expect(cart).toMatchObject({ original_total_price: 5100, total_price: 3570, total_discount: 1530, warnings: [] });
    const cleanser = cart.items.find((item: { handle: string }) => item.handle === "gentle-cream-cleanser");
    expect(cleanser.line_level_discount_allocations[0].discount_application).toMatchObject({ type: "automatic", title: "Your routine", value: "15.0", value_type: "percentage" });
  });

  it("counts a set without the optional and hideable steps as complete, and one with them too", async () => {
    const cart = await addSet("quiz", [...complete, { handle: "barrier-repair-cream" }, { handle: "daily-shield-spf50" }]);
    // 15% of 1800 + 2400 + 2800 + 2600 = 9600 is 1440, and the balm.
    expect(cart).toMatchObject({ total_discount: 1440 + 900, warnings: [] });
  });

  it("takes the discount away, free item included, when a required pick leaves", async () => {
    let cart = await addSet("quiz", complete);
    const serum = cart.items.find((item: { handle: string }) => item.handle === "vitamin-c-brightening-serum");
    cart = await json(await shopper.postJson("/cart/change.js", { id: serum.key, quantity: 0 }));
    expect(cart).toMatchObject({ total_price: 1800 + 900, total_discount: 0 });
    expect(cart.warnings).toEqual(["Build your bundle is no longer complete, so its bundle discount was removed."]);
  });

  it("gives nothing to a free item posted alone with forged builder properties", async () => {
    const cart = await addSet("quiz", [{ handle: "lip-repair-balm", free: true }]);
    expect(cart).toMatchObject({ total_price: 900, total_discount: 0 });
  });

  it("gives nothing to a set padded with a product the quiz does not offer, or two picks in one step", async () => {
    let cart = await addSet("quiz", [...complete, { handle: "caffeine-eye-serum" }]);
    expect(cart.total_discount).toBe(0);
    expect(cart.warnings).toEqual(["Build your bundle does not match its bundle, so no bundle discount applies."]);
    shopper = new Shopper(shop.app);
    cart = await addSet("quiz", [...complete, { handle: "clarifying-gel-cleanser" }]);
    expect(cart.total_discount).toBe(0);
  });

  it("does not let a builder id join lines of two builders into one set", async () => {
    const items = [...builderItems("quiz", complete.slice(0, 2)), ...builderItems("quiz", complete.slice(2))];
    const shared = items[0]?.properties.__builderId ?? "";
    const forged = items.map((item) => ({ ...item, properties: { ...item.properties, __builderId: shared, __builder: item === items[2] ? "kit" : "quiz" } }));
    await shopper.postJson("/cart/add.js", { items: forged });
    const cart = await json(await shopper.get("/cart.js"));
    // The balm claims the kit, so the quiz set lacks nothing but gets no free item, and the kit claim is a mismatch.
    expect(discountsByHandle(cart)["lip-repair-balm"]).toBe(0);
  });
});

describe("the kit bundle", () => {
  // Cleanser £18, two serums £24 + £14, the night cream £38 at its £30 kit price.
  const complete: Pick[] = [{ handle: "gentle-cream-cleanser" }, { handle: "vitamin-c-brightening-serum" }, { handle: "niacinamide-zinc-serum" }, { handle: "oat-squalane-night-cream" }];

  it("charges the kit price override and takes 20% off a complete kit", async () => {
    const cart = await addSet("kit", complete);
    // Set prices 1800 + 2400 + 1400 + 3000 = 8600; 20% is 1720, split 360 / 480 / 280 / 600; the cream also loses its £8 override.
    expect(discountsByHandle(cart)).toEqual({ "gentle-cream-cleanser": 360, "vitamin-c-brightening-serum": 480, "niacinamide-zinc-serum": 280, "oat-squalane-night-cream": 1400 });
    expect(cart).toMatchObject({ original_total_price: 9400, total_price: 6880, warnings: [] });
    const cream = cart.items.find((item: { handle: string }) => item.handle === "oat-squalane-night-cream");
    expect(cream.line_level_discount_allocations[0].discount_application).toMatchObject({ title: "Bundle Discount", value: "20.0" });
  });

  it("takes the optional step's picks, grid and popup, into the set", async () => {
    const cart = await addSet("kit", [...complete, { handle: "daily-shield-spf50" }, { handle: "caffeine-eye-serum" }]);
    // 8600 + 2600 + 1900 = 13100; 20% is 2620, plus the cream's 800.
    expect(cart).toMatchObject({ total_discount: 2620 + 800, warnings: [] });
  });

  it("gives nothing when a step is short of its limit", async () => {
    const cart = await addSet("kit", complete.filter((pick) => pick.handle !== "niacinamide-zinc-serum"));
    expect(cart).toMatchObject({ total_discount: 0, total_price: 1800 + 2400 + 3800 });
    expect(cart.warnings).toEqual(["Build your kit is no longer complete, so its bundle discount was removed."]);
  });

  it("gives nothing to a kit with more picks than a step allows", async () => {
    const cart = await addSet("kit", [...complete, { handle: "clarifying-gel-cleanser" }]);
    expect(cart.total_discount).toBe(0);
    expect(cart.warnings).toEqual(["Build your kit does not match its bundle, so no bundle discount applies."]);
  });

  it("discounts whole kits only", async () => {
    const cart = await addSet("kit", complete.map((pick, index) => ({ ...pick, quantity: index === 0 ? 3 : 2 })));
    // Two whole kits; the third cleanser pays full price.
    expect(cart.total_discount).toBe(2 * 2520);
    expect(cart.total_price).toBe(3 * 1800 + 2 * (2400 + 1400 + 3800) - 2 * 2520);
  });

  it("counts the kit's discount in the spend the side cart's bars and gifts see", async () => {
    await addSet("kit", complete);
    const view = await json(await shopper.get("/cart.js?view=drawer"));
    expect(view.cart.total_price).toBe(6880);
    expect(view.cart.items_subtotal_price).toBe(6880);
  });
});

describe("metafields_vitals", () => {
  it("answers what the builders read of a product beside its metafields", async () => {
    const view = await json(await shopper.get("/products/vitamin-c-brightening-serum?view=json"));
    expect(view.metafields_vitals).toMatchObject({ routine_step: "treat", helps_with_point_0: "Brightens dull skin", helps_with_point_5: "Works under SPF and make-up" });
    expect(view.metafields_vitals.helps_with_point_6).toBeUndefined();
    const oil = await json(await shopper.get("/products/solstice-face-oil?view=json"));
    expect(oil.metafields_vitals).toMatchObject({ routine_step: "treat", skin_options: ["reactive"], builder_pills: ["Limited edition"] });
  });
});
