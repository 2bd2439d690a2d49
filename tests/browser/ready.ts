import { type Page, expect } from "@playwright/test";

/**
 * Opens a page and waits until its scripts have taken over. The shop starts
 * its scripts only after the first paint, so a click that comes sooner is
 * handled by the plain HTML (a form post, a link) rather than in place.
 */
export async function openReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Paths the browser prefetched (`Sec-Purpose: prefetch`), as each prefetch completes. */
export function watchPrefetches(page: Page): string[] {
  const prefetched: string[] = [];
  page.on("requestfinished", (request) => {
    if (/\bprefetch\b/.test(request.headers()["sec-purpose"] ?? "")) prefetched.push(new URL(request.url()).pathname);
  });
  return prefetched;
}

/** The bot check is a proof of work the browser solves: seconds on an idle machine, far longer on a loaded one. */
export const BOT_CHECK_SOLVED_MS = 90_000;

/** Waits until the page's own scripts have taken over its main area (the collection and search pages mark it). */
export async function mainHydrated(page: Page): Promise<void> {
  await expect(page.locator("main#main")).toHaveAttribute("data-hydrated", "true");
}

/** Marks the document; a reload would lose the mark. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

/** Whether the document marked by `markDocument` is still the one shown (no reload happened). */
export const stillSameDocument = (page: Page): Promise<boolean> => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
