/**
 * Browsing as a shopper: collection filters swapped in without a reload
 * (address, Back, reset; on phones through the "Filter and sort" drawer,
 * see filter-drawer.spec.ts) and load-more with the count (the header's
 * predictive search: predictive-search.spec.ts). Web-first assertions, no sleeps.
 */
import { type Page, expect, test } from "@playwright/test";

/** Marks the document; a reload would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

/** Waits until the page's scripts have taken over (the collection page and the header search mark it). */
async function hydrated(page: Page, selector = "main#main") {
  await expect(page.locator(selector)).toHaveAttribute("data-hydrated", "true");
}

const onPhone = () => test.info().project.name === "mobile";

/**
 * The filter form where the shopper reaches it: beside the grid on wide
 * screens, in the "Filter and sort" drawer on phones (opened when closed).
 */
async function filterForm(page: Page) {
  if (!onPhone()) return page.locator("#collection-area");
  const drawer = page.getByRole("dialog", { name: "Filter and sort" });
  if (!(await drawer.isVisible())) await page.getByRole("button", { name: /^Filter and sort/ }).click();
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Phones: "Show N products" applies the drawer and closes it, giving the page back. Wide screens apply as they change. */
async function closeFilterForm(page: Page) {
  if (!onPhone()) return;
  const drawer = page.getByRole("dialog", { name: "Filter and sort" });
  await drawer.getByRole("button", { name: /^Show \d+ products?$/ }).click();
  await expect(drawer).toBeHidden();
}

/** The link that clears every filter: in the form on wide screens, beside the chips above the grid on phones. */
const clearFiltersLink = (page: Page) => page.locator("#collection-area").getByRole("link", { name: onPhone() ? "Clear all" : "Clear filters" });

test.describe("collection filters", () => {
  test("filter, go Back, and reset without a reload", async ({ page }) => {
    const ajaxRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("view=ajax")) ajaxRequests.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await page.goto("/collections/face");
    await hydrated(page);
    await markDocument(page);
    const area = page.locator("#collection-area");
    const count = area.locator("[data-collection-count]");
    const before = await count.textContent();

    const skinType = (await filterForm(page)).getByRole("group", { name: "Skin type" });
    await skinType.getByRole("checkbox", { name: /^Dry/ }).check();
    await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.skin_type=dry$/);
    await expect(count).not.toHaveText(before ?? "");
    await expect((await filterForm(page)).getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Dry/ })).toBeChecked();
    expect(ajaxRequests).toContain("/collections/face?filter.p.m.custom.skin_type=dry&view=ajax");
    expect(await stillSameDocument(page)).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/collections\/face$/);
    await expect(count).toHaveText(before ?? "");
    await expect((await filterForm(page)).getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Dry/ })).not.toBeChecked();
    expect(await stillSameDocument(page)).toBe(true);

    await page.goForward();
    await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.skin_type=dry$/);
    // The form shows the filtered page's choices again before it is applied (applying a form still showing the unfiltered ones would undo the filter).
    await expect((await filterForm(page)).getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Dry/ })).toBeChecked();
    await closeFilterForm(page);
    await expect(clearFiltersLink(page)).toBeVisible();

    await clearFiltersLink(page).click();
    await expect(page).toHaveURL(/\/collections\/face$/);
    await expect(count).toHaveText(before ?? "");
    expect(ajaxRequests).toContain("/collections/face?view=ajax");
    expect(await stillSameDocument(page)).toBe(true);
  });

  test("the filtered address rendered by the server shows the same result", async ({ page }) => {
    await page.goto("/collections/face/skin-type-dry");
    await expect(clearFiltersLink(page)).toBeVisible();
    if (onPhone()) {
      await expect(page.getByRole("link", { name: "Remove filter: Dry" })).toBeVisible();
      await hydrated(page);
    }
    await expect((await filterForm(page)).getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Dry/ })).toBeChecked();
  });
});

test("load more twice and see the count", async ({ page }) => {
  await page.goto("/collections/all");
  await hydrated(page);
  await markDocument(page);
  const count = page.locator("[data-collection-count]");
  await expect(count).toHaveText("12 of 38");
  await page.getByRole("link", { name: "Load more" }).click();
  await expect(count).toHaveText("24 of 38");
  await expect(page).toHaveURL(/\/collections\/all\?page=2$/);
  await page.getByRole("link", { name: "Load more" }).click();
  await expect(count).toHaveText("36 of 38");
  await expect(page).toHaveURL(/\/collections\/all\?page=3$/);
  await expect(page.locator("#collection-area .product-grid > li")).toHaveCount(36);
  expect(await stillSameDocument(page)).toBe(true);
});

test("load previous prepends the earlier page", async ({ page }) => {
  await page.goto("/collections/all?page=2");
  await hydrated(page);
  const count = page.locator("[data-collection-count]");
  // Arriving at page 2, the grid holds that page's 12 products, and the count says so.
  await expect(count).toHaveText("12 of 38");
  await page.getByRole("link", { name: "Load previous" }).click();
  await expect(page.locator("#collection-area .product-grid > li")).toHaveCount(24);
  await expect(count).toHaveText("24 of 38");
  await expect(page.getByRole("link", { name: "Load previous" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/collections\/all\?page=2$/);
});

test("the search page pages through the platform's results and answers a fragment", async ({ page, request }) => {
  await page.goto("/search?q=serum");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("serum");
  await expect(page.getByRole("list", { name: /serum/ }).getByRole("listitem").first()).toBeVisible();
  const fragment = await (await request.get("/search?view=ajax&q=serum")).text();
  expect(fragment).toContain('id="search-results"');
});

test.describe("mega-menu", () => {
  test.beforeEach(() => {
    test.skip(test.info().project.name === "mobile", "the mega-menu is the desktop navigation; phones get the drawer");
  });

  test("opens on hover with an overlay and closes when the pointer leaves", async ({ page }) => {
    await page.goto("/collections/all");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const skincare = nav.getByRole("button", { name: "Skincare" });
    await skincare.hover();
    await expect(skincare).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Serums" })).toBeVisible();
    await expect(page.locator(".mega-menu__overlay")).toBeVisible();
    await page.getByRole("heading", { level: 1 }).hover({ force: true });
    await page.mouse.move(5, 800);
    await expect(skincare).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Serums" })).toBeHidden();
  });

  test("opens by keyboard, Escape closes and returns focus", async ({ page }) => {
    await page.goto("/collections/all");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const skincare = nav.getByRole("button", { name: "Skincare" });
    await skincare.focus();
    await page.keyboard.press("Enter");
    await expect(skincare).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Shop all Skincare" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(skincare).toHaveAttribute("aria-expanded", "false");
    await expect(skincare).toBeFocused();
  });
});

test("phones open the menu drawer", async ({ page }) => {
  test.skip(test.info().project.name !== "mobile", "the drawer is the phone navigation");
  await page.goto("/");
  await hydrated(page, "form.predictive-search");
  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  await drawer.getByText("Skincare", { exact: true }).click();
  await drawer.getByText("Shop by category", { exact: true }).click();
  await drawer.getByRole("link", { name: "Serums" }).click();
  await expect(page).toHaveURL(/\/collections\/serums$/);
  await expect(drawer).toBeHidden();
});

test.describe("sort dropdown", () => {
  test("a select-only combobox: opens, moves and picks with the keyboard, keeping focus through the swap", async ({ page }) => {
    await page.goto("/collections/face");
    await hydrated(page);
    await markDocument(page);
    const sort = (await filterForm(page)).getByRole("combobox", { name: "Sort by" });
    await expect(sort).toHaveText("Featured");
    await sort.focus();
    await page.keyboard.press("ArrowDown");
    await expect(sort).toHaveAttribute("aria-expanded", "true");
    const listbox = page.getByRole("listbox", { name: "Sort by" });
    await expect(listbox).toBeVisible();
    await expect(listbox.getByRole("option", { name: "Featured" })).toHaveAttribute("aria-selected", "true");

    await page.keyboard.press("End");
    const newest = listbox.getByRole("option", { name: "Newest" });
    await expect(sort).toHaveAttribute("aria-activedescendant", (await newest.getAttribute("id")) ?? "");
    await page.keyboard.press("Escape");
    await expect(sort).toHaveAttribute("aria-expanded", "false");
    await expect(sort).toHaveText("Featured");
    // Esc in the open list closes the list only: on phones the drawer around it stays open.
    await expect(sort).toBeFocused();

    // Type-ahead opens the list on the first option starting with the letters.
    await page.keyboard.press("p");
    await expect(sort).toHaveAttribute("aria-expanded", "true");
    await expect(sort).toHaveAttribute("aria-activedescendant", (await listbox.getByRole("option", { name: "Price, low to high" }).getAttribute("id")) ?? "");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/collections\/face\?sort_by=price-descending$/);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveText("Price, high to low");
    await expect(page.getByRole("combobox", { name: "Sort by" })).toBeFocused();
    expect(await stillSameDocument(page)).toBe(true);
  });

  test("picks with the pointer", async ({ page }) => {
    await page.goto("/collections/face");
    await hydrated(page);
    await (await filterForm(page)).getByRole("combobox", { name: "Sort by" }).click();
    await page.getByRole("option", { name: "Alphabetically, A–Z" }).click();
    await expect(page).toHaveURL(/\/collections\/face\?sort_by=title-ascending$/);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveText("Alphabetically, A–Z");
    // The address changes as the new grid is put in; wait for the grid itself.
    await expect
      .poll(async () => {
        const titles = await page.locator("#collection-area .card__title").allTextContents();
        return titles.length > 1 && titles.join("|") === [...titles].sort((a, b) => a.localeCompare(b)).join("|");
      })
      .toBe(true);
  });
});

test("the header hides on scroll down, returns on scroll up and shrinks after the offset", async ({ page }) => {
  await page.goto("/collections/all");
  await hydrated(page);
  const header = page.locator("header.site-header");
  await expect(header).not.toHaveAttribute("data-hidden");
  await expect(header).not.toHaveAttribute("data-shrunk");

  await page.mouse.move(200, 500);
  await page.mouse.wheel(0, 800);
  await expect(header).toHaveAttribute("data-hidden", "");
  await expect(header).toHaveAttribute("data-shrunk", "");
  await expect.poll(() => header.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);

  await page.mouse.wheel(0, -200);
  await expect(header).not.toHaveAttribute("data-hidden");
  await expect(header).toHaveAttribute("data-shrunk", "");
  await expect.poll(() => header.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(0);
  await expect.poll(() => header.evaluate((element) => element.getBoundingClientRect().bottom)).toBeGreaterThan(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute("data-shrunk");
  await expect(header).not.toHaveAttribute("data-hidden");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu is links, and the sort is a native select the form submits", async ({ page }) => {
    await page.goto("/collections/face");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Skincare", exact: true })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Skincare" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    if (test.info().project.name === "desktop") {
      await nav.getByRole("link", { name: "Skincare", exact: true }).hover();
      await expect(nav.getByRole("link", { name: "Serums" })).toBeVisible();
    }
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await expect(sort).toBeVisible();
    await expect(sort).toHaveJSProperty("tagName", "SELECT");
    await sort.selectOption("title-descending");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/collections\/face\?sort_by=title-descending$/);
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("title-descending");
  });
});

test("compare a collection's products side by side by chosen attributes", async ({ page }) => {
  await page.goto("/collections/face");
  await page.getByRole("link", { name: "Compare products side by side" }).click();
  await expect(page).toHaveURL(/\/collections\/face\/compare$/);
  await hydrated(page, "form.compare__form");
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveCount(3);
  await expect(table.getByRole("rowheader", { name: "Price" })).toBeVisible();

  const products = page.getByRole("group", { name: /^Products/ });
  await products.getByRole("checkbox", { name: "Glow Tonic 5% AHA" }).check();
  await expect(table.getByRole("columnheader")).toHaveCount(4);
  await expect(page).toHaveURL(/products=.*glow-tonic/);
  // Four is the most that fit: the rest wait until one is taken away.
  await expect(products.getByRole("checkbox", { name: "Eau Micellaire Douceur" })).toBeDisabled();

  await page.getByRole("group", { name: "Compare by" }).getByRole("checkbox", { name: "Price" }).uncheck();
  await expect(table.getByRole("rowheader", { name: "Price" })).toHaveCount(0);
  await expect(table.getByRole("rowheader", { name: "Skin type" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(4);
  await expect(page.getByRole("table").getByRole("rowheader", { name: "Price" })).toHaveCount(0);
});

test("ticking cards to compare keeps the picks through a filter and leads to the table", async ({ page }) => {
  await page.goto("/collections/face");
  await hydrated(page);
  const bar = page.getByRole("region", { name: "Compare products" });
  await expect(bar).toBeHidden();
  // With nothing chosen the bar says nothing (no "0 of 4 chosen" for a reader to find).
  await expect(page.getByRole("region", { name: "Compare products", includeHidden: true })).toHaveText("");
  const grid = page.locator("#collection-area");
  await grid.getByRole("checkbox", { name: "Compare Gentle Cream Cleanser" }).check();
  await expect(bar).toBeVisible();
  await expect(bar).toContainText("1 of 4 chosen");
  await expect(bar.getByRole("link", { name: /^Compare/ })).toHaveCount(0);

  await grid.getByRole("checkbox", { name: "Compare Clarifying 2% BHA Gel Cleanser" }).check();
  await expect(bar.getByRole("link", { name: "Compare 2 products" })).toBeVisible();

  // A filter swaps the grid for new HTML; the picks stay ticked.
  await (await filterForm(page)).getByRole("group", { name: "Skin type" }).getByRole("checkbox", { name: /^Dry/ }).check();
  await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.skin_type=dry$/);
  await closeFilterForm(page);
  await expect(page.locator("#collection-area").getByRole("checkbox", { name: "Compare Gentle Cream Cleanser" })).toBeChecked();
  await expect(bar).toContainText("2 of 4 chosen");

  await bar.getByRole("link", { name: "Compare 2 products" }).click();
  await expect(page).toHaveURL(/\/collections\/face\/compare\?products=gentle-cream-cleanser%2Cclarifying-gel-cleanser$/);
  const headers = page.getByRole("table").getByRole("columnheader");
  await expect(headers).toHaveCount(2);
  await expect(headers.first()).toContainText("Gentle Cream Cleanser");
});
