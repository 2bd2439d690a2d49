import { describe, expect, it } from "vitest";
import { SUGGEST_LIMIT, suggestUrl } from "./PredictiveSearch.tsx";

describe("suggestUrl", () => {
  it("asks the platform for up to six products, the query encoded", () => {
    const url = new URL(suggestUrl("crème & co"), "http://shop.test");
    expect(url.pathname).toBe("/search/suggest.json");
    expect(url.searchParams.get("q")).toBe("crème & co");
    expect(url.searchParams.get("resources[type]")).toBe("product");
    expect(url.searchParams.get("resources[limit]")).toBe(String(SUGGEST_LIMIT));
    expect(SUGGEST_LIMIT).toBe(6);
  });
});
