/**
 * Where the server allocates memory while it answers one address under load: V8's sampling heap profiler,
 * through the server's inspector, counting objects the garbage collector has already taken back too, so the
 * figure is what each request allocates, not what it keeps. Garbage collection is a large share of a rendered
 * page's CPU, and its work follows what the requests allocate and how long they hold it.
 *
 *   npm run build && PAGE_CACHE_MB=0 npm exec -- node bench/allocations.ts --postgres postgres://u@127.0.0.1:5432/postgres
 *   options: --path /products/damask-rose-mist --connections 50 --duration 5 --warmup 3 --top 30
 *            --postgres URL (a fresh database is created there and dropped after; otherwise PGlite)
 *
 * PAGE_CACHE_MB=0 in the environment starts the shop without its page cache, so every page is rendered. The
 * sampler slows the server down several times, so its requests per second say nothing; the bytes per request do.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { InspectorSession, createThrowawayDatabase, machine, printTable, reportMachineLoad, startShop, writeResult, type ThrowawayDatabase } from "./shop.ts";

const { values } = parseArgs({
  options: {
    path: { type: "string", default: "/products/damask-rose-mist" },
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "3" },
    top: { type: "string", default: "30" },
    postgres: { type: "string" },
  },
});

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

const load = (url: string, seconds: number) => autocannon({ url, connections: Number(values.connections), duration: seconds, timeout: 10 });

reportMachineLoad();
let database: ThrowawayDatabase | undefined;
if (values.postgres) database = await createThrowawayDatabase(values.postgres);
const shop = await startShop({ databaseUrl: database?.url, inspect: true });
try {
  const address = shop.url + values.path;
  const first = await fetch(address);
  if (!first.ok) throw new Error(`${values.path} answered ${first.status}`);
  await load(address, Number(values.warmup));

  const session = await InspectorSession.connect(shop.inspectorUrl!);
  await session.send("HeapProfiler.enable");
  await session.send("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const result = await load(address, Number(values.duration));
  const { profile } = (await session.send("HeapProfiler.stopSampling")) as { profile: { head: SamplingNode } };
  session.close();
  const answered = result.requests.total;
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors and ${result.non2xx} answers not 2xx under load`);

  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: SamplingNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${path.relative(process.cwd(), url.replace(/^file:\/\//, "")) || url}:${lineNumber + 1}` : "";
    const name = `${functionName || "(anonymous)"} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(profile.head);

  const perRequest = total / Math.max(1, answered);
  console.log(`${values.path} on ${shop.database}, ${values.connections} connections, ${values.duration} s sampled: ${answered} answers`);
  console.log(`allocated: ${(total / 1e6).toFixed(1)} MB in all, ${(perRequest / 1e3).toFixed(0)} KB per request (sampled every 4 KB)\n`);
  const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  printTable(
    ["function", "KB/req", "share"],
    top.map(([name, bytes]) => [name.length > 110 ? `…${name.slice(-109)}` : name, (bytes / Math.max(1, answered) / 1e3).toFixed(1), `${((100 * bytes) / total).toFixed(1)}%`]),
  );
  const file = writeResult(`allocations-${shop.database}`, {
    machine: machine(),
    path: values.path,
    connections: Number(values.connections),
    seconds: Number(values.duration),
    pageCacheMb: process.env.PAGE_CACHE_MB ?? null,
    answered,
    bytesPerRequest: Math.round(perRequest),
    top: top.map(([name, bytes]) => ({ name, bytesPerRequest: Math.round(bytes / Math.max(1, answered)) })),
  });
  console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
} finally {
  await shop.stop();
  await database?.drop();
}
