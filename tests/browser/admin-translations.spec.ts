/**
 * The merchant translates the shop's words: the owner empties one policy's
 * French text (the demo ships every policy in French), so it is missing;
 * keeps the policies whose words are missing in French, writes that
 * policy's French text beside its English original and saves it, and the
 * French site shows it on that policy's page within a few seconds. Axe
 * finds nothing serious on the page. Each width edits its own policy (the
 * two run at once on one shop) and puts the demo's French back at the end.
 */
import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import { ownerSignedIn } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { seriousViolations } from "./axe.ts";

let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>>;

test.beforeAll(async ({ browser }) => {
  signedIn = await ownerSignedIn(browser);
});

/** The French text box of a policy's body, named by its label and where the field sits. */
const policyBody = (page: Page, handle: string) => page.getByRole("textbox", { name: new RegExp(`^French \\(France\\)\\s*, Policy ${handle}: Text$`) });

test("the owner writes a policy's French text beside its original, and the French site shows it", async ({ browser, page: shopper }, testInfo) => {
  const handle = testInfo.project.name === "mobile" ? "terms-of-service" : "privacy-policy";
  const french = testInfo.project.name === "mobile" ? "Les présentes conditions régissent vos achats sur notre boutique." : "Nous ne vendons jamais vos données personnelles.";
  const context = await browser.newContext({ storageState: signedIn, viewport: testInfo.project.use.viewport ?? null, isMobile: testInfo.project.use.isMobile ?? false });
  const page = await context.newPage();
  // The policy's French as the demo wrote it, emptied so the field is missing.
  await openReady(page, "/admin/translations?locale=fr-FR&type=policy");
  const demoFrench = await policyBody(page, handle).inputValue();
  expect(demoFrench).not.toBe("");
  await policyBody(page, handle).fill("");
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Saved 1 translation\./);

  await openReady(page, "/admin/translations");
  await expect(page.getByRole("heading", { level: 1, name: "Translations" })).toBeVisible();
  await expect(page.getByText(/fields translated, \d+ missing/)).toBeVisible();

  await page.getByLabel("Show").selectOption({ label: "Policies" });
  await page.getByRole("checkbox", { name: "Missing only" }).check();
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/type=policy&missing=1/);
  await expect(page.getByRole("heading", { level: 2, name: /fields? missing in policies$/ })).toBeVisible();
  const box = policyBody(page, handle);
  await expect(box).toHaveAccessibleDescription(/^Policy .*: Text · missing/);
  expect(await seriousViolations(page)).toEqual([]);

  await box.fill(`<p>${french}</p>`);
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved 1 translation. The French (France) site shows it within a few seconds.");
  // No longer missing, the field leaves the filtered list.
  await expect(policyBody(page, handle)).toHaveCount(0);

  await expect(async () => {
    await shopper.goto(`/fr-fr/policies/${handle}`);
    await expect(shopper.getByText(french)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // As it began: the demo's French back.
  await openReady(page, "/admin/translations?locale=fr-FR&type=policy");
  await policyBody(page, handle).fill(demoFrench);
  await page.getByRole("button", { name: "Save translations" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Saved 1 translation\./);
  await context.close();
});
