/**
 * A member of staff adds a passkey on their own page and signs in again with
 * their password and then the passkey. The passkey lives on Chromium's
 * virtual authenticator (CTAP2, built in, resident keys, user verification),
 * set up through the DevTools protocol. The member's browser uses the
 * server's name "localhost": passkeys are bound to a host name, never to a
 * bare IP address. Axe on the account page and the second step's page; at
 * both widths.
 */
import { expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { openReady } from "./ready.ts";

test("a member adds a passkey and signs in with password and passkey", async ({ page, browser, baseURL }, info) => {
  // Two people, two sign-ins and two pages checked with axe: a long journey.
  test.slow();
  const email = `sam.${info.project.name}.${Date.now()}@lumenandleaf.example`;
  const password = "sam's long first password";
  await logInAsOwner(page);
  await openReady(page, "/admin/staff");
  await page.getByLabel("Name", { exact: true }).fill("Sam");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First password").fill(password);
  await page.getByRole("button", { name: "Add to the staff" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Off");

  const context = await browser.newContext({ baseURL: baseURL!.replace("127.0.0.1", "localhost") });
  const sam = await context.newPage();
  const devtools = await context.newCDPSession(sam);
  await devtools.send("WebAuthn.enable");
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const logIn = async () => {
    await openReady(sam, "/admin/login");
    await sam.getByLabel("Email").fill(email);
    await sam.getByLabel("Password").fill(password);
    await sam.getByRole("button", { name: "Log in" }).click();
  };
  await logIn();
  await expect(sam).toHaveURL(/\/admin$/);
  await sam.getByRole("link", { name: /Your account/ }).click();
  await expect(sam.getByRole("heading", { level: 2, name: "Passkeys" })).toBeVisible();
  await expect(sam.getByText("You have no passkeys yet.")).toBeVisible();
  expect(await seriousViolations(sam)).toEqual([]);

  // The password is asked for: a wrong one adds nothing.
  await sam.getByLabel("Passkey name").fill("Sam's laptop");
  await sam.getByLabel("Password", { exact: true }).fill("not sam's password");
  await sam.getByRole("button", { name: "Add a passkey" }).click();
  await expect(sam.locator(".error-summary")).toContainText("That is not your current password");
  await sam.getByLabel("Passkey name").fill("Sam's laptop");
  await sam.getByLabel("Password", { exact: true }).fill(password);
  await sam.getByRole("button", { name: "Add a passkey" }).click();
  await expect(sam.getByRole("status")).toContainText("Your passkey is added");
  await expect(sam.getByRole("row", { name: /Sam's laptop/ })).toContainText("Not yet");

  await sam.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(sam).toHaveURL(/\/admin\/login/);
  await logIn();
  await expect(sam).toHaveURL(/\/admin\/login\/code/);
  await expect(sam.getByRole("heading", { level: 1, name: "Use your passkey" })).toBeVisible();
  expect(await seriousViolations(sam)).toEqual([]);
  await sam.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(sam).toHaveURL(/\/admin$/);

  await openReady(sam, "/admin/account");
  await expect(sam.getByRole("row", { name: /Sam's laptop/ })).not.toContainText("Not yet");
  await context.close();
});
