/**
 * Makes React Router's server do once what it otherwise redoes for every page it renders. Run after every
 * install (`postinstall`), on the installed package's own files; each change keeps React Router's behaviour
 * and only saves work, so a shop installed without it (`--ignore-scripts`) is right, only slower.
 *
 * On every rendered page React Router 8.4 rebuilt the whole route tree twice (its server routes, then the
 * static router's data routes, with a React element per route), rebuilt the map of route modules, and tried
 * every route against the address with a regular expression and a dozen objects each, twice: a fifth of what
 * a rendered product page allocated, and about as much of its CPU.
 *
 * - The route modules, the server routes and the static router's data routes depend only on the build, which
 *   does not change while the server runs: each is built once per build and kept beside it (a WeakMap on the
 *   build's own objects, so a new build in development gets its own).
 * - Before trying a route, the address must start with the route's literal beginning (up to its first `:`,
 *   `*` or `?`, without a trailing slash), compared in lower case as the route's own expression does. That
 *   is true of every address the route matches, so only routes that could not match are skipped. Routes
 *   whose beginning is not plain ASCII, and partial matches, are always tried.
 * - The page's data is written out value by value, and the clock was read for every value to decide whether
 *   to let other work run; it is read only on the values where that is decided (one in 6,000).
 *
 *   node scripts/patch-react-router.mjs           applies what is missing; warns if the package changed
 *   node scripts/patch-react-router.mjs --check   exits 1 unless every change is in place
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Each change: the file under the package's `dist/<build>`, the text it replaces, and its replacement. */
export const REACT_ROUTER_PATCHES = [
  {
    file: "lib/server-runtime/entry.js",
    find: "function createEntryRouteModules(manifest) {\n\treturn Object.keys(manifest).reduce(",
    replace: `const entryRouteModulesKept = /* @__PURE__ */ new WeakMap();
function createEntryRouteModules(manifest) {
	let kept = entryRouteModulesKept.get(manifest);
	if (!kept) entryRouteModulesKept.set(manifest, kept = Object.freeze(collectEntryRouteModules(manifest)));
	return kept;
}
function collectEntryRouteModules(manifest) {
	return Object.keys(manifest).reduce(`,
  },
  {
    file: "lib/dom/ssr/server.js",
    find: "function ServerRouter({ context, url, nonce }) {\n\tif (typeof url === \"string\") url = new URL(url);\n\tlet { manifest, routeModules, criticalCss, serverHandoffString } = context;\n\tlet routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
    replace: `const serverRoutesKept = /* @__PURE__ */ new WeakMap();
function serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
	let kept = serverRoutesKept.get(manifestRoutes);
	if (kept && kept.routeModules === routeModules && kept.isSpaMode === isSpaMode) return kept.routes;
	let routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
	serverRoutesKept.set(manifestRoutes, { routeModules, isSpaMode, routes });
	return routes;
}
function ServerRouter({ context, url, nonce }) {
	if (typeof url === "string") url = new URL(url);
	let { manifest, routeModules, criticalCss, serverHandoffString } = context;
	let routes = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);`,
  },
  {
    file: "lib/dom/server.js",
    find: "function createStaticRouter(routes, context, opts = {}) {\n\twarning(opts.branches == null, \"`createStaticRouter({ branches })` is deprecated and no longer used. Branch caching is done automatically inside the static router.\");\n\tlet manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);",
    replace: `const staticDataRoutesKept = /* @__PURE__ */ new WeakMap();
function staticDataRoutesOnce(routes) {
	let kept = staticDataRoutesKept.get(routes);
	if (kept) return kept;
	let manifest = {};
	kept = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, manifest) };
	staticDataRoutesKept.set(routes, kept);
	return kept;
}
function createStaticRouter(routes, context, opts = {}) {
	warning(opts.branches == null, "\`createStaticRouter({ branches })\` is deprecated and no longer used. Branch caching is done automatically inside the static router.");
	let { manifest, dataRoutes } = staticDataRoutesOnce(routes);`,
  },
  {
    file: "lib/router/utils.js",
    find: "\tlet matches = null;\n\tlet decoded = decodePath(pathname);\n\tfor (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);\n\treturn matches;\n}",
    replace: `	let matches = null;
	let decoded = decodePath(pathname);
	let lowered;
	for (let i = 0; matches == null && i < branches.length; ++i) {
		let prefix = allowPartial ? "" : branchPrefix(branches[i]);
		if (prefix && !(lowered ??= decoded.toLowerCase()).startsWith(prefix)) continue;
		matches = matchRouteBranch(branches[i], decoded, allowPartial);
	}
	return matches;
}
const branchPrefixes = /* @__PURE__ */ new WeakMap();
function branchPrefix(branch) {
	let prefix = branchPrefixes.get(branch);
	if (prefix === void 0) {
		prefix = branch.path.slice(0, branch.path.search(/[:*?]|$/)).replace(/\\/+$/, "").toLowerCase();
		if (!/^[\\x20-\\x7e]*$/.test(prefix)) prefix = "";
		branchPrefixes.set(branch, prefix);
	}
	return prefix;
}`,
  },
  {
    file: "vendor/turbo-stream-v2/flatten.js",
    find: "\t\tconst now = getNow();\n\t\tif (++i % 6e3 === 0 && now - lastYieldTime >= TIME_LIMIT_MS) {",
    replace: "\t\tif (++i % 6e3 === 0 && getNow() - lastYieldTime >= TIME_LIMIT_MS) {",
  },
];

/** Applies the changes to one file's text: the new text, and which changes were applied, already there, or not found. */
export function patchText(text, patches) {
  const report = { applied: [], present: [], missing: [] };
  for (const patch of patches) {
    if (text.includes(patch.replace)) report.present.push(patch);
    else if (text.includes(patch.find)) {
      text = text.replace(patch.find, () => patch.replace);
      report.applied.push(patch);
    } else report.missing.push(patch);
  }
  return { text, ...report };
}

/** React Router's installed `dist` folder, as the shop resolves it. */
export function reactRouterDist(from = process.cwd()) {
  const entry = createRequire(path.join(from, "package.json")).resolve("react-router");
  return path.resolve(path.dirname(entry), "..");
}

/** Patches (or, with `check`, only inspects) both of the package's builds; returns what it found. */
export function patchReactRouter({ check = false, from } = {}) {
  const dist = reactRouterDist(from);
  const outcome = { applied: 0, present: 0, missing: [] };
  for (const build of ["production", "development"]) {
    for (const file of new Set(REACT_ROUTER_PATCHES.map((patch) => patch.file))) {
      const patches = REACT_ROUTER_PATCHES.filter((patch) => patch.file === file);
      const target = path.join(dist, build, file);
      const result = patchText(readFileSync(target, "utf8"), patches);
      outcome.present += result.present.length;
      outcome.missing.push(...result.missing.map(() => `${build}/${file}`));
      if (check) outcome.missing.push(...result.applied.map(() => `${build}/${file} (not applied)`));
      else if (result.applied.length) {
        writeFileSync(target, result.text);
        outcome.applied += result.applied.length;
      }
    }
  }
  return outcome;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const outcome = patchReactRouter({ check });
  if (outcome.missing.length) {
    const files = [...new Set(outcome.missing)].join(", ");
    if (check) {
      console.error(`React Router: ${outcome.missing.length} changes are not in place (${files}): run node scripts/patch-react-router.mjs.`);
      process.exitCode = 1;
    } else console.warn(`React Router: ${outcome.missing.length} changes could not be applied (${files}); the shop works but renders pages more slowly. Update scripts/patch-react-router.mjs for this version.`);
  } else if (!check) console.log(`React Router: ${outcome.applied} changes applied, ${outcome.present} already in place (its two builds).`);
}
