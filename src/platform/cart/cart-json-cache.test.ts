import { describe, expect, it } from "vitest";
import type { Catalog } from "../catalog/catalog.ts";
import { CartJsonCache } from "./cart-json-cache.ts";

const catalog = {} as Catalog;
const text = (body: Uint8Array | undefined) => (body ? new TextDecoder().decode(body) : undefined);

describe("kept cart answers", () => {
  it("gives back an answer only for the same cart version and catalog", () => {
    const cache = new CartJsonCache();
    expect(text(cache.keep("t1", "10", catalog, '{"item_count":1}'))).toBe('{"item_count":1}');
    expect(text(cache.get("t1", "10", catalog))).toBe('{"item_count":1}');
    expect(cache.get("t1", "11", catalog)).toBeUndefined();
    expect(cache.get("t1", "10", {} as Catalog)).toBeUndefined();
    expect(cache.get("t2", "10", catalog)).toBeUndefined();
  });

  it("keeps at most its bytes, letting the least recently read go first", () => {
    const cache = new CartJsonCache(30);
    cache.keep("a", "1", catalog, "x".repeat(10));
    cache.keep("b", "1", catalog, "y".repeat(10));
    cache.keep("c", "1", catalog, "z".repeat(10));
    expect(cache.get("a", "1", catalog)).toBeDefined();
    cache.keep("d", "1", catalog, "w".repeat(10));
    expect(cache.get("b", "1", catalog)).toBeUndefined();
    expect(cache.get("a", "1", catalog)).toBeDefined();
    expect(cache.size).toBe(30);
    // A new version replaces the old one's bytes; an answer larger than the whole cache is not kept.
    cache.keep("a", "2", catalog, "v".repeat(5));
    expect(cache.size).toBe(25);
    expect(text(cache.keep("e", "1", catalog, "u".repeat(31)))).toBe("u".repeat(31));
    expect(cache.get("e", "1", catalog)).toBeUndefined();
    expect(cache.size).toBe(25);
  });
});
