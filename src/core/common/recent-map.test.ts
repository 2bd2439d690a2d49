import { describe, expect, it } from "vitest";
import { RecentMap } from "./recent-map.ts";

describe("a map of the most recently used entries", () => {
  it("lets the least recently used entry go past its limit, reads and writes both counting as use", () => {
    const map = new RecentMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBe(1);
    map.set("c", 4);
    map.set("d", 5);
    expect(map.get("a")).toBeUndefined();
    expect([map.get("c"), map.get("d"), map.size]).toEqual([4, 5, 2]);
  });

  it("keeps the order of use when the newest entry is read again and again", () => {
    const map = new RecentMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    expect([map.get("a"), map.get("a"), map.get("a")]).toEqual([1, 1, 1]);
    map.set("c", 3);
    expect(map.get("b")).toBeUndefined();
    expect([map.get("a"), map.get("c"), map.get("c")]).toEqual([1, 3, 3]);
    map.set("d", 4);
    expect([map.get("a"), map.get("c"), map.get("d")]).toEqual([undefined, 3, 4]);
    // The newest entry forgotten and written again is the newest once more.
    map.delete("d");
    expect(map.get("d")).toBeUndefined();
    map.set("d", 5);
    map.get("c");
    map.set("e", 6);
    expect([map.get("d"), map.get("c"), map.get("e")]).toEqual([undefined, 3, 6]);
  });

  it("lets an entry be looked at without making it the newest", () => {
    const map = new RecentMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    expect(map.peek("a")).toBe(1);
    map.set("c", 3);
    expect([map.peek("a"), map.peek("b"), map.peek("c")]).toEqual([undefined, 2, 3]);
  });

  it("forgets an entry, or all of them, when told", () => {
    const map = new RecentMap<string, number>(3);
    map.set("a", 1);
    map.set("b", 2);
    map.delete("a");
    expect([map.get("a"), map.size]).toEqual([undefined, 1]);
    map.clear();
    expect(map.size).toBe(0);
  });
});
