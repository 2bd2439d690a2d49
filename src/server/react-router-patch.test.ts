import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as ReactRouter from "react-router";
import { describe, expect, it } from "vitest";
import { REACT_ROUTER_PATCHES, patchReactRouter, patchText, reactRouterDist } from "../../scripts/patch-react-router.mjs";

/** The build `npm start` runs (the tests' own resolution may pick the development one). */
async function productionRouter(): Promise<typeof ReactRouter> {
  return import(pathToFileURL(path.join(reactRouterDist(), "production", "index.js")).href);
}

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "product", path: "products/:handle" },
      { id: "collection", path: "collections/:handle/:filters?" },
      { id: "vendors", path: "collections/vendors" },
      { id: "cafe", path: "café/menu" },
      { id: "exact-case", path: "Press/Kit", caseSensitive: true },
      { id: "maybe-shop", path: "shop?/about" },
      { id: "files", path: "files/*" },
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "admin-home", index: true },
          { id: "admin-order", path: "orders/:id" },
        ],
      },
      { id: "not-found", path: "*" },
    ],
  },
];

/** Each address, and the routes React Router matched it to before the savings (worked out on the unchanged package). */
const EXPECTED: [string, string[] | null][] = [
  ["/", ["root", "home"]],
  ["/products/rose-mist", ["root", "product"]],
  ["/PRODUCTS/Rose-Mist/", ["root", "product"]],
  ["/products/r%C3%B6se", ["root", "product"]],
  ["/products", ["root", "not-found"]],
  ["//products/rose-mist", ["root", "not-found"]],
  ["/collections/face", ["root", "collection"]],
  ["/collections/face/dry+skin", ["root", "collection"]],
  ["/collections/vendors", ["root", "vendors"]],
  ["/Collections/Vendors/", ["root", "vendors"]],
  ["/café/menu", ["root", "cafe"]],
  ["/caf%C3%A9/menu", ["root", "cafe"]],
  ["/CAFÉ/MENU", ["root", "cafe"]],
  ["/Press/Kit", ["root", "exact-case"]],
  ["/press/kit", ["root", "not-found"]],
  ["/about", ["root", "maybe-shop"]],
  ["/shop/about", ["root", "maybe-shop"]],
  ["/files", ["root", "files"]],
  ["/files/a/b", ["root", "files"]],
  ["/admin", ["root", "admin", "admin-home"]],
  ["/admin/", ["root", "admin", "admin-home"]],
  ["/ADMIN/orders/42", ["root", "admin", "admin-order"]],
  ["/admin//orders/42", ["root", "not-found"]],
  ["/nowhere", ["root", "not-found"]],
];

describe("React Router's per-render savings (scripts/patch-react-router.mjs)", () => {
  it("are in place in the installed package, in both of its builds", () => {
    expect(patchReactRouter({ check: true }).missing).toEqual([]);
  });

  it("apply once, and name what a changed package no longer has", () => {
    const [patch] = REACT_ROUTER_PATCHES;
    const original = `before\n${patch!.find}\nafter`;
    const first = patchText(original, [patch!]);
    expect(first.applied).toEqual([patch]);
    expect(first.text).toBe(`before\n${patch!.replace}\nafter`);
    const second = patchText(first.text, [patch!]);
    expect(second.applied).toEqual([]);
    expect(second.present).toEqual([patch]);
    expect(second.text).toBe(first.text);
    expect(patchText("something else", [patch!]).missing).toEqual([patch]);
  });

  it("match every address to the routes it matched before", async () => {
    const { matchRoutes, createStaticHandler } = await productionRouter();
    const handler = createStaticHandler(routes);
    for (const [address, expected] of EXPECTED) {
      expect(matchRoutes(routes, address)?.map((match) => match.route.id) ?? null, address).toEqual(expected);
      // A path beginning "//" would name a host in a URL: only the matcher is asked about it.
      if (address.startsWith("//")) continue;
      const context = await handler.query(new Request(`http://shop.test${address}`));
      if (context instanceof Response) continue;
      expect(context.matches.map((match) => match.route.id), address).toEqual(expected);
    }
    // Under a basename, the part after it is what is matched.
    expect(matchRoutes(routes, "/fr-fr/products/rose-mist", "/fr-fr")?.map((match) => match.route.id)).toEqual(["root", "product"]);
    expect(matchRoutes(routes, "/products/rose-mist", "/fr-fr")).toBeNull();
  });

  it("build the static router's route tree once per table of routes", async () => {
    const { createStaticHandler, createStaticRouter } = await productionRouter();
    const handler = createStaticHandler(routes);
    const contextOf = async (address: string) => {
      const context = await handler.query(new Request(`http://shop.test${address}`));
      if (context instanceof Response) throw new Error(`${address} answered ${context.status}`);
      return context;
    };
    const product = createStaticRouter(routes, await contextOf("/products/rose-mist"));
    const admin = createStaticRouter(routes, await contextOf("/admin/orders/7"));
    expect(admin.routes).toBe(product.routes);
    expect(product.state.matches.map((match) => match.route.id)).toEqual(["root", "product"]);
    expect(admin.state.matches.map((match) => match.route.id)).toEqual(["root", "admin", "admin-order"]);
    expect(admin.state.location.pathname).toBe("/admin/orders/7");
    const copy = structuredClone(routes);
    expect(createStaticRouter(copy, await contextOf("/")).routes).not.toBe(product.routes);
  });
});
