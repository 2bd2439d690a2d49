/**
 * A member of staff sets up two-step sign-in on their own page (the QR code
 * and its key, the app's first code, the recovery codes shown once), sees
 * where they are signed in, and signs in again with the password and then
 * their app's code. The app is played by otplib with the key the page shows.
 * Axe on the setup page and the code page; at both widths.
 */
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { openReady } from "./ready.ts";

/** The app's code, a step ahead: the step the setup took is used up, and the shop takes the next step's code too (clocks a little apart). */
const nextCode = (key: string) => generate({ secret: key.replace(/\s/g, ""), epoch: Math.floor(Date.now() / 1000) + 30 });

test("a member sets up two-step sign-in and then signs in with a code", async ({ page, browser }, info) => {
  // Two people, two sign-ins and three pages checked with axe: a long journey.
  test.slow();
  const email = `robin.${info.project.name}.${Date.now()}@lumenandleaf.example`;
  const password = "robin's long first password";
  await logInAsOwner(page);
  await openReady(page, "/admin/staff");
  await page.getByLabel("Name", { exact: true }).fill("Robin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First password").fill(password);
  await page.getByRole("button", { name: "Add to the staff" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Off");

  const robin = await (await browser.newContext()).newPage();
  const logIn = async () => {
    await openReady(robin, "/admin/login");
    await robin.getByLabel("Email").fill(email);
    await robin.getByLabel("Password").fill(password);
    await robin.getByRole("button", { name: "Log in" }).click();
  };
  await logIn();
  await expect(robin).toHaveURL(/\/admin$/);
  await robin.getByRole("link", { name: /Your account/ }).click();
  await expect(robin.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(robin.getByRole("row").filter({ hasText: "This session" })).toBeVisible();

  await robin.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(robin.getByRole("img", { name: /QR code for your authenticator app/ })).toBeVisible();
  const key = (await robin.locator(".two-step__key code").textContent()) ?? "";
  expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(robin)).toEqual([]);

  // A wrong code is refused at its field.
  const code = await generate({ secret: key.replace(/\s/g, "") });
  await robin.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await robin.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(robin.locator(".error-summary")).toContainText("That code is not right");
  await robin.getByLabel("Code").fill(code);
  await robin.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(robin.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await expect(robin.locator(".two-step__code-list li")).toHaveCount(10);
  await robin.reload();
  await expect(robin.getByText("10 recovery codes are left.", { exact: false })).toBeVisible();

  await robin.getByRole("button", { name: "Log out", exact: true }).click();
  await expect(robin).toHaveURL(/\/admin\/login/);
  await logIn();
  await expect(robin).toHaveURL(/\/admin\/login\/code/);
  await expect(robin.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  expect(await seriousViolations(robin)).toEqual([]);
  await robin.getByLabel("Code").fill(await nextCode(key));
  await robin.getByRole("button", { name: "Sign in" }).click();
  await expect(robin).toHaveURL(/\/admin$/);

  await openReady(page, "/admin/staff");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("On");
  await robin.context().close();
});
