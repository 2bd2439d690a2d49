/**
 * The shop's carousels as a shopper meets them on the home page: the hero
 * slideshow and the bestsellers carousel. Time runs on Playwright's clock,
 * stopped at a chosen moment in the shop's time zone (London), so autoplay and
 * the day-and-time rule move only when a test moves the clock; nothing sleeps
 * and no assertion measures time.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, expect, test } from "@playwright/test";
import { scheduleActive } from "../../src/core/common/day-time-rule.ts";

const FIRST_SLIDE = "Skin that feels like yours, only calmer.";
const WEEKDAY_SLIDE = "Order now, and it leaves today.";
const WEEKEND_SLIDE = "15% off when you spend £100.";
const LAST_SLIDE = "The Solstice Face Oil, one batch a year.";
/** The demo's weekend slide, as config/settings.json schedules it. */
const WEEKEND = [
  { days: [5], from: "18:00", to: "23:59" },
  { days: [6, 0], from: "00:00", to: "23:59" },
];

/** A Tuesday morning in November: London is on GMT, so local time is UTC. The weekday slide is on, the weekend one off. */
const TUESDAY_MORNING = Date.parse("2026-11-24T10:00:00Z");
/** Thirty seconds before the weekend sale starts. */
const FRIDAY_EVENING = Date.parse("2026-11-20T17:59:30Z");
/** Autoplay's 5000 ms plus the 500 ms move, with room to spare. */
const ONE_SLIDE = 6000;
/** A slide's gutter lies outside the clipping viewport, so a slide in full view reads about 0.98. */
const IN_VIEW = { ratio: 0.9 };

const isMobile = (projectName: string) => projectName === "mobile";

/** Opens the home page with the clock stopped at `time`. */
async function openHomeAt(page: Page, time: number) {
  await page.clock.install({ time });
  await page.clock.pauseAt(time + 1000);
  await page.goto("/");
}

function hero(page: Page): Locator {
  return page.getByRole("region", { name: "Highlights" });
}

function bestsellers(page: Page): Locator {
  return page.getByRole("region", { name: "Bestsellers" });
}

/** A carousel works in place once its script has measured it: its Next button is no longer disabled. */
async function ready(carousel: Locator) {
  await expect(carousel.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "false");
}

/** Takes the mouse off every carousel (its top left corner is the header). */
async function mouseAway(page: Page) {
  await page.mouse.move(1, 1);
}

test.describe("carousels", () => {
  test("the Left and Right arrow keys move a carousel", async ({ page }) => {
    await openHomeAt(page, TUESDAY_MORNING);
    const carousel = bestsellers(page);
    await ready(carousel);
    await carousel.scrollIntoViewIfNeeded();
    const first = carousel.getByRole("group", { name: /^1 of \d+$/ });
    await expect(first).toBeInViewport(IN_VIEW);
    await expect(carousel.getByRole("button", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");

    await first.getByRole("link").focus();
    await page.keyboard.press("ArrowRight");
    await page.clock.runFor(1000);
    await expect(carousel.getByRole("button", { name: "Previous" })).toHaveAttribute("aria-disabled", "false");
    await expect(first).not.toBeInViewport(IN_VIEW);

    await page.keyboard.press("ArrowLeft");
    await page.clock.runFor(1000);
    await expect(first).toBeInViewport(IN_VIEW);
    await expect(carousel.getByRole("button", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");
  });

  test("the hero moves on by itself, holds while the mouse rests on it, and stops with its pause control", async ({ page }, testInfo) => {
    await openHomeAt(page, TUESDAY_MORNING);
    const slideshow = hero(page);
    await ready(slideshow);
    await mouseAway(page);
    const title = (name: string) => slideshow.getByRole("heading", { name });
    await expect(title(FIRST_SLIDE)).toBeInViewport();
    // While it rotates its slides are not announced.
    await expect(slideshow.locator("[aria-live]")).toHaveAttribute("aria-live", "off");

    await page.clock.runFor(ONE_SLIDE);
    await expect(title(WEEKDAY_SLIDE)).toBeInViewport();
    await expect(title(FIRST_SLIDE)).not.toBeInViewport();

    if (!isMobile(testInfo.project.name)) {
      await title(WEEKDAY_SLIDE).hover();
      await page.clock.runFor(3 * ONE_SLIDE);
      await expect(title(WEEKDAY_SLIDE)).toBeInViewport();
      await mouseAway(page);
      await page.clock.runFor(ONE_SLIDE);
      await expect(title(LAST_SLIDE)).toBeInViewport();
    }

    await slideshow.getByRole("button", { name: "Pause" }).click();
    await mouseAway(page);
    const play = slideshow.getByRole("button", { name: "Play" });
    await expect(play).toBeVisible();
    await expect(slideshow.locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    const shown = isMobile(testInfo.project.name) ? WEEKDAY_SLIDE : LAST_SLIDE;
    await page.clock.runFor(3 * ONE_SLIDE);
    await expect(title(shown)).toBeInViewport();

    await play.click();
    await mouseAway(page);
    await expect(slideshow.getByRole("button", { name: "Pause" })).toBeVisible();
    await page.clock.runFor(ONE_SLIDE);
    await expect(title(shown)).not.toBeInViewport();
  });

  test("the bestsellers carousel autoplays too, and holds while keyboard focus is in it", async ({ page }) => {
    await openHomeAt(page, TUESDAY_MORNING);
    const carousel = bestsellers(page);
    await ready(carousel);
    await mouseAway(page);
    await carousel.scrollIntoViewIfNeeded();
    const first = carousel.getByRole("group", { name: /^1 of \d+$/ });

    await carousel.getByRole("button", { name: "Pause" }).focus();
    await page.clock.runFor(3 * ONE_SLIDE);
    await expect(first).toBeInViewport(IN_VIEW);

    await page.getByRole("link", { name: /^View all/ }).focus();
    await page.clock.runFor(ONE_SLIDE);
    await expect(first).not.toBeInViewport(IN_VIEW);
  });

  test("a shopper who asked for reduced motion gets no autoplay, and the control offers to start it", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openHomeAt(page, TUESDAY_MORNING);
    const slideshow = hero(page);
    await ready(slideshow);
    await mouseAway(page);
    await expect(slideshow.getByRole("button", { name: "Play" })).toBeVisible();
    await expect(slideshow.locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(3 * ONE_SLIDE);
    await expect(slideshow.getByRole("heading", { name: FIRST_SLIDE })).toBeInViewport();

    // Moves still work; they jump instead of sliding.
    await slideshow.getByRole("button", { name: "Next" }).click();
    await expect(slideshow.getByRole("heading", { name: WEEKDAY_SLIDE })).toBeInViewport();
  });
});

test.describe("the day-and-time rule", () => {
  test("the weekend slide appears on Friday at 18:00 and is gone on Monday", async ({ page }) => {
    await openHomeAt(page, FRIDAY_EVENING);
    const slideshow = hero(page);
    await ready(slideshow);
    const weekend = slideshow.getByRole("heading", { name: WEEKEND_SLIDE });
    await expect(weekend).toHaveCount(0);
    // Friday evening is after 14:00: the weekday dispatch slide is off too.
    await expect(slideshow.getByRole("group")).toHaveCount(3);

    await page.clock.runFor(30_000);
    await expect(weekend).toHaveCount(1);
    await expect(slideshow.getByRole("group")).toHaveCount(4);
    await expect(slideshow.getByRole("group", { name: "4 of 4" })).toBeAttached();

    // From Friday 18:00:30 to Monday 00:00:30, timers fired once rather than every autoplay turn.
    await page.clock.fastForward(54 * 60 * 60 * 1000);
    await expect(weekend).toHaveCount(0);
    await expect(slideshow.getByRole("heading", { name: WEEKDAY_SLIDE })).toHaveCount(1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server shows the weekend slide exactly when the rule says, in the shop's time zone", async ({ page }) => {
      const before = Date.now();
      await page.goto("/");
      const after = Date.now();
      const weekendThen = scheduleActive(WEEKEND, before, "Europe/London");
      test.skip(weekendThen !== scheduleActive(WEEKEND, after, "Europe/London"), "the request crossed the weekend's edge");
      await expect(hero(page).getByRole("heading", { name: WEEKEND_SLIDE })).toHaveCount(weekendThen ? 1 : 0);
      await expect(hero(page).getByRole("heading", { level: 1, name: FIRST_SLIDE })).toBeVisible();
    });

    test("a carousel scrolls sideways by itself and shows no buttons that need the script", async ({ page }) => {
      await page.goto("/");
      const carousel = bestsellers(page);
      await expect(carousel.getByRole("button", { name: "Next" })).toBeHidden();
      const viewport = carousel.locator(".slider__viewport");
      await viewport.evaluate((element) => element.scrollBy({ left: 400, behavior: "instant" }));
      await expect.poll(() => viewport.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    });
  });
});

test("axe finds no serious violations on the home page with its carousels moved and paused", async ({ page }) => {
  await openHomeAt(page, TUESDAY_MORNING);
  await ready(hero(page));
  await hero(page).getByRole("button", { name: "Next" }).click();
  await bestsellers(page).getByRole("button", { name: "Pause" }).click();
  await page.clock.runFor(1000);
  // axe waits on timers of its own.
  await page.clock.resume();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(serious).toEqual([]);
});
