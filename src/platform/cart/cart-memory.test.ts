import { describe, expect, it } from "vitest";
import type { Catalog } from "../catalog/catalog.ts";
import { emptyCart } from "./cart-model.ts";
import { CartMemory, MAX_CARTS } from "./cart-memory.ts";

const token = (index: number) => index.toString(16).padStart(32, "0");

describe("what a server remembers of carts", () => {
  it("keeps at most its bound, forgetting the least recently used cart first", () => {
    const memory = new CartMemory();
    for (let index = 0; index < MAX_CARTS; index++) memory.remember(token(index), `v${index}`, emptyCart(token(index)));
    // Cart 0 is used again, so cart 1 is now the least recently used.
    expect(memory.cart(token(0)).version).toBe("v0");
    memory.remember(token(MAX_CARTS), "new", emptyCart(token(MAX_CARTS)));
    expect(memory.cart(token(0)).version).toBe("v0");
    expect(memory.cart(token(1))).toEqual({ version: null, cart: emptyCart(token(1)) });
    expect(memory.cart(token(MAX_CARTS)).version).toBe("new");
  });

  it("guesses stock from the catalog until the database has answered it, and drops a variant the database no longer has", () => {
    const memory = new CartMemory();
    const catalog = { variants: new Map([[7, { inventoryManagement: "shopify", inventoryPolicy: "deny", inventoryQuantity: 4 }]]) } as unknown as Catalog;
    expect(memory.stockOf([7, 8], catalog)).toEqual(new Map([[7, { id: 7, inventory_management: "shopify", inventory_policy: "deny", inventory_quantity: 4 }]]));
    memory.learnStock([7, 8], { "7": ["shopify", "deny", 1], "8": [null, "deny", 0] });
    expect(memory.stockOf([7, 8], catalog)).toEqual(
      new Map([
        [7, { id: 7, inventory_management: "shopify", inventory_policy: "deny", inventory_quantity: 1 }],
        [8, { id: 8, inventory_management: null, inventory_policy: "deny", inventory_quantity: 0 }],
      ]),
    );
    memory.learnStock([8], {});
    expect([...memory.stockOf([7, 8], catalog).keys()]).toEqual([7]);
  });
});
