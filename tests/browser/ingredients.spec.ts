/**
 * Ingredients as a shopper meets them: the product page's full INCI list with
 * glossary links and free-from badges, and a collection filtered by "Free
 * from: fragrance" in place. Both widths, axe on both pages.
 */
import { type Page, expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";

const onPhone = () => test.info().project.name === "mobile";

async function hydrated(page: Page) {
  await expect(page.locator("main#main")).toHaveAttribute("data-hydrated", "true");
}

test("the product page lists the ingredients, key ones first, with glossary links and free-from badges", async ({ page }) => {
  test.slow();
  await page.goto("/products/gentle-cream-cleanser");
  const section = page.getByRole("region", { name: "Ingredients" });
  await expect(section.getByRole("list", { name: "Free from" }).getByRole("listitem")).toHaveText(["Fragrance-free", "Alcohol-free", "Essential-oil-free", "Silicone-free", "Vegan"]);
  await expect(section.getByRole("heading", { name: "Key ingredients" })).toBeVisible();
  await expect(section.getByRole("heading", { name: "Full ingredients (INCI)" })).toBeVisible();
  await expect(section.locator(".product__inci")).toContainText("Aqua, Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol");
  const glycerin = section.locator(".product__inci").getByRole("link", { name: "Glycerin" });
  await expect(glycerin).toHaveAttribute("href", "/pages/ingredients#ingredient-glycerin");
  await expect(section.locator(".product__key-ingredients").getByRole("link", { name: "Ceramide NP" })).toHaveAttribute("href", "/pages/ingredients#ingredient-ceramides");
  // A name the glossary does not explain is plain text.
  await expect(section.getByRole("link", { name: "Aqua" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await glycerin.click();
  await expect(page).toHaveURL(/\/pages\/ingredients#ingredient-glycerin$/);
  await expect(page.locator("#ingredient-glycerin")).toBeInViewport();
});

test("a fragranced product shows no fragrance-free badge", async ({ page }) => {
  await page.goto("/products/damask-rose-mist");
  const badges = page.getByRole("region", { name: "Ingredients" }).getByRole("list", { name: "Free from" });
  await expect(badges).toContainText("Alcohol-free");
  await expect(badges).not.toContainText("Fragrance-free");
});

test("filtering a collection by Free from: fragrance swaps the grid in place", async ({ page }) => {
  // Axe over a whole collection page takes a long while on a loaded machine.
  test.slow();
  await page.goto("/collections/face");
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  const area = page.locator("#collection-area");
  await expect(area.getByRole("link", { name: "Damask Rose Hydrating Mist" }).first()).toBeAttached();
  let form = area;
  if (onPhone()) {
    await page.getByRole("button", { name: /^Filter and sort/ }).click();
    form = page.getByRole("dialog", { name: "Filter and sort" });
  }
  const freeFrom = form.getByRole("group", { name: "Free from" });
  await expect(freeFrom.getByRole("checkbox")).toHaveCount(4);
  await freeFrom.getByRole("checkbox", { name: /^Fragrance/ }).check();
  await expect(page).toHaveURL(/\/collections\/face\?filter\.p\.m\.custom\.free_from=fragrance$/);
  if (onPhone()) {
    await form.getByRole("button", { name: /^Show \d+ products?$/ }).click();
    await expect(form).toBeHidden();
  }
  await expect(area.getByRole("link", { name: "Damask Rose Hydrating Mist" })).toHaveCount(0);
  await expect(area.getByRole("link", { name: "Gentle Cream Cleanser" }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test("leaving retinol out of the serums changes the count and the grid, and Back brings them back", async ({ page }) => {
  // Axe over a whole collection page takes a long while on a loaded machine.
  test.slow();
  await page.goto("/collections/serums");
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  const area = page.locator("#collection-area");
  const count = area.locator("[data-collection-count]");
  // The count is the live region that tells a screen reader the new result.
  await expect(count).toHaveAttribute("aria-live", "polite");
  await expect(count).toHaveText(/^(\d+) of \1$/);
  const before = Number(/^(\d+)/.exec((await count.textContent()) ?? "")?.[1]);
  await expect(area.getByRole("link", { name: "Retinol 0.3% Night Serum" }).first()).toBeVisible();

  let form = area;
  if (onPhone()) {
    await page.getByRole("button", { name: /^Filter and sort/ }).click();
    form = page.getByRole("dialog", { name: "Filter and sort" });
  }
  const avoid = form.getByRole("group", { name: "Key ingredient to avoid" });
  await avoid.getByRole("checkbox", { name: /^Without Retinol/ }).check();
  await expect(page).toHaveURL(/\/collections\/serums\?filter\.p\.m\.custom\.key_ingredients\.not=retinol$/);
  if (onPhone()) {
    await form.getByRole("button", { name: `Show ${before - 1} products` }).click();
    await expect(form).toBeHidden();
    await expect(area.getByRole("link", { name: "Remove filter: Without Retinol" })).toBeVisible();
  } else {
    await expect(form.getByRole("group", { name: "Key ingredient to avoid" }).getByRole("checkbox", { name: /^Without Retinol/ })).toBeChecked();
  }
  await expect(count).toHaveText(`${before - 1} of ${before - 1}`);
  await expect(area.getByRole("link", { name: "Retinol 0.3% Night Serum" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goBack();
  await expect(page).toHaveURL(/\/collections\/serums$/);
  await expect(count).toHaveText(`${before} of ${before}`);
  await expect(area.getByRole("link", { name: "Retinol 0.3% Night Serum" }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).toBe(true);
});
