/**
 * The side cart in Chromium (desktop viewport, no throttling): the time from
 * the add's response to the panel painted, and the interaction latency (the
 * Event Timing entries INP is made of) of opening the panel and of changing a
 * quantity in it. Several rounds; median and worst are printed.
 *   npm run build && npm exec -- node bench/side-cart.ts [--rounds 5]
 */
import { parseArgs } from "node:util";
import { type Page, chromium } from "playwright-core";
import { machine, printTable, reportMachineLoad, startShop, writeResult } from "./shop.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" }, chrome: { type: "string", default: "/usr/bin/chromium" } } });
const rounds = Math.max(1, Number(values.rounds) || 5);
const PRODUCT = "/products/clarifying-gel-cleanser";
const TITLE = "Clarifying 2% BHA Gel Cleanser";

reportMachineLoad();
const shop = await startShop();
const browser = await chromium.launch({
  executablePath: values.chrome,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

interface Round {
  addToPaintMs: number;
  openInteractionMs: number;
  quantityInteractionMs: number;
}

/** Collects Event Timing entries in the page; an interaction's latency is its longest entry. */
const OBSERVER = `
  window.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const previous = window.__interactions.get(entry.interactionId) ?? 0;
      window.__interactions.set(entry.interactionId, Math.max(previous, entry.duration));
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
`;

const latestInteraction = (page: Page) =>
  page.evaluate(() => {
    const interactions = (window as unknown as { __interactions: Map<number, number> }).__interactions;
    const ids = [...interactions.keys()].sort((a, b) => a - b);
    return ids.length ? (interactions.get(ids[ids.length - 1] as number) ?? 0) : 0;
  });

const results: Round[] = [];
try {
  for (let round = 0; round < rounds; round += 1) {
    const context = await browser.newContext({ baseURL: shop.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(OBSERVER);
    await page.goto(PRODUCT, { waitUntil: "networkidle" });

    // Add → panel painted: from the add's responseEnd to two animation frames after the dialog shows.
    await page.evaluate(() => {
      const state = window as unknown as { __panelPaintedAt?: number };
      const observer = new MutationObserver(() => {
        const dialog = document.querySelector('[role="dialog"][aria-modal="true"]');
        if (dialog && (dialog as HTMLElement).offsetParent !== null && state.__panelPaintedAt === undefined) {
          requestAnimationFrame(() => requestAnimationFrame(() => (state.__panelPaintedAt = performance.now())));
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole("button", { name: "Add to cart" }).first().click();
    const dialog = page.getByRole("dialog", { name: /Your cart/ });
    await dialog.waitFor({ state: "visible" });
    await page.waitForFunction(() => (window as unknown as { __panelPaintedAt?: number }).__panelPaintedAt !== undefined);
    const addToPaintMs = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/cart/add.js")) as PerformanceResourceTiming[];
      const responseEnd = entries[entries.length - 1]?.responseEnd ?? 0;
      return (window as unknown as { __panelPaintedAt: number }).__panelPaintedAt - responseEnd;
    });

    // Opening the panel from the header's cart button.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("link", { name: /^Cart, \d+ items?/ }).click();
    await dialog.waitFor({ state: "visible" });
    await page.waitForTimeout(300);
    const openInteractionMs = await latestInteraction(page);

    // Changing a quantity inside the panel.
    const changed = page.waitForResponse((response) => response.url().includes("/cart/change.js"));
    await dialog.getByRole("button", { name: `Increase quantity for ${TITLE}` }).click();
    await changed;
    await page.waitForTimeout(300);
    const quantityInteractionMs = await latestInteraction(page);

    results.push({ addToPaintMs: Math.round(addToPaintMs), openInteractionMs: Math.round(openInteractionMs), quantityInteractionMs: Math.round(quantityInteractionMs) });
    await context.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;
const rows = (["addToPaintMs", "openInteractionMs", "quantityInteractionMs"] as const).map((key) => {
  const series = results.map((result) => result[key]);
  return [key, median(series), Math.max(...series), series.join(" ")];
});
printTable(["measure (ms)", "median", "worst", "rounds"], rows);
console.log("Interactions under 16 ms leave no Event Timing entry and read as 0.");
console.log(`Wrote ${writeResult("side-cart", { date: new Date().toISOString(), machine: machine(), rounds: results })}`);
