import { expect, test } from "@playwright/test";
import { countdownParts, countdownWords, formatCountdown } from "../../src/core/marketing/countdown.ts";
import { openReady, watchPrefetches } from "./ready.ts";
import { quietShopper } from "./storage-states.ts";

test.describe("announcement bar", () => {
  test("the countdown ticks every second, hides at zero and the next message takes its place", async ({ page }) => {
    // Monday 23 November 2026 in London (GMT): same-day dispatch until 14:00.
    await page.clock.install({ time: new Date("2026-11-23T13:59:00Z") });
    await page.goto("/");
    const bar = page.getByRole("region", { name: "Announcement" });
    await expect(bar).toContainText("for same-day dispatch");
    const timer = bar.getByRole("timer");
    // A timer is not a live region: screen readers are not told every second.
    await expect(timer).toHaveAttribute("aria-live", "off");
    // Until the bar's code has hydrated it, it reads the end as the server drew it ("14:00 GMT").
    await expect(timer).toContainText(/\d+s/);

    await page.clock.pauseAt(new Date("2026-11-23T13:59:50Z"));
    await expect(timer).toContainText("10s");
    await expect(timer).toContainText("10 seconds");
    await page.clock.runFor(1000);
    await expect(timer).toContainText(/^9s/);
    await expect(timer).toContainText("9 seconds");
    await page.clock.runFor(1000);
    await expect(timer).toContainText("8 seconds");

    // Zero at 14:00: the dispatch message goes and the advent calendar's countdown shows instead.
    await page.clock.runFor(8000);
    await expect(bar).not.toContainText("same-day dispatch");
    await expect(bar).toContainText("Advent Calendar");
    await expect(timer).toContainText(/^31d 04h 00m 00s/);
  });

  test("a countdown to a date hides at zero and leaves the plain message", async ({ page }) => {
    // Christmas Eve, two seconds before the advent calendar's last order time (18:00 GMT).
    await page.clock.install({ time: new Date("2026-12-24T17:59:00Z") });
    await page.goto("/collections/face");
    const bar = page.getByRole("region", { name: "Announcement" });
    await expect(bar).toContainText("Advent Calendar");
    await expect(bar.getByRole("timer")).toContainText(/\d+s/);
    await page.clock.pauseAt(new Date("2026-12-24T17:59:58Z"));
    await expect(bar.getByRole("timer")).toContainText("2 seconds");
    await page.clock.runFor(2000);
    await expect(bar).toContainText("Free UK shipping on orders over £40");
    await expect(bar.getByRole("timer")).toHaveCount(0);
  });
});

test.describe("announcement bar drawn by the server", () => {
  test("without JavaScript it reads the end; the browser counts down to that end, in step with it, and nothing moves as it starts", async ({ page, browser, baseURL, viewport }) => {
    // The page as the server draws it, read without JavaScript: the end as a time, no seconds.
    const plainContext = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport, storageState: quietShopper(baseURL ?? "") });
    const plain = await plainContext.newPage();
    await plain.goto("/");
    const plainTimer = plain.getByRole("region", { name: "Announcement" }).getByRole("timer");
    test.skip((await plainTimer.count()) === 0, "the demo's bar shows no countdown at this hour (after its advent calendar and outside same-day dispatch)");
    const deadline = plainTimer.locator("time");
    await expect(deadline).toHaveText(/\d:\d\d/);
    const end = Date.parse((await deadline.getAttribute("datetime")) ?? "");
    const plainMessage = await plain.locator(".announcement-bar__message").boundingBox();
    const plainTimerBox = await plainTimer.boundingBox();
    await plainContext.close();

    // The browser's clock, paused on a whole second before the end (the clocks agree to the second the page was drawn in).
    const words = countdownWords("en");
    await page.clock.install();
    await openReady(page, "/");
    const now = await page.evaluate(() => Date.now());
    const at = end - Math.ceil((end - now) / 1000) * 1000 + 2000;
    await page.clock.pauseAt(at);
    const timer = page.getByRole("region", { name: "Announcement" }).getByRole("timer");
    await expect(timer).toHaveText(formatCountdown(countdownParts(at, end), words, "narrow") + formatCountdown(countdownParts(at, end), words, "long"));
    await page.clock.runFor(1000);
    await expect(timer).toContainText(formatCountdown(countdownParts(at + 1000, end), words, "narrow"));
    await page.clock.runFor(1000);
    await expect(timer).toContainText(formatCountdown(countdownParts(at + 2000, end), words, "long"));

    // The clock sits in the box the server drew: the message and the countdown are where they were without JavaScript.
    const message = await page.locator(".announcement-bar__message").boundingBox();
    const timerBox = await timer.boundingBox();
    for (const [drawn, counted] of [[plainMessage, message], [plainTimerBox, timerBox]] as const) {
      expect(counted?.x).toBeCloseTo(drawn?.x ?? Number.NaN, 0);
      expect(counted?.y).toBeCloseTo(drawn?.y ?? Number.NaN, 0);
      expect(counted?.width).toBeCloseTo(drawn?.width ?? Number.NaN, 0);
      expect(counted?.height).toBeCloseTo(drawn?.height ?? Number.NaN, 0);
    }
  });
});

test.describe("link prefetching", () => {
  test("a product link in view is prefetched and then opens without a data request; ignored links are not", async ({ page }) => {
    const prefetched = watchPrefetches(page);
    await page.goto("/collections/face");
    // The header's cart link is in view from the start, and the cart is never prefetched (checked below).
    await expect(page.getByRole("link", { name: /^Cart, / })).toBeInViewport();
    const product = page.getByRole("main").locator("a[href^='/products/']").first();
    const href = (await product.getAttribute("href")) ?? "";
    // On a phone the filters come first: the link is prefetched once it scrolls into view.
    await product.scrollIntoViewIfNeeded();
    await expect.poll(() => prefetched).toContain(`${href}.data`);

    // The footer holds the account, a policy and collections: only the collections are prefetched.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect.poll(() => prefetched).toContain("/collections/all.data");
    expect(prefetched.filter((path) => /^\/(cart|account|policies|pages\/privacy|search|checkout|discount)\b/.test(path))).toEqual([]);

    await page.getByRole("main").locator(`a[href='${href}']`).first().click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The navigation's data request was answered by the prefetched copy.
    const transferred = await page.evaluate(
      (path) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "fetch" && new URL(entry.name).pathname === `${path}.data`)
          .map((entry) => (entry as PerformanceResourceTiming).transferSize),
      href,
    );
    expect(transferred).toEqual([0]);
  });

  test("nothing is prefetched when the shopper saves data", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } }));
    const prefetched = watchPrefetches(page);
    await page.clock.install();
    const helpers = page.waitForResponse(/\/assets\/page-enhancements-[^/]+\.js$/);
    await page.goto("/collections/face");
    // Idle comes at the latest after 2 s: the helpers load, and would prefetch.
    await page.clock.runFor(2500);
    await helpers;
    await page.clock.runFor(2500);
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);
  });
});

test("an in-page link scrolls smoothly and moves focus to its target", async ({ page }) => {
  await page.clock.install();
  const helpers = page.waitForResponse(/\/assets\/page-enhancements-[^/]+\.js$/);
  await page.goto("/collections/face");
  await page.clock.runFor(2500);
  await helpers;
  await page.clock.pauseAt(Date.now() + 60_000);
  // The chunk has arrived; until it has run, the link jumps as a plain one does, and the shopper's try is made again.
  await expect(async () => {
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const start = await page.evaluate(() => window.scrollY);
    expect(start).toBeGreaterThan(500);
    await page.getByRole("link", { name: "Back to top" }).click();
    await page.clock.runFor(200);
    const midway = await page.evaluate(() => window.scrollY);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(start);
  }).toPass();
  await page.clock.runFor(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("banner")).toBeFocused();
  await expect(page).toHaveURL(/#top$/);
});

test("a click id in the landing address is kept in a cookie for a year, with marketing consent", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "v1.a1.m1", url: baseURL ?? "" }]);
  await page.goto("/collections/face?utm_source=google&gclid=Cj0KCQiA-test_123");
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "gclid");
  expect(cookie).toMatchObject({ value: "Cj0KCQiA-test_123", path: "/", secure: true, sameSite: "Lax", httpOnly: false });
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  // The shop's pixels can read it.
  expect(await page.evaluate(() => document.cookie)).toContain("gclid=Cj0KCQiA-test_123");
});

test("a script chunk that fails to load is reported, and Try again loads it", async ({ page }) => {
  let failing = true;
  await page.route(/\/assets\/SideCart-[^/?]+\.js(\?.*)?$/, (route) => (failing ? route.abort() : route.continue()));
  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("link", { name: /^Cart, / }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Part of this page didn't load" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toHaveCount(0);

  failing = false;
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
  await expect(notice).toBeHidden();
});
