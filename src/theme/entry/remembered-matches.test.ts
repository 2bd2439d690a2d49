import { describe, expect, it } from "vitest";
import { type StaticHandlerContext, createStaticHandler } from "react-router";
import { REMEMBERED_PATHS, rememberMatches, rememberingMatches } from "./remembered-matches.ts";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "product", path: "products/:handle" },
      { id: "collection", path: "collections/:handle/:filters?" },
      { id: "not-found", path: "*" },
    ],
  },
];

async function pageContext(path: string): Promise<StaticHandlerContext> {
  const context = await createStaticHandler(routes).query(new Request(`http://shop.test${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return context;
}

/** The real matcher, counting its calls. */
function countedMatch(context: StaticHandlerContext) {
  const calls: unknown[] = [];
  const match: StaticHandlerContext["_match"] = (location) => {
    calls.push(location);
    return context._match(location);
  };
  return { match, calls };
}

const ids = (matches: ReturnType<StaticHandlerContext["_match"]>) => matches?.map((m) => m.route.id) ?? null;

describe("rememberingMatches", () => {
  it("answers as the matcher does, asking it once per path", async () => {
    const { match, calls } = countedMatch(await pageContext("/products/rose-mist"));
    for (let round = 0; round < 3; round++) {
      const remembering = rememberingMatches(match);
      expect(ids(remembering("/"))).toEqual(["root", "home"]);
      expect(ids(remembering("/products"))).toEqual(["root", "not-found"]);
      expect(ids(remembering("/products/rose-mist"))).toEqual(["root", "product"]);
      expect(remembering("/products/rose-mist")?.[1]?.params).toEqual({ handle: "rose-mist" });
    }
    expect(calls).toEqual(["/", "/products", "/products/rose-mist"]);
  });

  it("keeps each matcher's answers apart", async () => {
    const first = countedMatch(await pageContext("/"));
    const other = countedMatch(await pageContext("/"));
    rememberingMatches(first.match)("/products");
    rememberingMatches(other.match)("/products");
    expect(first.calls).toEqual(["/products"]);
    expect(other.calls).toEqual(["/products"]);
  });

  it("passes a location given as an object straight through", async () => {
    const { match, calls } = countedMatch(await pageContext("/"));
    const remembering = rememberingMatches(match);
    const location = { pathname: "/collections/face" };
    expect(ids(remembering(location))).toEqual(["root", "collection"]);
    expect(ids(remembering(location))).toEqual(["root", "collection"]);
    expect(calls).toEqual([location, location]);
  });

  it("starts afresh past its size, still answering right", async () => {
    const { match, calls } = countedMatch(await pageContext("/"));
    const remembering = rememberingMatches(match);
    for (let i = 0; i < REMEMBERED_PATHS; i++) remembering(`/products/p${i}`);
    remembering("/products/p0");
    expect(calls).toHaveLength(REMEMBERED_PATHS);
    // One more path fills the table: it is emptied and the new path kept, so an old one is asked again.
    expect(remembering(`/products/p${REMEMBERED_PATHS}`)?.[1]?.params).toEqual({ handle: `p${REMEMBERED_PATHS}` });
    expect(ids(remembering("/products/p0"))).toEqual(["root", "product"]);
    expect(calls).toHaveLength(REMEMBERED_PATHS + 2);
  });
});

describe("rememberMatches", () => {
  it("puts a remembering matcher on the page's routing context", async () => {
    const context = await pageContext("/products/rose-mist");
    const original = context._match;
    rememberMatches(context);
    expect(context._match).not.toBe(original);
    expect(ids(context._match("/products"))).toEqual(["root", "not-found"]);
    expect(context._match("/products")).toBe(context._match("/products"));
  });
});
