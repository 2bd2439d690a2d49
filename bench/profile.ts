/**
 * Summarises a V8 CPU profile (from `bench/http.ts --profile`, written to bench/results/profiles/) by where the
 * server's time goes: self time per function and per package / source folder.
 *
 *   npm exec -- node bench/profile.ts [file.cpuprofile]   (default: the newest profile in bench/results/profiles)
 *   options: --top 25
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { RESULTS_DIR, ROOT, printTable } from "./shop.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({ options: { top: { type: "string", default: "25" } }, allowPositionals: true });
const top = Number(values.top);

function newestProfile(): string {
  const dir = path.join(RESULTS_DIR, "profiles");
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`No .cpuprofile in ${dir}: run bench/http.ts --profile first`);
  return files[0];
}

/** Where a frame's code lives: a package, a folder of this project, Node's internals, or V8 itself. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith("node:")) return "node:" + (url.slice(5).split("/")[1] ?? url.slice(5));
  const local = url.replace(/^file:\/\//, "");
  if (local.startsWith(ROOT)) {
    const relative = path.relative(ROOT, local);
    if (relative.startsWith("build/server")) return "build/server (theme SSR bundle, incl. bundled deps)";
    return relative.split("/").slice(0, 3).join("/");
  }
  return url;
}

const file = positionals[0] ?? newestProfile();
const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
for (let index = 0; index < profile.samples.length; index++) {
  const id = profile.samples[index]!;
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
}
const totalMs = (profile.endTime - profile.startTime) / 1000;
const functions = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.relative(ROOT, url.replace(/^file:\/\//, ""))}:${lineNumber + 1}` : "";
  const key = `${functionName || "(anonymous)"} ${where}`.trim();
  functions.set(key, (functions.get(key) ?? 0) + ms);
  const group = area(url, functionName);
  areas.set(group, (areas.get(group) ?? 0) + ms);
}
const percent = (ms: number) => `${((ms / totalMs) * 100).toFixed(1)}%`;
console.log(`${path.relative(process.cwd(), file)}: ${(totalMs / 1000).toFixed(1)} s profiled\n`);
printTable(
  ["self time by area", "ms", "share"],
  [...areas].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ms]) => [name, Math.round(ms), percent(ms)]),
);
console.log("");
printTable(
  ["self time by function", "ms", "share"],
  [...functions].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ms]) => [name.slice(0, 110), Math.round(ms), percent(ms)]),
);
