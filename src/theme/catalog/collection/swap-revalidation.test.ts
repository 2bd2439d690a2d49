import { afterEach, describe, expect, it } from "vitest";
import { skipRevalidationOf, swapRevalidation } from "./swap-revalidation.ts";

const url = (path: string) => new URL(path, "http://shop.test");

describe("swapRevalidation", () => {
  afterEach(() => skipRevalidationOf(null));

  it("keeps React Router's answer when no swap is under way", () => {
    expect(swapRevalidation(url("/collections/face/skin-type-dry"), true)).toBe(true);
    expect(swapRevalidation(url("/collections/face"), false)).toBe(false);
  });

  it("skips loading the address a swapped-in fragment already shows, and only that one", () => {
    skipRevalidationOf("/collections/face/skin-type-dry?sort_by=price-ascending");
    expect(swapRevalidation(url("/collections/face/skin-type-dry?sort_by=price-ascending"), true)).toBe(false);
    expect(swapRevalidation(url("/collections/face/skin-type-dry"), true)).toBe(true);
    skipRevalidationOf(null);
    expect(swapRevalidation(url("/collections/face/skin-type-dry?sort_by=price-ascending"), true)).toBe(true);
  });
});
