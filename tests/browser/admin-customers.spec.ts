/**
 * Customers at the desk: a shopper registers, the owner finds them in the
 * list, opens their page, downloads their data and erases them on request;
 * the shopper can no longer log in. The shopper comes from an address of
 * their own (the test shop trusts X-Forwarded-For as from a proxy), so the
 * registration stays within the shop's limits whatever else ran before.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");

const PASSWORD = "fossils in the cliff";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")}`);
}

test("the owner finds a customer, downloads their data and erases them on request", async ({ page, browser }) => {
  const email = `mary.${Date.now()}@example.com`;
  const shopperContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.91.${Date.now() % 250}.${Math.floor(Math.random() * 250)}` } });
  const shopper = await shopperContext.newPage();
  await openReady(shopper, "/account/register");
  await shopper.getByLabel("First name", { exact: true }).fill("Mary");
  await shopper.getByLabel("Last name", { exact: true }).fill("Anning");
  await shopper.getByLabel("Email", { exact: true }).fill(email);
  await shopper.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await shopper.getByRole("button", { name: "Create account" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: 30_000 });
  await shopper.getByRole("button", { name: "Continue" }).click();
  await expect(shopper).toHaveURL(/\/account$/);

  await logInAsOwner(page);
  await openReady(page, "/admin/customers");
  await page.getByLabel("Email or name").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status")).toHaveText("1 customer found.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Mary Anning" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mary Anning" })).toBeVisible();
  await expect(page.getByText("No orders yet.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download everything the shop keeps/ }).click();
  const file = await (await download).path();
  const { readFile } = await import("node:fs/promises");
  expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ customer: { email, first_name: "Mary", last_name: "Anning" } });

  // The wrong email erases nothing, and says why at the field.
  const confirm = page.getByRole("textbox", { name: "Customer's email" });
  await confirm.fill("someone@example.com");
  await page.getByRole("button", { name: "Erase this customer" }).click();
  await expect(page.locator(".error-summary")).toContainText("Nothing was erased.");
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);

  await confirm.fill(email);
  await page.getByRole("button", { name: "Erase this customer" }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?erased=1$/);
  await expect(page.getByText(/The customer was erased/)).toBeVisible();

  // The shopper's session and account are gone with them.
  await openReady(shopper, "/account");
  await expect(shopper).toHaveURL(/\/account\/login/);
  await shopperContext.close();
});
