import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

test("the facial-oil quiz leads from a skin type to its oil and adds it to the bag", async ({ page }) => {
  await openReady(page, "/collections/oils");
  const quiz = page.getByRole("region", { name: "Which oil suits your skin?" });
  await expect(quiz.getByRole("group", { name: "Step 1 of 2: your skin" })).toBeVisible();
  await quiz.getByLabel("Dull, with marks").check();
  await quiz.getByRole("button", { name: "Show my oil" }).click();
  const step = quiz.getByRole("heading", { name: "Step 2 of 2: your oil" });
  await expect(quiz.getByText("For skin that is dull, with marks: uneven tone")).toBeVisible();
  await expect(step).toBeFocused();
  await expect(quiz.getByRole("link", { name: "Cold-Pressed Rosehip Recovery Oil" })).toBeVisible();
  await expect(quiz.getByRole("list", { name: "Helps with" }).getByRole("listitem")).toHaveCount(3);
  await quiz.getByRole("button", { name: "Add to cart" }).click();
  const cart = page.getByRole("dialog", { name: /Your cart/ });
  await expect(cart.getByRole("link", { name: /Cold-Pressed Rosehip Recovery Oil/ })).toBeVisible();
  await cart.getByRole("button", { name: /Close/ }).first().click();
  await quiz.getByRole("link", { name: "Choose another skin type" }).click();
  await expect(quiz.getByRole("heading", { name: "Step 1 of 2: your skin" })).toBeFocused();
});

test("the facial-oil quiz works by keyboard alone and has no serious axe findings", async ({ page }) => {
  await openReady(page, "/collections/oils");
  const quiz = page.getByRole("region", { name: "Which oil suits your skin?" });
  await quiz.getByLabel("Dry or normal").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(quiz.getByLabel("Reactive")).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(quiz.getByRole("button", { name: "Show my oil" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(quiz.getByRole("link", { name: "Solstice Face Oil – Limited Edition" })).toBeVisible();
  const results = await new AxeBuilder({ page }).include(".oil-quiz").analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
});

test("other collections have no oil quiz", async ({ page }) => {
  await page.goto("/collections/serums");
  await expect(page.getByRole("region", { name: "Which oil suits your skin?" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the quiz is a form that shows the chosen oil, and its add is a cart form post", async ({ page }) => {
    await page.goto("/collections/oils");
    await page.getByLabel("Dry or normal").check();
    await page.getByRole("button", { name: "Show my oil" }).click();
    await expect(page).toHaveURL(/\/collections\/oils\?skin=dry$/);
    await expect(page.getByRole("link", { name: "100% Plant-Derived Squalane Oil" }).first()).toBeVisible();
    await page.locator(".oil-quiz").getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("link", { name: /Squalane Oil/ }).first()).toBeVisible();
  });
});
