import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../../core/contract/shopify-types.ts";
import { demoCatalog } from "../demo-catalog.ts";
import { frenchCatalog } from "./catalog.ts";

const labelsOf = (items: MenuItem[]): string[] => items.flatMap((item) => [item.title, ...labelsOf(item.items)]);

describe("the demo catalogue in French", () => {
  it("gives every product and collection a French title and description", () => {
    for (const product of demoCatalog.products) {
      expect(frenchCatalog.products[product.handle]?.title, product.handle).toBeTruthy();
      expect(frenchCatalog.products[product.handle]?.body_html, product.handle).toBeTruthy();
    }
    for (const collection of [...demoCatalog.collections, { handle: "all" }]) {
      expect(frenchCatalog.collections[collection.handle]?.title, collection.handle).toBeTruthy();
    }
  });

  it("names only products, options, values, collections and menu labels the catalogue has", () => {
    const products = new Map(demoCatalog.products.map((product) => [product.handle, product]));
    for (const [handle, words] of Object.entries(frenchCatalog.products)) {
      const product = products.get(handle);
      expect(product, handle).toBeDefined();
      for (const [name, option] of Object.entries(words.options ?? {})) {
        const original = product?.options.find((candidate) => candidate.name === name);
        expect(original, `${handle} ${name}`).toBeDefined();
        for (const value of Object.keys(option.values ?? {})) expect(original?.values, `${handle} ${name}`).toContain(value);
      }
    }
    const collections = new Set(["all", ...demoCatalog.collections.map((collection) => collection.handle)]);
    for (const handle of Object.keys(frenchCatalog.collections)) expect(collections, handle).toContain(handle);
    for (const [handle, labels] of Object.entries(frenchCatalog.menus)) {
      const menu = labelsOf(demoCatalog.menus[handle] ?? []);
      expect(menu.length, handle).toBeGreaterThan(0);
      for (const label of Object.keys(labels)) expect(menu, handle).toContain(label);
      // Every label of the menu is in French.
      for (const label of menu) expect(labels[label], `${handle} ${label}`).toBeTruthy();
    }
  });
});
