/**
 * Rules for the links on a page: which ones the link prefetcher fetches
 * ahead (quicklink's rules plus a list of addresses never prefetched), and which ones
 * jump within the page (smooth-scrolled).
 */

/** At most 100 pages are prefetched from one page. */
export const PREFETCH_LIMIT = 100;
/** A smooth scroll to an in-page target takes 468 ms. */
export const SMOOTH_SCROLL_MS = 468;

/**
 * Addresses never prefetched (matched on the lower-cased path): the account
 * (per shopper, and log in / log out are actions), the cart and its actions
 * (per shopper and changing), checkout, the privacy and policy pages, search,
 * and discount links, which apply a code when fetched.
 */
const NEVER_PREFETCHED: readonly RegExp[] = [
  /^\/account(?:[/.]|$)/,
  /^\/cart(?:[/.]|$)/,
  /^\/checkouts?(?:[/.]|$)/,
  /^\/policies(?:[/.]|$)/,
  /^\/pages\/privacy/,
  /^\/search(?:[/.]|$)/,
  /^\/discount\//,
];

/** A last path segment with an extension is a file (`.js`, `.json`, `.xml`, `.pdf`, `.png`), not a page. */
const FILE = /\/[^/]*\.[a-z0-9]+$/i;

export interface LinkFacts {
  href: string;
  /** The link's `target` attribute. */
  target?: string | null;
  /** Whether it has a `download` attribute. */
  download?: boolean;
}

function parse(link: LinkFacts, page: string): { url: URL; current: URL } | null {
  try {
    const current = new URL(page);
    return { url: new URL(link.href, current), current };
  } catch {
    return null;
  }
}

/**
 * The address ("/path?query") a link's page would be prefetched at, or null
 * when it is not prefetched: another origin or scheme, a new window or a
 * download, this very page (a hash link included), a file, or an address on
 * the ignore list.
 */
export function prefetchAddress(link: LinkFacts, page: string): string | null {
  if (link.download || (link.target && link.target !== "_self")) return null;
  const parsed = parse(link, page);
  if (!parsed) return null;
  const { url, current } = parsed;
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== current.origin) return null;
  const address = `${url.pathname}${url.search}`;
  if (address === `${current.pathname}${current.search}`) return null;
  const path = url.pathname.toLowerCase();
  if (FILE.test(path) || NEVER_PREFETCHED.some((rule) => rule.test(path))) return null;
  return address;
}

/** The id of the element a link jumps to within this page, or null when it goes elsewhere (or to a bare `#`). */
export function inPageTarget(link: LinkFacts, page: string): string | null {
  if (link.download || (link.target && link.target !== "_self")) return null;
  const parsed = parse(link, page);
  if (!parsed) return null;
  const { url, current } = parsed;
  if (url.origin !== current.origin || url.pathname !== current.pathname || url.search !== current.search || url.hash.length < 2) return null;
  try {
    return decodeURIComponent(url.hash.slice(1));
  } catch {
    return null;
  }
}

/** What the browser says about the connection (`navigator.connection`, where there is one). */
export interface ConnectionFacts {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetching at all when the shopper asked to save data or the network is 2G (`slow-2g`, `2g`). */
export function prefetchAllowed(connection: ConnectionFacts | undefined): boolean {
  return !connection?.saveData && !connection?.effectiveType?.includes("2g");
}

/** Where a smooth scroll from `from` to `to` is `elapsedMs` into `durationMs`: eased in and out, exact at both ends. */
export function smoothScrollY(from: number, to: number, elapsedMs: number, durationMs: number): number {
  const t = Math.min(1, Math.max(0, elapsedMs / durationMs));
  const eased = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
  return t === 1 ? to : from + (to - from) * eased;
}
