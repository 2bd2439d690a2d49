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
