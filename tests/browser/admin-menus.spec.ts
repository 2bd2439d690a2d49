/**
 * The footer and legal menus at a desk: the owner goes from the list of the
 * shop's menus to the footer's editor, renames a footer link and saves it
 * with the keyboard alone (a link to a policy the shop has not written is
 * refused beside its field first), and the shop's footer shows the new
 * link; the legal line is reordered and the footer's legal links follow;
 * axe finds nothing serious on the list and on an editor with a refused
 * link showing. Each test puts its menu back as it began.
 */
import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import { ownerSignedIn } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");
test.describe.configure({ mode: "serial" });

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  signedIn = await ownerSignedIn(browser);
});

const footerNav = (shopper: Page) => shopper.getByRole("navigation", { name: "Footer" });
const policiesNav = (shopper: Page) => shopper.getByRole("navigation", { name: "Policies" });

/** Checks the shop's home page until the check passes: every server picks up a saved menu within about a second. */
async function expectShop(shopper: Page, check: () => Promise<void>) {
  await expect(async () => {
    await shopper.goto("/");
    await check();
  }).toPass({ timeout: 20_000 });
}

/** Types into the focused field, replacing what it held. */
async function retype(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("from the list of menus, the owner renames a footer link with the keyboard alone, and the shop's footer shows it", async ({ browser, page: shopper }) => {
  const context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openReady(page, "/admin/menu");
  await expect(page.getByRole("heading", { level: 1, name: "Menus" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Menus" })).toHaveAttribute("aria-current", "page");
  const rows = page.getByRole("table", { name: "The shop's menus" }).getByRole("row");
  await expect(rows.filter({ hasText: "Main menu" })).toContainText("The shop's header and phone menu");
  await expect(rows.filter({ hasText: "Legal links" })).toContainText("4 links");

  // Keyboard only from here: the list's link, the field, Enter to save.
  await page.getByRole("link", { name: "Main menu" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Footer menu" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/menu\/footer$/);
  await expect(page.getByRole("heading", { level: 1, name: "Footer menu" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

  const help = page.getByRole("group", { name: "Item 2 (column)" });
  await expect(help.getByRole("textbox", { name: "Title" })).toHaveValue("Help");
  const contact = page.getByRole("group", { name: "Item 2 › 1 (link)" });
  await expect(contact.getByRole("textbox", { name: "Title" })).toHaveValue("Contact us");
  await contact.getByRole("textbox", { name: "Title" }).focus();
  await retype(page, "Write to us");
  await page.keyboard.press("Tab");
  await expect(contact.getByRole("combobox", { name: "Link" })).toBeFocused();
  await retype(page, "/policies/cookie-policy");
  await page.keyboard.press("Enter");

  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  const link = contact.getByRole("combobox", { name: "Link" });
  await expect(link).toHaveAttribute("aria-invalid", "true");
  await expect(link).toHaveAccessibleDescription(/The shop has no policy cookie-policy written/);
  await page.keyboard.press("Tab");
  await expect(summary.getByRole("link", { name: /Item 2 › 1: link/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(link).toBeFocused();
  await retype(page, "/pages/contact");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/menu\/footer\?saved=1$/);
  await expect(page.getByRole("status")).toHaveText("Saved. The shop's footer shows the new columns now.");

  await expectShop(shopper, async () => {
    await expect(footerNav(shopper).getByRole("link", { name: "Write to us" })).toHaveAttribute("href", "/pages/contact", { timeout: 1000 });
  });
  await expect(footerNav(shopper).getByRole("link", { name: "Contact us" })).toHaveCount(0);

  // Put the footer back as it began.
  await page.getByRole("group", { name: "Item 2 › 1 (link)" }).getByRole("textbox", { name: "Title" }).fill("Contact us");
  await page.getByRole("button", { name: "Save menu" }).first().click();
  await expect(page.getByRole("status")).toHaveText("Saved. The shop's footer shows the new columns now.");
  await expectShop(shopper, async () => {
    await expect(footerNav(shopper).getByRole("link", { name: "Contact us" })).toBeVisible({ timeout: 1000 });
  });
  await context.close();
});

test("the owner moves a legal link first, and the footer's legal line follows", async ({ browser, page: shopper }) => {
  const context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openReady(page, "/admin/menu/legal");
  await expect(page.getByRole("heading", { level: 1, name: "Legal links" })).toBeVisible();
  // A link has nothing below it: the legal line is one level.
  await expect(page.getByRole("button", { name: /^Add a / })).toHaveText(["Add a link"]);
  const moveUp = (at: number) => page.getByRole("group", { name: `Item ${at} (link)` }).getByRole("button", { name: "Move up: Terms of service" });
  await moveUp(4).focus();
  for (const at of [4, 3, 2]) {
    await expect(moveUp(at)).toBeFocused();
    await page.keyboard.press("Enter");
  }
  await expect(page.getByText("Changes not saved yet")).toBeVisible();
  await page.getByRole("button", { name: "Save menu" }).first().click();
  await expect(page.getByRole("status")).toHaveText("Saved. The legal line under the shop's footer shows the new links now.");
  const legalTitles = async () => (await policiesNav(shopper).getByRole("listitem").allInnerTexts()).map((text) => text.trim());
  await expectShop(shopper, async () => expect((await legalTitles())[0]).toBe("Terms of service"));

  // Put the legal line back as it began.
  const moveDown = (at: number) => page.getByRole("group", { name: `Item ${at} (link)` }).getByRole("button", { name: "Move down: Terms of service" });
  await moveDown(1).focus();
  for (const at of [1, 2, 3]) {
    await expect(moveDown(at)).toBeFocused();
    await page.keyboard.press("Enter");
  }
  await expect(page.getByRole("group", { name: "Item 4 (link)" }).getByRole("textbox", { name: "Title" })).toHaveValue("Terms of service");
  await page.getByRole("button", { name: "Save menu" }).first().click();
  await expect(page).toHaveURL(/\/admin\/menu\/legal\?saved=1$/);
  await expectShop(shopper, async () => expect((await legalTitles()).slice(0, 4)).toEqual(["Privacy policy", "Shipping policy", "Refund policy", "Terms of service"]));
  await context.close();
});

test("axe finds nothing serious on the list of menus, nor on the footer's editor with a refused link showing", async ({ browser }) => {
  const context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openReady(page, "/admin/menu");
  expect(await seriousViolations(page)).toEqual([]);
  await openReady(page, "/admin/menu/footer");
  const first = page.getByRole("group", { name: "Item 1 › 1 (link)" });
  await first.getByRole("combobox", { name: "Link" }).fill("/blogs/no-such-blog");
  await page.getByRole("button", { name: "Save menu" }).first().click();
  await expect(first.getByRole("combobox", { name: "Link" })).toHaveAccessibleDescription(/There is no blog no-such-blog/);
  expect(await seriousViolations(page)).toEqual([]);
  // A menu the shop does not draw has no editor.
  const missing = await page.goto("/admin/menu/sidebar");
  expect(missing?.status()).toBe(404);
  await context.close();
});
