/**
 * A product's pictures at a desk: the owner uploads a photograph made in the
 * test, is told beside the field when its description is blank, uploads it
 * described, and the shop's product page shows it in place of the drawn art;
 * axe finds nothing serious on the product's back-office page with the error
 * and with the picture listed. The product is the Cold-Pressed Rosehip
 * Recovery Oil, which no other test reads; the picture is removed at the end,
 * so it ends as it began.
 */
import { createHash } from "node:crypto";
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { ownerSignedIn } from "./admin-login.ts";
import { seriousViolations } from "./axe.ts";
import { openReady } from "./ready.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");
test.describe.configure({ mode: "serial" });

const PRODUCT = { handle: "rosehip-recovery-oil", title: "Cold-Pressed Rosehip Recovery Oil" };
const ALT = "Amber bottle of rosehip oil on a linen cloth";

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  signedIn = await ownerSignedIn(browser);
});

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The product's page in the back office, found from the list as a merchant would. */
async function openProduct(page: Page) {
  await openReady(page, `/admin/products?query=${encodeURIComponent("rosehip")}`);
  await page.getByRole("link", { name: PRODUCT.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT.title })).toBeVisible();
}

test("the owner uploads a described picture and the product page shows it instead of the drawn art", async ({ browser, page: shopper }) => {
  // A photograph as a camera writes it: wider than tall, with its orientation and a place in its metadata.
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#b5653c" } })
    .composite([{ input: { create: { width: 300, height: 500, channels: 3, background: "#f3e2c7" } }, left: 300, top: 100 }])
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
  const src = `/images/uploads/${createHash("sha256").update(photo).digest("hex")}.webp`;
  const page = await ownerPage(browser);
  await openProduct(page);
  const pictures = page.getByRole("region", { name: "Pictures" });
  await expect(pictures.getByText("No pictures uploaded yet")).toBeVisible();

  // A blank description is refused beside its field, and nothing is kept.
  const upload = pictures.getByRole("form", { name: "Upload pictures" });
  await upload.getByLabel("Pictures", { exact: true }).setInputFiles({ name: "rosehip.jpg", mimeType: "image/jpeg", buffer: photo });
  await upload.getByLabel("Description (alt text)").fill("   ");
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("heading", { name: "The pictures were not uploaded. Please check the highlighted fields." })).toBeVisible();
  const description = page.getByRole("region", { name: "Pictures" }).getByRole("form", { name: "Upload pictures" }).getByLabel("Description (alt text)");
  await expect(description).toHaveAttribute("aria-invalid", "true");
  await expect(description).toHaveAccessibleDescription(/Describe the picture for people who cannot see it/);
  expect(await seriousViolations(page)).toEqual([]);

  // Described, it is kept, listed first as the main picture.
  const again = page.getByRole("region", { name: "Pictures" }).getByRole("form", { name: "Upload pictures" });
  await again.getByLabel("Pictures", { exact: true }).setInputFiles({ name: "rosehip.jpg", mimeType: "image/jpeg", buffer: photo });
  await again.getByLabel("Description (alt text)").fill(ALT);
  await again.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The shop shows the changes now.");
  const listed = page.getByRole("region", { name: "Pictures" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole("heading", { name: /Picture 1, the main picture/ })).toContainText("900 × 700 pixels, JPEG");
  await expect(listed.getByLabel("Description (alt text)")).toHaveValue(ALT);
  await expect(listed.getByRole("img", { name: ALT })).toHaveJSProperty("complete", true);
  expect(await seriousViolations(page)).toEqual([]);

  // The shop's product page shows it (once every server has the new catalog, checked about once a second).
  await expect(async () => {
    await shopper.goto(`/products/${PRODUCT.handle}`);
    const main = shopper.locator(".gallery__main img");
    await expect(main).toHaveAttribute("src", new RegExp(`^${src}\\?width=\\d+$`), { timeout: 1000 });
    await expect(main).toHaveAttribute("alt", ALT, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const main = shopper.locator(".gallery__main img");
  await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(main).toHaveAttribute("srcset", new RegExp(`${src}\\?width=160 160w, .*${src}\\?width=640 640w`));

  // Removed, the product is as it was.
  await page.getByRole("region", { name: "Pictures" }).getByRole("button", { name: "Remove picture 1" }).click();
  await expect(page.getByRole("region", { name: "Pictures" }).getByText("No pictures uploaded yet")).toBeVisible();
});
