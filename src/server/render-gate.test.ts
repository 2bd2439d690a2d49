import { afterEach, describe, expect, it, vi } from "vitest";
import { RenderGate } from "./render-gate.ts";

/** A piece of work that runs until told to finish (or fail). */
function heldWork(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    work: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("RenderGate", () => {
  it("refuses a gate without a slot", () => {
    expect(() => new RenderGate(0)).toThrow(RangeError);
    expect(() => new RenderGate(1.5)).toThrow(RangeError);
  });

  it("runs at most its slots at once, the others in the order they came", async () => {
    const gate = new RenderGate(2);
    const log: string[] = [];
    const pages = ["a", "b", "c", "d"].map((name) => heldWork(log, name));
    const answers = pages.map((page) => gate.run(page.work));
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });

    pages[1]!.finish();
    await settle();
    expect(log).toEqual(["start a", "start b", "start c"]);
    // A newcomer queues behind those already waiting.
    const late = heldWork(log, "e");
    const lateAnswer = gate.run(late.work);
    pages[0]!.finish();
    await settle();
    expect(log).toEqual(["start a", "start b", "start c", "start d"]);

    pages[2]!.finish();
    pages[3]!.finish();
    await settle();
    expect(log.at(-1)).toBe("start e");
    late.finish();
    expect(await Promise.all([...answers, lateAnswer])).toEqual(["a", "b", "c", "d", "e"]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot of a page that fails", async () => {
    const gate = new RenderGate(1);
    const log: string[] = [];
    const failing = heldWork(log, "a");
    const next = heldWork(log, "b");
    const failed = gate.run(failing.work);
    const answer = gate.run(next.work);
    failing.fail(new Error("database out of reach"));
    await expect(failed).rejects.toThrow("database out of reach");
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    next.finish();
    expect(await answer).toBe("b");
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("ends the turn of a page that takes too long, which still finishes", async () => {
    vi.useFakeTimers();
    const gate = new RenderGate(1, 5_000);
    const log: string[] = [];
    const slow = heldWork(log, "slow");
    const next = heldWork(log, "next");
    const slowAnswer = gate.run(slow.work);
    const nextAnswer = gate.run(next.work);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(log).toEqual(["start slow"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(["start slow", "start next"]);

    // The slow page ending later hands on no second turn.
    slow.finish();
    expect(await slowAnswer).toBe("slow");
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    next.finish();
    expect(await nextAnswer).toBe("next");
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
