/**
 * The owner adds a member of staff, who logs in and finds the day's work
 * (orders, stock, customers) but not the settings or the staff page, which
 * answer 403 in the back office's own words; then the owner takes their
 * access away and their open page sends them to log in. Axe on the page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");

test("a member of staff gets the day's work and nothing more, until the owner takes access away", async ({ page, browser }) => {
  const email = `sam.${Date.now()}@lumenandleaf.example`;
  const password = "a long first password";
  await logInAsOwner(page);
  await openReady(page, "/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();

  // A short password is refused at its field.
  await page.getByLabel("Name", { exact: true }).fill("Sam");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First password").evaluate((input: HTMLInputElement) => input.removeAttribute("minlength"));
  await page.getByLabel("First password").fill("short");
  await page.getByRole("button", { name: "Add to the staff" }).click();
  await expect(page.locator(".error-summary")).toContainText("First password: Use at least 12 characters.");
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(violations.map((violation) => violation.id)).toEqual([]);

  await page.getByLabel("First password").fill(password);
  await page.getByRole("button", { name: "Add to the staff" }).click();
  await expect(page.getByRole("status")).toContainText(`Sam can now log in at /admin/login with ${email}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Can log in");

  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto("/admin/login");
  await colleague.getByLabel("Email").fill(email);
  await colleague.getByLabel("Password").fill(password);
  await colleague.getByRole("button", { name: "Log in" }).click();
  await expect(colleague).toHaveURL(/\/admin$/);
  const areas = colleague.getByRole("navigation", { name: "Back office" });
  await expect(areas.getByRole("link")).toHaveText(["Home", "Orders", "Stock", "Reviews", "Customers", "Subscriptions", "Inbox"]);
  const refused = await colleague.goto("/admin/settings");
  expect(refused?.status()).toBe(403);
  await expect(colleague.getByText("Only the shop's owner can do that.")).toBeVisible();
  expect((await colleague.goto("/admin/staff"))?.status()).toBe(403);

  await page.getByRole("button", { name: "Take away Sam's access" }).last().click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("No access");
  await colleague.goto("/admin/orders");
  await expect(colleague).toHaveURL(/\/admin\/login/);
  await colleague.context().close();
});
