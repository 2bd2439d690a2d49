/**
 * Customers at the desk: a shopper registers, the owner finds them in the
 * list, opens their page, downloads their data and erases them on request;
 * the shopper can no longer log in. The shopper comes from an address of
 * their own (the test shop trusts X-Forwarded-For as from a proxy), so the
 * registration stays within the shop's limits whatever else ran before.
 */
import { expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { BOT_CHECK_SOLVED_MS, openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");

const PASSWORD = "fossils in the cliff";

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
  await expect(shopper.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: BOT_CHECK_SOLVED_MS });
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

test("a shopper's message reaches the inbox, where staff find it by its words and read it whole", async ({ page, browser }) => {
  const words = `Do you ship to Sark? ${Date.now()}`;
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": `10.92.${Date.now() % 250}.${Math.floor(Math.random() * 250)}` } });
  const shopper = await context.newPage();
  await shopper.goto("/pages/contact");
  await shopper.getByLabel("Name", { exact: true }).fill("Rose Keeper");
  await shopper.getByLabel("Email", { exact: true }).fill("rose.keeper@example.com");
  await shopper.getByRole("textbox", { name: "Message" }).fill(words);
  await shopper.getByRole("button", { name: "Send message" }).click();
  await expect(shopper.getByText("Thank you, your message is on its way.")).toBeVisible();
  await context.close();

  await logInAsOwner(page);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible();
  await page.getByLabel("Email, name or words of the message").fill(words);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status")).toHaveText("1 message found.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Rose Keeper" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rose Keeper" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: words })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "← All contact messages" }).click();
  await page.getByRole("navigation", { name: "What shoppers send" }).getByRole("link", { name: "Newsletter sign-ups" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter sign-ups" })).toBeVisible();
  // The sign-ups list is the inbox's: its link stays the current area.
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Inbox" })).toHaveAttribute("aria-current", "page");
  expect(await seriousViolations(page)).toEqual([]);
});
