import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include("main").analyze();
  return results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

async function answerQuestions(page: Page, spf: "Yes, I have one I love" | "No, or not every day") {
  await page.getByRole("button", { name: "Start the quiz" }).click();
  await expect(page.getByRole("heading", { name: "About your skin" })).toBeFocused();
  await page.getByLabel("Tight or flaky").check();
  await page.getByLabel("Dullness and dark spots").check();
  await page.getByLabel(spf).check();
  await page.getByRole("button", { name: "See my routine" }).click();
}

const choose = (page: Page, title: RegExp) => page.getByRole("button", { name: title }).click();

test("the quiz skips the step an answer hides, drops later picks on a return, and adds the routine at the shop's price", async ({ page }) => {
  await openReady(page, "/pages/build-your-bundle");
  expect(await seriousViolations(page)).toEqual([]);
  await answerQuestions(page, "Yes, I have one I love");

  await expect(page.getByText("Step 1 / 4")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Choose your cleanser/ })).toBeFocused();
  await expect(page.getByText("Required").first()).toBeVisible();
  // A required step holds until it has a pick.
  await expect(page.getByRole("button", { name: "Next step" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("Choose a product to continue.")).toBeVisible();
  await expect(page.locator(".quiz-card", { hasText: "Gentle Cream Cleanser" }).getByText("Recommended for you")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await choose(page, /Choose Gentle Cream Cleanser/);
  await choose(page, /Choose Clarifying/);
  await expect(page.getByRole("button", { name: /Chosen Clarifying/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: /Choose Gentle Cream Cleanser/ })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Next step" }).click();

  await expect(page.getByText("Step 2 / 4")).toBeVisible();
  await choose(page, /Choose Vitamin C/);
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByText("Step 3 / 4")).toBeVisible();
  await choose(page, /Choose Cica Calming Cream/);

  // Back to the cleanser: the serum and moisturiser picks are dropped.
  await page.getByRole("button", { name: /^Cleanse/ }).click();
  await expect(page.getByText("Step 1 / 4")).toBeVisible();
  await expect(page.getByRole("button", { name: /Chosen Clarifying/ })).toBeVisible();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("button", { name: /Choose Vitamin C/ })).toHaveAttribute("aria-pressed", "false");
  await choose(page, /Choose Vitamin C/);
  await page.getByRole("button", { name: "Next step" }).click();
  await page.getByRole("button", { name: "Skip this step" }).click();
  // The SPF step is hidden: the free gift is step 4 of 4.
  await expect(page.getByText("Step 4 / 4")).toBeVisible();
  await choose(page, /Choose Lip Repair Balm/);
  await page.getByRole("button", { name: "See my routine" }).click();

  await expect(page.getByRole("heading", { name: "Your routine" })).toBeFocused();
  const totals = page.locator(".quiz-totals");
  // £16 + £24 = £40, 15% off is £6; the balm is free.
  await expect(totals).toContainText("£40.00");
  await expect(totals).toContainText("−£6.00");
  await expect(totals).toContainText("£34.00");
  await page.locator(".quiz-results__line", { hasText: "Clarifying" }).getByText("Swap").click();
  await page.getByRole("button", { name: /Gentle Cream Cleanser · £18.00/ }).click();
  await expect(totals).toContainText("£35.70");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Add to cart" }).click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(cart.getByRole("link", { name: /Lip Repair Balm/ })).toBeVisible();
  await expect(cart.locator(".side-cart__row--total")).toContainText("£35.70");
});

test("saved picks come back straight to the results, and start again clears them", async ({ page }) => {
  await openReady(page, "/pages/build-your-bundle");
  await answerQuestions(page, "No, or not every day");
  await choose(page, /Choose Gentle Cream Cleanser/);
  await page.getByRole("button", { name: "Next step" }).click();
  await choose(page, /Choose Hyaluronic/);
  await page.getByRole("button", { name: "Next step" }).click();
  await page.getByRole("button", { name: "Skip this step" }).click();
  await choose(page, /Choose Daily Shield/);
  await page.getByRole("button", { name: "Next step" }).click();
  await page.getByRole("button", { name: "See my routine" }).click();
  await page.getByRole("button", { name: "Save for later" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved for later" })).toBeVisible();

  await openReady(page, "/pages/build-your-bundle");
  await expect(page.getByRole("heading", { name: "Your routine" })).toBeVisible();
  await expect(page.locator(".quiz-results")).toContainText("Daily Shield");
  await page.getByRole("button", { name: "Start again" }).click();
  await expect(page.getByRole("button", { name: "Start the quiz" })).toBeVisible();
});

test("the quiz works by keyboard alone", async ({ page }) => {
  await openReady(page, "/pages/build-your-bundle");
  await page.getByRole("button", { name: "Start the quiz" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "About your skin" })).toBeFocused();
  for (const label of ["Tight or flaky", "Dullness and dark spots", "Yes, I have one I love"]) {
    await page.getByLabel(label).focus();
    await page.keyboard.press("Space");
  }
  await page.getByRole("button", { name: "See my routine" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: /Choose your cleanser/ })).toBeFocused();
  await page.getByRole("button", { name: /Choose Gentle Cream Cleanser/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /Chosen Gentle Cream Cleanser/ })).toBeFocused();
  await page.getByRole("button", { name: "Next step" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Step 2 / 4")).toBeVisible();
});
