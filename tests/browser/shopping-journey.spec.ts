import { expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

test("a shopper goes from the home page to a product, adds it, changes the cart and empties it", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Lumen & Leaf/);
  await expect(page.getByRole("link", { name: /^Cart, 0 items/ })).toBeVisible();

  await openReady(page, "/collections/body");
  await expect(page.getByRole("heading", { level: 1, name: "Body" })).toBeVisible();
  await page.getByRole("link", { name: /Botanical Body Wash/ }).first().click();

  await expect(page).toHaveURL(/\/products\/botanical-body-wash/);
  await expect(page.getByRole("heading", { level: 1, name: "Botanical Body Wash" })).toBeVisible();

  // Sold-out combination first: 500 ml Cedar & Sage.
  await page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "500 ml" }).check();
  await page.getByRole("group", { name: "Scent" }).getByRole("radio", { name: "Cedar & Sage" }).check();
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();

  await page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "250 ml" }).check();
  const addButton = page.getByRole("button", { name: "Add to cart" });
  await expect(addButton).toBeEnabled();
  await expect(page).toHaveURL(/[?&]variant=\d+/);
  const variantId = new URL(page.url()).searchParams.get("variant");

  await page.getByRole("spinbutton", { name: "Quantity", exact: true }).fill("2");
  await addButton.click();
  await expect(page.getByRole("link", { name: /^Cart, 2 items/ })).toBeVisible();

  await openReady(page, "/cart");
  const title = "Botanical Body Wash";
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toHaveAttribute("href", `/products/botanical-body-wash?variant=${variantId}`);
  const quantity = page.getByRole("spinbutton", { name: `Quantity for ${title}` });
  await expect(quantity).toHaveValue("2");
  await expect(page.getByText("250 ml / Cedar & Sage").first()).toBeVisible();

  await page.getByRole("button", { name: `Increase quantity for ${title}` }).click();
  await expect(quantity).toHaveValue("3");
  // £42 passes the £35 gift threshold: the free SPF mini joins the cart by itself.
  await expect(page.getByRole("link", { name: /^Cart, 4 items/ })).toBeVisible();

  await page.getByRole("button", { name: `Remove ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart, 0 items/ })).toBeVisible();
});

test("the cart survives a reload and the cart API agrees with the page", async ({ page, request }) => {
  await page.goto("/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
  const cart = await page.evaluate(async () => (await fetch(`/cart.js?v=${Math.random()}`)).json());
  expect(cart.item_count).toBe(1);
  expect(cart.items[0].handle).toBe("clarifying-gel-cleanser");
  // A different shopper (no cookie) has an empty cart.
  expect((await (await request.get("/cart.js")).json()).item_count).toBe(0);
});

test("unknown pages answer 404 with a way back", async ({ page }) => {
  const response = await page.goto("/products/no-such-thing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: /shop/i }).first()).toBeVisible();
});
