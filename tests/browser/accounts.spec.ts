import { type Page, type TestInfo, expect, test } from "@playwright/test";
import { BOT_CHECK_SOLVED_MS, openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

/**
 * Customer accounts as a shopper meets them: registering through the bot
 * check, logging out and in, the cart at login, a password reset from the
 * mailbox, the keyboard alone, and axe on every account page. Every test
 * comes from one address (127.0.0.1), so none fails a login: three failures
 * would send every later login from it through the bot check.
 */

const PASSWORD = "correct horse battery";

let counter = 0;
const uniqueEmail = (testInfo: TestInfo, name: string) => `${name}.${testInfo.project.name}.${Date.now()}.${++counter}@example.com`;

async function fillRegistration(page: Page, email: string, firstName = "Ada") {
  await page.getByLabel("First name", { exact: true }).fill(firstName);
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
}

/** Waits for the widget's proof of work, presses Continue, and lands on the account. */
async function passTheCheck(page: Page) {
  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.getByRole("heading", { level: 1, name: "A quick check" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: BOT_CHECK_SOLVED_MS });
  await page.getByRole("button", { name: "Continue" }).click();
}

async function register(page: Page, email: string, firstName = "Ada") {
  await openReady(page, "/account/register");
  await fillRegistration(page, email, firstName);
  await page.getByRole("button", { name: "Create account" }).click();
  await passTheCheck(page);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
}

/** Opens the newest email to `email` whose subject matches, reading the mailbox again until it is there (some are written just after the answer). */
async function openMail(page: Page, email: string, subject: RegExp) {
  const message = page.getByRole("row", { name: new RegExp(email.replaceAll(".", "\\.")) }).filter({ hasText: subject }).getByRole("link").first();
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(message).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await message.click();
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await openReady(page, "/account/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function logOut(page: Page) {
  await openReady(page, "/account");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
}

test("a shopper registers through the bot check and lands on their account, named in the header", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "ada");
  await openReady(page, "/");
  await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/account/login");
  await register(page, email);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Account, Ada" })).toBeVisible();
  // Every page carries the customer's id and hash for later features.
  const customer = await page.evaluate(() => (window as unknown as { ShopCustomer?: { id: number; hash: string } }).ShopCustomer);
  expect(customer?.id).toEqual(expect.any(Number));
  expect(customer?.hash).toMatch(/^[a-f0-9]{64}$/);
  // The register page sends a logged-in shopper back from the check on to the account.
  await page.goto("/account/register?challenge=passed");
  await expect(page).toHaveURL(/\/account$/);
});

test("registering again with an email that has an account creates nothing and emails its owner", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "twice");
  // An address of its own, so its two registrations count against no other test's.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.89.${testInfo.project.name === "mobile" ? 1 : 2}.1` });
  await register(page, email);
  await logOut(page);
  await openReady(page, "/account/register");
  await fillRegistration(page, email, "Someone");
  await page.getByRole("button", { name: "Create account" }).click();
  // The form goes on to the check as for a new email: nothing on the way says the email is known.
  await passTheCheck(page);
  await expect(page).toHaveURL(/\/account\/register\?challenge=passed$/);
  await expect(page.getByText("No new account was created. If that email already has an account, log in, or reset your password if you have forgotten it")).toBeVisible();
  // The mailbox answers the machine itself, not the borrowed address.
  await page.setExtraHTTPHeaders({});
  await openMail(page, email, /You already have/);
  await expect(page.getByRole("link", { name: /\/account\/recover/ }).first()).toBeVisible();
});

test("a shopper logs out and back in", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "grace");
  await register(page, email, "Grace");
  await logOut(page);
  // The account is closed to a logged-out browser.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/login$/);
  await logIn(page, email);
  await expect(page.getByRole("link", { name: "Account, Grace" })).toBeVisible();
});

test("a guest cart survives login and follows the customer to another browser", async ({ page, browser }, testInfo) => {
  const email = uniqueEmail(testInfo, "cart");
  await register(page, email);
  await logOut(page);

  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await logIn(page, email);
  await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
  await openReady(page, "/cart");
  await expect(page.getByRole("link", { name: /Clarifying 2% BHA Gel Cleanser/ }).first()).toBeVisible();

  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await logIn(other, email);
    await expect(other.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test("a customer keeps an address and the checkout starts from it; their order shows in their history", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "address");
  await register(page, email);
  await page.getByRole("link", { name: "Add an address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your addresses" })).toBeVisible();
  await page.getByLabel("First name", { exact: true }).fill("Ada");
  await page.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 St James's Square");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postcode").fill("SW1Y 4JH");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Default address", { exact: true })).toBeVisible();

  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
  await openReady(page, "/checkout");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("12 St James's Square");
  await expect(page.getByLabel("Postcode")).toHaveValue("SW1Y 4JH");
  await page.getByRole("button", { name: /Place order/i }).click();
  await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
  const orderName = (await page.getByRole("heading", { level: 1 }).textContent())?.match(/#\d+/)?.[0] ?? "";

  await openReady(page, "/account");
  const order = page.getByRole("article", { name: `Order ${orderName}` });
  await expect(order).toBeVisible();
  await expect(order.getByText(/Clarifying 2% BHA Gel Cleanser/)).toBeVisible();
  await expect(order.getByText(/Placed/)).toBeVisible();
  await expect(order.getByText("Total", { exact: true })).toBeVisible();
});

test("a customer resets a forgotten password from the link in the mailbox", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "forgot");
  await register(page, email);
  await logOut(page);

  await openReady(page, "/account/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account uses that email" })).toBeVisible();

  await openMail(page, email, /Reset your/);
  const resetLink = await page.getByRole("link", { name: /\/account\/reset\/\d+\/[a-f0-9]{64}/ }).getAttribute("href");
  expect(resetLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/account\/reset\/\d+\/[a-f0-9]{64}$/);
  await openReady(page, resetLink ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  const resetUrl = page.url();
  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("New password again").fill("a brand new password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The link worked once.
  await page.goto(resetUrl);
  await expect(page.getByText("This reset link has expired or was already used.")).toBeVisible();
  await logOut(page);
  await logIn(page, email, "a brand new password");
});

test("a shopper registers with the keyboard alone", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "keys");
  await openReady(page, "/account/register");
  await page.getByLabel("First name", { exact: true }).focus();
  await page.keyboard.type("Kay");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Board");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(page.getByLabel("Email me news and offers")).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Create account" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // Continue can be pressed at once: the form goes as soon as the check is done.
  const continueButton = page.getByRole("button", { name: "Continue" });
  for (let presses = 0; presses < 30 && !(await continueButton.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press("Tab");
  await expect(continueButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
  await expect(page.getByRole("link", { name: "Account, Kay" })).toBeVisible();
  await expect(page.getByText("You get our news and offers by email.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the register form answers with its errors, named and linked, and the check says it needs JavaScript", async ({ page }, testInfo) => {
    await page.goto("/account/register");
    await fillRegistration(page, uniqueEmail(testInfo, "nojs"));
    await page.getByLabel("Password", { exact: true }).fill("short");
    // The browser's own length check would stop the post; a shopper's old browser may not have it.
    await page.locator("form.account-form").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Please check the highlighted fields." })).toBeVisible();
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAttribute("aria-describedby", "account-password-hint account-password-error");
    await expect(page.getByRole("link", { name: /Password: Choose a password of at least 8 characters/ })).toHaveAttribute("href", "#account-password");

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/challenge$/);
    await expect(page.getByText("This check runs in your browser and needs JavaScript.")).toBeVisible();
  });
});

test("axe finds no serious violations on any account page", async ({ page }, testInfo) => {
  // Ten pages, each checked in full by axe: far longer than one journey, however fast the machine.
  test.setTimeout(180_000);
  const checked: string[] = [];
  const check = async (label: string) => {
    await page.waitForLoadState("networkidle");
    const violations = await seriousViolations(page);
    expect(violations, label).toEqual([]);
    checked.push(label);
  };
  for (const path of ["/account/login", "/account/register", "/account/recover", "/account/logout", "/challenge", "/account/reset/1/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"]) {
    await openReady(page, path);
    await check(path);
  }
  // A form answered with errors, and the bot check at work.
  await openReady(page, "/account/register");
  await fillRegistration(page, "not-an-email");
  await page.locator("form.account-form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator(".error-summary")).toBeFocused();
  await check("register with errors");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail(testInfo, "axe"));
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done. Press Continue." })).toBeVisible({ timeout: BOT_CHECK_SOLVED_MS });
  await check("/challenge with the widget");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await check("/account");
  await openReady(page, "/account/addresses");
  await check("/account/addresses");
  await openReady(page, "/account/logout");
  await check("/account/logout, logged in");
  expect(checked).toHaveLength(11);
});
