/**
 * Builds the theme when its build is missing or older than any source it is
 * made from, and the compiled server likewise, so `npm start` and the tests
 * always run current code without paying for a build when nothing changed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The compiled server `npm start` runs (scripts/build-server.mjs). */
export const SERVER_BUNDLE = path.join(ROOT, "build/serve/serve.mjs");

const BUILDS = [
  {
    what: "the theme",
    marker: path.join(ROOT, "build/server/index.js"),
    sources: ["src/theme", "src/core", "vite.config.ts", "react-router.config.ts", "package-lock.json"],
    command: [path.join(ROOT, "node_modules/@react-router/dev/bin.cjs"), "build"],
  },
  {
    what: "the server",
    marker: SERVER_BUNDLE,
    sources: ["src/server", "src/platform", "src/core", "scripts/build-server.mjs", "package-lock.json"],
    command: [path.join(ROOT, "scripts/build-server.mjs")],
  },
];

function newestChange(target: string): number {
  const full = path.join(ROOT, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    newest = Math.max(newest, newestChange(path.join(target, entry.name)));
  }
  return newest;
}

export function buildIfStale(): void {
  for (const { what, marker, sources, command } of BUILDS) {
    const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
    const changedAt = Math.max(...sources.map(newestChange));
    if (builtAt > changedAt) continue;
    console.log(builtAt ? `The sources of ${what} changed since the last build; building…` : `Building ${what}…`);
    // What is built is what the shop serves, whoever asks: a build started from the tests (NODE_ENV=test) or from
    // `npm run dev` would otherwise bundle React's and React Router's development code for the browser.
    const result = spawnSync(process.execPath, command, { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
