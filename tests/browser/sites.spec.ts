/**
 * Buying on the French site at 390 and 1280 px: the product page, the side
 * cart, the checkout and the order are all in euros, every link and form
 * stays under /fr-fr, and a cart filled on the UK site comes along in euros.
 */
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

const SERUM = "/products/vitamin-c-brightening-serum";

/** Every address the page links or posts to within the shop (scripts and pictures aside). */
async function shopAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLAnchorElement | HTMLFormElement>("main a[href], header a[href], footer a[href], form[action]")) {
      const address = element instanceof HTMLFormElement ? element.getAttribute("action") : element.getAttribute("href");
      if (address && address.startsWith("/") && !address.startsWith("//")) found.push(address);
    }
    return found;
  });
}

test("a French shopper sees euros from the product page to the order, and never leaves the French site", async ({ page }) => {
  await openReady(page, `/fr-fr${SERUM}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  // The merchant's fixed price for the 30 ml; the 15 ml converted and rounded up to .95.
  await expect(page.locator(".price--large").first()).toContainText("28,95 €");
  const offSite = (await shopAddresses(page)).filter((address) => !address.startsWith("/fr-fr") && address !== "/localization");
  expect(offSite).toEqual([]);

  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  const cart = page.getByRole("dialog", { name: /Votre panier/ });
  await expect(cart).toBeVisible();
  await expect(cart).toContainText("28,95 €");
  await expect(cart).not.toContainText("£");

  await cart.getByRole("link", { name: "Paiement" }).or(cart.getByRole("button", { name: "Paiement" })).first().click();
  await expect(page).toHaveURL(/\/fr-fr\/checkout$/);
  await page.getByLabel("E-mail", { exact: true }).fill("marie@example.com");
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByLabel("Nom", { exact: true }).fill("Curie");
  await page.getByLabel("Adresse", { exact: true }).fill("1 rue de Rivoli");
  await page.getByLabel("Ville").fill("Paris");
  await page.getByLabel("Pays", { exact: true }).selectOption("FR");
  await page.getByLabel("Code postal").fill("75001");
  const summary = page.locator(".order-summary");
  // France is in the European zone: £9.95 standard delivery converted and rounded up to .95.
  await expect(summary).toContainText("11,95 €");
  await expect(summary).toContainText("40,90 €");
  await page.getByRole("button", { name: "Passer la commande" }).click();

  await expect(page).toHaveURL(/\/fr-fr\/orders\/[a-f0-9]{32}$/);
  await expect(page.getByRole("heading", { level: 1, name: /est confirmée/ })).toBeVisible();
  await expect(page.locator(".order-summary")).toContainText("40,90 €");
  await expect(page.locator(".order-summary")).toContainText("EUR");
});

test("a cart filled on the UK site is in euros on the French site, its lines kept", async ({ page }) => {
  await openReady(page, SERUM);
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(cart).toContainText("£24.00");

  await openReady(page, "/fr-fr/cart");
  const main = page.getByRole("main");
  await expect(main.getByText("Sérum Éclat Vitamine C 15 %").first()).toBeVisible();
  await expect(main).toContainText("28,95 €");
  await expect(main).not.toContainText("£");
});

test("filters on the French site swap in euro prices from the French site, and clearing them stays there", async ({ page }, testInfo) => {
  const fragments: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("view=ajax")) fragments.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  await openReady(page, "/fr-fr/collections/face");
  const area = page.locator("#collection-area");
  let form = area;
  if (testInfo.project.name === "mobile") {
    await page.getByRole("button", { name: /^Filtrer et trier/ }).click();
    form = page.getByRole("dialog", { name: "Filtrer et trier" });
  }
  await form.getByRole("group", { name: "Type de peau" }).getByRole("checkbox", { name: /^Dry/ }).check();
  await expect(page).toHaveURL(/\/fr-fr\/collections\/face\?filter\.p\.m\.custom\.skin_type=dry$/);
  expect(fragments).toContain("/fr-fr/collections/face?filter.p.m.custom.skin_type=dry&view=ajax");
  if (testInfo.project.name === "mobile") {
    await form.getByRole("button", { name: /^Afficher \d+ produits?$/ }).click();
    await expect(form).toBeHidden();
  }
  await expect(area).toContainText("€");
  await expect(area).not.toContainText("£");
  await area.getByRole("link", { name: testInfo.project.name === "mobile" ? "Tout effacer" : "Effacer les filtres" }).click();
  await expect(page).toHaveURL(/\/fr-fr\/collections\/face$/);
});
