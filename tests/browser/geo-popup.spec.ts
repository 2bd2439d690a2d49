/**
 * The geo popup at 390 and 1280 px: a visitor whose address the shop's
 * database places in another site's country is offered that site (the same
 * page there), once the cookie choice is made; staying, Esc or the close
 * button keep it away for 7 days; a visitor on their own site never sees it.
 * The visitor's address comes in X-Forwarded-For (the test server trusts its
 * proxy). The 7-day boundary itself is the rule's unit test.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";
import { consentChosen, popupsMet, sessionPopupsShown, storageState } from "./storage-states.ts";

/** Addresses the shipped database (geo-whois-asn-country) places in France and in the United Kingdom. */
const FRANCE = "90.0.0.1";
const BRITAIN = "81.2.69.142";

const WEEK_MS = 604_800_000;
const met = popupsMet();

// A returning shopper who chose their cookies and met every popup but the geo popup.
test.use({ storageState: storageState([consentChosen, sessionPopupsShown], [met.newsletter, met.countdown, met.announcement]) });

const geoPopup = (page: Page) => page.getByRole("dialog", { name: "Shopping from France?" });

/** Opens a page from an address and waits until the popups' schedule runs and the country lookup has answered. */
async function openFrom(page: Page, address: string, path: string) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
  const lookup = page.waitForResponse((response) => new URL(response.url()).pathname === "/geolocation.json");
  await openReady(page, path);
  await expect(page.locator("html")).toHaveAttribute("data-popups-since", /^\d+$/);
  const answer = await lookup;
  return (await answer.json()) as { country_code: string };
}

/** Nothing shows once the schedule and the lookup have had their turn. */
async function expectNoPopup(page: Page) {
  await page.waitForTimeout(500);
  await expect(page.locator("dialog.popup")).toHaveCount(0);
}

test("offers a French visitor on the UK site the same page on the French site", async ({ page }) => {
  expect(await openFrom(page, FRANCE, "/collections/face?sort_by=price-ascending")).toEqual({ country_code: "FR" });
  const popup = geoPopup(page);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("You're on our United Kingdom site. Visit our France site to see prices in EUR and delivery to France.");
  // Modal: focus moves into it.
  await expect(popup.getByRole("button", { name: "Close" })).toBeFocused();
  const results = await new AxeBuilder({ page }).include("dialog.popup").analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);

  const go = popup.getByRole("link", { name: "Go to the France site" });
  await expect(go).toHaveAttribute("href", "/fr-fr/collections/face?sort_by=price-ascending");
  await expect(popup.getByRole("button", { name: "Stay on the United Kingdom site" })).toBeVisible();

  // The same page on the French site, priced in euros: the visitor's own site offers nothing.
  const landing = page.waitForResponse((response) => new URL(response.url()).pathname === "/geolocation.json");
  await go.click();
  await expect(page).toHaveURL(/\/fr-fr\/collections\/face\?sort_by=price-ascending$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The collection's own title, in French.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visage");
  await expect(page.locator("main")).toContainText("€");
  await landing;
  await expectNoPopup(page);
});

test("staying closes it, and it is not offered again for 7 days", async ({ page }) => {
  await page.clock.install();
  await openFrom(page, FRANCE, "/");
  const popup = geoPopup(page);
  await popup.getByRole("button", { name: "Stay on the United Kingdom site" }).click();
  await expect(popup).toHaveCount(0);
  const memory = await page.evaluate(() => JSON.parse(localStorage.getItem("popup:geo") ?? "null") as { time: number } | null);
  expect(memory?.time).toBeGreaterThan(0);

  await openFrom(page, FRANCE, "/collections/face");
  await expectNoPopup(page);

  // A week later it is offered again.
  await page.clock.setSystemTime((memory?.time ?? 0) + WEEK_MS + 60_000);
  await openFrom(page, FRANCE, "/pages/about");
  await expect(popup).toBeVisible();
});

test("Esc closes it and is remembered like staying", async ({ page }) => {
  await openFrom(page, FRANCE, "/pages/about");
  const popup = geoPopup(page);
  await expect(popup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("popup:geo"))).toMatch(/^\{"time":\d+\}$/);
  await openFrom(page, FRANCE, "/");
  await expectNoPopup(page);
});

test("a British visitor on the UK site never sees it", async ({ page }) => {
  expect(await openFrom(page, BRITAIN, "/")).toEqual({ country_code: "GB" });
  await expectNoPopup(page);
  await openFrom(page, BRITAIN, "/collections/face");
  await expectNoPopup(page);
  expect(await page.evaluate(() => localStorage.getItem("popup:geo"))).toBeNull();
});

test("a visitor who chooses a country in the footer is not asked on the site they chose", async ({ page }) => {
  await openFrom(page, BRITAIN, "/products/vitamin-c-brightening-serum");
  await expectNoPopup(page);
  // A British visitor choosing France themselves: the French site would otherwise offer them the UK one.
  const footer = page.locator(".site-footer");
  await footer.getByRole("combobox", { name: "Country/region" }).selectOption("FR");
  const lookup = page.waitForResponse((response) => new URL(response.url()).pathname === "/geolocation.json");
  await footer.getByRole("button", { name: /^Update/ }).click();
  await expect(page).toHaveURL(/\/fr-fr\/products\/vitamin-c-brightening-serum$/);
  expect(await (await lookup).json()).toEqual({ country_code: "GB" });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expectNoPopup(page);
  expect(await page.evaluate(() => localStorage.getItem("popup:geo"))).toMatch(/^\{"time":\d+\}$/);
});

test("offers a British visitor on the French site the UK site, in French", async ({ page }) => {
  expect(await openFrom(page, BRITAIN, "/fr-fr/pages/about")).toEqual({ country_code: "GB" });
  const popup = page.getByRole("dialog", { name: "Votre pays : Royaume-Uni ?" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("Vous êtes sur notre site France. Notre site Royaume-Uni affiche les prix en GBP et la livraison pour votre pays (Royaume-Uni).");
  await expect(popup.getByRole("link", { name: "Aller sur le site Royaume-Uni" })).toHaveAttribute("href", "/pages/about");
  await popup.getByRole("button", { name: "Rester sur le site France" }).click();
  await expect(popup).toHaveCount(0);
});
