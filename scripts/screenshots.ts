/**
 * Screenshots of the running shop at phone and desktop widths, for looking at
 * the pages as a shopper would and for the README.
 *   node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /collections/face /products/vitamin-c-brightening-serum
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [base = "http://127.0.0.1:3000", outDir = "docs/screenshots", ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ["/", "/collections/face", "/products/vitamin-c-brightening-serum", "/cart"];
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const pathname of pages) {
    await page.goto(new URL(pathname, base).href, { waitUntil: "networkidle" });
    const name = `${pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${width}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL_PAGE === "1" });
    console.log(path.join(outDir, name));
  }
  await context.close();
}
await browser.close();
