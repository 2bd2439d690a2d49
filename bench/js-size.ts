/**
 * Gzipped JavaScript a product page loads: starts the built shop (PGlite, temporary DATA_DIR), fetches a product
 * page, collects every /assets/*.js the HTML references (module scripts, modulepreload links, the inline entry's
 * imports), follows their static imports through build/client, and sums the gzip sizes (level 6, the usual server
 * default; brotli shown too). Dynamic imports are listed apart: they load later, on demand. Also prints the total of
 * all client JavaScript in the build.
 *
 *   npm run build && npm exec -- node bench/js-size.ts
 * Then loads the page in Chromium (playwright-core, /usr/bin/chromium) and sums every JavaScript file the browser really
 * fetched until the network is idle, which adds the dynamic imports the page starts by itself after hydration.
 *
 *   options: --url http://127.0.0.1:3000 (use a running shop built from the same build/) --path /products/handle
 *            --chrome /usr/bin/chromium --no-browser (static analysis only)
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { documentScripts, fileFor as fileAt, firstLoad, importsOf as importsOfFile } from "./first-load.ts";
import { ROOT, assertBuilt, buyableProducts, machine, printTable, reportMachineLoad, shopToMeasure, writeResult, type Shop } from "./shop.ts";

const TARGET_KB = 150;
const CLIENT_DIR = path.join(ROOT, "build/client");

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    path: { type: "string" },
    chrome: { type: "string", default: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    "no-browser": { type: "boolean", default: false },
  },
});

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Sizes>();
function sizesOf(file: string): Sizes {
  let sizes = sizeCache.get(file);
  if (!sizes) {
    const content = readFileSync(file);
    sizes = {
      raw: content.length,
      gzip: gzipSync(content, { level: 6 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizeCache.set(file, sizes);
  }
  return sizes;
}

const sum = (list: Sizes[]): Sizes => list.reduce((total, sizes) => ({ raw: total.raw + sizes.raw, gzip: total.gzip + sizes.gzip, brotli: total.brotli + sizes.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const fileFor = (urlPath: string) => fileAt(CLIENT_DIR, urlPath);
const importsOf = (file: string) => importsOfFile(CLIENT_DIR, file);

/** The /assets/*.js paths Chromium requests while loading `url`, in request order; null when Chromium is missing. */
async function observeInBrowser(url: string): Promise<string[] | null> {
  if (!existsSync(values.chrome)) {
    console.log(`(${values.chrome} not found: skipping the in-browser measurement)`);
    return null;
  }
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: values.chrome, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const scripts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === "script" && pathname.startsWith("/assets/") && pathname.endsWith(".js") && !scripts.includes(pathname)) scripts.push(pathname);
    });
    await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    // Idle callbacks and timers scheduled after load may still import more.
    await page.waitForTimeout(2_000);
    await page.waitForLoadState("networkidle");
    return scripts;
  } finally {
    await browser.close();
  }
}

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? allFiles(full) : [full];
  });
}

async function main(): Promise<number> {
  assertBuilt();
  let shop: Shop | undefined;
  try {
    reportMachineLoad();
    const measured = await shopToMeasure(values.url);
    shop = measured.started;
    const { url } = measured;
    const pagePath = values.path ?? `/products/${(await buyableProducts(url))[0]!.handle}`;
    const response = await fetch(url + pagePath, { headers: { "accept-encoding": "gzip, br" } });
    if (!response.ok) throw new Error(`GET ${pagePath} answered ${response.status}`);
    const html = await response.text();

    // What the document loads at once: <script src>, <link rel=modulepreload href>, and the imports (static, and the
    // immediate `import("…")` of the entry) of its inline module scripts. The inline route manifest also names every
    // other route's module: those load only on navigation and are not counted.
    const { preloaded, referenced } = documentScripts(CLIENT_DIR, html);
    if (!referenced.size) throw new Error(`The page ${pagePath} loads no /assets/*.js: is this a React Router build?`);

    // Follow static imports: those load before the code runs, whether preloaded or not.
    const { loaded, dynamic } = firstLoad(CLIENT_DIR, referenced);
    const notPreloaded = [...loaded].filter((file) => !referenced.has(file));
    // Dynamic imports with everything they import in turn (what a later import() fetches beyond the initial set).
    const lazy = new Set<string>();
    const lazyQueue = [...dynamic];
    while (lazyQueue.length) {
      const file = lazyQueue.shift()!;
      if (loaded.has(file) || lazy.has(file)) continue;
      lazy.add(file);
      const imports = importsOf(file);
      lazyQueue.push(...imports.static, ...imports.dynamic);
    }

    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "").join("\n");
    const inline = {
      raw: Buffer.byteLength(inlineScripts),
      gzip: gzipSync(inlineScripts, { level: 6 }).length,
      brotli: brotliCompressSync(inlineScripts).length,
    };
    const htmlSizes = { raw: Buffer.byteLength(html), gzip: gzipSync(html, { level: 6 }).length, brotli: brotliCompressSync(html).length };

    const rows = [...loaded].map((file) => ({ file: path.relative(CLIENT_DIR, file), ...sizesOf(file) })).sort((a, b) => b.gzip - a.gzip);
    const pageTotal = sum(rows);
    const dynamicTotal = sum([...lazy].map(sizesOf));
    const clientJs = allFiles(CLIENT_DIR).filter((file) => file.endsWith(".js"));
    const clientTotal = sum(clientJs.map(sizesOf));
    const clientCss = allFiles(CLIENT_DIR).filter((file) => file.endsWith(".css"));
    const cssTotal = sum(clientCss.map(sizesOf));

    console.log(`JavaScript loaded by ${pagePath} (build/client, gzip -6)\n`);
    printTable(
      ["file", "raw KB", "gzip KB", "brotli KB"],
      [
        ...rows.map((row) => [row.file + (preloaded.has(path.join(CLIENT_DIR, row.file)) || referenced.has(path.join(CLIENT_DIR, row.file)) ? "" : " (not preloaded)"), kb(row.raw), kb(row.gzip), kb(row.brotli)]),
        [`total: ${rows.length} files`, kb(pageTotal.raw), kb(pageTotal.gzip), kb(pageTotal.brotli)],
      ],
    );
    console.log(`\nInline <script> in the HTML: ${kb(inline.raw)} KB raw, ${kb(inline.gzip)} KB gzip (part of the ${kb(htmlSizes.gzip)} KB gzipped document)`);
    console.log(
      `Reachable through dynamic import() (fetched after hydration or on demand): ${lazy.size} files, ${kb(dynamicTotal.gzip)} KB gzip — ${[...dynamic].map((file) => path.basename(file)).join(", ") || "none"}`,
    );
    const otherRoutes = new Set([...html.matchAll(/"module":\s*"(\/assets\/[^"]+\.js)"/g)].map((match) => fileFor(match[1]!)).filter((item) => !loaded.has(item)));
    console.log(`Other route modules named in the route manifest (loaded on client navigation): ${otherRoutes.size} files, ${kb(sum([...otherRoutes].map(sizesOf)).gzip)} KB gzip`);
    if (notPreloaded.length) console.log(`Statically imported but not in the HTML: ${notPreloaded.map((file) => path.relative(CLIENT_DIR, file)).join(", ")}`);
    console.log(`All client JavaScript in the build: ${clientJs.length} files, ${kb(clientTotal.raw)} KB raw, ${kb(clientTotal.gzip)} KB gzip`);
    console.log(`All client CSS in the build: ${clientCss.length} files, ${kb(cssTotal.raw)} KB raw, ${kb(cssTotal.gzip)} KB gzip`);
    const firstAsset = [...referenced][0]!;
    const served = await fetch(`${url}/${path.relative(CLIENT_DIR, firstAsset)}`, { headers: { "accept-encoding": "gzip, br" } });
    await served.arrayBuffer();
    const servedEncoding = served.headers.get("content-encoding") ?? "none";
    const pageEncoding = response.headers.get("content-encoding") ?? "none";
    console.log(
      `The server sends JavaScript with content-encoding: ${servedEncoding}; the HTML with: ${pageEncoding}` +
        (servedEncoding === "none" ? " — uncompressed: browsers download the raw sizes, not the gzip sizes above" : ""),
    );

    // What a browser really fetches: load the page in Chromium (mobile viewport, like Lighthouse), wait for the network
    // to settle, and sum the gzip sizes of every /assets/*.js it requested — this includes the dynamic imports the page
    // makes by itself after hydration, and nothing a shopper's click would add.
    const observed = values["no-browser"] ? null : await observeInBrowser(url + pagePath);
    let browserTotal: Sizes | null = null;
    if (observed) {
      browserTotal = sum(observed.map((file) => sizesOf(fileFor(file))));
      const extra = observed.filter((file) => !loaded.has(fileFor(file)));
      console.log(
        `\nIn Chromium (412×823, until the network is idle): ${observed.length} JavaScript files, ${kb(browserTotal.raw)} KB raw, ${kb(browserTotal.gzip)} KB gzip` +
          (extra.length ? `; beyond the initial set: ${extra.map((file) => path.basename(file)).join(", ")}` : ""),
      );
    }
    // The target is the first load: what the page needs before it hydrates. What it loads afterwards by itself, once idle
    // (the router, the side cart, the popups), is reported beside it.
    const met = pageTotal.gzip <= TARGET_KB * 1000;
    console.log(
      `\nTarget: product page JavaScript, first load, ≤ ${TARGET_KB} KB gzipped — ${met ? "met" : "NOT met"} (first load ${kb(pageTotal.gzip)} KB${browserTotal ? `; with what it loads by itself once idle, ${kb(browserTotal.gzip)} KB` : ""})`,
    );

    const file = writeResult("js-size", {
      date: new Date().toISOString(),
      machine: machine(),
      page: pagePath,
      compression: "gzip level 6; brotli quality 11; KB = 1000 bytes",
      files: rows,
      total: pageTotal,
      inlineScripts: inline,
      html: htmlSizes,
      dynamicImports: { entries: [...dynamic].map((item) => path.relative(CLIENT_DIR, item)), files: [...lazy].map((item) => path.relative(CLIENT_DIR, item)), total: dynamicTotal },
      browser: observed ? { files: observed, total: browserTotal } : null,
      allClientJs: { files: clientJs.length, total: clientTotal },
      allClientCss: { files: clientCss.length, total: cssTotal },
      servedContentEncoding: { javascript: servedEncoding, html: pageEncoding },
      target: { maxGzipKB: TARGET_KB, met },
    });
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  } finally {
    await shop?.stop().catch((error: unknown) => console.error("Stopping the shop failed:", error));
  }
}

process.exitCode = await main();
