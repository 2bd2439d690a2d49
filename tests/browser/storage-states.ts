/**
 * What the browser tests' shoppers have stored before they start. By
 * default a returning shopper who has chosen their cookies and met every
 * popup already (signed up, seen the countdown, closed the announcement and
 * the geo popup, had this session's once-per-session popups), so no popup or
 * banner covers a test's page. The consent and popup tests start from parts of it.
 */
import type { Page } from "@playwright/test";

type Cookie = { name: string; value: string; domain: string; path: string; expires: number; httpOnly: boolean; secure: boolean; sameSite: "Lax" };
type Item = { name: string; value: string };

const cookie = (name: string, value: string): Cookie => ({ name, value, domain: "127.0.0.1", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" });

/** The shop under test, as the Playwright config starts it. */
export const ORIGIN = `http://127.0.0.1:${Number(process.env.BROWSER_TEST_PORT ?? 3107)}`;

/** Cookies chosen: analytics and marketing refused. */
export const consentChosen = cookie("cookie_consent", "v1.a0.m0");
/** A returning visitor's session in which the abandonment and traffic-shaping popups have shown. */
export const sessionPopupsShown = cookie("popup_session", "r.abandonment.trafficShaping");

/** The remembered popups, each in the state that keeps it away (the announcement closed when the run began). */
export function popupsMet(startedAt = Date.now()): Record<"geo" | "newsletter" | "countdown" | "announcement", Item> {
  return {
    geo: { name: "popup:geo", value: JSON.stringify({ time: startedAt }) },
    newsletter: { name: "popup:newsletter", value: JSON.stringify({ epoch: null, pages: [], submitted: true }) },
    countdown: { name: "popup:countdown", value: JSON.stringify({ epoch: null, submitted: true }) },
    announcement: { name: "popup:announcement", value: JSON.stringify({ epoch: startedAt }) },
  };
}

export function storageState(cookies: Cookie[], items: Item[], origin = ORIGIN) {
  return { cookies, origins: [{ origin, localStorage: [{ name: "visitor", value: JSON.stringify({ first: 0 }) }, ...items] }] };
}

/** The default: every banner and popup already dealt with. */
export function quietShopper(origin = ORIGIN) {
  return storageState([consentChosen, sessionPopupsShown], Object.values(popupsMet()), origin);
}

/** Puts popup records in the browser's storage before the first page, without the visitor record a storage state always adds. */
export async function remember(page: Page, items: Item[]) {
  await page.addInitScript((records) => {
    if (sessionStorage.getItem("remembered")) return;
    sessionStorage.setItem("remembered", "1");
    for (const record of records) localStorage.setItem(record.name, record.value);
  }, items);
}
