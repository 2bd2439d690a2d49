import { describe, expect, it } from "vitest";
import { readSearchTypes, searchTypeParam } from "./search-types.ts";

const typesOf = (query: string) => readSearchTypes(new URLSearchParams(query));

describe("the search page's kinds", () => {
  it("looks through every kind when the address names none", () => {
    expect(typesOf("q=rose")).toEqual(["product", "page", "article"]);
    expect(typesOf("q=rose&type=")).toEqual(["product", "page", "article"]);
    expect(typesOf("q=rose&type=blog,collection")).toEqual(["product", "page", "article"]);
  });

  it("reads Shopify's comma-separated list in any order and case, keeping the page's order", () => {
    expect(typesOf("type=article")).toEqual(["article"]);
    expect(typesOf("type=ARTICLE, product")).toEqual(["product", "article"]);
    expect(typesOf("type=page,nonsense")).toEqual(["page"]);
  });

  it("writes no parameter for every kind, and the list otherwise", () => {
    expect(searchTypeParam(["product", "page", "article"])).toBeNull();
    expect(searchTypeParam(["article", "product"])).toBe("product,article");
    expect(searchTypeParam(["page"])).toBe("page");
  });
});
