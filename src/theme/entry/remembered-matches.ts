import type { StaticHandlerContext } from "react-router";

type Match = StaticHandlerContext["_match"];
type Matches = ReturnType<Match>;

/** Paths remembered per route table; past this many the table starts afresh, so odd addresses cannot grow it. */
export const REMEMBERED_PATHS = 512;

const tables = new WeakMap<Match, Map<string, Matches>>();

/**
 * The routes a path matches, worked out once per path. While a page is
 * drawn, React Router matches each of the page's parent paths ("/" and
 * "/products" for a product) against every route, to name the routes the
 * browser may need first. A parent path that no route owns goes through the
 * whole table before the catch-all takes it, and every try allocates: on a
 * product page those two look-ups were most of the routing's work. The
 * routes of a running build never change (the matcher is made once per
 * build), so a path's answer holds for as long as the matcher lives.
 *
 * Only paths given as text are remembered; the answers are read, never
 * changed, by their users.
 */
export function rememberingMatches(match: Match): Match {
  let table = tables.get(match);
  if (!table) {
    table = new Map();
    tables.set(match, table);
  }
  const known = table;
  return (location) => {
    if (typeof location !== "string") return match(location);
    const found = known.get(location);
    if (found !== undefined) return found;
    const matches = match(location);
    if (known.size >= REMEMBERED_PATHS) known.clear();
    known.set(location, matches);
    return matches;
  };
}

/** Has the page's own routing context remember its matches by path (see `rememberingMatches`). */
export function rememberMatches(context: StaticHandlerContext): void {
  if (typeof context._match === "function") context._match = rememberingMatches(context._match);
}
