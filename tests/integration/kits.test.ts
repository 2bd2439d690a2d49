/**
 * A kit is sold as one item made of several products: the cart says what it
 * holds (`has_components`, `GET /cart?view=json`, and the cart view's count).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCatalog } from "./fixture-catalog.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

const kit = {
  ...fixtureCatalog.products.find((product) => product.handle === "plain-cleanser")!,
  handle: "cleanse-kit",
  title: "Cleanse Kit",
  productType: "Set",
  variants: [{ options: [], sku: "KIT-1", price: 3500, grams: 400, inventoryManagement: null, inventoryPolicy: "deny" as const, inventoryQuantity: 0 }],
  metafields: {
    custom: {
      components: [
        { handle: "plain-cleanser", quantity: 2 },
        { handle: "low-stock-oil", quantity: 1 },
        { handle: "no-such-product", quantity: 1 },
      ],
    },
  },
};

let shop: TestShop;
const json = async (response: Response) => (await response.json()) as Record<string, any>;

beforeAll(async () => {
  shop = await openTestShop({ catalog: { ...fixtureCatalog, products: [...fixtureCatalog.products, kit] } });
});
afterAll(async () => {
  await shop?.close();
});

describe("kits", () => {
  it("mark their line as having components and list them, per the line's quantity", async () => {
    const shopper = new Shopper(shop.app);
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    await shopper.postJson("/cart/add.js", { id: shop.variant("cleanse-kit"), quantity: 2 });
    const cart = await json(await shopper.get("/cart.js"));
    const kitLine = cart.items.find((item: { handle: string }) => item.handle === "cleanse-kit");
    const plainLine = cart.items.find((item: { handle: string }) => item.handle === "plain-cleanser");
    expect(kitLine.has_components).toBe(true);
    expect(plainLine.has_components).toBe(false);

    const view = await json(await shopper.get("/cart?view=json", { accept: "application/json" }));
    // A component no longer in the catalog is left out.
    expect(view.item_components).toEqual([
      {
        id: kitLine.key,
        components: [
          { variant_id: shop.variant("plain-cleanser"), quantity: 4 },
          { variant_id: shop.variant("low-stock-oil"), quantity: 2 },
        ],
      },
    ]);

    const drawn = await json(await shopper.get("/cart.js?view=drawer"));
    // The side cart names what the kit holds, as the order does.
    expect(drawn.lines[kitLine.key].contents).toEqual([
      { title: "Plain Cleanser", quantity: 4 },
      { title: "Low Stock Oil", quantity: 2 },
    ]);
    expect(drawn.lines[plainLine.key].contents).toEqual([]);
  });
});
