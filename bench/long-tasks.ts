/**
 * The browser's long tasks as a page starts: the page opened in Chromium (playwright-core, 412 × 823, mobile) with
 * its CPU slowed 4× through the DevTools protocol, as Lighthouse's mobile run assumes, and traced until 10 s after its
 * load event. Prints,
 * per page and run, the sum over every task longer than 50 ms of the time beyond 50 ms (what Lighthouse adds up as
 * Total Blocking Time, here measured rather than simulated), and with `--attribute` each long task with the scripts
 * that ran in it (a CPU profile taken with the trace, its samples inside the task's span) and the steps it was made of.
 *
 *   npm exec -- node bench/long-tasks.ts
 *   options: --runs 3 --paths /,/collections/face,/products/damask-rose-mist --slowdown 4 --attribute --cpu
 *            --url http://127.0.0.1:3000 (a shop already running, built from the same build/) --chrome /usr/bin/chromium
 *
 * With `--cpu` the page runs at full speed and each task of its main thread counts its CPU time times the
 * slowdown, from the first contentful paint on, as Lighthouse's simulation multiplies a task's time: on a busy
 * machine a task's wall time also holds the time other processes had the core, its CPU time does not, so
 * these figures move far less from run to run (and say what a quiet machine's Lighthouse run would see).
 *
 * Run `npm run build` first. Two builds compare best served side by side and run alternately (two `--url`
 * runs): the machine's speed moves between runs by tens of percent.
 */
import { parseArgs } from "node:util";
import type { Browser } from "playwright-core";
import { buyableProducts, printTable, reportMachineLoad, shopToMeasure, writeResult, type Shop } from "./shop.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    paths: { type: "string" },
    slowdown: { type: "string", default: "4" },
    attribute: { type: "boolean", default: false },
    cpu: { type: "boolean", default: false },
    url: { type: "string" },
    chrome: { type: "string", default: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
  },
});
const runs = Number(values.runs);
const slowdown = Number(values.slowdown);
/** How long a page is traced after its load event: past the popups' and the parts' timers. */
const TRACE_MS = 10_000;
const LONG_TASK_US = 50_000;

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, in µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface LongTask {
  atMs: number;
  durationMs: number;
  scripts: string[];
  /** What the task was made of: its outermost traced steps (ParseHTML, Layout, …) by name, in ms. */
  steps: string[];
}

/**
 * The page's main-thread tasks from its first contentful paint on whose CPU time times the slowdown is over
 * 50 ms, each with that product as its duration.
 */
function cpuLongTasks(events: TraceEvent[]): TraceEvent[] {
  // The page's renderer is the one that painted it (the blank page before it may have had another).
  const painted = events.filter((event) => event.name === "firstContentfulPaint").sort((a, b) => b.ts - a.ts)[0];
  if (!painted) throw new Error("The trace has no first contentful paint to count from");
  const paint = painted.ts;
  const tasksOf = (thread: TraceEvent) => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === "RunTask" && event.dur);
  const main = events
    .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain" && event.pid === painted.pid)
    .map((thread) => ({ thread, tasks: tasksOf(thread) }))
    .sort((a, b) => b.tasks.length - a.tasks.length)[0];
  if (!main) return [];
  // A task run inside another (a nested loop) is part of the outer one.
  const outer = main.tasks.filter((task) => !main.tasks.some((other) => other !== task && other.ts <= task.ts && other.ts + (other.dur ?? 0) >= task.ts + (task.dur ?? 0)));
  return outer
    .filter((task) => task.ts + (task.dur ?? 0) > paint)
    .map((task) => ({ ...task, dur: (task.tdur ?? task.dur ?? 0) * slowdown }))
    .filter((task) => (task.dur ?? 0) > LONG_TASK_US);
}

async function tracePage(browser: Browser, address: string): Promise<{ blockingMs: number; tasks: LongTask[] }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: values.cpu ? 1 : slowdown });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (data) => events.push(...(data.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    if (values.attribute) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
    }
    await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,loading", transferMode: "ReportEvents" });
    if (values.attribute) await cdp.send("Profiler.start");
    await page.goto(address);
    await page.waitForTimeout(TRACE_MS);
    const profile = values.attribute ? ((await cdp.send("Profiler.stop")) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number } }).profile : null;
    await cdp.send("Tracing.end");
    await complete;

    const long = (values.cpu ? cpuLongTasks(events) : events.filter((event) => event.name === "RunTask" && (event.dur ?? 0) > LONG_TASK_US)).sort((a, b) => a.ts - b.ts);
    const start = events.find((event) => event.name === "navigationStart")?.ts ?? long[0]?.ts ?? 0;
    // The scripts (file and function) that ran in each task, by share of its samples.
    const scriptsIn = (from: number, to: number): string[] => {
      if (!profile) return [];
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      const parents = new Map<number, number>();
      for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
      const counts = new Map<string, number>();
      let at = profile.startTime;
      let inside = 0;
      for (const [index, id] of profile.samples.entries()) {
        at += profile.timeDeltas[index] ?? 0;
        if (at < from || at > to) continue;
        inside += 1;
        const seen = new Set<string>();
        for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
          const frame = nodes.get(current)?.callFrame;
          const file = frame?.url.split("/").pop();
          if (!frame || !file) continue;
          const name = `${file} ${frame.functionName || "(anonymous)"}`;
          if (seen.has(name)) continue;
          seen.add(name);
          counts.set(name, (counts.get(name) ?? 0) + 1);
        }
      }
      const share = ([name, count]: [string, number]) => `${Math.round((100 * count) / Math.max(1, inside))}% ${name}`;
      const ranked = [...counts].sort((a, b) => b[1] - a[1]);
      // The framework's frames lead every task; the shop's own code under them says which part asked for the work.
      const shop = ranked.filter(([name]) => !name.startsWith("framework-")).slice(0, 4);
      return [...ranked.slice(0, 4).map(share), ...(shop.length ? [`shop code: ${shop.map(share).join(", ")}`] : [])];
    };
    // A task's outermost steps: the events on its thread inside its span that no earlier step of it contains.
    const stepsIn = (task: TraceEvent): string[] => {
      const end = task.ts + (task.dur ?? 0);
      const inside = events
        .filter((event) => event !== task && event.tid === task.tid && event.pid === task.pid && event.ts >= task.ts && event.ts < end && (event.dur ?? 0) > 0)
        .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      const totals = new Map<string, number>();
      let coveredUntil = 0;
      for (const event of inside) {
        if (event.ts < coveredUntil) continue;
        coveredUntil = event.ts + (event.dur ?? 0);
        totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
      }
      return [...totals].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 1).slice(0, 5).map(([name, ms]) => `${name} ${Math.round(ms)}`);
    };
    const tasks = long.map((task) => ({ atMs: (task.ts - start) / 1000, durationMs: (task.dur ?? 0) / 1000, scripts: scriptsIn(task.ts, task.ts + (task.dur ?? 0)), steps: values.attribute ? stepsIn(task) : [] }));
    return { blockingMs: tasks.reduce((sum, task) => sum + task.durationMs - LONG_TASK_US / 1000, 0), tasks };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  if (!Number.isInteger(runs) || runs < 1 || !(slowdown >= 1)) {
    console.error("--runs must be a whole number of at least 1, --slowdown a number of at least 1");
    return 2;
  }
  let shop: Shop | undefined;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: values.chrome, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    reportMachineLoad();
    const measured = await shopToMeasure(values.url);
    shop = measured.started;
    const { url } = measured;
    const paths = values.paths ? values.paths.split(",") : ["/", "/collections/face", `/products/${(await buyableProducts(url))[0]!.handle}`];
    const results: { path: string; blockingMs: number[]; tasks: LongTask[][] }[] = [];
    for (const path of paths) {
      const result = { path, blockingMs: [] as number[], tasks: [] as LongTask[][] };
      for (let run = 1; run <= runs; run++) {
        const traced = await tracePage(browser, url + path);
        result.blockingMs.push(Math.round(traced.blockingMs));
        result.tasks.push(traced.tasks);
        console.log(`${path} run ${run}/${runs}: ${Math.round(traced.blockingMs)} ms over 50 ms in ${traced.tasks.length} long tasks`);
        if (values.attribute) for (const task of traced.tasks) console.log(`  at ${Math.round(task.atMs)} ms, ${Math.round(task.durationMs)} ms: ${task.scripts.join(" | ") || "no script"} [${task.steps.join(", ")}]`);
      }
      results.push(result);
    }
    const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
    console.log(
      values.cpu
        ? `\nLong tasks' time over 50 ms, each task's CPU time × ${slowdown}, from the first contentful paint until ${TRACE_MS / 1000} s after the load event\n`
        : `\nLong tasks' time over 50 ms, ${slowdown}× CPU slowdown, until ${TRACE_MS / 1000} s after the load event\n`,
    );
    printTable(["page", "median ms", "runs"], results.map((result) => [result.path, median(result.blockingMs), result.blockingMs.join(" / ")]));
    console.log(`\nWrote ${writeResult("long-tasks", { slowdown, cpu: values.cpu, traceMs: TRACE_MS, pages: results })}`);
    return 0;
  } finally {
    await browser.close();
    await shop?.stop();
  }
}

process.exitCode = await main();
