import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageActionTest } from "./page-actions.ts";

const action = async () => null;
const route = (id: string, parentId: string | undefined, path: string | undefined, module: Record<string, unknown>, index = false) => ({ id, parentId, path, index, module });
const build = {
  routes: {
    root: route("root", undefined, "", {}),
    "routes/home": route("routes/home", "root", undefined, { action }, true),
    "routes/product": route("routes/product", "root", "products/:handle", {}),
    "routes/checkout": route("routes/checkout", "root", "checkout", { action }),
    "routes/admin": route("routes/admin", "root", "admin", {}),
    "routes/admin._index": route("routes/admin._index", "routes/admin", undefined, { action }, true),
    "routes/not-found": route("routes/not-found", "root", "*", {}),
  },
} as unknown as ServerBuild;
const takesPost = pageActionTest(build);
const at = (path: string) => takesPost(new URL(path, "http://shop.test"));

describe("pageActionTest", () => {
  it("follows the route React Router would run the action of", () => {
    expect(at("/checkout")).toBe(true);
    expect(at("/products/serum")).toBe(false);
    expect(at("/nowhere")).toBe(false);
  });

  it("reaches an index route's action only when ?index asks for it, as React Router does", () => {
    expect(at("/")).toBe(false);
    expect(at("/?index")).toBe(true);
    expect(at("/admin")).toBe(false);
    expect(at("/admin?index")).toBe(true);
  });

  it("reads a data request's address as its page's", () => {
    expect(at("/checkout.data")).toBe(true);
    expect(at("/products/serum.data")).toBe(false);
    expect(at("/_.data?index")).toBe(true);
  });
});
