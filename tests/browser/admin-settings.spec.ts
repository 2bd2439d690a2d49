/**
 * The back office's settings at a desk: the owner opens the side cart's
 * settings, publishes a new free-shipping threshold with a note, and a
 * shopper's side cart bar follows without a restart; restoring the first
 * version brings the old threshold back. A wrong value is refused with the
 * field named, from the keyboard alone; axe finds nothing serious.
 *
 * Publishing changes the whole shop, so these tests run their own shop (a
 * second server on a fresh database) rather than the one every other test
 * shares, whose side cart tests count on the shipped threshold.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type Page, expect, test } from "@playwright/test";
import { ADMIN_TEST_PASSWORD, logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { quietShopper } from "./storage-states.ts";
import { seriousViolations } from "./axe.ts";
import { SERVER_NODE_FLAGS } from "../../src/server/node-flags.ts";

test.skip(() => test.info().project.name !== "desktop", "the back office is used at a desk (1280 px)");
test.describe.configure({ mode: "serial" });

const ROOT = path.resolve(import.meta.dirname, "../..");
const GEL = "clarifying-gel-cleanser"; // £16

let server: ChildProcess | undefined;
let origin = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "src/server/serve.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_URL: "", DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-settings-")), LOG_LEVEL: "warn", ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server = child;
  origin = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the settings test shop exited with ${code}`)));
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /is open at (http:\/\/[^\s]+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
  });
});

test.afterAll(async () => {
  if (!server) return;
  server.removeAllListeners("exit");
  const exited = new Promise((resolve) => (server?.exitCode === null ? server.once("exit", resolve) : resolve(null)));
  server.kill("SIGTERM");
  await exited;
});

/** A page on the settings test shop: a shopper who has met the popups, at 1280 px. */
async function shopPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, storageState: quietShopper(origin), viewport: { width: 1280, height: 900 }, ...options });
  return context.newPage();
}

async function ownerPage(browser: Browser): Promise<Page> {
  const page = await shopPage(browser);
  await logInAsOwner(page);
  return page;
}

/** A new shopper adds the gel and reads the side cart's free-shipping line, until it says `expected` (servers check for new settings about once a second). */
async function expectShippingLine(browser: Browser, expected: string) {
  await expect(async () => {
    const shopper = await shopPage(browser);
    try {
      await openReady(shopper, `/products/${GEL}`);
      await shopper.getByRole("button", { name: "Add to cart" }).click();
      const dialog = shopper.getByRole("dialog", { name: /Your cart/ });
      await expect(dialog.getByText(expected)).toBeVisible({ timeout: 5000 });
    } finally {
      await shopper.context().close();
    }
  }).toPass({ timeout: 45_000 });
}

test("the owner publishes a new free-shipping threshold and the side cart follows; restoring the first version brings it back", async ({ browser }) => {
  test.setTimeout(150_000);
  await expectShippingLine(browser, "You're £24.00 away from free shipping");

  const page = await ownerPage(browser);
  await openReady(page, "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByText(/Live now: version 1, .*from the settings file/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByText("Side cart", { exact: true }).click();
  const threshold = page.getByLabel("Shipping threshold (GBP)");
  await expect(threshold).toHaveValue("40");
  await threshold.fill("20");
  await page.getByLabel("Note").fill("Free shipping from £20 this weekend");
  // The open section with its generated fields passes axe too.
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toHaveText("Published: version 2 is live. Every page of the shop uses it within a few seconds.");
  await expect(page).toHaveURL(/\/admin\/settings\?published=2$/);
  const history = page.getByRole("table", { name: /newest first/ });
  await expect(history.getByRole("row").nth(1)).toContainText("Free shipping from £20 this weekend");

  await expectShippingLine(browser, "You're £4.00 away from free shipping");

  await history.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toContainText("version 3 is live");
  await expect(page.getByRole("table", { name: /newest first/ }).getByRole("row").nth(1)).toContainText("Restored version 1");
  await expectShippingLine(browser, "You're £24.00 away from free shipping");
});

test("a wrong value is refused with its setting named, from the keyboard alone, and nothing is published", async ({ browser }) => {
  const page = await ownerPage(browser);
  await openReady(page, "/admin/settings");
  const live = await page.getByText(/Live now: version \d+/).textContent();

  // Tab to the side cart's section, open it, and Tab on to its threshold.
  const focusedText = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim() ?? "");
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
  for (let presses = 0; presses < 40 && (await focusedText()) !== "Side cart"; presses += 1) await page.keyboard.press("Tab");
  expect(await focusedText()).toBe("Side cart");
  await page.keyboard.press("Enter");
  for (let presses = 0; presses < 20 && (await focusedId()) !== "setting-sideCart-shippingThreshold"; presses += 1) await page.keyboard.press("Tab");
  expect(await focusedId()).toBe("setting-sideCart-shippingThreshold");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("-5");
  await page.keyboard.press("Enter");

  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Nothing was published: one setting needs correcting.");
  const link = summary.getByRole("link", { name: /sideCart\.shippingThreshold.*expected number to be >=0/ });
  await expect(link).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  const threshold = page.getByLabel("Shipping threshold (GBP)");
  await expect(threshold).toBeFocused();
  await expect(threshold).toHaveValue("-5");
  await expect(threshold).toHaveAttribute("aria-invalid", "true");
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByText(/Live now: version \d+/)).toHaveText(live ?? "");
});

test("the owner publishes without scripts: the sections open and the form posts", async ({ browser }) => {
  const page = await shopPage(browser);
  await logInAsOwner(page);
  const plain = await shopPage(browser, { javaScriptEnabled: false });
  await plain.context().addCookies(await page.context().cookies());
  await plain.goto("/admin/settings");
  await plain.getByText("Announcement bar", { exact: true }).click();
  await plain.getByLabel("Note").fill("Checked without scripts");
  await plain.getByRole("button", { name: "Publish" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Published" })).toContainText("is live");
  await expect(plain.getByRole("table", { name: /newest first/ }).getByRole("row").nth(1)).toContainText("Checked without scripts");
});
