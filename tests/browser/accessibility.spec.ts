import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";

const PAGES = ["/", "/collections/face", "/products/vitamin-c-brightening-serum", "/products/build-your-own-routine", "/cart", "/checkout", "/search?q=serum", "/collections/face/compare"];

/** Serious and critical violations only: what blocks or badly hinders a shopper using assistive technology. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
}

for (const path of PAGES) {
  test(`axe finds no serious violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe finds no serious violations in the open side cart", async ({ page }) => {
  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);
});
