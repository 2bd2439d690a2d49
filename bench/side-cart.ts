/**
 * The side cart in Chromium (desktop viewport, no throttling), several rounds,
 * each in a fresh browser context (a new visitor with an empty cart):
 *
 *   - timing of "Add to cart" on a product page: from the press, and from the
 *     add's response (`POST /cart/add.js` responseEnd), to the panel painted
 *     and to the panel painted with the added product's line in it;
 *   - every network request the page makes from the press until the side cart
 *     shows the added line and the network has then been quiet (nothing in
 *     flight) for `--quiet-ms`, at most `--cap-ms` after the press: how many,
 *     by path pattern, and their bytes (response bodies as sent on the wire,
 *     as decoded, and headers). The quiet wait only bounds the counting; it is
 *     not part of any time;
 *   - the interaction latency (the Event Timing entries INP is made of) of
 *     opening the panel from the header's cart link and of a quantity change in it.
 *
 * Median and worst are printed; every round (with each request) goes to bench/results/side-cart-*.json.
 *
 *   npm run build && npm exec -- node bench/side-cart.ts
 *   options: --rounds 5 --product /products/clarifying-gel-cleanser (or a handle, e.g. the bundle: --product the-glow-edit)
 *            --quiet-ms 500 --cap-ms 10000 --chrome /usr/bin/chromium
 *            --url http://127.0.0.1:3000 (measure a shop that is already running instead of starting one)
 *
 * Elements are found by role and text only (the add button, the dialog, the
 * header's cart link, the quantity button), so the script can measure any
 * version of the theme that keeps those names.
 */
import { parseArgs } from "node:util";
import { type BrowserContext, type Page, type Request, chromium } from "playwright-core";
import { machine, printTable, reportMachineLoad, startShop, writeResult, type Shop } from "./shop.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
    product: { type: "string", default: "/products/clarifying-gel-cleanser" },
    "quiet-ms": { type: "string", default: "500" },
    "cap-ms": { type: "string", default: "10000" },
    url: { type: "string" },
  },
});
const rounds = Math.max(1, Number(values.rounds) || 5);
const quietMs = Math.max(50, Number(values["quiet-ms"]) || 500);
const capMs = Math.max(1000, Number(values["cap-ms"]) || 10_000);
// "--product the-glow-edit" and "--product /products/the-glow-edit" name the same page.
const PRODUCT = values.product.startsWith("/") ? values.product : `/products/${values.product}`;
const HANDLE = PRODUCT.split("/").filter(Boolean).pop() ?? "";
/** How long each wait for an element or a paint may take before the round gives up on that measure. */
const STEP_TIMEOUT_MS = 15_000;

reportMachineLoad();
// Start our own shop (fresh temporary database) unless --url names one that is already running.
const shop: Pick<Shop, "url" | "stop"> = values.url ? { url: values.url.replace(/\/$/, ""), stop: async () => undefined } : await startShop();
const browser = await chromium.launch({
  executablePath: values.chrome,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

// The product's title: the side cart's line and its quantity buttons are named after it.
const productResponse = await fetch(`${shop.url}/products/${HANDLE}.js`);
if (!productResponse.ok) {
  await browser.close();
  await shop.stop();
  throw new Error(`GET /products/${HANDLE}.js answered ${productResponse.status}: is --product a product page?`);
}
const TITLE = ((await productResponse.json()) as { title: string }).title;

/** One request the page made after the press. Times are ms after the press; bytes are from Playwright's request.sizes(). */
interface RecordedRequest {
  pattern: string;
  method: string;
  url: string;
  resourceType: string;
  status: number | null;
  failed: string | null;
  startMs: number;
  endMs: number | null;
  /** Started before the side cart showed the added line (or before the panel painted, when the line was never seen). */
  beforeLinePaint: boolean;
  /** Response body as received (compressed when the server compressed it; 0 when Chromium answered from its cache). */
  responseBodyBytes: number;
  /** Response body after decoding (what the page parses). */
  decodedBodyBytes: number;
  /** Request and response headers. */
  headerBytes: number;
  requestBodyBytes: number;
}

interface Round {
  /** From the add's response end to the panel painted (the figure this script always reported). */
  addToPaintMs: number | null;
  /** From the add's response end to the panel painted with the added product's line. */
  addToLinePaintMs: number | null;
  /** From the press of "Add to cart" to the panel painted. */
  pressToPaintMs: number | null;
  /** From the press of "Add to cart" to the panel painted with the added product's line. */
  pressToLinePaintMs: number | null;
  openInteractionMs: number | null;
  quantityInteractionMs: number | null;
  /** Requests made while the page loaded and settled, before the press (for context). */
  pageLoadRequests: number;
  requests: RecordedRequest[];
  /** ms after the press at which the network had been quiet for --quiet-ms (null when the cap was reached first). */
  quietAtMs: number | null;
  /** ms after the press at which the last recorded response ended. */
  lastResponseEndMs: number | null;
  notes: string[];
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

/** Query parameters whose value says what is asked for (kept in the pattern); every other value becomes "*". */
const MEANINGFUL_PARAMETERS = new Set(["view", "intent", "section_id", "sections", "type", "resources[type]"]);
/** Cache-busting query parameters (a fresh random value on each call), left out of the pattern. */
const CACHE_BUSTERS = new Set(["v", "_"]);
/** Path segments followed by a handle or a file name, which the pattern replaces with "*". */
const NAMED_SEGMENTS = new Set(["products", "collections", "pages", "blogs", "articles"]);

/**
 * Groups a request under a pattern such as `GET /products/*?view=json` or
 * `POST /cart/add.js`: handles and asset names become "*" (their extension is
 * kept), query values become "*" except the ones in MEANINGFUL_PARAMETERS,
 * and cache-busting parameters (CACHE_BUSTERS) are left out.
 */
function requestPattern(method: string, address: string, shopOrigin: string): string {
  const url = new URL(address);
  if (url.protocol === "data:" || url.protocol === "blob:") return `${method} ${url.protocol}`;
  const segments = url.pathname.split("/");
  const extension = (name: string) => /\.[a-z0-9]+$/i.exec(name)?.[0] ?? "";
  let path: string;
  if (["assets", "images", "cdn", "files"].includes(segments[1] ?? "")) {
    // Static files: the folder and the file's type are enough.
    path = `/${segments[1]}/*${extension(segments[segments.length - 1] ?? "")}`;
  } else {
    path = segments.map((segment, index) => (index > 0 && NAMED_SEGMENTS.has(segments[index - 1] ?? "") && segment ? `*${extension(segment)}` : segment)).join("/");
  }
  const query = [...url.searchParams.entries()]
    .filter(([name]) => !CACHE_BUSTERS.has(name))
    .map(([name, value]) => `${name}=${MEANINGFUL_PARAMETERS.has(name) ? value : "*"}`).join("&");
  const origin = url.origin === shopOrigin ? "" : url.origin;
  return `${method} ${origin}${path}${query ? `?${query}` : ""}`;
}

/**
 * Follows every request of a browser context: which are in flight, when the
 * last one started or ended, and (while recording) each request's details.
 */
class NetworkRecorder {
  private readonly inFlight = new Set<Request>();
  private lastActivity = performance.now();
  private recording: { epochZero: number; requests: Request[] } | null = null;
  /** Requests seen since the context opened (page load and after). */
  seen = 0;

  constructor(context: BrowserContext) {
    context.on("request", (request) => {
      this.seen += 1;
      this.inFlight.add(request);
      this.lastActivity = performance.now();
      this.recording?.requests.push(request);
    });
    const done = (request: Request) => {
      this.inFlight.delete(request);
      this.lastActivity = performance.now();
    };
    context.on("requestfinished", done);
    context.on("requestfailed", done);
  }

  /** Starts keeping every new request; `epochZero` (ms since 1970) is the time the recorded times count from. */
  start(epochZero: number): void {
    this.recording = { epochZero, requests: [] };
  }

  setEpochZero(epochZero: number): void {
    if (this.recording) this.recording.epochZero = epochZero;
  }

  /**
   * Waits until no request has been in flight for `quiet` ms, giving up after `cap` ms.
   * Answers true when the network went quiet, false when the cap was reached.
   */
  async waitForQuiet(quiet: number, cap: number): Promise<boolean> {
    const deadline = performance.now() + cap;
    while (performance.now() < deadline) {
      if (this.inFlight.size === 0 && performance.now() - this.lastActivity >= quiet) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  /** Stops recording and answers the details of every request recorded (sizes are read from the browser). */
  async stop(shopOrigin: string, linePaintEpoch: number | null): Promise<RecordedRequest[]> {
    const recording = this.recording;
    this.recording = null;
    if (!recording) return [];
    const details = await Promise.all(
      recording.requests.map(async (request): Promise<RecordedRequest> => {
        const response = await request.response().catch(() => null);
        const sizes = response ? await request.sizes().catch(() => null) : null;
        const body = response ? await response.body().catch(() => null) : null;
        const timing = request.timing();
        // timing.startTime is ms since 1970; responseEnd counts from it (-1 when unknown).
        const startMs = timing.startTime - recording.epochZero;
        return {
          pattern: requestPattern(request.method(), request.url(), shopOrigin),
          method: request.method(),
          url: request.url(),
          resourceType: request.resourceType(),
          status: response?.status() ?? null,
          failed: request.failure()?.errorText ?? null,
          startMs: Math.round(startMs),
          endMs: timing.responseEnd >= 0 ? Math.round(startMs + timing.responseEnd) : null,
          beforeLinePaint: linePaintEpoch === null ? false : timing.startTime < linePaintEpoch,
          // Chromium reports a negative size for an answer it took from its HTTP cache: nothing came over the network.
          responseBodyBytes: Math.max(0, sizes?.responseBodySize ?? 0),
          decodedBodyBytes: body?.length ?? 0,
          headerBytes: (sizes?.requestHeadersSize ?? 0) + (sizes?.responseHeadersSize ?? 0),
          requestBodyBytes: sizes?.requestBodySize ?? 0,
        };
      }),
    );
    return details.sort((a, b) => a.startMs - b.startMs);
  }
}

/**
 * Installed in the page before the press: notes the press time (pointerdown),
 * and the first frame (two animation frames after the DOM change) in which a
 * dialog is visible, then the first in which a visible dialog holds the
 * product's title. A dialog is an element with role="dialog" or an open <dialog>.
 */
const installPaintWatch = (page: Page, title: string) =>
  page.evaluate((lineText) => {
    const state = window as unknown as { __pressedAt?: number; __panelPaintedAt?: number; __linePaintedAt?: number; __panelPending?: boolean; __linePending?: boolean };
    addEventListener("pointerdown", (event) => (state.__pressedAt ??= event.timeStamp), { capture: true, once: true });
    const visibleDialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"], dialog[open]')].filter((dialog) => dialog.checkVisibility());
    const afterPaint = (save: (at: number) => void) => requestAnimationFrame(() => requestAnimationFrame(() => save(performance.now())));
    const check = () => {
      const dialogs = visibleDialogs();
      if (!dialogs.length) return;
      if (!state.__panelPending) {
        state.__panelPending = true;
        afterPaint((at) => (state.__panelPaintedAt = at));
      }
      if (!state.__linePending && dialogs.some((dialog) => dialog.textContent?.includes(lineText))) {
        state.__linePending = true;
        afterPaint((at) => (state.__linePaintedAt = at));
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  }, title);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Runs `step` and answers its value, or null (with a note) when it throws or times out. */
async function attempt<T>(notes: string[], what: string, step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch (error) {
    notes.push(`${what}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    return null;
  }
}

const round1 = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value));

async function measureRound(): Promise<Round> {
  const notes: string[] = [];
  const context = await browser.newContext({ baseURL: shop.url, viewport: { width: 1280, height: 900 } });
  const network = new NetworkRecorder(context);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.addInitScript(OBSERVER);
    await page.goto(PRODUCT, { waitUntil: "networkidle" });
    // Let loads the page starts on its own once idle (e.g. the side cart's code) finish before the press.
    await network.waitForQuiet(1000, capMs);
    const pageLoadRequests = network.seen;

    await installPaintWatch(page, TITLE);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    // Record from just before the press; the zero is moved to the press itself once the page reports it.
    const recordingStart = timeOrigin + (await page.evaluate(() => performance.now()));
    network.start(recordingStart);
    await page.getByRole("button", { name: /add to cart/i }).first().click();
    const dialog = page.getByRole("dialog", { name: /cart/i });
    await dialog.waitFor({ state: "visible" });
    await page.waitForFunction(() => (window as unknown as { __panelPaintedAt?: number }).__panelPaintedAt !== undefined);
    const linePainted = await attempt(notes, "line never painted", () =>
      page.waitForFunction(() => (window as unknown as { __linePaintedAt?: number }).__linePaintedAt !== undefined, undefined, { timeout: capMs }),
    );
    const marks = await page.evaluate(() => {
      const state = window as unknown as { __pressedAt?: number; __panelPaintedAt?: number; __linePaintedAt?: number };
      // The add's response: the first POST /cart/add.js after the press (later ones are gifts or upsells).
      const add = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find(
        (entry) => entry.name.includes("/cart/add") && entry.startTime >= (state.__pressedAt ?? 0),
      );
      return { pressedAt: state.__pressedAt ?? null, panelAt: state.__panelPaintedAt ?? null, lineAt: state.__linePaintedAt ?? null, addEnd: add?.responseEnd ?? null };
    });
    if (marks.pressedAt !== null) network.setEpochZero(timeOrigin + marks.pressedAt);
    if (marks.addEnd === null) notes.push("no request to /cart/add* seen: add-to-paint times are empty");
    const since = (from: number | null, to: number | null) => (from === null || to === null ? null : to - from);

    // Counting only: wait for the network to go quiet after the line is shown (at most --cap-ms after the press).
    const pressEpoch = marks.pressedAt === null ? recordingStart : timeOrigin + marks.pressedAt;
    const quiet = await network.waitForQuiet(quietMs, Math.max(0, pressEpoch + capMs - Date.now()));
    const quietAtMs = quiet ? Date.now() - pressEpoch : null;
    if (!quiet) notes.push(`the network was still busy ${capMs} ms after the press: counting stopped there`);
    const paintEpoch = linePainted && marks.lineAt !== null ? timeOrigin + marks.lineAt : marks.panelAt !== null ? timeOrigin + marks.panelAt : null;
    const requests = await network.stop(shop.url, paintEpoch);

    // Opening the panel from the header's cart link.
    const openInteractionMs = await attempt(notes, "open from the header", async () => {
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("link", { name: /^Cart, \d+ items?/ }).click();
      await dialog.waitFor({ state: "visible" });
      await page.waitForTimeout(300);
      return latestInteraction(page);
    });

    // Changing the quantity of the added product's line inside the panel (a bundle's line has no quantity buttons: then there is no figure).
    const quantityInteractionMs = await attempt(notes, "quantity change", async () => {
      const button = dialog.getByRole("button", { name: new RegExp(`^Increase quantity for ${escapeRegExp(TITLE)}`, "i") }).first();
      if ((await button.count()) === 0) throw new Error(`no "Increase quantity for ${TITLE}" button in the side cart`);
      const changed = page.waitForResponse((response) => response.request().method() === "POST" && /\/cart\/(change|update)/.test(response.url()));
      await button.click();
      await changed;
      await page.waitForTimeout(300);
      return latestInteraction(page);
    });

    return {
      addToPaintMs: round1(since(marks.addEnd, marks.panelAt)),
      addToLinePaintMs: round1(linePainted ? since(marks.addEnd, marks.lineAt) : null),
      pressToPaintMs: round1(since(marks.pressedAt, marks.panelAt)),
      pressToLinePaintMs: round1(linePainted ? since(marks.pressedAt, marks.lineAt) : null),
      openInteractionMs: round1(openInteractionMs),
      quantityInteractionMs: round1(quantityInteractionMs),
      pageLoadRequests,
      requests,
      quietAtMs: round1(quietAtMs),
      lastResponseEndMs: requests.length ? Math.max(...requests.map((request) => request.endMs ?? request.startMs)) : null,
      notes,
    };
  } finally {
    await context.close();
  }
}

const results: Round[] = [];
try {
  for (let round = 0; round < rounds; round += 1) {
    const result = await measureRound();
    results.push(result);
    const bytes = result.requests.reduce((sum, request) => sum + request.responseBodyBytes, 0);
    console.log(
      `round ${round + 1}: add→paint ${result.addToPaintMs ?? "?"} ms, press→line ${result.pressToLinePaintMs ?? "?"} ms, ` +
        `${result.requests.length} requests, ${(bytes / 1024).toFixed(1)} KiB${result.notes.length ? ` (${result.notes.join("; ")})` : ""}`,
    );
  }
} finally {
  await browser.close();
  await shop.stop();
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;
const present = (numbers: (number | null)[]) => numbers.filter((value): value is number => value !== null);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

console.log(`\n${PRODUCT} ("${TITLE}"), ${results.length} rounds\n`);
const timingRows = (["addToPaintMs", "addToLinePaintMs", "pressToPaintMs", "pressToLinePaintMs", "openInteractionMs", "quantityInteractionMs"] as const).map((key) => {
  const series = results.map((result) => result[key]);
  const measured = present(series);
  return [key, measured.length ? median(measured) : "?", measured.length ? Math.max(...measured) : "?", series.map((value) => value ?? "?").join(" ")];
});
printTable(["measure (ms)", "median", "worst", "rounds"], timingRows);
console.log("Interactions under 16 ms leave no Event Timing entry and read as 0.\n");

// Requests per add: totals per round.
const totals = results.map((result) => ({
  requests: result.requests.length,
  beforeLine: result.requests.filter((request) => request.beforeLinePaint).length,
  body: result.requests.reduce((sum, request) => sum + request.responseBodyBytes, 0),
  decoded: result.requests.reduce((sum, request) => sum + request.decodedBodyBytes, 0),
  headers: result.requests.reduce((sum, request) => sum + request.headerBytes, 0),
}));
printTable(
  ["requests per add (press → quiet)", "median", "worst", "rounds"],
  [
    ["requests", median(totals.map((total) => total.requests)), Math.max(...totals.map((total) => total.requests)), totals.map((total) => total.requests).join(" ")],
    ["  of which started before the line painted", median(totals.map((total) => total.beforeLine)), Math.max(...totals.map((total) => total.beforeLine)), totals.map((total) => total.beforeLine).join(" ")],
    ["response bodies on the wire (KiB)", kib(median(totals.map((total) => total.body))), kib(Math.max(...totals.map((total) => total.body))), totals.map((total) => kib(total.body)).join(" ")],
    ["response bodies decoded (KiB)", kib(median(totals.map((total) => total.decoded))), kib(Math.max(...totals.map((total) => total.decoded))), totals.map((total) => kib(total.decoded)).join(" ")],
    ["request + response headers (KiB)", kib(median(totals.map((total) => total.headers))), kib(Math.max(...totals.map((total) => total.headers))), totals.map((total) => kib(total.headers)).join(" ")],
    [
      "last response ended (ms after the press)",
      median(present(results.map((result) => result.lastResponseEndMs))),
      Math.max(...present(results.map((result) => result.lastResponseEndMs))),
      results.map((result) => (result.quietAtMs === null ? "cap" : (result.lastResponseEndMs ?? "?"))).join(" "),
    ],
  ],
);

// Breakdown by pattern: how many per add (counts of every round), bytes per add (mean over rounds), in order of first start.
interface PatternSummary {
  pattern: string;
  counts: number[];
  beforeLine: number;
  body: number;
  decoded: number;
  firstStart: number;
}
const patterns = new Map<string, PatternSummary>();
results.forEach((result, index) => {
  for (const request of result.requests) {
    const summary = patterns.get(request.pattern) ?? { pattern: request.pattern, counts: results.map(() => 0), beforeLine: 0, body: 0, decoded: 0, firstStart: Infinity };
    summary.counts[index] = (summary.counts[index] ?? 0) + 1;
    if (request.beforeLinePaint) summary.beforeLine += 1;
    summary.body += request.responseBodyBytes;
    summary.decoded += request.decodedBodyBytes;
    summary.firstStart = Math.min(summary.firstStart, request.startMs);
    patterns.set(request.pattern, summary);
  }
});
const breakdown = [...patterns.values()].sort((a, b) => a.firstStart - b.firstStart);
console.log("");
printTable(
  ["request pattern", "per add (median)", "before line (mean)", "wire KiB/add", "decoded KiB/add", "per round"],
  breakdown.map((summary) => [
    summary.pattern,
    median(summary.counts),
    (summary.beforeLine / results.length).toFixed(1),
    kib(summary.body / results.length),
    kib(summary.decoded / results.length),
    summary.counts.join(" "),
  ]),
);

// The last round's requests in order, as a waterfall.
const last = results[results.length - 1];
if (last) {
  console.log(`\nLast round, request by request (ms after the press; * = started before the line painted):`);
  printTable(
    ["request", "status", "start", "end", "wire B", "decoded B"],
    last.requests.map((request) => [
      `${request.beforeLinePaint ? "*" : " "} ${request.pattern}`,
      request.status ?? request.failed ?? "?",
      request.startMs,
      request.endMs ?? "?",
      request.responseBodyBytes,
      request.decodedBodyBytes,
    ]),
  );
}

const file = writeResult("side-cart", {
  date: new Date().toISOString(),
  machine: machine(),
  command: process.argv.slice(1).join(" "),
  product: PRODUCT,
  title: TITLE,
  options: { rounds, quietMs, capMs, url: values.url ?? null },
  breakdown: breakdown.map(({ pattern, counts, beforeLine, body, decoded }) => ({ pattern, counts, beforeLine, bodyBytes: body, decodedBytes: decoded })),
  rounds: results,
});
console.log(`\nWrote ${file}`);
