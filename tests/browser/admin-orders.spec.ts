/**
 * The back office's orders at a desk: a shopper places an order, the owner
 * finds it in the list, fulfils it with a tracking number, and the shopper's
 * order page then shows it. The list works from the keyboard alone, and axe
 * finds nothing serious on either page.
 */
import { type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");

/** Places an order through the shop as a guest; answers its name ("#1001") and its page's path. */
async function placeOrder(page: Page, email: string): Promise<{ name: string; path: string }> {
  await openReady(page, "/products/clarifying-gel-cleanser");
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByRole("link", { name: /^Cart, 1 item$/ })).toBeVisible();
  await openReady(page, "/checkout");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 St James's Square");
  await page.getByLabel("City").fill("London");
  await page.getByLabel("Postcode").fill("SW1Y 4JH");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/[a-f0-9]{32}$/);
  const heading = page.getByRole("heading", { level: 1, name: /#\d+/ });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent())?.match(/#\d+/)?.[0] ?? "";
  expect(name).toMatch(/^#\d+$/);
  return { name, path: new URL(page.url()).pathname };
}

test("the owner finds a new order, fulfils it with a tracking number, and the shopper's order page shows it", async ({ page, browser }) => {
  const email = `fulfil.${Date.now()}@example.com`;
  const shopper = await browser.newPage();
  const order = await placeOrder(shopper, email);

  await logInAsOwner(page);
  await openReady(page, "/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  const table = page.getByRole("table", { name: /Orders, newest first/ });
  await expect(table.getByRole("columnheader", { name: "Order" })).toBeVisible();
  // Newest first: other tests' orders may have come since, but not many.
  const rows = table.getByRole("row");
  await expect(rows.filter({ hasText: email })).toHaveCount(1);
  expect(await rows.evaluateAll((all, wanted) => all.findIndex((row) => row.textContent?.includes(wanted)), email)).toBeLessThan(5);
  expect(await seriousViolations(page)).toEqual([]);

  // Searched by the email, filtered to what waits to be sent.
  await page.getByLabel("Order number or email").fill(email.toUpperCase());
  await page.getByLabel("Status").selectOption("unfulfilled");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=unfulfilled/);
  await expect(page.getByRole("status")).toHaveText("1 order found.");
  await table.getByRole("link", { name: order.name }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.name}` })).toBeVisible();
  await expect(page.getByRole("table", { name: `Items in order ${order.name}` }).getByText(/Clarifying 2% BHA Gel Cleanser/)).toBeVisible();
  await expect(page.getByText("£19.95", { exact: true })).toBeVisible();
  await expect(page.getByText("No consent to marketing texts.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // An empty tracking number is refused at the field, in the shop's words.
  const tracking = page.getByRole("textbox", { name: "Tracking number" });
  await tracking.fill("   ");
  await page.getByRole("button", { name: "Mark as fulfilled" }).click();
  await expect(page.locator(".error-summary")).toBeFocused();
  await expect(page.locator(".error-summary")).toContainText("Check the tracking number.");
  await expect(page.locator(".error-summary").getByRole("link", { name: "Tracking number: Enter the parcel's tracking number." })).toHaveAttribute("href", "#account-tracking-number");
  await expect(tracking).toHaveAttribute("aria-invalid", "true");
  await expect(tracking).toHaveAccessibleDescription(/Enter the parcel's tracking number\./);
  expect(await seriousViolations(page)).toEqual([]);
  // Following the summary's link moves to the field and keeps the answer on the page.
  await page.locator(".error-summary").getByRole("link", { name: /^Tracking number:/ }).click();
  await expect(tracking).toBeFocused();
  await expect(page.locator(".error-summary")).toContainText("Check the tracking number.");

  await tracking.fill("RM123456785GB");
  await page.getByRole("button", { name: "Mark as fulfilled" }).click();
  await expect(page.getByText(/tracking number RM123456785GB/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as fulfilled" })).toHaveCount(0);

  await openReady(shopper, order.path);
  await expect(shopper.getByText("Fulfilled — tracking number RM123456785GB")).toBeVisible();
  await shopper.close();
});

test("the order list works from the keyboard alone", async ({ page, browser }) => {
  const shopper = await browser.newPage();
  // This test's own order, found by its address: other tests place orders meanwhile, and a list of them all changes.
  const email = `keys.${Date.now()}@example.com`;
  await placeOrder(shopper, email);
  await shopper.close();
  await logInAsOwner(page);
  await openReady(page, "/admin/orders");
  const search = page.getByLabel("Order number or email");
  await search.focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Status")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Search" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=keys\.\d+%40example\.com/);

  // Tab on to the first order's link and open it.
  const firstLink = page.getByRole("table", { name: /Orders, newest first/ }).getByRole("link").first();
  for (let presses = 0; presses < 10 && !(await firstLink.evaluate((link) => link === document.activeElement)); presses += 1) await page.keyboard.press("Tab");
  await expect(firstLink).toBeFocused();
  await expect(firstLink).toHaveCSS("outline-style", /solid|auto/);
  const name = (await firstLink.textContent()) ?? "";
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Order ${name}` })).toBeVisible();
});

test("without scripts: the pages are private, the search is a plain GET and the fulfil form a plain POST", async ({ browser }) => {
  const shopper = await browser.newPage();
  const order = await placeOrder(shopper, `plain.${Date.now()}@example.com`);
  await shopper.close();
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // Nobody signed in is sent to log in, and sees no order on the way.
    const guarded = await page.goto("/admin/orders?q=plain");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(await guarded?.text()).not.toContain("plain.");

    await logInAsOwner(page);
    expect((await page.goto("/admin/orders/999999999"))?.status()).toBe(404);
    expect((await page.goto("/admin/orders/not-a-number"))?.status()).toBe(404);
    const list = await page.goto(`/admin/orders?q=${encodeURIComponent(order.name)}`);
    expect(list?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute("content", "noindex");
    await page.getByLabel("Status").selectOption("fulfilled");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("status")).toHaveText("No orders match this search.");
    await page.getByLabel("Status").selectOption("");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: order.name, exact: true }).click();

    const tracking = page.getByRole("textbox", { name: "Tracking number" });
    // The field's own limit stops a longer number in the browser; past it, the shop says so.
    await tracking.evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
    await tracking.fill("Z".repeat(65));
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Mark as fulfilled" }).click();
    expect((await refused).status()).toBe(422);
    await expect(page.locator(".error-summary")).toContainText("A tracking number is at most 64 characters.");
    await expect(tracking).toHaveValue("Z".repeat(65));

    await tracking.fill("PLAIN-42");
    await page.getByRole("button", { name: "Mark as fulfilled" }).click();
    await expect(page.getByText(/tracking number PLAIN-42/)).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/orders\/\d+$/);
  } finally {
    await context.close();
  }
});
