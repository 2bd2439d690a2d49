/**
 * "Email me when it's back", end to end: the owner counts a product down to
 * 0 at /admin/stock; a shopper asks on its product page (axe-checked with
 * the form), confirms from the mailbox, the owner restocks it, the server's
 * sender emails the shopper once, and the email's link leaves the product
 * in the shopper's cart. Each width uses its own product, which no other
 * test touches, and the count ends where it began.
 */
import { type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { openReady } from "./ready.ts";

const PRODUCTS = {
  desktop: { handle: "caffeine-eye-serum", title: "Caffeine & Peptide Eye Serum", sku: "LL-EYE-CAFF-15" },
  mobile: { handle: "oat-squalane-night-cream", title: "Oat & Squalane Rich Night Cream", sku: "MB-MOI-OAT-50" },
} as const;

/** Adjusts the product's count at /admin/stock with a reason, and waits for the page to say it is saved. */
async function adjust(page: Page, sku: string, delta: number, reason: string): Promise<void> {
  await openReady(page, `/admin/stock?q=${sku}`);
  const row = page.getByRole("table", { name: /Stock by product and variant/ }).getByRole("row").filter({ hasText: sku });
  await row.getByRole("textbox", { name: /Units/ }).fill(String(delta));
  await row.getByRole("combobox", { name: /Reason/ }).selectOption({ label: reason });
  await row.getByRole("button", { name: /Save stock/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toContainText(`(${delta > 0 ? "+" : "−"}${Math.abs(delta)}, ${reason})`);
}

/** The address of the first link in the mailbox's newest email to `email` with this subject that goes to `path`. */
async function linkInMail(page: Page, email: string, subject: string, path: string, timeout: number): Promise<string> {
  const message = page.getByRole("row", { name: new RegExp(email.replaceAll(".", "\\.")) }).getByRole("link", { name: subject });
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(message.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout });
  await message.first().click();
  const href = await page.getByRole("link", { name: new RegExp(path) }).first().getAttribute("href");
  const url = new URL(href ?? "http://none/");
  return `${url.pathname}${url.search}`;
}

test("a shopper asks on a sold-out product, confirms, and the restock email's link fills their cart", async ({ browser, page: shopper }, testInfo) => {
  test.slow();
  const product = PRODUCTS[testInfo.project.name === "mobile" ? "mobile" : "desktop"];
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await desk.newPage();
  await logInAsOwner(owner);
  await openReady(owner, `/admin/stock?q=${product.sku}`);
  const onHand = Number((await owner.getByRole("row").filter({ hasText: product.sku }).getByRole("cell").nth(2).innerText()).replace(/\D+/g, ""));
  expect(onHand).toBeGreaterThan(0);
  await adjust(owner, product.sku, -onHand, "Count correction");

  const form = shopper.getByRole("form", { name: "Email me when it's back" });
  // Every server reads the new count about once a second.
  await expect(async () => {
    await openReady(shopper, `/products/${product.handle}`);
    await expect(form).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  expect(await seriousViolations(shopper)).toEqual([]);
  await form.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: testInfo.outputPath(`back-in-stock-${testInfo.project.name}.png`) });

  const email = `back-${testInfo.project.name}-${Date.now()}@example.com`;
  await form.getByRole("button", { name: "Email me when it's back" }).click();
  await expect(form.getByText("Enter your email address")).toBeVisible();
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("checkbox", { name: /Email me once when this is back in stock/ }).check();
  await form.getByRole("button", { name: "Email me when it's back" }).click();
  await expect(form.getByRole("status")).toContainText("Check your inbox");

  const confirm = await linkInMail(shopper, email, "Confirm your back-in-stock alert – Lumen & Leaf", "/back-in-stock/confirm", 20_000);
  await shopper.goto(confirm);
  await expect(shopper).toHaveURL(new RegExp(`/products/${product.handle}\\?variant=\\d+&back_in_stock=confirmed`));
  await expect(form.getByRole("status")).toContainText("your alert is confirmed");

  // The stock page names who waits for what.
  await openReady(owner, `/admin/stock?q=${product.sku}`);
  const waiting = owner.getByRole("table", { name: /Shoppers to email when a product is back in stock or its price drops/ }).getByRole("row").filter({ hasText: email });
  await expect(waiting.getByRole("rowheader")).toHaveText(product.title);
  await expect(waiting.getByRole("cell").first()).toHaveText(/^Back in stock/);
  await expect(waiting.getByRole("cell").nth(1)).toHaveText(/^[1-9]\d*$/);

  await adjust(owner, product.sku, onHand, "Received from supplier");
  // The server's sender looks for due alerts every few seconds.
  const add = await linkInMail(shopper, email, `${product.title} is back in stock – Lumen & Leaf`, "/back-in-stock/add", 60_000);
  await shopper.goto(add);
  await expect(shopper).toHaveURL(/\/cart$/);
  await expect(shopper.getByRole("main").getByRole("link", { name: new RegExp(product.title) }).first()).toBeVisible();
  const cart = (await shopper.evaluate(async () => (await fetch("/cart.js")).json())) as { items: { sku: string; quantity: number }[] };
  expect(cart.items).toContainEqual(expect.objectContaining({ sku: product.sku, quantity: 1 }));
  await desk.close();
});
