import { type Browser, type BrowserContext, type Page, expect } from "@playwright/test";

/** The test shop's first owner: the shop's own address, with the password the test server is started with (ADMIN_PASSWORD). */
export const ADMIN_TEST_EMAIL = "hello@lumenandleaf.example";
export const ADMIN_TEST_PASSWORD = "owner-password-for-tests";

/** Logs in to the back office as the owner and waits for its home page. */
export async function logInAsOwner(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN_TEST_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_TEST_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** The owner's signed-in browser state, made once for a file's tests (staff logins are limited per address and per email). */
export async function ownerStorageState(browser: Browser): Promise<Awaited<ReturnType<BrowserContext["storageState"]>>> {
  const context = await browser.newContext();
  await logInAsOwner(await context.newPage());
  const state = await context.storageState();
  await context.close();
  return state;
}
