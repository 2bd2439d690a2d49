/**
 * The back office's door at 1280 px: the login (wrong password, then the
 * right one), the day at a glance, keyboard use of the frame, logging out,
 * and a page of the back office asked for while signed out.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { ADMIN_TEST_EMAIL, ADMIN_TEST_PASSWORD, logInAsOwner } from "./admin-login.ts";

test.skip(({ isMobile }) => isMobile, "the back office is laid out for a desk");

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
}

test("a wrong password is refused in words, the right one opens the day at a glance, and logging out closes it", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?return_to=%2Fadmin$/);
  await expectAccessible(page);
  await page.getByLabel("Email").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("The email or password is not right.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(ADMIN_TEST_EMAIL);

  await page.locator("input[type=password]").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  for (const label of ["Orders today", "Sales today", "Waiting to be sent", "Low on stock"]) await expect(page.getByRole("heading", { name: label })).toBeVisible();
  // None of the storefront's frame.
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toHaveCount(0);
  await expect(page.locator("footer")).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("the frame works by keyboard: skip to the content, then the areas in order", async ({ page }) => {
  await logInAsOwner(page);
  // A fresh load, so the keyboard starts from the top of the page.
  await page.goto("/admin");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Home" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Orders", exact: true })).toBeFocused();
});

test("signed out, a data request for one back-office page alone answers the way to log in, not the page's data", async ({ request }) => {
  for (const [page, route] of [
    ["/admin/orders", "routes/admin.orders"],
    ["/admin/stock", "routes/admin.stock"],
    ["/admin", "routes/admin._index"],
  ] as const) {
    const data = await request.get(`${page}.data?_routes=${encodeURIComponent(route)}`, { maxRedirects: 0 });
    const body = await data.text();
    expect(body, page).toContain("SingleFetchRedirect");
    expect(body, page).toContain("/admin/login");
  }
});
