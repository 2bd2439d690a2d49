/**
 * The search page's price range and stock filters: the collections' form
 * beside the results on wide screens and in a "Filter" drawer on phones,
 * applied without a reload, removable by their chips, and a plain GET form
 * without scripts. Web-first assertions, no sleeps.
 */
import { type Page, expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { mainHydrated, markDocument, stillSameDocument } from "./ready.ts";

const onPhone = () => test.info().project.name === "mobile";


/** The filter form the shopper sees: beside the results, or on phones in the drawer its button opens. */
async function openFilters(page: Page) {
  if (!onPhone()) return page.locator("#collection-area");
  await page.getByRole("button", { name: "Filter" }).click();
  const drawer = page.getByRole("dialog", { name: "Filter" });
  await expect(drawer).toBeVisible();
  return drawer;
}

const pricesShown = async (page: Page) => (await page.locator("#search-results .product-grid .price__current").allTextContents()).map((text) => Number(/([\d.]+)/.exec(text)?.[1]));

test("a price range narrows the search's products without a reload, and its chip or Clear takes it away", async ({ page }) => {
  await page.goto("/search?q=serum");
  await mainHydrated(page);
  await markDocument(page);
  const count = page.locator("[data-collection-count]");
  const before = (await count.textContent()) ?? "";
  const highest = Math.max(...(await pricesShown(page)));
  const form = await openFilters(page);
  const price = form.getByRole("group", { name: "Price" });
  await expect(price).toContainText(/The highest price is £\d+\.\d\d/);
  const to = price.getByRole("spinbutton", { name: "To" });
  await to.fill("25");
  await to.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=serum&filter\.v\.price\.lte=25$/);
  await expect(count).not.toHaveText(before);
  await expect(page.locator("#search-results .product-grid .price__current").first()).toBeVisible();
  const within = await pricesShown(page);
  expect(within.every((shown) => shown <= 25)).toBe(true);
  expect(highest).toBeGreaterThan(25);
  if (onPhone()) {
    // Enter sends the drawer's form: it applies and closes.
    await expect(page.getByRole("dialog", { name: "Filter" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Filter, 1 active" })).toBeFocused();
    await page.getByRole("link", { name: "Remove filter: Price up to £25.00" }).click();
  } else {
    await expect(page.getByRole("link", { name: "Remove filter: Price up to £25.00" })).toBeHidden();
    await expect(page.locator("#collection-area").getByRole("spinbutton", { name: "To" })).toHaveValue("25");
    await page.locator("#collection-area").getByRole("link", { name: "Clear filters" }).click();
  }
  await expect(page).toHaveURL(/\/search\?q=serum$/);
  await expect(count).toHaveText(before);
  expect(await stillSameDocument(page)).toBe(true);
});

test("'In stock' keeps the products that can be bought, with its count, and Back brings the choice again", async ({ page }) => {
  await page.goto("/search?q=serum");
  await mainHydrated(page);
  await markDocument(page);
  const form = await openFilters(page);
  const inStock = form.getByRole("group", { name: "Availability" }).getByRole("checkbox", { name: /^In stock \(\d+\)$/ });
  const expected = Number(/\((\d+)\)/.exec((await inStock.locator("xpath=..").textContent()) ?? "")?.[1]);
  await inStock.check();
  await expect(page).toHaveURL(/\/search\?q=serum&filter\.v\.availability=1$/);
  const count = page.locator("[data-collection-count]");
  await expect(count).toHaveAttribute("data-total", String(expected));
  await expect(page.locator("#search-results .product-grid").getByText("Sold out")).toHaveCount(0);
  if (onPhone()) await page.getByRole("dialog", { name: "Filter" }).getByRole("button", { name: "Close" }).click();
  await page.goto("/search?q=serum");
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=serum&filter\.v\.availability=1$/);
  await expect(count).toHaveAttribute("data-total", String(expected));
});

test("axe finds no serious violations on the filtered search", async ({ page }) => {
  await page.goto("/search?q=serum&filter.v.availability=1&filter.v.price.gte=10");
  await mainHydrated(page);
  await openFilters(page);
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are a plain GET form that keeps the search's words, and the chips are links", async ({ page }) => {
    await page.goto("/search?q=serum");
    await expect(page.getByRole("button", { name: /^Filter/ })).toBeHidden();
    const form = page.locator("#collection-area form");
    await form.getByRole("group", { name: "Availability" }).getByRole("checkbox", { name: /^In stock/ }).check();
    await form.getByRole("spinbutton", { name: "To" }).fill("25");
    await form.getByRole("button", { name: "Apply" }).click();
    // The empty "From" is dropped from the address the form sent.
    await expect(page).toHaveURL(/\/search\?q=serum&filter\.v\.availability=1&filter\.v\.price\.lte=25$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("serum");
    expect((await pricesShown(page)).every((shown) => shown <= 25)).toBe(true);
    if (onPhone()) {
      await page.getByRole("link", { name: "Remove filter: In stock" }).click();
      await expect(page).toHaveURL(/\/search\?q=serum&filter\.v\.price\.lte=25$/);
    } else {
      await page.getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/search\?q=serum$/);
    }
  });
});
