import { describe, expect, it } from "vitest";
import { CallBatch } from "./call-batch.ts";

/** What the database says when it refuses a statement whole: an error with a SQLSTATE. */
class Refused extends Error {
  readonly code = "P0001";
}

function doubling(failMany: "refused" | "lost" | false = false) {
  const sent: (number | number[])[] = [];
  const batch = new CallBatch<number, number>(
    async (arg) => {
      sent.push(arg);
      if (arg < 0) throw new Error(`refused ${arg}`);
      return arg * 2;
    },
    async (args) => {
      sent.push(args);
      if (failMany === "lost") throw new Error("Connection terminated unexpectedly");
      if (failMany === "refused" || args.some((arg) => arg < 0)) throw new Refused("the list failed");
      return args.map((arg) => arg * 2);
    },
    (error) => error instanceof Refused,
    3,
  );
  return { batch, sent };
}

describe("calls batched by turn", () => {
  it("sends the calls of one turn as one list and answers each its own", async () => {
    const { batch, sent } = doubling();
    expect(await Promise.all([batch.run(1), batch.run(2), batch.run(1)])).toEqual([2, 4, 2]);
    expect(sent).toEqual([[1, 2, 1]]);
  });

  it("sends a call alone on its own", async () => {
    const { batch, sent } = doubling();
    expect(await batch.run(5)).toBe(10);
    expect(await batch.run(6)).toBe(12);
    expect(sent).toEqual([5, 6]);
  });

  it("sends a full list at once and the rest after", async () => {
    const { batch, sent } = doubling();
    expect(await Promise.all([1, 2, 3, 4].map((arg) => batch.run(arg)))).toEqual([2, 4, 6, 8]);
    expect(sent).toEqual([[1, 2, 3], 4]);
  });

  it("sends each call of a failed list on its own, so only a bad call fails", async () => {
    const { batch, sent } = doubling();
    const results = await Promise.allSettled([batch.run(1), batch.run(-2), batch.run(3)]);
    expect(results).toEqual([
      { status: "fulfilled", value: 2 },
      { status: "rejected", reason: new Error("refused -2") },
      { status: "fulfilled", value: 6 },
    ]);
    expect(sent).toEqual([[1, -2, 3], 1, -2, 3]);
  });

  it("sends each call on its own when the database refused the whole list", async () => {
    const { batch, sent } = doubling("refused");
    expect(await Promise.all([batch.run(1), batch.run(2)])).toEqual([2, 4]);
    expect(sent).toEqual([[1, 2], 1, 2]);
  });

  it("fails every call of a list that may have happened, never sending it twice", async () => {
    const { batch, sent } = doubling("lost");
    const results = await Promise.allSettled([batch.run(1), batch.run(2)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(sent).toEqual([[1, 2]]);
  });

  it("fails every call of a list answered with the wrong number of answers", async () => {
    const batch = new CallBatch<number, number>(
      async (arg) => arg,
      async () => [1],
      () => true,
    );
    const results = await Promise.allSettled([batch.run(1), batch.run(2)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
