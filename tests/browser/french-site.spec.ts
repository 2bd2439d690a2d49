/**
 * The French site in French at 390 and 1280 px: the product page, the add,
 * the side cart, the checkout, the order page and the confirmation email
 * speak French with euro prices, and choosing the United Kingdom in the
 * footer brings the same page back in English.
 */
import { expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

const SERUM = "/products/vitamin-c-brightening-serum";

test("a French shopper buys in French and euros, down to the confirmation email, and the UK site is English again", async ({ page }) => {
  await openReady(page, `/fr-fr${SERUM}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await expect(page.getByRole("link", { name: /^Panier, \d+ articles?$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  const cart = page.getByRole("dialog", { name: /Votre panier/ });
  await expect(cart).toBeVisible();
  await expect(cart).toContainText("28,95 €");
  await expect(cart).toContainText("Sous-total");
  await expect(cart.getByRole("button", { name: "Augmenter la quantité de Sérum Éclat Vitamine C 15 %" }).first()).toBeVisible();
  await expect(cart.getByRole("link", { name: "Paiement" }).or(cart.getByRole("button", { name: "Paiement" })).first()).toBeVisible();
  await expect(cart).not.toContainText("Subtotal");
  await expect(cart).not.toContainText("£");

  // The checkout: its form, countries and summary in French, its prices in euros.
  await cart.getByRole("link", { name: "Paiement" }).or(cart.getByRole("button", { name: "Paiement" })).first().click();
  await expect(page).toHaveURL(/\/fr-fr\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement" })).toBeVisible();
  await expect(page).toHaveTitle(/^Paiement/);
  await expect(page.getByLabel("Code postal")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toBeVisible();
  const country = page.getByRole("combobox", { name: "Pays", exact: true });
  await expect(country).toHaveValue("FR");
  await expect(country.locator("option:checked")).toHaveText("France");
  await expect(country.getByRole("option", { name: "Royaume-Uni" })).toBeAttached();
  await expect(page.getByRole("group", { name: "Mode de livraison" })).toContainText(/jours ouvrés/);
  const summary = page.getByRole("region", { name: "Récapitulatif de commande" });
  await expect(summary).toContainText("28,95 €");
  await expect(summary).toContainText(/Dont [\d,]+\s€ de TVA/);
  await expect(page.getByRole("button", { name: "Passer la commande" })).toBeVisible();
  await expect(page.getByText("Postcode")).toHaveCount(0);
  await expect(page.getByText("Delivery method")).toHaveCount(0);

  // The order: its page and its confirmation email in French, in euros.
  const email = `camille.${Date.now()}@example.fr`;
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Prénom").fill("Camille");
  await page.getByLabel("Nom", { exact: true }).fill("Martin");
  await page.getByLabel("Adresse", { exact: true }).fill("12 rue des Lilas");
  await page.getByLabel("Ville").fill("Lyon");
  await page.getByLabel("Code postal").fill("69003");
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await expect(page).toHaveURL(/\/fr-fr\/orders\/[a-f0-9]{32}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  const order = page.getByRole("region", { name: "Votre commande" });
  await expect(order).toContainText("Sérum Éclat Vitamine C 15 %");
  await expect(order).toContainText("28,95 €");
  await expect(page.getByText("Subtotal")).toHaveCount(0);
  const message = page.getByRole("row", { name: new RegExp(email.replaceAll(".", "\\.")) }).filter({ hasText: /^.*Commande .+ confirmée/ }).getByRole("link").first();
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await message.click();
  await expect(page.getByText("Votre commande").first()).toBeVisible();
  await expect(page.getByText("28,95 €").first()).toBeVisible();
  await expect(page.getByText("Your order")).toHaveCount(0);

  await openReady(page, `/fr-fr${SERUM}`);

  // Back to the UK site through the footer's selector: the same product, in English and pounds.
  await page.getByLabel("Pays/région").selectOption("GB");
  await page.getByRole("button", { name: /^Mettre à jour/ }).click();
  await expect(page).toHaveURL(new RegExp(`${SERUM}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
  await expect(page.getByRole("button", { name: "Add to cart" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart, \d+ items?$/ })).toBeVisible();
  await expect(page.locator(".price--large").first()).toContainText("£");
});
