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
