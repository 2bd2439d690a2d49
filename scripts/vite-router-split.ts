import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Keeps React Router's router out of the browser's first load.
 *
 * The page hydrates without the router and loads it later
 * (src/theme/entry/deferred-router.tsx), but a bundler splits by module, and
 * the rest of React Router imports the router's modules from the start: for a
 * few small values (the idle navigation, fetcher and blocker, the route
 * matcher's factory, two response checks, the decoding of the page's data,
 * whether route discovery is on), and for functions the shop's pages never
 * call before the router is there (the router's factory, its data loading and
 * route discovery) or never call in the browser at all (the server's request
 * handling). In the browser's build only:
 *
 * - the small values move to a module of their own, which the late module
 *   and every other module of React Router import them from: each is still
 *   defined once, so every comparison with it holds;
 * - the other imports go to a module of stand-ins, live bindings that become
 *   the late module's own functions as soon as it is loaded, and until then
 *   say that it is not;
 * - the module that loads the router (`lateModule`) imports React Router with
 *   the router's own functions, which loads the late modules with it.
 *
 * React Router is pinned to one version; if a declaration is not where this
 * expects it, the build stops and says which.
 */

/** React Router's browser modules: its production build, or its development build when the theme is built in another mode. */
const REACT_ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?:production|development)[\\/].*\.js$/;

interface LateModule {
  /** The module's path within React Router's browser build. */
  at: string;
  /** Its declarations that the first load needs, which move to a module of their own. */
  shared: readonly string[];
  /** Its exports the router uses in the browser, and their names in React Router's entry. */
  browser: Readonly<Record<string, string>>;
}

const LATE: readonly LateModule[] = [
  {
    at: "lib/router/router.js",
    shared: ["IDLE_NAVIGATION", "IDLE_FETCHER", "IDLE_BLOCKER", "createDataRouteMatcher", "invalidProtocols", "hasInvalidProtocol", "isDataWithResponseInit", "isResponse"],
    browser: { createRouter: "UNSAFE_createRouter" },
  },
  {
    // Only the router and the server use it.
    at: "lib/router/instrumentation.js",
    shared: [],
    browser: {},
  },
  {
    // Fetching and decoding a navigation's data; decoding the page's own data is needed at once.
    at: "lib/dom/ssr/single-fetch.js",
    shared: ["SingleFetchRedirectSymbol", "NO_BODY_STATUS_CODES", "StreamTransfer", "stripIndexParam", "singleFetchUrl", "decodeViaTurboStream"],
    browser: { getTurboStreamSingleFetchDataStrategy: "UNSAFE_getTurboStreamSingleFetchDataStrategy" },
  },
  {
    // Route discovery; the page's first scripts only ask whether it is on.
    at: "lib/dom/ssr/fog-of-war.js",
    shared: ["isFogOfWarEnabled", "getPartialManifest"],
    browser: { getPatchRoutesOnNavigationFunction: "UNSAFE_getPatchRoutesOnNavigationFunction", useFogOFWarDiscovery: "UNSAFE_useFogOFWarDiscovery" },
  },
];

const SHARED_ID = "\0react-router-shared:";
const STAND_INS_ID = "\0react-router-stand-ins:";
const WITH_ROUTER_ID = "\0react-router-with-router.js";

const IMPORT_FROM = /^import \{([^}]*)\} from "([^"]+)";$/gm;
const ANY_IMPORT = /^import (.+?) from "([^"]+)";$/gm;
const EXPORT_LIST = /^export \{([^}]*)\};$/m;
const TOP_LEVEL_NAME = /^(?:async function|function|const|let|var|class) ([\w$]+)/gm;

const names = (list: string) => list.split(",").map((name) => name.trim()).filter(Boolean);
const lateModuleOf = (file: string) => {
  const at = /\/node_modules\/react-router\/dist\/(?:production|development)\/(.+)$/.exec(file.replaceAll("\\", "/"))?.[1];
  return LATE.find((late) => late.at === at);
};

/** Whether a module loads after hydration. */
export const isLateRouterModule = (id: string): boolean => !id.startsWith("\0") && lateModuleOf(id) !== undefined;
const mentions = (code: string, name: string) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(code);

/** A top-level declaration: from `const NAME =` (or `function NAME(`, `var NAME =`) to its `;` on the same line, or to the first line that starts with `}` or `]`. */
function declaration(code: string, name: string, file: string): { start: number; end: number } {
  const match = new RegExp(`^(?:const|let|var|function|async function) ${name}\\b.*$`, "m").exec(code);
  if (!match) throw new Error(`${path.basename(file)} in React Router no longer declares ${name} where the browser build expects it (scripts/vite-router-split.ts)`);
  if (match[0].endsWith(";")) return { start: match.index, end: match.index + match[0].length + 1 };
  const close = /^[}\]].*$/m.exec(code.slice(match.index));
  if (!close) throw new Error(`${path.basename(file)} in React Router: the end of ${name} was not found (scripts/vite-router-split.ts)`);
  return { start: match.index, end: match.index + close.index + close[0].length + 1 };
}

/** The names a module exports, from its export list. */
function exportsOf(code: string, file: string): string[] {
  const list = EXPORT_LIST.exec(code);
  if (!list) throw new Error(`${path.basename(file)} in React Router has no export list where the browser build expects one (scripts/vite-router-split.ts)`);
  return names(list[1]!);
}

/** A late module without its shared declarations, and the module that now holds them. */
function split(code: string, file: string, late: LateModule): { rest: string; shared: string } {
  const found = late.shared.map((name) => declaration(code, name, file)).sort((a, b) => b.start - a.start);
  let rest = code;
  const moved: string[] = [];
  for (const { start, end } of found) {
    moved.unshift(rest.slice(start, end));
    rest = rest.slice(0, start) + rest.slice(end);
  }
  const movedCode = moved.join("");
  // What moved may not lean on what stayed: that would tie the late module back to the first load.
  const stayed = [...rest.matchAll(TOP_LEVEL_NAME)].map((match) => match[1]!).filter((name) => mentions(movedCode, name));
  if (stayed.length) throw new Error(`${path.basename(file)} in React Router: ${late.shared.join(", ")} now use ${stayed.join(", ")} (scripts/vite-router-split.ts)`);
  // The moved declarations keep only the imports they use.
  const imports = [...code.matchAll(ANY_IMPORT)].flatMap(([line, clause, from]) => {
    const source = JSON.stringify(from!.startsWith(".") ? path.resolve(path.dirname(file), from!) : from!);
    const named = /^\{([^}]*)\}$/.exec(clause!);
    if (!named) {
      // A default (`import x from`) or namespace (`import * as x from`) import: kept whole when its name is used.
      if (!/^(?:\* as )?[\w$]+$/.test(clause!)) throw new Error(`${path.basename(file)} in React Router: an import the browser build cannot read: ${line}`);
      return mentions(movedCode, clause!.replace("* as ", "")) ? [`import ${clause} from ${source};`] : [];
    }
    const used = names(named[1]!).filter((name) => mentions(movedCode, name.split(" as ").pop()!));
    return used.length ? [`import { ${used.join(", ")} } from ${source};`] : [];
  });
  return {
    rest: late.shared.length ? `import { ${late.shared.join(", ")} } from ${JSON.stringify(SHARED_ID + file)};\n${rest}` : rest,
    shared: [...imports, movedCode, `export { ${late.shared.join(", ")} };`].join("\n"),
  };
}

/** Stand-ins for a late module's exports: live bindings, which `bind` turns into the module's own where the browser uses them. */
function standIns(exported: string[], late: LateModule): string {
  const missing = (name: string) =>
    name in late.browser
      ? `function ${name}() { throw new Error(${JSON.stringify(`React Router's ${name} loads with the router, after the page has hydrated`)}); }`
      : `function ${name}() { throw new Error(${JSON.stringify(`React Router's ${name} is not in the shop's browser build: the shop never uses it there`)}); }`;
  const bound = exported.filter((name) => name in late.browser);
  return [
    `export let ${exported.map((name) => `${name} = ${missing(name)}`).join(",\n  ")};`,
    `export function bind(loaded) {`,
    ...bound.map((name) => `  ${name} = loaded.${name};`),
    `}`,
  ].join("\n");
}

/** `code` with its imports from late modules taken from their shared declarations and stand-ins instead. */
function importsRedirected(code: string, id: string): string {
  return code.replace(IMPORT_FROM, (line, list: string, from: string) => {
    const target = from.startsWith(".") ? path.resolve(path.dirname(id), from) : from;
    const late = lateModuleOf(target);
    if (!late) return line;
    const imported = names(list);
    const shared = imported.filter((name) => late.shared.includes(name));
    const others = imported.filter((name) => !late.shared.includes(name));
    return [
      shared.length ? `import { ${shared.join(", ")} } from ${JSON.stringify(SHARED_ID + target)};` : "",
      others.length ? `import { ${others.join(", ")} } from ${JSON.stringify(STAND_INS_ID + target)};` : "",
    ]
      .filter(Boolean)
      .join("\n");
  });
}

export function routerSplit(lateModule: string): Plugin {
  const lateFile = path.resolve(lateModule);
  /** React Router's entry, as the build resolved it. */
  let entryFile = "";
  return {
    name: "router-split",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(id, importer) {
      if (id.startsWith(SHARED_ID) || id.startsWith(STAND_INS_ID) || id === WITH_ROUTER_ID) return id;
      if (id === "react-router" && importer === lateFile) {
        const entry = await this.resolve(id, importer, { skipSelf: true });
        if (!entry) return null;
        entryFile = entry.id;
        return WITH_ROUTER_ID;
      }
      return null;
    },
    load(id) {
      for (const prefix of [SHARED_ID, STAND_INS_ID]) {
        if (!id.startsWith(prefix)) continue;
        const file = id.slice(prefix.length);
        const late = lateModuleOf(file);
        if (!late) return null;
        const code = readFileSync(file, "utf8");
        if (prefix === SHARED_ID) return importsRedirected(split(code, file, late).shared, file);
        return standIns(exportsOf(code, file).filter((name) => !late.shared.includes(name)), late);
      }
      if (id === WITH_ROUTER_ID) {
        // React Router as the late module sees it: with the late modules' own functions, and their stand-ins bound once loaded.
        const lines: string[] = [];
        for (const [index, late] of LATE.entries()) {
          const bound = Object.keys(late.browser);
          if (bound.length === 0) continue;
          const file = path.join(path.dirname(entryFile), late.at);
          lines.push(
            `import { ${bound.join(", ")} } from ${JSON.stringify(file)};`,
            `import { bind as bind${index} } from ${JSON.stringify(STAND_INS_ID + file)};`,
            `bind${index}({ ${bound.join(", ")} });`,
            `export { ${Object.entries(late.browser).map(([name, as]) => `${name} as ${as}`).join(", ")} } from ${JSON.stringify(file)};`,
          );
        }
        return [...lines, `export * from ${JSON.stringify(entryFile)};`].join("\n");
      }
      return null;
    },
    transform(code, id) {
      if (id.startsWith("\0") || !REACT_ROUTER_FILE.test(id)) return null;
      const late = lateModuleOf(id);
      // A late module keeps its own imports of the others: it loads with them.
      if (late) {
        return late.shared.length ? { code: split(code, id, late).rest, map: null } : null;
      }
      const rewritten = importsRedirected(code, id);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
