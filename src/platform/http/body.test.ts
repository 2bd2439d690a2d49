import { describe, expect, it } from "vitest";
import { parseBracketed } from "./body.ts";

describe("parseBracketed", () => {
  it("reads plain keys", () => {
    expect(parseBracketed([["id", "123"], ["quantity", "2"]])).toEqual({ id: "123", quantity: "2" });
  });

  it("nests bracket keys into objects", () => {
    expect(parseBracketed([["properties[Gift note]", "Hi"], ["attributes[Gift wrap]", "Yes"], ["updates[794864053]", "2"]])).toEqual({
      properties: { "Gift note": "Hi" },
      attributes: { "Gift wrap": "Yes" },
      updates: { "794864053": "2" },
    });
  });

  it("collects empty brackets into arrays", () => {
    expect(parseBracketed([["updates[]", "3"], ["updates[]", "2"]])).toEqual({ updates: ["3", "2"] });
  });

  it("groups items[][field] pairs into one object per item", () => {
    expect(
      parseBracketed([
        ["items[][id]", "1"],
        ["items[][quantity]", "2"],
        ["items[][properties][Note]", "a"],
        ["items[][id]", "3"],
        ["items[][quantity]", "4"],
      ]),
    ).toEqual({ items: [{ id: "1", quantity: "2", properties: { Note: "a" } }, { id: "3", quantity: "4" }] });
  });

  it("ignores keys that would reach the object prototype", () => {
    const parsed = parseBracketed([["__proto__[polluted]", "yes"]]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed).toEqual({});
  });
});

describe("parseBracketed's bounds", () => {
  it("refuses a field nested deeper than the limit at once, however long its key", () => {
    const deep = `items${"[]".repeat(60_000)}`;
    expect(() => parseBracketed([[deep, "1"]])).toThrow(/nested more than 6 levels/);
    expect(parseBracketed([["a[b][c][d][e][f][g]", "1"]])).toEqual({ a: { b: { c: { d: { e: { f: { g: "1" } } } } } } });
  });

  it("refuses more fields than the limit", () => {
    const many = Array.from({ length: 1001 }, (_, index): [string, string] => [`f${index}`, "1"]);
    expect(() => parseBracketed(many)).toThrow(/at most 1000 fields/);
    expect(Object.keys(parseBracketed(many.slice(0, 1000)))).toHaveLength(1000);
  });
});
