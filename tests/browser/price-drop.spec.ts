/**
 * "Email me if the price drops", end to end: a shopper follows a product's
 * price on its page (axe-checked with the form open) and confirms from the
 * mailbox; the back office's stock page lists them; the owner lowers the
 * price in the product editor; the server's sender emails the shopper once;
 * the email's link shows the product at its new price, and its unfollow link
 * ends the follow. Each width uses its own product, which no other test
 * touches, and the price ends where it began.
 */
import { type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { openReady } from "./ready.ts";

const PRODUCTS = {
  desktop: { handle: "rice-water-essence-toner", title: "Rice Water Essence Toner", sku: "HL-TON-RICE-150", price: "21.00", lowered: "18.00" },
  mobile: { handle: "multi-peptide-firming-serum", title: "Multi-Peptide Firming Serum", sku: "HL-SER-PEPT-30", price: "42.00", lowered: "36.00" },
} as const;

/** Sets the product's price in the back office's product editor and waits for it to be saved. */
async function setPrice(page: Page, sku: string, title: string, price: string): Promise<void> {
  await openReady(page, `/admin/products?q=${sku}`);
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("textbox", { name: "Price", exact: true }).fill(price);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText("Saved. The shop shows the changes now.");
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

test("a shopper follows a product's price, the owner lowers it, and the email's link shows the new price", async ({ browser, page: shopper }, testInfo) => {
  test.slow();
  const product = PRODUCTS[testInfo.project.name === "mobile" ? "mobile" : "desktop"];
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await desk.newPage();
  await logInAsOwner(owner);

  await openReady(shopper, `/products/${product.handle}`);
  const form = shopper.getByRole("form", { name: "Email me if the price drops" });
  await expect(form).toBeHidden();
  await shopper.getByText("Email me if the price drops").click();
  await expect(form).toBeVisible();
  expect(await seriousViolations(shopper)).toEqual([]);
  await form.scrollIntoViewIfNeeded();
  await shopper.screenshot({ path: testInfo.outputPath(`price-drop-${testInfo.project.name}.png`) });

  const email = `price-${testInfo.project.name}-${Date.now()}@example.com`;
  await form.getByRole("button", { name: "Follow the price" }).click();
  await expect(form.getByText("Enter your email address")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("checkbox", { name: /Email me when the price of this product drops/ }).check();
  await form.getByRole("button", { name: "Follow the price" }).click();
  await expect(form.getByRole("status")).toContainText("Check your inbox");

  const confirm = await linkInMail(shopper, email, "Confirm your price alert – Lumen & Leaf", "/price-drop/confirm", 20_000);
  await shopper.goto(confirm);
  await expect(shopper).toHaveURL(new RegExp(`/products/${product.handle}\\?price_drop=confirmed`));
  await expect(form.getByRole("status")).toContainText("your price alert is confirmed");

  // The stock page names who follows what, with the price they know.
  await openReady(owner, "/admin/stock");
  const following = owner.getByRole("table", { name: /Shoppers to email when a product is back in stock or its price drops/ }).getByRole("row").filter({ hasText: email });
  await expect(following.getByRole("rowheader")).toHaveText(product.title);
  await expect(following.getByRole("cell").first()).toHaveText("Price drop");
  await expect(following).toContainText(`£${product.price}`);

  try {
    await setPrice(owner, product.sku, product.title, product.lowered);
    // The server's sender looks for drops every few seconds.
    const subject = `Price drop: ${product.title} is now £${product.lowered} GBP – Lumen & Leaf`;
    const see = await linkInMail(shopper, email, subject, `/products/${product.handle}`, 60_000);
    await expect(shopper.getByText(`has dropped from £${product.price} GBP to £${product.lowered} GBP`)).toBeVisible();
    const unfollow = await linkInMail(shopper, email, subject, "/price-drop/unfollow", 5_000);
    await shopper.goto(see);
    await expect(shopper.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
    await expect(shopper.getByRole("main").getByText(`£${product.lowered}`).first()).toBeVisible();

    await shopper.goto(unfollow);
    await expect(shopper).toHaveURL(new RegExp(`/products/${product.handle}\\?price_drop=unfollowed`));
    await expect(form.getByRole("status")).toContainText("You no longer follow this product's price");
  } finally {
    await setPrice(owner, product.sku, product.title, product.price);
    await desk.close();
  }
});
