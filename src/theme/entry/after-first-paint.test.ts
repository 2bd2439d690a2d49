import { describe, expect, it } from "vitest";
import { WAIT_FOR_FIRST_PAINT, createModuleScriptDeferrer, deferModuleScript } from "./after-first-paint.ts";

const MODULE = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/collection-B.js";
  window.__reactRouterManifest = {"entry":{}};
window.__reactRouterRouteModules = {"root":route0,"routes/collection":route1};

import("/assets/entry.client-C.js");`;

const page = (script: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/root-A.js"/><link rel="modulepreload" href="/assets/collection-B.js"/></head><body><main>Hello</main><script type="module" async="">${script}</script></body></html>`;

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

  it("gives the preloads back when the script is not the expected shape", () => {
    const html = '<head><link rel="modulepreload" href="/a.js"/></head><body><script type="module" async="">console.log(1)</script></body>';
    const deferrer = createModuleScriptDeferrer();
    const out = deferrer.push(html) + deferrer.end();
    expect(out).toContain('<link rel="modulepreload" href="/a.js"/>');
    expect(out).toContain('<script type="module" async="">console.log(1)</script>');
  });

  it("leaves a script of another shape alone", () => {
    expect(deferModuleScript('console.log("hi")')).toBeNull();
    expect(deferModuleScript('import * as x from "/a.js";')).toBeNull();
  });

  it("rewrites the script however the stream cuts the document", () => {
    const html = page(MODULE);
    const whole = createModuleScriptDeferrer();
    const expected = whole.push(html) + whole.end();
    expect(expected).toContain("await Promise.all");
    // The preloads leave the head and are asked for by the script once the page is painted.
    expect(expected).not.toContain('<link rel="modulepreload"');
    expect(expected).toContain('for (const href of ["/assets/root-A.js","/assets/collection-B.js"])');
    for (let size = 1; size <= 40; size += 3) {
      const deferrer = createModuleScriptDeferrer();
      let out = "";
      for (let i = 0; i < html.length; i += size) out += deferrer.push(html.slice(i, i + size));
      out += deferrer.end();
      expect(out).toBe(expected);
    }
  });

  it("asks at once only for the modules every page shares, when told which those are", () => {
    const deferrer = createModuleScriptDeferrer(undefined, (href) => href === "/assets/root-A.js");
    const out = deferrer.push(page(MODULE)) + deferrer.end();
    expect(out).toContain('for (const href of ["/assets/root-A.js"])');
    expect(out).not.toContain('<link rel="modulepreload"');
    // The route module is still imported; its own imports are the browser's to find.
    expect(out).toContain('import("/assets/collection-B.js")');
  });

  it("passes a document without the script through unchanged, holding nothing back at the end", () => {
    const html = "<html><body><p>a < b</p><li";
    const deferrer = createModuleScriptDeferrer();
    expect(deferrer.push(html) + deferrer.end()).toBe(html);
  });
});
