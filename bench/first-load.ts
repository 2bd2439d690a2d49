/**
 * The JavaScript a page loads first, read from its HTML and the built files:
 * the scripts the document names (module scripts, modulepreload links, the
 * imports of its inline module scripts) and everything they import
 * statically. Dynamic imports are kept apart: they load later, when the page
 * is idle or when the shopper needs them. Used by bench/js-size.ts and by the
 * test that keeps the first load within its budget.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** `/assets/x.js` as it appears in the page → the file in the client build. */
export function fileFor(clientDir: string, urlPath: string): string {
  const file = path.join(clientDir, decodeURIComponent(urlPath.split(/[?#]/)[0]!));
  if (!file.startsWith(clientDir + path.sep)) throw new Error(`${urlPath} points outside ${clientDir}`);
  return file;
}

/** Static and dynamic imports of a built module, as files. */
export function importsOf(clientDir: string, file: string): { static: string[]; dynamic: string[] } {
  const code = readFileSync(file, "utf8");
  const resolve = (specifier: string) => (specifier.startsWith("/") ? fileFor(clientDir, specifier) : path.resolve(path.dirname(file), specifier));
  const relative = (specifier: string) => specifier.startsWith(".") || specifier.startsWith("/");
  const found = { static: new Set<string>(), dynamic: new Set<string>() };
  // `import x from "./a.js"`, `import {a} from"./a.js"`, `import"./a.js"`, `export * from "./a.js"`
  for (const match of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]([^"'`]+\.js)["'`]/g)) {
    if (relative(match[1]!)) found.static.add(resolve(match[1]!));
  }
  // `import("./a.js")`; the minifier writes template literals: import(`./a.js`)
  for (const match of code.matchAll(/\bimport\s*\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) {
    if (relative(match[1]!)) found.dynamic.add(resolve(match[1]!));
  }
  for (const set of ["static", "dynamic"] as const) for (const item of found[set]) if (!item.startsWith(clientDir)) found[set].delete(item);
  for (const item of found.static) found.dynamic.delete(item);
  return { static: [...found.static], dynamic: [...found.dynamic] };
}

/** The scripts a document names: `preloaded` by modulepreload links, and all it `referenced` (those, script sources, inline imports). */
export function documentScripts(clientDir: string, html: string): { preloaded: Set<string>; referenced: Set<string> } {
  const isAsset = (url: string) => url.startsWith("/assets/") && url.endsWith(".js");
  const preloaded = new Set(
    [...html.matchAll(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/g)]
      .map((match) => /\bhref=["']([^"']+)["']/.exec(match[0])?.[1] ?? "")
      .filter(isAsset)
      .map((url) => fileFor(clientDir, url)),
  );
  const referenced = new Set(preloaded);
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    const src = /\bsrc=["']([^"']+)["']/.exec(attributes)?.[1];
    if (src) {
      if (isAsset(src)) referenced.add(fileFor(clientDir, src));
      continue;
    }
    if (!/\btype=["']?module/.test(attributes)) continue;
    for (const imported of (match[2] ?? "").matchAll(/\bimport\s*(?:\(\s*|[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) {
      if (isAsset(imported[1]!)) referenced.add(fileFor(clientDir, imported[1]!));
    }
  }
  return { preloaded, referenced };
}

/** Everything `files` import statically (the first load, with them), and the dynamic imports met on the way. */
export function firstLoad(clientDir: string, files: Iterable<string>): { loaded: Set<string>; dynamic: Set<string> } {
  const loaded = new Set<string>();
  const dynamic = new Set<string>();
  const queue = [...files];
  while (queue.length) {
    const file = queue.shift()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    const imports = importsOf(clientDir, file);
    queue.push(...imports.static);
    for (const item of imports.dynamic) dynamic.add(item);
  }
  for (const file of loaded) dynamic.delete(file);
  return { loaded, dynamic };
}
