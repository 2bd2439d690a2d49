/**
 * Following a link inside the theme editor's preview stays in design mode:
 * on a shop of its own, the owner changes the quiz's intro title in the
 * editor while previewing the kit builder, then follows the header menu's
 * "Take the skin quiz" link inside the preview. The quiz page's data is asked for with the
 * design-mode flag and the page shows the draft title; reloaded whole, it
 * still does. The same address opened by a shopper, and by the owner
 * outside the preview, shows the live title: the draft belongs to the
 * owner's session, not to the link.
 */
import { expect, test } from "@playwright/test";
import { type OwnShop, ownerPage, shopPage, startOwnShop } from "./own-shop.ts";
import { openReady } from "./ready.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");
test.describe.configure({ mode: "serial" });

const LIVE_TITLE = "Find your routine in a minute";
const DRAFT_TITLE = "Your routine, found in a minute";

let shop: OwnShop | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startOwnShop("editor-links");
});
test.afterAll(async () => {
  await shop?.stop();
});

test("a page reached by a link in the preview shows the draft, and only to the owner's preview", async ({ browser }) => {
  test.setTimeout(150_000);
  const origin = shop!.origin;
  const page = await ownerPage(browser, origin);
  await page.goto("/admin/editor?page=kit");
  const frameElement = page.locator("iframe.theme-editor__frame");
  await expect(frameElement).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  const preview = page.frameLocator("iframe.theme-editor__frame");

  // The builders' settings (the quiz's among them) open with a kit step's section.
  await page.getByRole("button", { name: /^Kit builder: step 1/ }).click();
  const title = page.locator('[name="builders.quiz.intro.title"]');
  await expect(title).toHaveValue(LIVE_TITLE);
  await title.fill(DRAFT_TITLE);
  await page.getByRole("button", { name: "Preview the change" }).click();
  await expect(page.getByText("Your preview shows your draft.")).toBeVisible();
  await expect(frameElement).toHaveAttribute("data-ready", "true", { timeout: 30_000 });

  // A link inside the preview, followed in place: the next page's data carries the flag and is drawn with the draft.
  // The navigation's own fetch (a prefetch the link's hover starts may come first, and is not what the page is drawn from).
  const quizData = page.waitForRequest((request) => request.resourceType() === "fetch" && new URL(request.url()).pathname === "/pages/build-your-bundle.data");
  const menu = preview.getByRole("navigation", { name: "Main" });
  // Opened from the keyboard (a mouse opens it on hover, and a click then closes it again).
  await menu.getByRole("button", { name: "Skin Quiz" }).press("Enter");
  await expect(menu.getByRole("button", { name: "Skin Quiz" })).toHaveAttribute("aria-expanded", "true");
  await menu.getByRole("link", { name: "Take the skin quiz" }).click();
  expect(new URL((await quizData).url()).searchParams.get("design_mode")).toBe("1");
  await expect(preview.getByRole("heading", { level: 1, name: DRAFT_TITLE })).toBeVisible();
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === "/pages/build-your-bundle");
  if (!frame) throw new Error("the preview did not reach the quiz page");
  await expect.poll(() => new URL(frame.url()).searchParams.get("design_mode")).toBe("1");
  const address = new URL(frame.url());

  // Loaded whole (the document itself), the page is still the preview's.
  await frame.evaluate(() => window.location.reload());
  await expect(preview.locator("html")).toHaveAttribute("data-design-mode", "true");
  await expect(preview.getByRole("heading", { level: 1, name: DRAFT_TITLE })).toBeVisible();

  // The same address sent to a shopper shows the live title; so does the owner's own tab outside the preview.
  const shopper = await shopPage(browser, origin);
  await openReady(shopper, `${address.pathname}${address.search}`);
  await expect(shopper.getByRole("heading", { level: 1, name: LIVE_TITLE })).toBeVisible();
  await expect(shopper.getByRole("heading", { level: 1, name: DRAFT_TITLE })).toHaveCount(0);
  await shopper.context().close();
  const ownTab = await page.context().newPage();
  await openReady(ownTab, "/pages/build-your-bundle");
  await expect(ownTab.getByRole("heading", { level: 1, name: LIVE_TITLE })).toBeVisible();
  await page.context().close();
});
