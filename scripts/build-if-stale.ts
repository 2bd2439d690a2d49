/**
 * Builds the theme when the build is missing or older than any source it is
 * made from, so `npm start` and the browser tests always serve current code
 * without paying for a build when nothing changed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_MARKER = path.join(ROOT, "build/server/index.js");
const SOURCES = ["src/theme", "src/core", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

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
  const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map(newestChange));
  if (builtAt > changedAt) return;
  console.log(builtAt ? "Theme sources changed since the last build; building…" : "Building the theme…");
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
