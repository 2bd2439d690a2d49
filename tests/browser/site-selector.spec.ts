/**
 * The footer's country selector and the sites' alternate links, at 390 and
 * 1280 px: choosing France on a product page lands on the same product on
 * the French site; it works without scripts; axe finds nothing serious in
 * the footer; every page names itself on every site (`hreflang`) and its
 * canonical link carries its site's prefix.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

const PRODUCT = "/products/vitamin-c-brightening-serum";

// The French site names them in French.
const selector = (page: Page) => page.locator(".site-footer").getByRole("combobox", { name: /^(Country\/region|Pays\/région)$/ });
const update = (page: Page) => page.locator(".site-footer").getByRole("button", { name: /^(Update|Mettre à jour)/ });

test("choosing France on a product page lands on the same product on the French site", async ({ page, context }) => {
  await openReady(page, PRODUCT);
  await expect(selector(page)).toHaveValue("GB");
  await expect(selector(page).locator("option", { hasText: "France (EUR €)" })).toHaveCount(1);
  await selector(page).selectOption("FR");
  // The select alone goes nowhere: the button sends the choice.
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
  await update(page).click();
  await expect(page).toHaveURL(new RegExp(`/fr-fr${PRODUCT}$`));
  await expect(selector(page)).toHaveValue("FR");
  expect((await context.cookies()).find((cookie) => cookie.name === "localization")?.value).toBe("FR");
  // Back to the United Kingdom from the French site: the same product at the root.
  await selector(page).selectOption("GB");
  await update(page).click();
  await expect(page).toHaveURL(new RegExp(`^[^?#]*://[^/]+${PRODUCT}$`));
});

test("without scripts the selector posts the choice and comes back to the page on the chosen site", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/fr-fr${PRODUCT}?variant=1`);
  await selector(page).selectOption("JE");
  await update(page).click();
  await expect(page).toHaveURL(new RegExp(`^[^?#]*://[^/]+${PRODUCT}\\?variant=1$`));
  expect((await context.cookies()).find((cookie) => cookie.name === "localization")?.value).toBe("JE");
  await expect(selector(page)).toHaveValue("JE");
  await context.close();
});

test("axe finds nothing serious in the footer and its selector", async ({ page }) => {
  await openReady(page, `/fr-fr${PRODUCT}`);
  await selector(page).scrollIntoViewIfNeeded();
  const results = await new AxeBuilder({ page }).include(".site-footer").analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
  // The select and its button fit the footer at every width, and can be reached.
  const [box, viewport] = [await selector(page).boundingBox(), page.viewportSize()];
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport?.width ?? 0);
  expect((await update(page).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
});

test("the head names the page on every site, and the canonical link carries the site's prefix", async ({ page, baseURL }) => {
  await page.goto(`/fr-fr${PRODUCT}?variant=1&utm_source=test`);
  const alternates = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
  expect(alternates).toEqual([
    ["en-GB", `${baseURL}${PRODUCT}`],
    ["en-US", `${baseURL}/en-us${PRODUCT}`],
    ["en-IE", `${baseURL}/en-ie${PRODUCT}`],
    ["fr-FR", `${baseURL}/fr-fr${PRODUCT}`],
    ["en-AU", `${baseURL}/en-au${PRODUCT}`],
    ["en-CA", `${baseURL}/en-ca${PRODUCT}`],
    ["x-default", `${baseURL}${PRODUCT}`],
  ]);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/fr-fr${PRODUCT}`);
  // The home page on the UK site: the root for x-default, the prefix alone for the others.
  await page.goto("/");
  await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${baseURL}/`);
  await expect(page.locator('head link[rel="alternate"][hreflang="fr-FR"]')).toHaveAttribute("href", `${baseURL}/fr-fr`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
});

test("a missing page names no alternates", async ({ page }) => {
  const response = await page.goto("/fr-fr/products/no-such-product-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(0);
});
