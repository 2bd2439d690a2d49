/**
 * The collection's filters on phones: a "Filter and sort" button above the
 * grid opens a modal drawer with the filters and the sort, and the active
 * filters show as removable chips; wide screens keep the form beside the
 * grid. Web-first assertions, no sleeps.
 */
import { type Page, expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { mainHydrated, markDocument, stillSameDocument } from "./ready.ts";

const onPhone = () => test.info().project.name === "mobile";


/** The sum of the page's layout shifts not caused by input, as Core Web Vitals count them. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    // Buffered entries land in the observer's queue at once, so they can be taken without waiting.
    observer.observe({ type: "layout-shift", buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
  });
}

test("the collection opens without layout shift at either width", async ({ page }) => {
  await page.goto("/collections/face/skin-type-dry");
  await mainHydrated(page);
  await page.waitForLoadState("networkidle");
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});

test("a price range typed into 'To' narrows the grid to products within it, and its chip takes it away", async ({ page }) => {
  await page.goto("/collections/face");
  await mainHydrated(page);
  await markDocument(page);
  const count = page.locator("[data-collection-count]");
  await expect(count).toHaveText(/ of 27$/);
  let form = page.locator("#collection-area");
  if (onPhone()) {
    await page.getByRole("button", { name: "Filter and sort" }).click();
    form = page.getByRole("dialog", { name: "Filter and sort" });
  }
  const price = form.getByRole("group", { name: "Price" });
  await expect(price).toContainText(/The highest price is £\d+\.\d\d/);
  const to = price.getByRole("spinbutton", { name: "To" });
  await to.fill("20");
  await to.press("Enter");
  await expect(page).toHaveURL(/\/collections\/face\?filter\.v\.price\.lte=20$/);
  await expect(count).not.toHaveText(/ of 27$/);
  const prices = page.locator("#collection-area .product-grid .price__current");
  await expect(prices.first()).toBeVisible();
  for (const text of await prices.allTextContents()) expect(Number(/([\d.]+)/.exec(text)?.[1])).toBeLessThanOrEqual(20);
  if (onPhone()) {
    await expect(form).toBeHidden();
    const chip = page.getByRole("link", { name: "Remove filter: Price up to £20.00" });
    await chip.click();
    await expect(page).toHaveURL(/\/collections\/face$/);
  } else {
    await expect(page.locator("#collection-area").getByRole("group", { name: "Price" }).getByRole("spinbutton", { name: "To" })).toHaveValue("20");
    await page.locator("#collection-area").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/collections\/face$/);
  }
  await expect(count).toHaveText(/ of 27$/);
  expect(await stillSameDocument(page)).toBe(true);
});

test.describe("wide screens", () => {
  test.beforeEach(() => {
    test.skip(onPhone(), "phones get the drawer");
  });

  test("keep the filters beside the grid, with no drawer button or chips", async ({ page }) => {
    await page.goto("/collections/face/skin-type-dry");
    await mainHydrated(page);
    await expect(page.getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Dry/ })).toBeChecked();
    await expect(page.getByRole("button", { name: /^Filter and sort/ })).toBeHidden();
    await expect(page.getByRole("link", { name: "Remove filter: Dry" })).toBeHidden();
  });
});

test.describe("phones", () => {
  test.beforeEach(() => {
    test.skip(!onPhone(), "from 835 px the filters sit beside the grid");
  });

  test("the page opens with the products, the filters closed behind a button", async ({ page }) => {
    await page.goto("/collections/face");
    await expect(page.getByRole("button", { name: "Filter and sort" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Filter and sort" })).toBeHidden();
    await expect(page.getByRole("group", { name: "Skin type" })).toBeHidden();
    await expect(page.locator("#collection-area .product-grid > li").first()).toBeInViewport();
  });

  test("open the drawer, tick a filter, apply, see the chip and the count, remove the chip", async ({ page }) => {
    await page.goto("/collections/face");
    await mainHydrated(page);
    await markDocument(page);
    const count = page.locator("[data-collection-count]");
    await expect(count).toHaveText("12 of 27");
    const opener = page.getByRole("button", { name: "Filter and sort" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "Filter and sort" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();

    await drawer.getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Oily/ }).check();
    await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.skin_type=oily$/);
    await drawer.getByRole("button", { name: "Show 7 products" }).click();
    await expect(drawer).toBeHidden();
    await expect(count).toHaveText("7 of 7");
    await expect(page.getByRole("button", { name: "Filter and sort, 1 active" })).toBeFocused();

    const chip = page.getByRole("link", { name: "Remove filter: Oily" });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page).toHaveURL(/\/collections\/face$/);
    await expect(count).toHaveText("12 of 27");
    await expect(chip).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Filter and sort" })).toBeVisible();
    expect(await stillSameDocument(page)).toBe(true);

    // Back brings the filter, its chip and its count again.
    await page.goBack();
    await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.skin_type=oily$/);
    await expect(count).toHaveText("7 of 7");
    await expect(page.getByRole("link", { name: "Remove filter: Oily" })).toBeVisible();
    await page.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/collections\/face$/);
    expect(await stillSameDocument(page)).toBe(true);
  });

  test("keyboard: the drawer is modal, Tab stays inside, Esc closes and focus returns", async ({ page }) => {
    await page.goto("/collections/face/skin-type-dry");
    await mainHydrated(page);
    const opener = page.getByRole("button", { name: "Filter and sort, 1 active" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Filter and sort" });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute("aria-modal", "true");
    const close = drawer.getByRole("button", { name: "Close" });
    await expect(close).toBeFocused();
    // The rest of the page is out of reach and does not scroll.
    await expect(page.locator("main#main")).toHaveAttribute("inert", "");
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");

    // Shift+Tab from the first control wraps to the last, Tab from the last back to the first.
    await page.keyboard.press("Shift+Tab");
    const apply = drawer.getByRole("button", { name: "Show 20 products" });
    await expect(apply).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.locator("main#main")).not.toHaveAttribute("inert");
  });

  test("axe finds no serious violations with the drawer open", async ({ page }) => {
    await page.goto("/collections/face/skin-type-dry");
    await mainHydrated(page);
    await page.getByRole("button", { name: /^Filter and sort/ }).click();
    await expect(page.getByRole("dialog", { name: "Filter and sort" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the filters are a plain form in the page, and the chips are links", async ({ page }) => {
      await page.goto("/collections/face");
      await expect(page.getByRole("button", { name: /^Filter and sort/ })).toBeHidden();
      await page.getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Dry/ }).check();
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.skin_type=dry$/);
      await page.getByRole("link", { name: "Remove filter: Dry" }).click();
      await expect(page).toHaveURL(/\/collections\/face$/);
      await expect(page.getByRole("link", { name: "Remove filter: Dry" })).toHaveCount(0);
    });
  });
});
