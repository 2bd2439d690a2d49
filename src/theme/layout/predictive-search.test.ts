import { describe, expect, it } from "vitest";
import { SUGGEST_LIMIT, suggestUrl, suggestionsOf } from "./PredictiveSearch.tsx";

describe("suggestUrl", () => {
  it("asks the platform for a few of each kind the panel groups, the query encoded", () => {
    const url = new URL(suggestUrl("crème & co"), "http://shop.test");
    expect(url.pathname).toBe("/search/suggest.json");
    expect(url.searchParams.get("q")).toBe("crème & co");
    expect(url.searchParams.get("resources[type]")).toBe("query,product,collection,page,article");
    expect(url.searchParams.get("resources[limit]")).toBe(String(SUGGEST_LIMIT));
    expect(url.searchParams.get("resources[limit_scope]")).toBe("each");
  });
});

describe("suggestionsOf", () => {
  it("lists the answer kind by kind in the panel's order, links without tracking, a query searching its words", () => {
    const tracked = "_pos=1&_psq=la&_ss=e&_v=1.0";
    const suggestions = suggestionsOf({
      resources: {
        results: {
          articles: [{ id: 9, title: "A guide", url: `/blogs/journal/a-guide?${tracked}` }],
          pages: [{ id: 3, title: "The layering guide", url: `/pages/layering-guide?${tracked}` }],
          products: [{ id: 1, title: "Serum", url: `/products/serum?${tracked}`, price: "12.50" }],
          queries: [{ text: "layering guide", url: `/search?${tracked}&q=layering%20guide` }],
        },
      },
    });
    expect(suggestions.map(({ kind, title, to }) => [kind, title, to])).toEqual([
      ["query", "layering guide", "/search?q=layering+guide"],
      ["product", "Serum", "/products/serum"],
      ["page", "The layering guide", "/pages/layering-guide"],
      ["article", "A guide", "/blogs/journal/a-guide"],
    ]);
    expect(suggestions[1]?.price).toBe("12.50");
    expect(new Set(suggestions.map((suggestion) => suggestion.key)).size).toBe(4);
  });
});
