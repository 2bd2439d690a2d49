import { expect, test } from "@playwright/test";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

const PAGES = ["/", "/collections/face", "/products/vitamin-c-brightening-serum", "/products/build-your-own-routine", "/cart", "/checkout", "/search?q=serum", "/collections/face/compare"];

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
