/**
 * Tax as a shopper reads it: on the UK site the checkout and the order say
 * the VAT their prices include; on the US site the cart says tax comes at
 * checkout, and the checkout adds the state's sales tax once a state is chosen.
 */
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

const GEL = "clarifying-gel-cleanser";

async function addToCart(page: Page, prefix: string): Promise<void> {
  await openReady(page, `${prefix}/products/${GEL}`);
  const product = await (await page.request.get(`${prefix}/products/${GEL}.js`)).json();
  const response = await page.request.post(`${prefix}/cart/add.js`, { data: { id: product.variants[0].id, quantity: 1 }, headers: { origin: new URL(page.url()).origin } });
  expect(response.status()).toBe(200);
}

async function fillContact(page: Page, place: { city: string; zip: string }): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 Main Street");
  await page.getByLabel("City").fill(place.city);
  await page.getByLabel("Postcode").fill(place.zip);
}

test("the UK checkout and order say the VAT the prices include", async ({ page }) => {
  await addToCart(page, "");
  await openReady(page, "/checkout");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByText(/^Including £\d+\.\d{2} VAT$/)).toBeVisible();
  await fillContact(page, { city: "London", zip: "SW1Y 4LE" });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
  await expect(page.getByRole("region", { name: "Your order" }).getByText(/^Including £\d+\.\d{2} VAT$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the invoice (PDF)" })).toBeVisible();
});

test("the US checkout adds the state's sales tax once a state is chosen", async ({ page }) => {
  await addToCart(page, "/en-us");
  await openReady(page, "/en-us/cart");
  await expect(page.getByText("Taxes calculated at checkout")).toBeVisible();
  await openReady(page, "/en-us/checkout");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("US");
  await expect(summary.getByText("Choose your state")).toBeVisible();
  const totalBefore = await summary.locator(".order-summary__row--total dd").innerText();
  await page.getByLabel("State", { exact: true }).selectOption({ label: "California" });
  await expect(summary.getByText("Sales tax 7.25%")).toBeVisible();
  await expect(summary.locator(".order-summary__row--total dd")).not.toHaveText(totalBefore);
  await fillContact(page, { city: "San Francisco", zip: "94105" });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/en-us\/orders\/[a-f0-9]{32}$/);
  await expect(page.getByRole("region", { name: "Your order" }).getByText("Sales tax 7.25%")).toBeVisible();
});
