/**
 * The theme editor at a desk: the owner previews the quiz bundle builder,
 * selects its questions section and sees the preview show the questions;
 * selects the countdown popup and sees it open at once, without its timer;
 * selects it again and sees the page as a shopper does. The panel is used
 * from the keyboard, and axe finds nothing serious on the editor page.
 * On a shop of its own, the owner changes the free-shipping threshold in the
 * editor: the preview's side cart follows (its section re-rendered between
 * `unload` and `load`) while shoppers keep the live threshold, until the
 * owner publishes the draft.
 */
import { type Frame, type Page, expect, test } from "@playwright/test";
import { logInAsOwner } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { GEL, type OwnShop, expectShippingLine, ownerPage, startOwnShop } from "./own-shop.ts";
import { openReady } from "./ready.ts";

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

test("selecting a kit step's section shows that step alone in the preview", async ({ page }) => {
  await logInAsOwner(page);
  await openEditor(page, "kit");
  const preview = page.frameLocator("iframe.theme-editor__frame");
  const steps = page.getByRole("button", { name: /^Kit builder: step / });
  expect(await steps.count()).toBeGreaterThan(1);
  const first = await preview.locator("[data-section-id^='kit-builder-step-']").count();
  expect(first).toBe(await steps.count());
  const second = steps.nth(1);
  const title = ((await second.textContent()) ?? "").replace(/^Kit builder: step 2, /, "");
  await second.click();
  await expect(preview.locator("[data-section-id^='kit-builder-step-']")).toHaveCount(1);
  await expect(preview.getByRole("heading", { name: `Step 2: ${title}` })).toBeVisible();
  await second.click();
  await expect(preview.locator("[data-section-id^='kit-builder-step-']")).toHaveCount(first);
});

test.describe("live changes in the editor, on a shop of their own", () => {
  test.describe.configure({ mode: "serial" });
  let shop: OwnShop | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop = await startOwnShop("editor");
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  /** Records the editor's events as the preview hears them, in order. */
  const recordEvents = (frame: Frame) =>
    frame.evaluate(() => {
      const heard: string[] = [];
      (window as unknown as { heardEvents: string[] }).heardEvents = heard;
      for (const type of ["select", "deselect", "load", "unload"]) {
        document.addEventListener(`shopify:section:${type}`, (event) => heard.push(`${type} ${(event as CustomEvent<{ sectionId: string }>).detail.sectionId}`));
      }
    });
  const heardEvents = (frame: Frame) => frame.evaluate(() => (window as unknown as { heardEvents: string[] }).heardEvents);

  test("the owner changes the free-shipping threshold: the preview's side cart follows, shoppers keep the live one until it is published", async ({ browser }) => {
    test.setTimeout(150_000);
    const origin = shop!.origin;
    const page = await ownerPage(browser, origin);
    // The owner's own cart holds the £16 gel, £24 short of free shipping.
    await openReady(page, `/products/${GEL}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("dialog", { name: /Your cart/ }).getByText("You're £24.00 away from free shipping")).toBeVisible();

    await openEditor(page, "quiz");
    const preview = page.frameLocator("iframe.theme-editor__frame");
    await page.getByRole("button", { name: "Quiz builder: questions" }).click();
    await expect(preview.getByRole("heading", { name: "About your skin" })).toBeVisible();

    const sideCart = page.getByRole("button", { name: "Side cart" });
    await sideCart.click();
    await expect(sideCart).toHaveAttribute("aria-pressed", "true");
    const previewCart = preview.getByRole("dialog", { name: /Your cart/ });
    await expect(previewCart.getByText("You're £24.00 away from free shipping")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Settings: Side cart" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const frame = page.frames().find((candidate) => candidate.url().includes("design_mode=1"));
    if (!frame) throw new Error("no preview frame");
    await recordEvents(frame);
    const sectionRequest = page.waitForRequest((request) => /[?&]sections=cart-drawer(&|$)/.test(request.url()) && request.url().includes("design_mode=1"));
    const threshold = page.getByLabel("Shipping threshold (GBP)");
    await expect(threshold).toHaveValue("40");
    await threshold.fill("20");
    await page.getByRole("button", { name: "Preview the change" }).click();
    await sectionRequest;
    await expect(previewCart.getByText("You're £4.00 away from free shipping")).toBeVisible();
    await expect(page.getByText("Your preview shows your draft. Shoppers still see version 1 until you publish it.")).toBeVisible();
    await expect.poll(() => heardEvents(frame)).toEqual(["unload cart-drawer", "load cart-drawer"]);

    // A shopper in another browser still has the live threshold.
    await expectShippingLine(browser, origin, "You're £24.00 away from free shipping");

    // A wrong value is named in the panel and never reaches the preview.
    await threshold.fill("-5");
    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(page.getByLabel("Shipping threshold (GBP)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("expected number to be >=0").first()).toBeVisible();
    await expect(previewCart.getByText("You're £4.00 away from free shipping")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Note").fill("Free shipping from £20, set in the editor");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Published: version 2 is live.")).toBeVisible();
    await expectShippingLine(browser, origin, "You're £4.00 away from free shipping");
    await page.context().close();
  });

  test("the owner retitles the quiz's intro: the preview re-renders it through the Section Rendering API, keeps it on reload, and a refused title is named at its field", async ({ browser }) => {
    test.setTimeout(150_000);
    const page = await ownerPage(browser, shop!.origin);
    await openEditor(page, "quiz");
    const preview = page.frameLocator("iframe.theme-editor__frame");
    await page.getByRole("button", { name: "Quiz builder: intro" }).click();
    await expect(preview.getByRole("heading", { level: 1, name: "Find your routine in a minute" })).toBeVisible();

    const frame = page.frames().find((candidate) => candidate.url().includes("design_mode=1"));
    if (!frame) throw new Error("no preview frame");
    await recordEvents(frame);
    const rendered = page.waitForResponse((response) => /[?&]sections=quiz-builder-intro(&|$)/.test(response.url()) && response.url().includes("design_mode=1"));
    const title = page.getByRole("group", { name: "Intro", exact: true }).getByRole("textbox", { name: "Title" });
    await title.fill("Your skin, in one minute");
    await page.getByRole("button", { name: "Preview the change" }).click();
    // The API answers the intro drawn with the draft (it answered null before it was a section).
    expect(((await (await rendered).json()) as Record<string, string | null>)["quiz-builder-intro"]).toContain("Your skin, in one minute");
    await expect(preview.getByRole("heading", { level: 1, name: "Your skin, in one minute" })).toBeVisible();
    await expect.poll(() => heardEvents(frame)).toEqual(["unload quiz-builder-intro", "load quiz-builder-intro"]);

    // Reloaded, the preview is still drawn with the draft.
    await frame.evaluate(() => window.location.reload());
    await expect(page.locator("iframe.theme-editor__frame")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    await expect(preview.getByRole("heading", { level: 1, name: "Your skin, in one minute" })).toBeVisible();

    // An empty title is refused beside the field, and the preview keeps the last draft.
    await title.fill("");
    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription(/>=1 characters/);
    await expect(preview.getByRole("heading", { level: 1, name: "Your skin, in one minute" })).toBeVisible();
    await page.context().close();
  });
});
