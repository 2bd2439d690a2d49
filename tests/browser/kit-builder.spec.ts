import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

const step = (page: Page, index: number) => page.locator(".kit-step").nth(index);

test("a full kit: limits drop the oldest pick, sold-out products wait, the popup and compare views, and the shop charges what the bar says", async ({ page }) => {
  // Two accessibility scans and a whole kit: more than the usual time on a loaded machine.
  test.slow();
  await openReady(page, "/pages/build-your-kit");
  expect(await seriousViolations(page)).toEqual([]);
  const bar = page.getByRole("region", { name: "Your kit" });
  const add = bar.getByRole("button", { name: /Add to cart|Make a selection/ });
  await expect(add).toBeDisabled();

  await step(page, 0).getByRole("button", { name: /Choose Gentle Cream/ }).click();
  const serums = step(page, 1);
  await serums.getByRole("button", { name: /Choose Vitamin C/ }).click();
  await serums.getByRole("button", { name: /Choose Retinol/ }).click();
  await serums.getByRole("button", { name: /Choose Niacinamide/ }).click();
  // A third pick in a two-pick step drops the oldest.
  await expect(serums.getByRole("button", { name: /Vitamin C/ })).toHaveAttribute("aria-pressed", "false");
  await expect(serums.getByRole("button", { name: /Chosen Retinol/ })).toBeVisible();
  await expect(serums.getByRole("button", { name: /Sold out Sérum Apaisant/ })).toBeDisabled();
  await expect(add).toBeDisabled();
  await expect(bar).toContainText("Step 3: Choose 1 more");

  await step(page, 2).getByRole("button", { name: /Choose Oat & Squalane Night Cream, kit price/ }).click();
  await expect(add).toBeEnabled();

  // The dropdown highlights the products recommended for a concern.
  const filter = page.getByRole("combobox", { name: "Show me products for" });
  await filter.click();
  await page.getByRole("option", { name: "Breakouts" }).click();
  await expect(step(page, 1).locator(".kit-card.is-recommended")).toHaveCount(2);
  await expect(step(page, 1).locator(".kit-card.is-recommended").first()).toContainText("Recommended");

  await step(page, 3).getByRole("button", { name: /Add an eye treatment/ }).click();
  const popup = page.getByRole("dialog", { name: "Add an eye treatment" });
  await expect(popup).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await popup.getByRole("button", { name: /Choose Caffeine/ }).click();
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toBeHidden();

  await step(page, 1).getByRole("button", { name: "Compare these products" }).click();
  const compare = page.getByRole("dialog", { name: "Compare: Choose two serums" });
  await expect(compare.getByRole("columnheader", { name: "Retinol 0.3% Night Serum" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(compare).toBeHidden();

  // Cleanser 1800 + niacinamide 1400 + retinol 3200 + night cream at 3000 + caffeine eye serum 1900 = 11300 kit prices; 20% off is 9040.
  await expect(bar).toContainText("£90.40");
  await add.click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(cart.getByRole("link", { name: /Caffeine/ })).toBeVisible();
  await expect(cart.locator(".side-cart__row--total")).toContainText("£90.40");
});

test("a step's copy quotes the price its card shows and the cart charges", async ({ page }) => {
  await openReady(page, "/pages/build-your-kit");
  const moisturisers = step(page, 2);
  // The night cream's kit price (£30) less the kit's 20%, against its own £38.
  await expect(moisturisers.getByText("Our night cream is £24.00 instead of £38.00 in a kit.")).toBeVisible();
  const card = moisturisers.getByRole("listitem").filter({ has: page.getByRole("button", { name: /Oat & Squalane Night Cream, kit price/ }) });
  await expect(card.locator(".kit-card__price")).toHaveText(/^Kit price £24\.00/);
  await expect(page.getByText("£30 instead of £38")).toHaveCount(0);
});

test("save for later shows its flag, and the picks come back on the next visit", async ({ page }) => {
  await page.clock.install();
  await openReady(page, "/pages/build-your-kit");
  await step(page, 0).getByRole("button", { name: /Choose Clarifying/ }).click();
  await step(page, 1).getByRole("button", { name: /Choose Hyaluronic/ }).click();
  const bar = page.getByRole("region", { name: "Your kit" });
  await bar.getByRole("button", { name: "Save for later" }).click();
  const flag = bar.locator(".kit-bar__flag");
  await expect(bar.getByRole("status")).toHaveText("Saved for later");
  await page.clock.runFor(10_500);
  await expect(flag).toHaveText("");
  await expect(flag).toBeHidden();

  await openReady(page, "/pages/build-your-kit");
  await expect(step(page, 0).getByRole("button", { name: /Chosen Clarifying/ })).toBeVisible();
  await expect(step(page, 1).getByRole("button", { name: /Chosen Hyaluronic/ })).toBeVisible();
});

test("the kit works by keyboard alone", async ({ page }) => {
  await openReady(page, "/pages/build-your-kit");
  await step(page, 0).getByRole("button", { name: /Choose Gentle Cream/ }).focus();
  await page.keyboard.press("Enter");
  await expect(step(page, 0).getByRole("button", { name: /Chosen Gentle Cream/ })).toBeFocused();
  await step(page, 3).getByRole("button", { name: /Add an eye treatment/ }).focus();
  await page.keyboard.press("Enter");
  const popup = page.getByRole("dialog", { name: "Add an eye treatment" });
  await expect(popup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(step(page, 3).getByRole("button", { name: /Add an eye treatment/ })).toBeFocused();
});
