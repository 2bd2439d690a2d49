/**
 * A shop of a test's own: a second server on a fresh database, for tests
 * that publish settings (which change the whole shop) so the shop every
 * other test shares keeps the shipped settings. Its shoppers have met the
 * popups and browse at 1280 px.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { SERVER_BUNDLE } from "../../scripts/build-if-stale.ts";
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from "../../src/server/node-flags.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type Page, expect } from "@playwright/test";
import { ADMIN_TEST_PASSWORD, logInAsOwner } from "./admin-login.ts";
import { openReady } from "./ready.ts";
import { quietShopper } from "./storage-states.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** A £16 cleanser: £24 short of the shipped free-shipping threshold. */
export const GEL = "clarifying-gel-cleanser";

export interface OwnShop {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the shop on a free port and a fresh database; `name` names its data folder, `env` adds to its environment (a payment provider's keys). */
export async function startOwnShop(name: string, env: Record<string, string> = {}): Promise<OwnShop> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...SERVER_MALLOC_ENV, ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_URL: "", DATA_DIR: mkdtempSync(path.join(tmpdir(), `shop-${name}-`)), LOG_LEVEL: "warn", ADMIN_PASSWORD: ADMIN_TEST_PASSWORD, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the ${name} test shop exited with ${code}`)));
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /is open at (http:\/\/[^\s]+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return {
    origin,
    async stop() {
      child.removeAllListeners("exit");
      const exited = new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A page on the shop: a shopper who has met the popups, at 1280 px. */
export async function shopPage(browser: Browser, origin: string, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, storageState: quietShopper(origin), viewport: { width: 1280, height: 900 }, ...options });
  return context.newPage();
}

/** The owner, logged in on the shop. */
export async function ownerPage(browser: Browser, origin: string): Promise<Page> {
  const page = await shopPage(browser, origin);
  await logInAsOwner(page);
  return page;
}

/** A new shopper adds the gel and reads the side cart's free-shipping line, until it says `expected` (servers check for new settings about once a second). */
export async function expectShippingLine(browser: Browser, origin: string, expected: string): Promise<void> {
  await expect(async () => {
    const shopper = await shopPage(browser, origin);
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
