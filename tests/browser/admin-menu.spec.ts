/**
 * The main menu editor at a desk: the owner adds a top item, a link to a
 * collection that does not exist is refused beside its field, the saved
 * item shows in the storefront's header; the item is moved up from the
 * keyboard alone and saved with Enter, and the header follows; without
 * scripts a move redraws the form unsaved; axe finds nothing serious (a
 * refused link showing). The test removes its item again, leaving the menu
 * as it began.
 */
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { ownerSignedIn } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");
test.describe.configure({ mode: "serial" });

const ITEM = { title: "Sun care", url: "/collections/spf" };

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  signedIn = await ownerSignedIn(browser);
});

const topItems = (page: Page) => page.getByRole("navigation", { name: "Main" }).locator(".main-nav__list > li");

/** The header's top items, once the shop's catalog has the saved menu (every server checks about once a second). */
async function expectHeader(shopper: Page, check: (titles: string[]) => void) {
  await expect(async () => {
    await shopper.goto("/");
    const titles = (await topItems(shopper).allInnerTexts()).map((text) => text.split("\n")[0]!.trim());
    check(titles);
  }).toPass({ timeout: 20_000 });
}

/** The menu editor, signed in as the owner, and how many top items the menu has. */
async function openEditor(browser: Browser): Promise<{ page: Page; before: number }> {
  const context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openReady(page, "/admin/menu/main-menu");
  await expect(page.getByRole("heading", { level: 1, name: "Main menu" })).toBeVisible();
  return { page, before: await page.getByRole("group", { name: /\(top item\)/ }).count() };
}

test("the owner adds a top item: a link to no page is refused beside its field; saved, the shop's header shows it", async ({ browser, page: shopper }) => {
  const { page, before } = await openEditor(browser);
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Menus" })).toHaveAttribute("aria-current", "page");
  const last = `Item ${before + 1}`;

  await page.getByRole("button", { name: "Add a top item" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added a top item" })).toBeVisible();
  const added = page.getByRole("group", { name: `${last} (top item)` });
  await expect(added.getByRole("textbox", { name: "Title" })).toBeFocused();
  await added.getByRole("textbox", { name: "Title" }).fill(ITEM.title);
  await added.getByRole("combobox", { name: "Link" }).fill("/collections/sunshine");
  await page.getByRole("button", { name: "Save menu" }).first().click();

  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("heading")).toHaveText("The menu was not saved. Please check the highlighted fields.");
  const link = added.getByRole("combobox", { name: "Link" });
  await expect(link).toHaveAttribute("aria-invalid", "true");
  await expect(link).toHaveAccessibleDescription(/There is no collection sunshine that shoppers can browse/);
  await summary.getByRole("link", { name: new RegExp(`${last}: link`) }).click();
  await expect(link).toBeFocused();

  await link.fill(ITEM.url);
  await page.getByRole("button", { name: "Save menu" }).first().click();
  await expect(page).toHaveURL(/\/admin\/menu\/main-menu\?saved=1$/);
  await expect(page.getByRole("status")).toHaveText("Saved. The shop's header and phone menu show the new menu now.");
  await expectHeader(shopper, (titles) => expect(titles[titles.length - 1]).toBe(ITEM.title));
  await expect(topItems(shopper).last().getByRole("link", { name: ITEM.title })).toHaveAttribute("href", ITEM.url);
  await page.context().close();
});

test("the owner moves the item up from the keyboard alone and saves with Enter; the header follows; removed, the menu is as it began", async ({ browser, page: shopper }) => {
  const { page, before: count } = await openEditor(browser);
  // The item added by the test above is last.
  const before = count - 1;
  const last = `Item ${before + 1}`;
  await expect(page.getByRole("group", { name: `${last} (top item)` }).getByRole("textbox", { name: "Title" })).toHaveValue(ITEM.title);

  // Keyboard only: from the item's title, Tab to its Move up, Enter twice, then Enter in a field saves.
  const item = page.getByRole("group", { name: `${last} (top item)` });
  await item.getByRole("textbox", { name: "Title" }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const moveUp = (at: number) => page.getByRole("group", { name: `Item ${at} (top item)` }).getByRole("button", { name: `Move up: ${ITEM.title}` });
  await expect(moveUp(before + 1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(`Moved ${ITEM.title} up. Save the menu to keep the change.`);
  await expect(moveUp(before)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(moveUp(before - 1)).toBeFocused();
  await expect(page.getByText("Changes not saved yet")).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("group", { name: `Item ${before - 1} (top item)` }).getByRole("combobox", { name: "Link" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/menu\/main-menu\?saved=1$/);
  await expectHeader(shopper, (titles) => expect(titles.indexOf(ITEM.title)).toBe(before - 2));

  // Put the menu back as it began.
  await page.getByRole("button", { name: `Remove: ${ITEM.title}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Removed ${ITEM.title}. Save the menu to keep the change.`);
  await page.getByRole("button", { name: "Save menu" }).first().click();
  await expect(page).toHaveURL(/\/admin\/menu\/main-menu\?saved=1$/);
  await expectHeader(shopper, (titles) => expect(titles).not.toContain(ITEM.title));
  await page.context().close();
});

test("without scripts a move redraws the form, unsaved, and the shop keeps its menu", async ({ browser }) => {
  const context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/menu/main-menu");
  const first = page.getByRole("group", { name: "Item 1 (top item)" });
  const title = await first.getByRole("textbox", { name: "Title" }).inputValue();
  await first.getByRole("button", { name: `Move down: ${title}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Moved ${title} down. Save the menu to keep the change.`);
  await expect(page.getByText("Changes not saved yet")).toBeVisible();
  await expect(page.getByRole("group", { name: "Item 2 (top item)" }).getByRole("textbox", { name: "Title" })).toHaveValue(title);
  // Nothing was stored: the page opened afresh shows the menu as it was.
  await page.goto("/admin/menu/main-menu");
  await expect(page.getByRole("group", { name: "Item 1 (top item)" }).getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await context.close();
});

test("axe finds nothing serious on the editor, with a refused link showing", async ({ browser }) => {
  const { page } = await openEditor(browser);
  const first = page.getByRole("group", { name: "Item 1 (top item)" });
  await first.getByRole("combobox", { name: "Link" }).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save menu" }).first().click();
  await expect(first.getByRole("combobox", { name: "Link" })).toHaveAccessibleDescription(/Enter a link within this shop/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});
