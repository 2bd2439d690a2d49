import { describe, expect, it } from "vitest";
import { KeyedBatch } from "./keyed-batch.ts";

function counting(rows: Record<string, number>) {
  const calls: string[][] = [];
  const batch = new KeyedBatch<string, number>(async (keys) => {
    calls.push(keys);
    return new Map(keys.filter((key) => key in rows).map((key) => [key, rows[key]!]));
  }, 3);
  return { batch, calls };
}

describe("reads batched by key", () => {
  it("sends the keys asked for in one turn as one load, each key once", async () => {
    const { batch, calls } = counting({ a: 1, b: 2 });
    const answers = await Promise.all([batch.get("a"), batch.get("b"), batch.get("a")]);
    expect(answers).toEqual([1, 2, 1]);
    expect(calls).toEqual([["a", "b"]]);
  });

  it("answers undefined for a key the load did not find", async () => {
    const { batch } = counting({ a: 1 });
    expect(await batch.get("missing")).toBeUndefined();
  });

  it("starts a new load for keys asked for after the last one went", async () => {
    const { batch, calls } = counting({ a: 1, b: 2 });
    expect(await batch.get("a")).toBe(1);
    expect(await batch.get("b")).toBe(2);
    expect(calls).toEqual([["a"], ["b"]]);
  });

  it("sends a full batch at once", async () => {
    const { batch, calls } = counting({ a: 1, b: 2, c: 3, d: 4 });
    const answers = await Promise.all(["a", "b", "c", "d"].map((key) => batch.get(key)));
    expect(answers).toEqual([1, 2, 3, 4]);
    expect(calls).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("gives every reader of a failed load its error", async () => {
    const batch = new KeyedBatch<string, number>(async () => {
      throw new Error("database unavailable");
    });
    const results = await Promise.allSettled([batch.get("a"), batch.get("b")]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(await batch.get("c").catch((error: Error) => error.message)).toBe("database unavailable");
  });
});
