/**
 * The popups with a controlled clock, at 390 and 1280 px: each appears when
 * its rule says and not before, is remembered as the rule says, waits for
 * the cookie choice, and shows one at a time in the merchant's order with a
 * pause between. Dialogs are checked with axe.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";
import { consentChosen, popupsMet, remember, sessionPopupsShown, storageState } from "./storage-states.ts";

/** A date before the demo's countdown (to Christmas Eve 2026) ends. */
const BEFORE_CHRISTMAS = new Date("2026-12-01T10:00:00Z");
const met = popupsMet(BEFORE_CHRISTMAS.getTime());

// A returning shopper who chose their cookies and met every popup but the newsletter's.
test.use({ storageState: storageState([consentChosen, sessionPopupsShown], [met.countdown, met.announcement]) });

async function expectAccessible(page: Page, selector: string) {
  // axe runs on the page's timers: the clock runs again first.
  await page.clock.resume();
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
}

/**
 * Opens a page and stops the clock `beforeMs` short of `delayMs` after the
 * page's schedule began, so "not yet" is checked at a known moment however
 * slowly the page loaded.
 */
async function openAndStopBefore(page: Page, path: string, delayMs: number, beforeMs = 500) {
  await openReady(page, path);
  await expect(page.locator("html")).toHaveAttribute("data-popups-since", /^\d+$/);
  const since = Number(await page.locator("html").getAttribute("data-popups-since"));
  await page.clock.pauseAt(since + delayMs - beforeMs);
}

test("appears on the second page after its delay, and is remembered once closed", async ({ page }) => {
  await page.clock.install();
  await openReady(page, "/");
  await page.clock.runFor(5_000);
  const popup = page.getByRole("dialog", { name: "Get 10% off your first order" });
  // One page seen: it waits for the second.
  await expect(popup).toHaveCount(0);

  // The two-second boundary itself is the scheduling rule's unit test; here, the second page brings it.
  await openReady(page, "/collections/face");
  await page.clock.runFor(2_100);
  await expect(popup).toBeVisible();
  const results = await new AxeBuilder({ page }).include("dialog.popup").analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
  const reminder = page.getByRole("button", { name: "Get 10% off" });
  await expect(reminder).toBeVisible();
  const memory = await page.evaluate(() => JSON.parse(localStorage.getItem("popup:newsletter") ?? "null") as { epoch: number; pages: string[]; submitted: boolean });
  expect(memory).toMatchObject({ pages: ["/", "/collections/face"], submitted: false });
  expect(memory.epoch).toBeGreaterThan(0);

  // Another page within seven days: no popup, the reminder still there.
  await openReady(page, "/collections/body");
  await page.clock.runFor(5_000);
  await expect(popup).toHaveCount(0);
  await reminder.click();
  await expect(popup).toBeVisible();
});

test("signing up in the popup ends it and its reminder", async ({ page }, testInfo) => {
  await page.clock.install();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.89.${testInfo.project.name === "mobile" ? 1 : 2}.${Date.now() % 250}` });
  await openReady(page, "/");
  await openReady(page, "/pages/about");
  await page.clock.runFor(3_500);
  const popup = page.getByRole("dialog", { name: "Get 10% off your first order" });
  await expect(popup).toBeVisible();
  await popup.getByRole("textbox", { name: "Email address" }).fill(`popup-${testInfo.project.name}-${Date.now()}@example.com`);
  await popup.getByRole("button", { name: "Sign up" }).click();
  await expect(popup.locator("form")).toHaveClass(/newsletter-form--success/);
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("button", { name: "Get 10% off" })).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("popup:newsletter") ?? "null").submitted)).toBe(true);
});

test("waits while the cookie banner is undecided", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    storageState: storageState([sessionPopupsShown], [met.countdown, met.announcement, { name: "popup:newsletter", value: JSON.stringify({ epoch: null, pages: ["/"], submitted: false }) }], baseURL),
  });
  const page = await context.newPage();
  await page.clock.install();
  await openReady(page, "/pages/faqs");
  await page.clock.runFor(4_000);
  const popup = page.getByRole("dialog", { name: "Get 10% off your first order" });
  await expect(popup).toHaveCount(0);
  await page.getByRole("region", { name: "Cookies on this shop" }).getByRole("button", { name: "Reject all" }).click();
  await page.clock.runFor(400);
  await expect(popup).toBeVisible();
  await context.close();
});

test.describe("the countdown popup", () => {
  test.use({ storageState: storageState([consentChosen, sessionPopupsShown], [met.newsletter, met.announcement]) });

  test("appears after its delay with the shop's countdown, and stays away for 7 days once seen", async ({ page }) => {
    await page.clock.install({ time: BEFORE_CHRISTMAS });
    await openAndStopBefore(page, "/", 8000);
    const popup = page.getByRole("dialog", { name: "Order the Advent Calendar in time for Christmas" });
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(popup).toBeVisible();
    // 23 days, 8 hours to Christmas Eve at 18:00 UTC: the days lead, as the shop's countdown shows them.
    await expect(popup.getByRole("timer")).toContainText(/23\s*d/);
    await expectAccessible(page, "dialog.popup");
    await popup.getByRole("button", { name: "Close" }).click();
    await expect(popup).toHaveCount(0);
    const memory = await page.evaluate(() => JSON.parse(localStorage.getItem("popup:countdown") ?? "null") as { epoch: number; submitted: boolean });
    expect(memory.submitted).toBe(false);
    expect(memory.epoch).toBeGreaterThanOrEqual(BEFORE_CHRISTMAS.getTime());

    await page.clock.resume();
    await openReady(page, "/collections/face");
    await page.clock.runFor(12_000);
    await expect(popup).toHaveCount(0);
  });

  test("does not appear once its countdown has ended", async ({ page }) => {
    await page.clock.install({ time: new Date("2026-12-24T18:00:01Z") });
    await openReady(page, "/");
    await page.clock.runFor(12_000);
    await expect(page.getByRole("dialog", { name: "Order the Advent Calendar in time for Christmas" })).toHaveCount(0);
  });
});

test.describe("the announcement popup", () => {
  test.use({ storageState: storageState([consentChosen, sessionPopupsShown], [met.newsletter, met.countdown]) });

  test("appears after 10 s, leaves the page usable, goes when scrolled past 150 px, and stays away once closed", async ({ page }) => {
    await page.clock.install({ time: BEFORE_CHRISTMAS });
    await openAndStopBefore(page, "/collections/all", 10_000);
    const popup = page.getByRole("dialog", { name: "Announcement" });
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("New: the Solstice Face Oil, one batch a year.");
    await expectAccessible(page, ".popup-announcement");
    // Not modal: the page behind still takes a click.
    await expect(page.locator("main")).not.toHaveAttribute("inert", /.*/);

    await page.mouse.wheel(0, 400);
    await expect(popup).toHaveCount(0);
    // Scrolled away, not closed: nothing remembered.
    expect(await page.evaluate(() => localStorage.getItem("popup:announcement"))).toBeNull();

    await page.clock.resume();
    await openReady(page, "/collections/face");
    await page.clock.runFor(11_000);
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Close" }).click();
    await expect(popup).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("popup:announcement") ?? "null").epoch)).toBeGreaterThan(0);
    await openReady(page, "/collections/body");
    await page.clock.runFor(11_000);
    await expect(popup).toHaveCount(0);
  });
});

test.describe("the traffic-shaping popup", () => {
  // A first visit: no session yet, and the browser has never been here.
  test.use({ storageState: { cookies: [consentChosen], origins: [] } });

  // The other popups met, without the visitor record that would make this a returning visit.
  test.beforeEach(({ page }) => remember(page, Object.values(met)));

  test("shows a new visitor the way in after 5 s, once per session", async ({ page }) => {
    await page.clock.install({ time: BEFORE_CHRISTMAS });
    await openAndStopBefore(page, "/", 5000);
    const popup = page.getByRole("dialog", { name: "New here?" });
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(popup).toBeVisible();
    await expectAccessible(page, "dialog.popup");
    await page.keyboard.press("Escape");
    await expect(popup).toHaveCount(0);

    await page.clock.resume();
    await openReady(page, "/collections/face");
    await page.clock.runFor(40_000);
    await expect(popup).toHaveCount(0);
  });

  test("its link leads where the merchant points it", async ({ page }) => {
    await page.clock.install({ time: BEFORE_CHRISTMAS });
    await openReady(page, "/");
    await page.clock.runFor(6000);
    const popup = page.getByRole("dialog", { name: "New here?" });
    await popup.getByRole("link", { name: "Take the skin quiz" }).click();
    await expect(page).toHaveURL(/\/pages\/build-your-bundle$/);
    await expect(popup).toHaveCount(0);
  });
});

/** Stops the page's clock a moment from now; a busy machine may let that moment pass first, so ask again. */
async function pauseSoon(page: Page) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      return;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes("to the past")) throw error;
    }
  }
}

test.describe("the abandonment popup", () => {
  // A returning visitor at the start of a session, every other popup met.
  test.use({ storageState: storageState([consentChosen], Object.values(met)) });

  async function leave(page: Page, mobile: boolean) {
    if (mobile) {
      // A phone: a quick scroll up, reaching for the address bar. The clock stands still while the page
      // scrolls, so the two scrolls are "quick" however slowly a loaded machine delivers them.
      await pauseSoon(page);
      await page.evaluate(() => window.scrollTo(0, 1200));
      await page.waitForTimeout(50);
      await page.evaluate(() => window.scrollTo(0, 900));
      await page.waitForTimeout(50);
      await page.clock.resume();
    } else {
      // A desktop: the pointer leaves through the top of the window.
      await page.mouse.move(640, 200);
      await page.mouse.move(640, 2, { steps: 4 });
      await page.evaluate(() => document.documentElement.dispatchEvent(new MouseEvent("mouseout", { clientX: 640, clientY: -2, relatedTarget: null, bubbles: true })));
    }
  }

  test("meets a returning shopper who is leaving, once per session, with the shop's code", async ({ page }, testInfo) => {
    const mobile = testInfo.project.name === "mobile";
    await page.clock.install();
    await openReady(page, "/collections/all");
    await expect(page.locator("html")).toHaveAttribute("data-popups-since", /^\d+$/);
    const popup = page.getByRole("dialog", { name: "Still thinking it over?" });
    await expect(popup).toHaveCount(0);
    await leave(page, mobile);
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("GLOW10");
    await expect(popup.getByRole("link", { name: "Apply it to my bag" })).toHaveAttribute("href", "/discount/GLOW10?redirect=%2Fcollections%2Fall");
    await expectAccessible(page, "dialog.popup");
    await popup.getByRole("button", { name: "Close" }).click();
    await expect(popup).toHaveCount(0);

    await openReady(page, "/collections/face");
    await expect(page.locator("html")).toHaveAttribute("data-popups-since", /^\d+$/);
    await leave(page, mobile);
    await page.waitForTimeout(300);
    await expect(popup).toHaveCount(0);
  });

  test("applies the offered code to the bag", async ({ page }, testInfo) => {
    await page.clock.install();
    await openReady(page, "/collections/all");
    await expect(page.locator("html")).toHaveAttribute("data-popups-since", /^\d+$/);
    await leave(page, testInfo.project.name === "mobile");
    const popup = page.getByRole("dialog", { name: "Still thinking it over?" });
    await popup.getByRole("link", { name: "Apply it to my bag" }).click();
    await expect(page).toHaveURL(/\/collections\/all$/);
    const cart = await page.evaluate(() => fetch("/cart.js").then((response) => response.json() as Promise<{ discount_codes: { code: string }[] }>));
    expect(cart.discount_codes.map((entry) => entry.code)).toEqual(["GLOW10"]);
  });
});

test.describe("one popup at a time", () => {
  // A new visitor on their second page: the newsletter and traffic-shaping popups both come due.
  test.use({
    storageState: {
      cookies: [consentChosen],
      origins: [],
    },
  });

  test("shows them in the merchant's order, the next only after a pause once the first closes", async ({ page }) => {
    await remember(page, [met.countdown, met.announcement, { name: "popup:newsletter", value: JSON.stringify({ epoch: null, pages: ["/"], submitted: false }) }]);
    await page.clock.install({ time: BEFORE_CHRISTMAS });
    await openReady(page, "/pages/about");
    await page.clock.runFor(6000);
    const newsletter = page.getByRole("dialog", { name: "Get 10% off your first order" });
    const welcome = page.getByRole("dialog", { name: "New here?" });
    await expect(newsletter).toBeVisible();
    await expect(welcome).toHaveCount(0);
    // The clock stands still from before the close, so the pause after it is measured from the close however slow the machine.
    await pauseSoon(page);
    await newsletter.getByRole("button", { name: "Close" }).click();
    await page.clock.runFor(28_000);
    await expect(welcome).toHaveCount(0);
    await page.clock.runFor(3000);
    await expect(welcome).toBeVisible();
  });
});
