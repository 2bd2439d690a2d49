import { describe, expect, it } from "vitest";
import { emblaDuration } from "./slider-motion.ts";

const STEP_MS = 1000 / 60;
const EMBLA_FRICTION = 0.68;

/** Embla 8's ScrollBody.seek(), step by step: when the move is 99.5% done, and how far it overshot. */
function emblaMove(duration: number, distance: number) {
  let location = 0;
  let velocity = 0;
  let arrived: number | null = null;
  let overshoot = 0;
  for (let step = 1; step < 600; step += 1) {
    velocity += (distance - location) / duration;
    velocity *= EMBLA_FRICTION;
    location += velocity;
    overshoot = Math.max(overshoot, location - distance);
    if (arrived === null && Math.abs(distance - location) < distance * 0.005) arrived = step * STEP_MS;
  }
  return { arrived: arrived ?? Infinity, overshoot: overshoot / distance };
}

describe("emblaDuration", () => {
  it("makes a move arrive in the configured time, one frame either way, for short and long moves", () => {
    for (const milliseconds of [300, 400, 500, 750, 1000, 2000, 5000]) {
      for (const distance of [120, 400, 1280]) {
        const { arrived } = emblaMove(emblaDuration(milliseconds), distance);
        expect(Math.abs(arrived - milliseconds), `${milliseconds} ms over ${distance} px arrived at ${arrived} ms`).toBeLessThanOrEqual(2 * STEP_MS);
      }
    }
  });

  it("never lets the spring bounce visibly", () => {
    for (const milliseconds of [1, 100, 250, 500, 3000]) {
      expect(emblaMove(emblaDuration(milliseconds), 400).overshoot).toBeLessThan(0.02);
    }
  });

  it("maps the default 500 ms to a duration of about 19 (Embla's default 25 is about 780 ms)", () => {
    expect(emblaDuration(500)).toBeGreaterThan(19);
    expect(emblaDuration(500)).toBeLessThan(20);
  });

  it("jumps for 0 ms, as Embla does with a duration of 0", () => {
    expect(emblaDuration(0)).toBe(0);
  });
});
