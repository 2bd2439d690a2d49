import { createContext } from "react";
import { RecentMap } from "../../core/common/recent-map.ts";

/**
 * The HTML of frame parts the server has drawn before, by what they were
 * drawn from. The main menu is the same on every page of a site until the
 * shop's menus change, and it is about a third of the elements of a page:
 * drawn once, the pages rendered after it (a customer's, a shopper's whose
 * page cannot be kept) write it as it is.
 *
 * A part's key names everything its HTML depends on (see `hydrateLater`'s
 * `useServerKey`); the HTML is what React wrote for the part in a page, so
 * it hydrates as if drawn again. Only the server keeps any.
 */

/** Kept at once: several sites and menus, each a few kilobytes. */
export const KEPT_FRAGMENTS = 64;

const kept = new RecentMap<string, string>(KEPT_FRAGMENTS);

/** A part's kept HTML (inside its element), or undefined when it must be drawn. */
export function keptFragment(key: string): string | undefined {
  return kept.get(key);
}

/** Keeps a part's HTML under its key; the least recently used goes first when there are too many. */
export function keepFragment(key: string, html: string): void {
  kept.set(key, html);
}

/** What a render asks of the page's way out: to keep the HTML written for a part, under a key. */
export interface FragmentCatcher {
  want(part: string, key: string): void;
}

/** The page's catcher while the server renders it; null in the browser and outside a page. */
export const FragmentCatcherContext = createContext<FragmentCatcher | null>(null);
