/**
 * How the main pages look, at 390 and 1280 px, kept as pictures beside this
 * file: a layout that breaks (a row that stops wrapping, a button pushed out
 * of its popup, a column that disappears) fails with a picture of the
 * difference. Parts that change by themselves are held still: the clock is
 * fixed, motion is reduced (sliders do not turn), and what differs from run
 * to run (countdowns, the live viewer count, order numbers and dates) is
 * hidden. After an intended change of look, `npx playwright test
 * tests/browser/visual.spec.ts --update-snapshots` draws the pictures anew;
 * look at them before committing them.
 */
import path from "node:path";
import { type Locator, type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { popupsMet, quietShopper, storageState } from "./storage-states.ts";

/** A fixed moment, so countdowns, dates and schedules draw the same on every run. */
const FIXED_NOW = new Date("2026-11-20T10:00:00Z");

const GEL = "clarifying-gel-cleanser";

test.beforeEach(async ({ page }, testInfo) => {
  // A popup opens after time spent on the site, which a stopped clock would never let pass: there the countdowns are hidden from the picture instead.
  if (!testInfo.titlePath.includes("the newsletter popup")) await page.clock.setFixedTime(FIXED_NOW);
  await page.emulateMedia({ reducedMotion: "reduce" });
});

/**
 * What changes by itself on a page (countdowns, the viewer count, order numbers and dates) is hidden in every
 * picture, keeping its place (visual-moving.css). Hidden rather than masked: a mask is drawn on top of whatever
 * covers the element, such as the side cart over the product page.
 */
const HIDE_MOVING = path.join(import.meta.dirname, "visual-moving.css");

/** Waits until the page is still: fonts loaded, pictures drawn, nothing in flight. */
async function still(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A lazy picture out of view (below the fold, or on a slide not shown) never loads: only those in view are waited for.
    const inView = [...document.images].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
    });
    await Promise.all(inView.map((image) => image.decode().catch(() => undefined)));
  });
  await page.waitForLoadState("networkidle");
}

async function looksAsBefore(page: Page, name: string, extraMasks: Locator[] = [], clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
  await still(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { animations: "disabled", caret: "hide", mask: extraMasks, stylePath: HIDE_MOVING, maxDiffPixelRatio: 0.01, ...(clip ? { clip } : {}) });
}

async function addToCart(page: Page, handle: string, quantity = 1): Promise<void> {
  const product = await (await page.request.get(`/products/${handle}.js`)).json();
  const response = await page.request.post("/cart/add.js", { data: { id: product.variants[0].id, quantity }, headers: { origin: new URL(page.url() || "http://127.0.0.1").origin } });
  expect(response.status()).toBe(200);
}

test.describe("storefront pages", () => {
  test("home", async ({ page }) => {
    await openReady(page, "/");
    await looksAsBefore(page, "home");
  });

  test("collection with its filters open", async ({ page, isMobile }) => {
    await openReady(page, "/collections/all");
    if (isMobile) {
      await page.getByRole("button", { name: /^Filter/ }).first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
    }
    await looksAsBefore(page, "collection-filters");
  });

  test("product", async ({ page }) => {
    await openReady(page, `/products/${GEL}`);
    await looksAsBefore(page, "product");
  });

  test("side cart with gifts and bars", async ({ page }) => {
    await openReady(page, `/products/${GEL}`);
    await addToCart(page, "hyaluronic-acid-serum", 3);
    await page.getByRole("button", { name: "Add to cart" }).click();
    const dialog = page.getByRole("dialog", { name: /Your cart/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Free Gift/).first()).toBeVisible();
    await looksAsBefore(page, "side-cart");
  });

  test("checkout and the order page", async ({ page }) => {
    await openReady(page, `/products/${GEL}`);
    await addToCart(page, GEL);
    await openReady(page, "/checkout");
    await looksAsBefore(page, "checkout");
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Address", { exact: true }).fill("12 St James's Square");
    await page.getByLabel("City").fill("London");
    await page.getByLabel("Postcode").fill("SW1Y 4LE");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
    await looksAsBefore(page, "order", [page.getByRole("heading", { level: 1 })]);
  });

  test("account sign-in", async ({ page }) => {
    await openReady(page, "/account/login");
    await looksAsBefore(page, "account-login");
  });
});

test.describe("builders, first step", () => {
  for (const path of ["/pages/routine-builder", "/pages/build-your-kit", "/pages/build-your-bundle"]) {
    test(path, async ({ page }) => {
      await openReady(page, path);
      await looksAsBefore(page, path.split("/").pop() ?? path);
    });
  }
});

test.describe("a first visit", () => {
  test.use({ storageState: storageState([], Object.values(popupsMet())) });

  test("the cookie banner", async ({ page }) => {
    await openReady(page, "/");
    await expect(page.getByRole("region", { name: "Cookies on this shop" })).toBeVisible();
    await looksAsBefore(page, "cookie-banner");
  });
});

test.describe("the newsletter popup", () => {
  const { newsletter: _met, ...others } = popupsMet();
  test.use({ storageState: { ...quietShopper(), origins: [{ ...quietShopper().origins[0]!, localStorage: [{ name: "visitor", value: JSON.stringify({ first: 0 }) }, ...Object.values(others)] }] } });

  test("as it opens", async ({ page }) => {
    await openReady(page, "/collections/all");
    await openReady(page, `/products/${GEL}`);
    const popup = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "Sign up" }) });
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await looksAsBefore(page, "newsletter-popup");
  });
});

test.describe("the back office", () => {
  test("orders", async ({ page }) => {
    // At least one order, whichever tests ran before, so the list is drawn as a list.
    await page.goto("/");
    await addToCart(page, GEL);
    const contact = { email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", address1: "12 St James's Square", city: "London", zip: "SW1Y 4JH", country: "GB" };
    expect((await page.request.post("/checkout.json", { data: contact, headers: { origin: new URL(page.url()).origin } })).status()).toBe(200);
    await logInAsOwner(page);
    await openReady(page, "/admin/orders");
    // The list holds the orders the other tests placed, so its length (and whether it has pages) varies: the navigation, title and search above it are what is kept.
    const list = await page.getByRole("status").filter({ hasText: /^\d+ orders?[.,]/ }).boundingBox();
    const width = page.viewportSize()?.width ?? 1280;
    await looksAsBefore(page, "admin-orders", [], { x: 0, y: 0, width, height: Math.floor(list?.y ?? 300) });
  });
});
