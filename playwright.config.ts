import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { quietShopper } from "./tests/browser/storage-states.ts";
import { ADMIN_TEST_PASSWORD } from "./tests/browser/admin-login.ts";
import { SERVER_NODE_FLAGS } from "./src/server/node-flags.ts";

const PORT = Number(process.env.BROWSER_TEST_PORT ?? 3107);
// Every run starts the shop on a fresh embedded database seeded with the demo catalog.
const dataDir = process.env.BROWSER_TEST_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "shop-browser-"));
process.env.BROWSER_TEST_DATA_DIR = dataDir;

/**
 * Chromium's headless shell when it is installed: the same engine without the
 * full browser around it, which makes the suite about twice as fast on two
 * cores. Otherwise the full Chromium, run headless.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ?? "/usr/bin/chromium";

const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/browser",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Shoppers in the tests have made their cookie choice and met every popup, so nothing covers their page; the consent and popup tests start otherwise.
    storageState: quietShopper(`http://127.0.0.1:${PORT}`),
    launchOptions: { executablePath: CHROMIUM, args: chromiumFlags },
    trace: "off",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    { name: "mobile", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } } },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it, rebuilt first when its sources changed.
    command: ["node scripts/build-if-stale.ts &&", "node", ...SERVER_NODE_FLAGS, "build/serve/serve.mjs"].join(" "),
    url: `http://127.0.0.1:${PORT}/cart.js`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // As behind a proxy, so a test can come from an address of its own (X-Forwarded-For) and keep clear of the per-address account limits the other tests share.
    // The suite starts hundreds of carts and product viewers from one address, far past a shop's per-address limits (its own tests cover them).
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY: "1", NEW_CARTS_PER_HOUR: "100000", NEW_VIEWERS_PER_HOUR: "100000", ADMIN_PASSWORD: ADMIN_TEST_PASSWORD },
  },
});
