/**
 * How the shop's sliders move, and the translation of the merchant's
 * milliseconds into Embla's own duration unit.
 */

export interface SliderMotion {
  /** How long a slide stays before autoplay moves on. */
  autoplaySpeedMs: number;
  /** How long a move to another slide takes; 0 jumps. */
  animationDurationMs: number;
  /** Track movement per pixel dragged: 1 follows the pointer, 0 turns dragging off. */
  dragSpeed: 0 | 1;
}

/** The default motion: autoplay speed 5000 ms, animation duration 500 ms, drag speed 1. */
export const SLIDER_MOTION_DEFAULTS: SliderMotion = { autoplaySpeedMs: 5000, animationDurationMs: 500, dragSpeed: 1 };

/** Embla 8's scroll body: each 60 Hz step, velocity += distance left / duration, then velocity *= friction. */
const EMBLA_FRICTION = 0.68;
const STEPS_PER_SECOND = 60;
/** Below this the spring overshoots the slide by more than a couple of per cent (about 250 ms). */
const SHORTEST_EMBLA_DURATION = 14;
const LONGEST_EMBLA_DURATION = 2000;

/** Steps Embla's scroll takes, at a given duration, to cover 99.5% of a move (the rest is under a pixel for a slide). */
function stepsToArrive(duration: number): number {
  let left = 1;
  let velocity = 0;
  let steps = 0;
  while (Math.abs(left) >= 0.005 && steps < 100_000) {
    velocity = (velocity + left / duration) * EMBLA_FRICTION;
    left -= velocity;
    steps += 1;
  }
  return steps;
}

const durations = new Map<number, number>();

/**
 * Embla's `duration` is not a time but the spring constant of its scroll,
 * and how long a move takes does not grow in proportion to it (about 3 steps
 * per unit near 20, 2.5 from 40). So the duration for a time is found by
 * running Embla's own integrator, which is independent of the move's length:
 * the smallest duration whose move arrives no sooner than asked (500 ms is
 * about 19.3). Held between 14 (about 250 ms, where the spring starts to
 * bounce) and 2000.
 */
export function emblaDuration(milliseconds: number): number {
  if (milliseconds <= 0) return 0;
  const known = durations.get(milliseconds);
  if (known !== undefined) return known;
  const steps = Math.round((milliseconds * STEPS_PER_SECOND) / 1000);
  let low = SHORTEST_EMBLA_DURATION;
  let high = LONGEST_EMBLA_DURATION;
  if (stepsToArrive(low) >= steps) high = low;
  while (high - low > 0.01) {
    const middle = (low + high) / 2;
    if (stepsToArrive(middle) >= steps) high = middle;
    else low = middle;
  }
  const duration = Math.round(high * 100) / 100;
  durations.set(milliseconds, duration);
  return duration;
}
