/**
 * The page hydrates without React Router's router and loads it afterwards
 * (src/theme/entry/deferred-router.tsx), at 390 and 1280 px:
 *
 * - the router arrives by itself once the page is idle, and links then move
 *   in place, forwards and back;
 * - a link followed before the router has arrived waits for it and still
 *   moves in place (the router's file is held back by the test);
 * - when the router's file cannot be loaded at all, a link still leads where
 *   it points, by a full page load, and a form that posts tells the shopper
 *   part of the page did not load, and is sent by their "Try again";
 * - links in view whose routes the page learns only once the router is there
 *   are prefetched then.
 *
 * "In place" is checked with a mark set on the window: a full page load
 * starts a new window without it.
 */
import { type Page, type Route, expect, test } from "@playwright/test";
import { openReady, watchPrefetches } from "./ready.ts";

const ROUTER_FILE = /\/assets\/full-router-[\w-]+\.js(?:\?.*)?$/;
const PRODUCT = "/products/damask-rose-mist";

const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true);
const homeLink = (page: Page) => page.locator("header a[href='/']").first();

test("the router loads by itself once the page is idle, and links then move in place, forwards and back", async ({ page }) => {
  const routerLoaded = page.waitForResponse((response) => ROUTER_FILE.test(new URL(response.url()).pathname) && response.ok());
  await openReady(page, PRODUCT);
  await routerLoaded;
  await markWindow(page);
  await homeLink(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("main#main")).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Damask Rose Hydrating Mist" })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("a link followed before the router has arrived waits for it and moves in place", async ({ page }) => {
  // The router's file is held until the link has been clicked.
  const held: Route[] = [];
  await page.route(ROUTER_FILE, (route) => void held.push(route));
  await openReady(page, PRODUCT);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await markWindow(page);
  await homeLink(page).click();
  // The page moves once the router is there, in place: a click lost to a full page load would have left the window.
  for (const route of held) await route.continue();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("main#main")).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("when the router's file cannot be loaded, a link still leads where it points", async ({ page }) => {
  await page.route(ROUTER_FILE, (route) => route.abort("connectionfailed"));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await openReady(page, PRODUCT);
  await markWindow(page);
  await homeLink(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // A new page, loaded whole.
  expect(await sameDocument(page)).toBe(false);
  expect(errors).toEqual([]);
});

test("a form sent while the router's file will not load says so, and Try again sends it", async ({ page }, testInfo) => {
  // An address of its own, so other runs' messages do not count against this one's limit.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.78.${testInfo.project.name === "mobile" ? 1 : 2}.${Date.now() % 250}` });
  let failing = true;
  await page.route(ROUTER_FILE, (route) => (failing ? route.abort("connectionfailed") : route.continue()));
  await openReady(page, "/pages/contact");
  await markWindow(page);
  await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByRole("textbox", { name: "Message" }).fill("Do you ship the rose mist to Ireland?");
  await page.getByRole("button", { name: "Send message" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Part of this page didn't load." });
  await expect(notice).toBeVisible();
  failing = false;
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/pages\/contact\?contact_posted=true/);
  await expect(page.getByRole("status").filter({ hasText: "Thank you, your message is on its way." })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test("a product link in view is prefetched when the router arrives after the page's link prefetcher", async ({ page }) => {
  const held: Route[] = [];
  await page.route(ROUTER_FILE, (route) => void held.push(route));
  const prefetched = watchPrefetches(page);
  await openReady(page, "/collections/face");
  const product = page.getByRole("main").locator("a[href^='/products/']").first();
  const href = (await product.getAttribute("href")) ?? "";
  await product.scrollIntoViewIfNeeded();
  // The prefetcher has run (the home page, whose route the page knows from the start, is prefetched) without the product's route.
  await expect.poll(() => prefetched).toContain("/_.data");
  expect(prefetched).not.toContain(`${href}.data`);
  for (const route of held) await route.continue();
  // The router learns the links' routes, and the product page is prefetched then.
  await expect.poll(() => prefetched).toContain(`${href}.data`);
});
