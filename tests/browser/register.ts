/** A shopper who creates an account (Ada Lovelace, `email`), through the bot check, ending on the account page. */
import { type Page, expect } from "@playwright/test";
import { BOT_CHECK_SOLVED_MS, openReady } from "./ready.ts";

export async function register(page: Page, email: string): Promise<void> {
  await openReady(page, "/account/register");
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: BOT_CHECK_SOLVED_MS });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/account$/);
}
