import { describe, expect, it } from "vitest";
import {
  MENU_LIST_MAX,
  SHOP_MENUS,
  applyMenuMove,
  builderPageHandles,
  checkMenu,
  menuFormValues,
  menuLinkProblem,
  readMenuForm,
  readMenuMove,
  shopMenu,
  tagHandlesOf,
  type MenuLinkFacts,
} from "./admin-menu.ts";
import type { MenuItem } from "../contract/shopify-types.ts";

const link = (title: string, url: string, items: MenuItem[] = []): MenuItem => ({ title, url, items });

const MENU: MenuItem[] = [
  link("Skincare", "/collections/face", [link("By category", "/collections/face", [link("Serums", "/collections/serums"), link("Dry skin", "/collections/face/skin-type-dry")])]),
  link("Body", "/collections/body"),
  link("Quiz", "/pages/build-your-bundle"),
];

const facts: MenuLinkFacts = {
  collection: (handle) => (["face", "body", "serums", "all"].includes(handle) ? { tagHandles: tagHandlesOf(["skin-type:dry", "concern:acne", "vegan"]) } : null),
  product: (handle) => handle === "glow-serum",
  page: (handle) => ["about", "build-your-bundle"].includes(handle),
  blog: (handle) => handle === "journal",
  article: (blog, handle) => blog === "journal" && handle === "spf-myths",
  policy: (handle) => handle === "privacy-policy",
};

describe("the menu form", () => {
  it("reads back what it wrote, in the order of the numbers, whatever the order posted", () => {
    const values = menuFormValues(MENU);
    expect(readMenuForm(values)).toEqual(MENU);
    const shuffled = Object.fromEntries(Object.entries(values).reverse());
    expect(readMenuForm(shuffled)).toEqual(MENU);
  });

  it("drops items whose parent was not posted, and lists beyond the limits", () => {
    expect(readMenuForm({ item_3_0_title: "Orphan", item_0_title: "Top", item_0_url: "/", [`item_${MENU_LIST_MAX}_title`]: "Too far", item_0_0_0_0_title: "Too deep" })).toEqual([link("Top", "/")]);
  });

  it("reads only the moves its buttons send", () => {
    expect(readMenuMove("up:0_1")).toEqual({ kind: "up", path: [0, 1] });
    expect(readMenuMove("add:")).toEqual({ kind: "add", parent: [] });
    expect(readMenuMove("add:0_0")).toEqual({ kind: "add", parent: [0, 0] });
    expect(readMenuMove("add:0_0_0")).toBeNull();
    expect(readMenuMove("remove:")).toBeNull();
    expect(readMenuMove("jump:1")).toBeNull();
    expect(readMenuMove(undefined)).toBeNull();
  });
});

describe("moving items", () => {
  it("moves an item among its siblings and says where it went", () => {
    expect(applyMenuMove(MENU, { kind: "down", path: [0] })).toMatchObject({ items: [MENU[1], MENU[0], MENU[2]], focus: [1], done: true });
    const up = applyMenuMove(MENU, { kind: "up", path: [0, 0, 1] });
    expect(up.items[0]!.items[0]!.items.map((item) => item.title)).toEqual(["Dry skin", "Serums"]);
    expect(up.focus).toEqual([0, 0, 0]);
  });

  it("leaves the menu as it was for a move past an end, and never changes the menu it was given", () => {
    const before = JSON.stringify(MENU);
    expect(applyMenuMove(MENU, { kind: "up", path: [0] })).toMatchObject({ items: MENU, done: false });
    expect(applyMenuMove(MENU, { kind: "down", path: [2] })).toMatchObject({ items: MENU, done: false });
    applyMenuMove(MENU, { kind: "remove", path: [0] });
    expect(JSON.stringify(MENU)).toBe(before);
  });

  it("adds an empty item at the end of a list, and removes an item with everything under it", () => {
    const added = applyMenuMove(MENU, { kind: "add", parent: [1] });
    expect(added.items[1]!.items).toEqual([link("", "")]);
    expect(added.focus).toEqual([1, 0]);
    const removed = applyMenuMove(MENU, { kind: "remove", path: [0] });
    expect(removed.items.map((item) => item.title)).toEqual(["Body", "Quiz"]);
    expect(removed.focus).toEqual([0]);
    expect(applyMenuMove([link("Only", "/")], { kind: "remove", path: [0] })).toMatchObject({ items: [], focus: null });
  });

  it("adds no more than a list holds", () => {
    const full = Array.from({ length: MENU_LIST_MAX }, (_, index) => link(`Item ${index}`, "/"));
    expect(applyMenuMove(full, { kind: "add", parent: [] })).toMatchObject({ done: false });
  });
});

describe("menu links", () => {
  it("takes pages of this shop that exist", () => {
    for (const url of [
      "/",
      "/collections/face",
      "/collections/face/skin-type-dry",
      "/collections/face/concern-acne+skin-type-dry",
      "/products/glow-serum",
      "/pages/about",
      "/search",
      "/search?q=spf",
      "/collections",
      "/account",
      "/cart",
      "/policies/privacy-policy",
      "/blogs/journal",
      "/blogs/journal/spf-myths",
    ]) {
      expect(menuLinkProblem(url, facts), url).toBeNull();
    }
  });

  it("refuses other sites, scripts and tricks", () => {
    for (const url of ["https://evil.example/", "//evil.example/collections/face", "javascript:alert(1)", "/\\evil.example", "/collections/../admin", "/collections/face#top", "collections/face", "/products/glow serum", "/pages/about\n"]) {
      expect(menuLinkProblem(url, facts), url).not.toBeNull();
    }
  });

  it("refuses links to pages that do not exist", () => {
    expect(menuLinkProblem("/collections/nothing", facts)).toMatch(/no collection nothing/);
    expect(menuLinkProblem("/collections/face/oily-only", facts)).toMatch(/tag oily-only/);
    expect(menuLinkProblem("/products/gone", facts)).toMatch(/no product gone/);
    expect(menuLinkProblem("/pages/missing", facts)).toMatch(/no page missing/);
    expect(menuLinkProblem("/policies/refund-policy", facts)).toMatch(/no policy refund-policy/);
    expect(menuLinkProblem("/blogs/news", facts)).toMatch(/no blog news/);
    expect(menuLinkProblem("/blogs/journal/draft-post", facts)).toMatch(/no published article draft-post/);
    expect(menuLinkProblem("/account/login", facts)).toMatch(/not a page the menu can link to/);
    expect(menuLinkProblem("/admin", facts)).toMatch(/not a page the menu can link to/);
    expect(menuLinkProblem("/collections/face?sort_by=price", facts)).toMatch(/Only a search link/);
    expect(menuLinkProblem("/search?q=spf&page=2", facts)).toMatch(/only a search term/);
    expect(menuLinkProblem("", facts)).toMatch(/Enter the link/);
  });

  it("names each field that is wrong, and refuses an empty menu", () => {
    const errors = checkMenu([link("", "/collections/face", [link("Fine", "/collections/nothing")]), link("Body", "https://evil.example")], facts);
    expect(Object.keys(errors).sort()).toEqual(["item_0_0_url", "item_0_title", "item_1_url"]);
    expect(checkMenu(MENU, facts)).toEqual({});
    expect(checkMenu([], facts)).toHaveProperty("menu");
  });

  it("counts a builder's page only while the builder is on", () => {
    const on = { quiz: { enabled: true, steps: [{}] }, kit: { enabled: true }, routine: { enabled: false } } as unknown as Parameters<typeof builderPageHandles>[0];
    expect(builderPageHandles(on)).toEqual(["build-your-bundle", "build-your-kit"]);
  });
});

describe("the shop's menus", () => {
  const footer = shopMenu("footer")!;
  const legal = shopMenu("legal")!;

  it("names the menus the storefront draws, each with its own depth", () => {
    expect(SHOP_MENUS.map((menu) => [menu.handle, menu.levels.length])).toEqual([
      ["main-menu", 3],
      ["footer", 2],
      ["legal", 1],
    ]);
    expect(shopMenu("sidebar")).toBeNull();
  });

  it("reads and moves only as deep as a menu goes", () => {
    const values = { item_0_title: "Help", item_0_url: "/pages/about", item_0_0_title: "Contact", item_0_0_url: "/pages/about", item_0_0_0_title: "Too deep", item_0_0_0_url: "/" };
    expect(readMenuForm(values, footer.levels.length)).toEqual([link("Help", "/pages/about", [link("Contact", "/pages/about")])]);
    expect(readMenuForm(values, legal.levels.length)).toEqual([link("Help", "/pages/about")]);
    expect(readMenuMove("add:0", footer.levels.length)).toEqual({ kind: "add", parent: [0] });
    expect(readMenuMove("add:0_0", footer.levels.length)).toBeNull();
    expect(readMenuMove("add:0", legal.levels.length)).toBeNull();
    expect(readMenuMove("up:0_1", legal.levels.length)).toBeNull();
    expect(readMenuMove("down:1", legal.levels.length)).toEqual({ kind: "down", path: [1] });
  });

  it("refuses an empty menu with the menu's own reason, and items below its last level", () => {
    expect(checkMenu([], facts, legal).menu).toMatch(/policies must stay one click away/);
    expect(checkMenu([], facts, footer).menu).toMatch(/at least one column/);
    expect(checkMenu([link("Privacy", "/policies/privacy-policy", [link("Deeper", "/")])], facts, legal)).toEqual({ item_0_title: expect.stringMatching(/1 level deep/) });
    expect(checkMenu([link("Privacy", "/policies/privacy-policy")], facts, legal)).toEqual({});
  });
});
