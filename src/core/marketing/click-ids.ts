/**
 * Marketing click ids: the parameter an ad platform adds to the landing
 * address (Google `gclid`, Meta `fbclid`, Microsoft `msclkid`, TikTok
 * `ttclid`), kept in a first-party cookie for 365 days so a
 * later conversion can be credited to the click.
 */

export const CLICK_ID_PARAMETERS = ["gclid", "fbclid", "msclkid", "ttclid"] as const;
export type ClickIdParameter = (typeof CLICK_ID_PARAMETERS)[number];

export const CLICK_ID_COOKIE_DAYS = 365;
export const CLICK_ID_MAX_LENGTH = 255;

/**
 * URL-safe characters only (letters, digits, `-`, `_`, `.`, `~`), as the
 * platforms' ids are, at most 255 of them: anything else is not an id, and
 * must not reach a cookie header or a pixel's request.
 */
const CLICK_ID_VALUE = new RegExp(`^[A-Za-z0-9._~-]{1,${CLICK_ID_MAX_LENGTH}}$`);

export function isClickId(value: string): boolean {
  return CLICK_ID_VALUE.test(value);
}

/** The valid click ids in a query string, the first of each parameter; each is stored in a cookie named after its parameter. */
export function clickIdsIn(search: URLSearchParams): { name: ClickIdParameter; value: string }[] {
  return CLICK_ID_PARAMETERS.flatMap((name) => {
    const value = search.get(name);
    return value !== null && isClickId(value) ? [{ name, value }] : [];
  });
}
