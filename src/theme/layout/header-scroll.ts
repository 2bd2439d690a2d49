/**
 * The header's scroll behaviour: it hides on scroll down past its own height,
 * returns on scroll up, and shrinks after an offset. Written as a pure step
 * from one scroll position to the next so it can be tested without a browser.
 */

export interface HeaderScrollState {
  hidden: boolean;
  shrunk: boolean;
  /** The scroll position the last decision was taken at. */
  y: number;
}

export interface HeaderScrollInput {
  /** The page's scroll position now (`window.scrollY`). */
  y: number;
  /** The header's own height in pixels. */
  height: number;
  /** Scroll distance after which the header shrinks. */
  shrinkOffset: number;
  /** True while the header must stay in view: a menu, the search list or keyboard focus is in it. */
  pinned: boolean;
}

/** Movements smaller than this are treated as jitter (touch scrolling, elastic overscroll). */
export const SCROLL_TOLERANCE_PX = 6;

export const INITIAL_HEADER_STATE: HeaderScrollState = { hidden: false, shrunk: false, y: 0 };

export function nextHeaderState(previous: HeaderScrollState, input: HeaderScrollInput): HeaderScrollState {
  const y = Math.max(0, input.y);
  const shrunk = y > input.shrinkOffset;
  if (input.pinned || y <= input.height) return { hidden: false, shrunk, y };
  const moved = y - previous.y;
  if (Math.abs(moved) < SCROLL_TOLERANCE_PX) return { hidden: previous.hidden, shrunk, y: previous.y };
  return { hidden: moved > 0, shrunk, y };
}
