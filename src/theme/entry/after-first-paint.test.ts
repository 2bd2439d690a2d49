import { describe, expect, it } from "vitest";
import { PRELOADS_PER_TASK, WAIT_FOR_FIRST_PAINT, createModuleScriptDeferrer, deferModuleScript, type PageRewriter } from "./after-first-paint.ts";

/** The document as the rewriter gives it back, fed in the given pieces of bytes. */
function rewrite(deferrer: PageRewriter, ...pieces: Buffer[]): string {
  const out = [...pieces.flatMap((piece) => deferrer.push(piece)), ...deferrer.end()];
  return Buffer.concat(out).toString("utf8");
}

/** The document's bytes cut every `size` bytes, wherever that falls (inside a tag or a character). */
function cutEvery(html: string, size: number): Buffer[] {
  const bytes = Buffer.from(html, "utf8");
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return pieces;
}

const MODULE = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/collection-B.js";
  window.__reactRouterManifest = {"entry":{}};
window.__reactRouterRouteModules = {"root":route0,"routes/collection":route1};

import("/assets/entry.client-C.js");`;

const page = (script: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/root-A.js"/><link rel="modulepreload" href="/assets/collection-B.js"/></head><body><main>Crème légère — 50 ml</main><script type="module" async="">${script}</script><p>Après</p></body></html>`;

/** A message channel whose message is a new task, as the browser's is; each message is recorded in `steps` as "task". */
function taskChannelRecording(steps: string[]) {
  return class TaskChannel {
    port1: { onmessage?: () => void } = {};
    port2 = {
      postMessage: () => {
        steps.push("task");
        setTimeout(() => this.port1.onmessage?.(), 0);
      },
    };
  };
}

describe("deferring React Router's module script", () => {
  it("waits for the first paint, then imports the same route modules under the same names", () => {
    const deferred = deferModuleScript(MODULE);
    expect(deferred).not.toBeNull();
    expect(deferred!.startsWith(WAIT_FOR_FIRST_PAINT)).toBe(true);
    expect(deferred).toContain('const [route0, route1] = await Promise.all([import("/assets/root-A.js"), import("/assets/collection-B.js")]);');
    expect(deferred).not.toMatch(/^\s*import \* as/m);
    expect(deferred).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/collection":route1};');
    expect(deferred).toContain('import("/assets/entry.client-C.js");');
    // The wait comes before any import.
    expect(deferred!.indexOf("await new Promise")).toBeLessThan(deferred!.indexOf("import("));
  });

  it("evaluates the shared modules one per task, in the order given, before the routes", async () => {
    const deferred = deferModuleScript(MODULE, ["/assets/framework-F.js"], ["/assets/framework-F.js", "/assets/frame-G.js"])!;
    const staged = deferred.indexOf('for (const href of ["/assets/framework-F.js","/assets/frame-G.js"]) { await import(href); await new Promise((go) => {');
    expect(staged).toBeGreaterThan(deferred.indexOf(WAIT_FOR_FIRST_PAINT) + WAIT_FOR_FIRST_PAINT.length - 1);
    expect(staged).toBeLessThan(deferred.indexOf("const [route0, route1]"));
    // The staged text runs: each import, then a new task, in order.
    const steps: string[] = [];
    const run = new Function("record", "MessageChannel", `return (async () => { const importModule = async (href) => record("import " + href); ${deferred.slice(staged).split("\n")[0]!.replaceAll("await import(href)", "await importModule(href)")} })();`);
    const TaskChannel = taskChannelRecording(steps);
    await run((step: string) => steps.push(step), TaskChannel);
    expect(steps).toEqual(["import /assets/framework-F.js", "task", "import /assets/frame-G.js", "task"]);
    expect(deferModuleScript(MODULE)).not.toContain("for (const href of");
  });

  it("adds the module preloads a few per task, in order, before evaluating anything", async () => {
    const hrefs = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, i) => `/assets/m${i}.js`);
    const deferred = deferModuleScript(MODULE, hrefs, ["/assets/m0.js"])!;
    const from = deferred.indexOf("for (const [index, href] of");
    expect(from).toBeGreaterThan(deferred.indexOf(WAIT_FOR_FIRST_PAINT) + WAIT_FOR_FIRST_PAINT.length - 1);
    expect(from).toBeLessThan(deferred.indexOf("await import(href)"));
    const steps: string[] = [];
    const head = { append: (link: { href: string }) => steps.push(link.href) };
    const document = { head, createElement: () => ({ rel: "", href: "" }) };
    const TaskChannel = taskChannelRecording(steps);
    const run = new Function("document", "MessageChannel", `return (async () => { ${deferred.slice(from).split("\n")[0]} })();`);
    await run(document, TaskChannel);
    const tasks = steps.join(" ").split(" task ").map((batch) => batch.split(" "));
    expect(tasks.map((batch) => batch.length)).toEqual([PRELOADS_PER_TASK, PRELOADS_PER_TASK, 1]);
    expect(tasks.flat()).toEqual(hrefs);
  });

  it("gives the preloads back when the script is not the expected shape", () => {
    const html = '<head><link rel="modulepreload" href="/a.js"/></head><body><script type="module" async="">console.log(1)</script></body>';
    const out = rewrite(createModuleScriptDeferrer(), Buffer.from(html));
    expect(out).toContain('<link rel="modulepreload" href="/a.js"/>');
    expect(out).toContain('<script type="module" async="">console.log(1)</script>');
  });

  it("leaves a script of another shape alone", () => {
    expect(deferModuleScript('console.log("hi")')).toBeNull();
    expect(deferModuleScript('import * as x from "/a.js";')).toBeNull();
  });

  it("rewrites the script however the stream cuts the document", () => {
    const html = page(MODULE);
    const expected = rewrite(createModuleScriptDeferrer(), Buffer.from(html));
    expect(expected).toContain("await Promise.all");
    // The preloads leave the head and are asked for by the script once the page is painted.
    expect(expected).not.toContain('<link rel="modulepreload"');
    expect(expected).toContain('for (const [index, href] of ["/assets/root-A.js","/assets/collection-B.js"].entries())');
    expect(expected).toContain("<main>Crème légère — 50 ml</main>");
    expect(expected).toMatch(/<\/script><p>Après<\/p><\/body><\/html>$/);
    for (let size = 1; size <= 40; size += 1) expect(rewrite(createModuleScriptDeferrer(), ...cutEvery(html, size))).toBe(expected);
  });

  it("asks first for the modules every page shares, when told which those are, then for the route's own", () => {
    const out = rewrite(createModuleScriptDeferrer(undefined, (href) => href === "/assets/collection-B.js"), Buffer.from(page(MODULE)));
    expect(out).toContain('for (const [index, href] of ["/assets/collection-B.js","/assets/root-A.js"].entries())');
    expect(out).not.toContain('<link rel="modulepreload"');
  });

  it("passes a document without the script through unchanged, holding nothing back at the end", () => {
    const html = "<html><body><p>a < b é</p><li";
    for (let size = 1; size <= html.length; size += 1) expect(rewrite(createModuleScriptDeferrer(), ...cutEvery(html, size))).toBe(html);
  });

  it("keeps a preload tag that is not the framework's, and one left unfinished at the end", () => {
    const html = '<head><link rel="modulepreload" href="https://cdn.example/x.js"/><link rel="modulepreload" href="/b.js"/></head><body><link rel="modulepreload" href="/c.js';
    for (let size = 1; size <= html.length; size += 5) {
      const out = rewrite(createModuleScriptDeferrer(), ...cutEvery(html, size));
      expect(out).toBe('<head><link rel="modulepreload" href="https://cdn.example/x.js"/></head><body><link rel="modulepreload" href="/c.js');
    }
  });

  it("passes a whole text React handed over untouched, whatever it holds, unless a tag was cut before it", () => {
    const deferrer = createModuleScriptDeferrer();
    const styles = Buffer.from('.a{color:red}/* <link rel="modulepreload" href="/x.js"> <script type="module" async=""> */');
    expect(deferrer.push(styles, true)).toEqual([styles]);
    expect(deferrer.push(styles, true)[0]).toBe(styles);
    // A tail held back as the start of a preload is joined to what follows, text or not.
    const cut = createModuleScriptDeferrer();
    expect(Buffer.concat(cut.push(Buffer.from("<p>hi</p><link rel=")))).toEqual(Buffer.from("<p>hi</p>"));
    const rest = cut.push(Buffer.from('"modulepreload" href="/y.js"/><p>after</p>'), true);
    expect(Buffer.concat([...rest, ...cut.end()]).toString()).toBe("<p>after</p>");
    // Pieces given as bytes are still searched.
    expect(rewrite(createModuleScriptDeferrer(), Buffer.from('<link rel="modulepreload" href="/z.js"/>'))).toBe("");
  });

  it("passes what follows the script on as the very pieces it was given", () => {
    const deferrer = createModuleScriptDeferrer();
    deferrer.push(Buffer.from(page(MODULE)));
    const later = Buffer.from("<script>window.__reactRouterContext.streamController.close();</script>");
    const out = deferrer.push(later);
    expect(out).toHaveLength(1);
    expect(out[0]).toBe(later);
  });
});
