/**
 * The back office's products at a desk: the owner finds a product from the
 * list with the keyboard alone, changes its price and ingredients, and the
 * product page shows them; a wrong price is refused beside its field; axe
 * finds nothing serious on the list, the product page (with and without an
 * error), the import page, and the collections; a collection renamed and
 * given a product shows so on its page. The product is the Bakuchiol Renewal
 * Serum and the collection Eye Care, which no other test reads; both end as
 * they began. The product is also given a badge and an add-on (the
 * Ginseng Revitalising Eye Cream, only read), which the product page shows.
 */
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");
test.describe.configure({ mode: "serial" });

const PRODUCT = { handle: "bakuchiol-renewal-serum", title: "Bakuchiol Renewal Serum", price: "36.00", newPrice: "34.50" };
const INGREDIENTS = "Aqua, Squalane, Bakuchiol, Tocopherol";

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await logInAsOwner(await context.newPage());
  signedIn = await context.storageState();
  await context.close();
});

async function ownerPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 }, ...options });
  return context.newPage();
}

/** Presses Tab until the focused element has `name` (its text), as a keyboard user would. */
async function tabTo(page: Page, name: string, most = 60) {
  for (let step = 0; step < most; step += 1) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "")) === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** The product page as a shopper sees it, once every server has the new catalog (checked about once a second). */
async function expectProductPage(shopper: Page, check: (page: Page) => Promise<void>) {
  await expect(async () => {
    await shopper.goto(`/products/${PRODUCT.handle}`);
    await check(shopper);
  }).toPass({ timeout: 15_000 });
}

test("the owner finds a product with the keyboard, changes its price and ingredients, and the product page shows them", async ({ browser, page: shopper }) => {
  const page = await ownerPage(browser);
  await openReady(page, "/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: /Products by title/ });
  for (const header of ["Product", "Type", "Vendor", "Variants", "Price", "Status"]) await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only: the search, then Tab to the product's link.
  await page.getByRole("searchbox", { name: "Title, handle or SKU" }).focus();
  await page.keyboard.type("MB-SER-BAKU");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/products\?q=MB-SER-BAKU$/);
  await expect(page.getByRole("status").filter({ hasText: "found" })).toHaveText("1 product found.");
  await tabTo(page, PRODUCT.title);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT.title })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const price = page.getByRole("textbox", { name: "Price", exact: true });
  await expect(price).toHaveValue(PRODUCT.price);
  await price.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(PRODUCT.newPrice);
  await page.getByRole("textbox", { name: /^Ingredients/ }).fill(INGREDIENTS);
  await tabTo(page, "Save product");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText("Saved. The shop shows the changes now.");
  await expect(price).toHaveValue(PRODUCT.newPrice);

  await expectProductPage(shopper, async (product) => {
    await expect(product.locator(".product__price")).toContainText(`£${PRODUCT.newPrice}`, { timeout: 1000 });
    await expect(product.getByRole("region", { name: "Ingredients" })).toContainText(INGREDIENTS, { timeout: 1000 });
  });
});

test("a wrong price is refused beside its field, and the product is put back as it was", async ({ browser, page: shopper }) => {
  const page = await ownerPage(browser);
  await openReady(page, "/admin/products?q=bakuchiol");
  await page.getByRole("link", { name: PRODUCT.title }).click();
  const price = page.getByRole("textbox", { name: "Price", exact: true });
  await price.fill("12.345");
  await page.getByRole("button", { name: "Save product" }).click();
  const summary = page.getByRole("heading", { name: "The product was not saved. Please check the highlighted fields." });
  await expect(summary).toBeVisible();
  await expect(page.getByRole("link", { name: "Price: Enter the price in pounds and pence, such as 12.50." })).toBeVisible();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(price).toHaveValue("12.345");
  expect(await seriousViolations(page)).toEqual([]);

  await price.fill(PRODUCT.price);
  await page.getByRole("textbox", { name: /^Ingredients/ }).fill("");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expectProductPage(shopper, async (product) => {
    await expect(product.locator(".product__price")).toContainText(`£${PRODUCT.price}`, { timeout: 1000 });
    await expect(product.getByRole("region", { name: "Ingredients" })).toHaveCount(0);
  });
});

test("the owner gives a product a badge and an add-on, the product page shows the badge and offers the add-on, and a wrong size is refused beside its field", async ({ browser, page: shopper }) => {
  const ADD_ON = { handle: "ginseng-eye-cream", title: "Ginseng Revitalising Eye Cream" };
  const page = await ownerPage(browser);
  await openReady(page, "/admin/products?q=bakuchiol");
  await page.getByRole("link", { name: PRODUCT.title }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Shown in the shop" })).toBeVisible();
  const badges = page.getByRole("textbox", { name: /^Badges/ });
  const addOns = page.getByRole("textbox", { name: /^Add-ons/ });
  await expect(badges).toHaveValue("New\nVegan");
  await expect(addOns).toHaveValue("");
  await badges.fill("New\nVegan\nPregnancy safe");
  // A product's address is read as its handle.
  await addOns.fill(`/products/${ADD_ON.handle}`);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText("Saved. The shop shows the changes now.");
  await expect(addOns).toHaveValue(ADD_ON.handle);

  await expectProductPage(shopper, async (product) => {
    await expect(product.locator(".product__badges")).toContainText("Pregnancy safe", { timeout: 1000 });
    await expect(product.getByRole("form", { name: new RegExp(PRODUCT.title) }).getByRole("checkbox", { name: new RegExp(ADD_ON.title) })).toBeVisible({ timeout: 1000 });
  });

  const size = page.getByRole("textbox", { name: /^Size in millilitres/ });
  await size.fill("abc");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("heading", { name: "The product was not saved. Please check the highlighted fields." })).toBeVisible();
  const message = "Enter the size in millilitres, such as 50, or leave it empty for products not sold by volume.";
  await expect(page.getByRole("link", { name: `Size in millilitres: ${message}` })).toBeVisible();
  await expect(size).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".field--amount_ml .field__error")).toHaveText(message);
  await expect(size).toHaveAccessibleDescription(new RegExp(`${message.replaceAll(".", "\\.")}$`));
  await expect(size).toHaveValue("abc");
  expect(await seriousViolations(page)).toEqual([]);

  // Put back as it was.
  await size.fill("");
  await badges.fill("New\nVegan");
  await addOns.fill("");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expectProductPage(shopper, async (product) => {
    await expect(product.locator(".product__badges")).not.toContainText("Pregnancy safe", { timeout: 1000 });
    await expect(product.getByRole("checkbox", { name: new RegExp(ADD_ON.title) })).toHaveCount(0, { timeout: 1000 });
  });
});

test("the product form saves without scripts, and the import page passes axe", async ({ browser }) => {
  const page = await ownerPage(browser, { javaScriptEnabled: false });
  await page.goto("/admin/products?q=bakuchiol");
  await page.getByRole("link", { name: PRODUCT.title }).click();
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Price", exact: true })).toHaveValue(PRODUCT.price);

  const scripted = await ownerPage(browser);
  await openReady(scripted, "/admin/products/import");
  await expect(scripted.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
  expect(await seriousViolations(scripted)).toEqual([]);
});

test("the owner renames a collection and adds a product to it, the collection page follows, and it is put back", async ({ browser, page: shopper }) => {
  const page = await ownerPage(browser);
  await openReady(page, "/admin/collections");
  await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Eye Care", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Eye Care" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const products = page.getByRole("group", { name: "Products in this collection" });
  await page.getByRole("textbox", { name: "Title" }).fill("Eye Care Edit");
  await products.getByRole("checkbox", { name: PRODUCT.title }).check();
  await page.getByRole("button", { name: "Save collection" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText("Saved. The shop shows the changes now.");
  await expect(async () => {
    await shopper.goto("/collections/eye-care");
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Eye Care Edit", { timeout: 1000 });
    await expect(shopper.getByRole("link", { name: PRODUCT.title }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  await page.getByRole("textbox", { name: "Title" }).fill("Eye Care");
  await products.getByRole("checkbox", { name: PRODUCT.title }).uncheck();
  await page.getByRole("button", { name: "Save collection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Eye Care" })).toBeVisible();
  await expect(async () => {
    await shopper.goto("/collections/eye-care");
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Eye Care", { timeout: 1000 });
    await expect(shopper.getByRole("link", { name: PRODUCT.title })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test("signed out, the catalog's pages, their data and the export answer the way to log in", async ({ request }) => {
  for (const [page, route] of [
    ["/admin/products", "routes/admin.products"],
    ["/admin/products/1", "routes/admin.product"],
    ["/admin/products/import", "routes/admin.products.import"],
    ["/admin/collections", "routes/admin.collections"],
    ["/admin/collections/1", "routes/admin.collection"],
  ] as const) {
    const data = await request.get(`${page}.data?_routes=${encodeURIComponent(route)}`, { maxRedirects: 0 });
    const body = await data.text();
    expect(body, page).toContain("SingleFetchRedirect");
    expect(body, page).toContain("/admin/login");
  }
  const csv = await request.get("/admin/products/export.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
  expect(csv.headers().location).toMatch(/^\/admin\/login/);
  expect(await csv.text()).not.toContain("Handle,Title");
});
