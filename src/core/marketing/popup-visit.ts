/**
 * What every page records for the popups, before their own code loads: the
 * browsing session (returning or new, and the once-per-session popups shown),
 * the pages counted towards the newsletter popup, and how long the shopper
 * stayed before going back. When each popup is due is in `popups.ts`, which
 * re-exports all of this.
 */

/** Pages a newsletter memory lists at most: enough to count distinct pages, never a browsing history. */
export const MAX_PAGES_REMEMBERED = 20;

export const POPUP_NAMES = ["geo", "newsletter", "countdown", "announcement", "abandonment", "trafficShaping"] as const;
export type PopupName = (typeof POPUP_NAMES)[number];

/** The order popups take when more than one is due, unless the merchant sets another. */
export const DEFAULT_POPUP_PRIORITY: readonly PopupName[] = ["geo", "countdown", "newsletter", "trafficShaping", "announcement", "abandonment"];

export interface NewsletterMemory {
  epoch: number | null;
  pages: string[];
  submitted: boolean;
}

/** The newsletter memory with this page counted, once per path. */
export function withPage(memory: NewsletterMemory, path: string): NewsletterMemory {
  if (memory.pages.includes(path)) return memory;
  return { ...memory, pages: [...memory.pages, path].slice(-MAX_PAGES_REMEMBERED) };
}

/** A phone's back gesture counts as leaving only after this long on the page. */
export const MIN_TIME_BEFORE_BACK_MS = 15_000;

/** Leaving, on a phone: going back after a while on the page. */
export function backAfterAWhile(now: number, loadedAt: number): boolean {
  return now - loadedAt >= MIN_TIME_BEFORE_BACK_MS;
}

// --- The browsing session -----------------------------------------------------------------

/**
 * The session record lives in a cookie without an expiry, so it ends with
 * the browser session: whether this visitor is returning (the browser knew
 * the shop before this session began) and which once-per-session popups
 * have shown. Value: `r` or `n`, then the names, dot-separated.
 */
export const POPUP_SESSION_COOKIE = "popup_session";
/** The browser's first-visit record, kept across sessions: its presence makes the next session a returning one. */
export const VISITOR_KEY = "visitor";

export interface PopupSession {
  returning: boolean;
  shown: PopupName[];
}

export function parsePopupSession(value: string | null | undefined): PopupSession | null {
  if (!value || !/^[rn](\.[A-Za-z]+)*$/.test(value)) return null;
  const [flag, ...names] = value.split(".");
  return { returning: flag === "r", shown: names.filter((name): name is PopupName => (POPUP_NAMES as readonly string[]).includes(name)) };
}

export function formatPopupSession(session: PopupSession): string {
  return [session.returning ? "r" : "n", ...new Set(session.shown)].join(".");
}

/** A session begins returning when the browser had visited before (its first-visit record exists). */
export function beginPopupSession(knownBrowser: boolean): PopupSession {
  return { returning: knownBrowser, shown: [] };
}

/** A memory record read from storage: its fields when they have the right types, else a fresh record. */
export function readNewsletterMemory(raw: unknown): NewsletterMemory {
  const record = (raw ?? {}) as Partial<Record<keyof NewsletterMemory, unknown>>;
  return {
    epoch: typeof record.epoch === "number" ? record.epoch : null,
    pages: Array.isArray(record.pages) ? record.pages.filter((page): page is string => typeof page === "string").slice(-MAX_PAGES_REMEMBERED) : [],
    submitted: record.submitted === true,
  };
}
