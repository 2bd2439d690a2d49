/**
 * How many times one page is rendered in a day when it is asked for every
 * 10 s, with the demo's settings: the page cache keeps a page for the stretch
 * of time `pageClockSpan` answers, so each distinct stretch start is one
 * render. Compared with keeping a page for one second, the old rule while a
 * countdown showed. Walks the same core rule the server keys on; no server.
 * Run: npm exec -- node bench/page-clock-spans.ts
 */
import { readFileSync } from "node:fs";
import { pageClockSpan } from "../src/core/common/page-clock.ts";
import { parseSettings } from "../src/core/settings/settings.ts";

const settings = parseSettings(JSON.parse(readFileSync(new URL("../config/settings.json", import.meta.url), "utf8")));
const EVERY_MS = 10_000;
const DAY_MS = 86_400_000;

for (const dayIso of ["2026-11-30T00:00:00Z", "2026-11-28T00:00:00Z", "2026-12-23T00:00:00Z"]) {
  const day = Date.parse(dayIso);
  let requests = 0;
  const byStretch = new Set<number>();
  const bySecond = new Set<number>();
  const started = performance.now();
  for (let at = day; at < day + DAY_MS; at += EVERY_MS) {
    requests += 1;
    byStretch.add(pageClockSpan(settings, at).from);
    bySecond.add(Math.floor(at / 1000));
  }
  const spent = performance.now() - started;
  const hitRate = (renders: number) => `${(100 * (1 - renders / requests)).toFixed(2)}%`;
  console.log(`${dayIso.slice(0, 10)}: ${requests} requests; kept for a second: ${bySecond.size} renders (hit rate ${hitRate(bySecond.size)}); kept to the next boundary: ${byStretch.size} renders (hit rate ${hitRate(byStretch.size)}); ${spent.toFixed(0)} ms for the look-ups`);
}
