/**
 * A shopper registers, adds a passkey on their account page, logs out and
 * logs in again with the passkey alone. The passkey lives on Chromium's
 * virtual authenticator (CTAP2, built in, resident keys, user verification),
 * set up through the DevTools protocol; the browser uses the server's name
 * "localhost", since passkeys are bound to a host name, never to a bare IP
 * address. Axe on the account page and the login page; at both widths.
 */
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { BOT_CHECK_SOLVED_MS, openReady } from "./ready.ts";

const PASSWORD = "correct horse battery";

test("a shopper adds a passkey and logs in with it", async ({ browser, baseURL }, info) => {
  // A registration through the bot check, a passkey made, and two pages checked with axe: a long journey.
  test.slow();
  const email = `passkey.${info.project.name}.${Date.now()}@example.com`;
  // From an address of its own (the test shop trusts X-Forwarded-For), clear of the sign-up limit the account tests use up.
  const context = await browser.newContext({
    baseURL: baseURL!.replace("127.0.0.1", "localhost"),
    extraHTTPHeaders: { "x-forwarded-for": `10.93.${info.project.name === "mobile" ? 1 : 2}.${Date.now() % 250}` },
  });
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await openReady(page, "/account/register");
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: BOT_CHECK_SOLVED_MS });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/account$/);

  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  const adding = passkeys.locator("form").filter({ has: page.getByRole("button", { name: "Add a passkey" }) });
  await adding.getByLabel("Passkey name").fill("My laptop");
  await adding.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await adding.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("status")).toContainText("Your passkey is added");
  await expect(passkeys.getByRole("listitem").filter({ hasText: "My laptop" })).toContainText("Not used yet");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await openReady(page, "/account/login");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(passkeys.getByRole("listitem").filter({ hasText: "My laptop" })).toContainText("Last used");
  await context.close();
});

test("without JavaScript the login page offers the password form only", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/account/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await context.close();
});
