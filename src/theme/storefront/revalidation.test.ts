import { describe, expect, it } from "vitest";
import { onlyVariantChanged, rootShouldRevalidate } from "./revalidation.ts";

const url = (address: string) => new URL(address, "https://shop.example");

describe("rootShouldRevalidate", () => {
  it("keeps the root's data on plain navigations", () => {
    expect(rootShouldRevalidate({ currentUrl: url("/"), nextUrl: url("/products/x") })).toBe(false);
    expect(rootShouldRevalidate({ currentUrl: url("/collections/face"), nextUrl: url("/collections/face?page=2") })).toBe(false);
    expect(rootShouldRevalidate({ currentUrl: url("/"), nextUrl: url("/search?q=oil"), formMethod: "GET" })).toBe(false);
  });

  it("reads it again after an action, on a revalidation and on an order's page", () => {
    expect(rootShouldRevalidate({ currentUrl: url("/checkout"), nextUrl: url("/checkout"), formMethod: "POST" })).toBe(true);
    expect(rootShouldRevalidate({ currentUrl: url("/cart"), nextUrl: url("/cart") })).toBe(true);
    expect(rootShouldRevalidate({ currentUrl: url("/checkout"), nextUrl: url("/orders/abc") })).toBe(true);
  });
});

describe("onlyVariantChanged", () => {
  it("is true when only ?variant= differs", () => {
    expect(onlyVariantChanged(url("/products/x?variant=1"), url("/products/x?variant=2"))).toBe(true);
    expect(onlyVariantChanged(url("/products/x?variant=1"), url("/products/y?variant=1"))).toBe(false);
  });
});
