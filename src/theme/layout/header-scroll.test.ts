import { describe, expect, it } from "vitest";
import { INITIAL_HEADER_STATE, SCROLL_TOLERANCE_PX, nextHeaderState, type HeaderScrollState } from "./header-scroll.ts";

const HEIGHT = 80;
const SHRINK = 120;
const scrollTo = (state: HeaderScrollState, y: number, pinned = false) => nextHeaderState(state, { y, height: HEIGHT, shrinkOffset: SHRINK, pinned });
const scrollThrough = (positions: number[], pinned = false) => positions.reduce((state, y) => scrollTo(state, y, pinned), INITIAL_HEADER_STATE);

describe("header on scroll", () => {
  it("stays while the page has scrolled less than the header's height", () => {
    expect(scrollThrough([20, 50, HEIGHT])).toMatchObject({ hidden: false, shrunk: false });
  });

  it("hides on scroll down past its own height", () => {
    expect(scrollThrough([40, HEIGHT + 1, 200])).toMatchObject({ hidden: true });
  });

  it("returns on scroll up, anywhere on the page", () => {
    const down = scrollThrough([300, 900]);
    expect(down.hidden).toBe(true);
    expect(scrollTo(down, 880).hidden).toBe(false);
  });

  it("hides again when the shopper scrolls down after it returned", () => {
    expect(scrollThrough([300, 900, 850, 1000]).hidden).toBe(true);
  });

  it("shrinks after the offset and grows back above it", () => {
    expect(scrollThrough([SHRINK]).shrunk).toBe(false);
    expect(scrollThrough([SHRINK + 1]).shrunk).toBe(true);
    expect(scrollThrough([SHRINK + 100, SHRINK - 1]).shrunk).toBe(false);
  });

  it("ignores jitter smaller than the tolerance", () => {
    const hidden = scrollThrough([300, 600]);
    expect(scrollTo(hidden, 600 - (SCROLL_TOLERANCE_PX - 1)).hidden).toBe(true);
    // Small steps add up: the reference point stays where the last decision was taken.
    const crept = [1, 2, 3].reduce((state, step) => scrollTo(state, 600 - step * (SCROLL_TOLERANCE_PX - 2)), hidden);
    expect(crept.hidden).toBe(false);
  });

  it("never hides while pinned (a menu, the search list or focus inside)", () => {
    expect(scrollThrough([300, 900], true).hidden).toBe(false);
  });

  it("shows at the top and treats overscroll as the top", () => {
    expect(scrollThrough([500, 900, -40])).toMatchObject({ hidden: false, shrunk: false, y: 0 });
  });
});
