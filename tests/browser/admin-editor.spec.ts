/**
 * The theme editor at a desk: the owner previews the quiz bundle builder,
 * selects its questions section and sees the preview show the questions;
 * selects the countdown popup and sees it open at once, without its timer;
 * selects it again and sees the page as a shopper does. The panel is used
 * from the keyboard, and axe finds nothing serious on the editor page.
 */
import { type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";

const NEWSLETTER_TITLE = "Get 10% off your first order";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");

/** The editor on `kind`'s page, once its preview hears the editor's events. */
async function openEditor(page: Page, kind: string) {
  await page.goto(`/admin/editor?page=${kind}`);
  await expect(page.locator("iframe.theme-editor__frame")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
}

test("selecting the quiz's questions shows them in the preview, and selecting it again gives the shopper's page back", async ({ page }) => {
  await logInAsOwner(page);
  await openEditor(page, "quiz");
  const preview = page.frameLocator("iframe.theme-editor__frame");
  // The shopper's page starts at the intro.
  await expect(preview.getByRole("button", { name: /start/i })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "About your skin" })).toHaveCount(0);

  const questions = page.getByRole("button", { name: "Quiz builder: questions" });
  await questions.click();
  await expect(questions).toHaveAttribute("aria-pressed", "true");
  await expect(preview.getByRole("heading", { name: "About your skin" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Quiz builder: questions is selected");

  await questions.click();
  await expect(questions).toHaveAttribute("aria-pressed", "false");
  await expect(preview.getByRole("heading", { name: "About your skin" })).toHaveCount(0);
  await expect(preview.getByRole("button", { name: /start/i })).toBeVisible();
});

test("selecting a popup opens it at once in the preview, from the keyboard, and the panel keeps the focus", async ({ page }) => {
  await logInAsOwner(page);
  await openEditor(page, "home");
  const preview = page.frameLocator("iframe.theme-editor__frame");
  const newsletter = page.getByRole("button", { name: "Popup: newsletter" });
  await newsletter.focus();
  await page.keyboard.press("Enter");
  // Its timer would wait for pages and seconds; in the editor it is open as soon as it is selected.
  await expect(preview.getByRole("dialog", { name: NEWSLETTER_TITLE })).toBeVisible();
  await expect(newsletter).toBeFocused();

  // Another section selected (past the countdown popup and each one's settings link): the popup goes.
  for (let press = 0; press < 4; press += 1) await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Popup: announcement" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(preview.getByRole("dialog", { name: NEWSLETTER_TITLE })).toHaveCount(0);
  await expect(preview.getByRole("dialog", { name: "Announcement" })).toBeVisible();
});

test("selecting the routine builder's steps shows them in the preview, and the focus stays in the panel", async ({ page }) => {
  await logInAsOwner(page);
  await openEditor(page, "routine");
  const preview = page.frameLocator("iframe.theme-editor__frame");
  await expect(preview.locator('[data-section-id="routine-builder-start"]')).toBeVisible();
  const steps = page.getByRole("button", { name: "Routine builder: steps" });
  await steps.focus();
  await page.keyboard.press("Enter");
  await expect(preview.locator('[data-section-id="routine-builder-steps"]')).toBeVisible();
  await expect(preview.getByRole("navigation", { name: "Routine steps" })).toBeVisible();
  await expect(preview.locator('[data-section-id="routine-builder-start"]')).toHaveCount(0);
  await expect(steps).toBeFocused();
});

test("each section links to the settings that edit it, open on arrival", async ({ page }) => {
  await logInAsOwner(page);
  await openEditor(page, "home");
  await page.getByRole("link", { name: "Edit the settings of Hero slideshow" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?section=home#settings-section-home$/);
  await expect(page.locator("#settings-section-home")).toHaveAttribute("open", "");
});

test("the phone width frames the page at 390 px, and axe finds nothing serious on the editor", async ({ page }) => {
  await logInAsOwner(page);
  await openEditor(page, "quiz");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: /Phone/ }).click();
  await expect(page.getByRole("link", { name: /Phone/ })).toHaveAttribute("aria-current", "true");
  await expect(page.locator("iframe.theme-editor__frame")).toHaveJSProperty("offsetWidth", 390);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a member of staff is refused the theme editor, and does not find it among their areas", async ({ page, browser }) => {
  const email = `editor.${Date.now()}@lumenandleaf.example`;
  const password = "a long first password";
  await logInAsOwner(page);
  await page.goto("/admin/staff");
  await page.getByLabel("Name", { exact: true }).fill("Robin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First password").fill(password);
  await page.getByRole("button", { name: "Add to the staff" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Can log in");

  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto("/admin/login");
  await colleague.getByLabel("Email").fill(email);
  await colleague.getByLabel("Password").fill(password);
  await colleague.getByRole("button", { name: "Log in" }).click();
  await expect(colleague).toHaveURL(/\/admin$/);
  await expect(colleague.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Theme editor" })).toHaveCount(0);
  expect((await colleague.goto("/admin/editor?page=quiz"))?.status()).toBe(403);
  await expect(colleague.getByText("Only the shop's owner can do that.")).toBeVisible();
  await expect(colleague.locator("iframe")).toHaveCount(0);
  await colleague.context().close();

  await page.getByRole("button", { name: "Take away Robin's access" }).last().click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("No access");
});
