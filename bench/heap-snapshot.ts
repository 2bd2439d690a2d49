/**
 * What holds the server's memory: starts the built shop with its inspector, optionally loads it, collects
 * garbage, takes a V8 heap snapshot through the inspector (HeapProfiler) and summarises it.
 *
 *   npm exec -- node bench/heap-snapshot.ts                         the shop at rest (PGlite, demo catalog)
 *   npm exec -- node bench/heap-snapshot.ts --postgres postgres://postgres@127.0.0.1:5432/postgres
 *   options: --products 50000 (a generated catalog) --adds 2000 (cookie-less adds, each a new cart)
 *            --pages 2000 (product and collection pages, every product in turn) --keep (keep the .heapsnapshot)
 *   npm exec -- node bench/heap-snapshot.ts --summarise bench/results/heap/<file>.heapsnapshot
 *
 * Prints RSS and process.memoryUsage() before and after the load, V8's heap spaces, the snapshot's self size
 * by node type, by constructor, the largest strings (module sources show here), and the largest single objects.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { InspectorSession, RESULTS_DIR, buyableProducts, createThrowawayDatabase, machine, printTable, reportMachineLoad, rssMiB, startShop, writeResult, type Shop, type ThrowawayDatabase } from "./shop.ts";

const { values } = parseArgs({
  options: {
    postgres: { type: "string" },
    products: { type: "string" },
    adds: { type: "string", default: "0" },
    pages: { type: "string", default: "0" },
    keep: { type: "boolean", default: false },
    summarise: { type: "string" },
  },
});

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const MiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Self size by node type, by constructor (object nodes) and the largest strings and objects. */
export function summarise(snapshot: HeapSnapshot) {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const byType = new Map<string, { count: number; bytes: number }>();
  const byConstructor = new Map<string, { count: number; bytes: number }>();
  const strings: { bytes: number; text: string }[] = [];
  const objects: { bytes: number; type: string; name: string }[] = [];
  /** Copies of the same short text: what sharing one string per value would save. */
  const copies = new Map<string, { count: number; bytes: number }>();
  let total = 0;
  const add = (map: Map<string, { count: number; bytes: number }>, key: string, bytes: number) => {
    const entry = map.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += bytes;
    map.set(key, entry);
  };
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]!] ?? "?";
    const name = snapshot.strings[snapshot.nodes[i + nameAt]!] ?? "";
    const bytes = snapshot.nodes[i + sizeAt]!;
    total += bytes;
    add(byType, type, bytes);
    if (type === "string" || type === "concatenated string" || type === "sliced string") {
      if (bytes > 64 * 1024) strings.push({ bytes, text: name.slice(0, 70).replace(/\s+/g, " ") });
      else if (type === "string" && name.length <= 200) add(copies, name, bytes);
    } else {
      add(byConstructor, `${type === "object" || type === "native" ? "" : `(${type}) `}${name.slice(0, 60)}`, bytes);
      if (bytes > 256 * 1024) objects.push({ bytes, type, name: name.slice(0, 60) });
    }
  }
  const top = (map: Map<string, { count: number; bytes: number }>, n: number) =>
    [...map].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, n).map(([key, { count, bytes }]) => ({ key, count, MiB: MiB(bytes) }));
  return {
    totalMiB: MiB(total),
    nodes: snapshot.nodes.length / width,
    byType: top(byType, 20),
    byConstructor: top(byConstructor, 30),
    largestStrings: strings.sort((a, b) => b.bytes - a.bytes).slice(0, 15).map(({ bytes, text }) => ({ KiB: Math.round(bytes / 1024), text })),
    duplicatedStrings: [...copies]
      .filter(([, { count }]) => count > 1)
      .map(([text, { count, bytes }]) => ({ text: text.slice(0, 60), copies: count, wastedKiB: Math.round((bytes - bytes / count) / 1024) }))
      .sort((a, b) => b.wastedKiB - a.wastedKiB)
      .slice(0, 20),
    duplicatedStringsMiB: MiB([...copies.values()].reduce((sum, { count, bytes }) => sum + (count > 1 ? bytes - bytes / count : 0), 0)),
    largestObjects: objects.sort((a, b) => b.bytes - a.bytes).slice(0, 15).map(({ bytes, type, name }) => ({ KiB: Math.round(bytes / 1024), type, name })),
  };
}

function printSummary(summary: ReturnType<typeof summarise>): void {
  console.log(`\nHeap snapshot: ${summary.totalMiB} MiB self size in ${summary.nodes.toLocaleString("en")} nodes\n\nBy node type:`);
  printTable(["type", "count", "MiB"], summary.byType.map((row) => [row.key, row.count, row.MiB]));
  console.log("\nBy constructor (self size):");
  printTable(["constructor", "count", "MiB"], summary.byConstructor.map((row) => [row.key, row.count, row.MiB]));
  console.log("\nLargest strings:");
  printTable(["KiB", "starts with"], summary.largestStrings.map((row) => [row.KiB, JSON.stringify(row.text)]));
  console.log(`\nThe same text held more than once (${summary.duplicatedStringsMiB} MiB in extra copies), most wasteful first:`);
  printTable(["copies", "extra KiB", "text"], summary.duplicatedStrings.map((row) => [row.copies, row.wastedKiB, JSON.stringify(row.text)]));
  console.log("\nLargest objects:");
  printTable(["KiB", "type", "name"], summary.largestObjects.map((row) => [row.KiB, row.type, row.name]));
}

/** Evaluates an expression in the server and returns its value (JSON). */
async function evaluate<T>(inspector: InspectorSession, expression: string): Promise<T> {
  const { result } = (await inspector.send("Runtime.evaluate", { expression, returnByValue: true })) as { result: { value: T } };
  return result.value;
}

interface MemoryFigures {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  arrayBuffersMiB: number;
  spaces: Record<string, number>;
}

async function memory(inspector: InspectorSession, pid: number): Promise<MemoryFigures> {
  const figures = await evaluate<Omit<MemoryFigures, "rssMiB">>(inspector, `(() => {
    const MiB = (bytes) => Math.round(bytes / 1048576 * 10) / 10;
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(process.getBuiltinModule("v8").getHeapSpaceStatistics().map((space) => [space.space_name, MiB(space.space_size)]));
    return { heapUsedMiB: MiB(usage.heapUsed), heapTotalMiB: MiB(usage.heapTotal), externalMiB: MiB(usage.external), arrayBuffersMiB: MiB(usage.arrayBuffers), spaces };
  })()`);
  return { rssMiB: rssMiB(pid), ...figures };
}

/** Cookie-less adds (each one a new cart) and page views over every product and collection, 20 at a time; the answers counted by status. */
async function load(url: string, adds: number, pages: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const products = await buyableProducts(url);
  const variantId = products[0]?.variants[0]?.id;
  if (!variantId) throw new Error("no buyable product");
  const collections = ((await (await fetch(`${url}/collections.json?limit=250`)).json()) as { collections: { handle: string }[] }).collections;
  const paths = [...products.map((product) => `/products/${product.handle}`), ...collections.map((collection) => `/collections/${collection.handle}`)];
  let nextAdd = 0;
  let nextPage = 0;
  const worker = async () => {
    while (nextAdd < adds || nextPage < pages) {
      const response =
        nextAdd < adds && (nextPage >= pages || nextAdd <= nextPage)
          ? (nextAdd++, await fetch(`${url}/cart/add.js`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: variantId, quantity: 1 }) }))
          : await fetch(`${url}${paths[nextPage++ % paths.length]}`);
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return statuses;
}

if (values.summarise) {
  printSummary(summarise(JSON.parse(readFileSync(values.summarise, "utf8")) as HeapSnapshot));
} else {
  reportMachineLoad();
  const products = values.products === undefined ? undefined : Number(values.products);
  const adds = Number(values.adds);
  const pages = Number(values.pages);
  let database: ThrowawayDatabase | undefined;
  let shop: Shop | undefined;
  try {
    if (values.postgres) database = await createThrowawayDatabase(values.postgres);
    shop = await startShop({ inspect: true, databaseUrl: database?.url, env: { NEW_CARTS_PER_HOUR: "1000000" }, startTimeoutMs: 300_000, ...(products ? { products } : {}) });
    const inspector = await InspectorSession.connect(shop.inspectorUrl!);
    const chunks: string[] = [];
    inspector.on("HeapProfiler.addHeapSnapshotChunk", (params) => chunks.push(String(params.chunk ?? "")));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const atStart = await memory(inspector, shop.pid);
    let peakRss = atStart.rssMiB;
    let statuses: Record<number, number> = {};
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(shop!.pid))), 250);
    try {
      if (adds || pages) statuses = await load(shop.url, adds, pages);
    } finally {
      clearInterval(sampler);
    }
    const afterLoad = await memory(inspector, shop.pid);
    await inspector.send("HeapProfiler.collectGarbage");
    const afterGc = await memory(inspector, shop.pid);
    await inspector.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    inspector.close();
    const text = chunks.join("");
    const file = path.join(RESULTS_DIR, "heap", `heap-${shop.database}-${products ?? "demo"}-${new Date().toISOString().replace(/[:.]/g, "-")}.heapsnapshot`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    const summary = summarise(JSON.parse(text) as HeapSnapshot);
    console.log(`\n${shop.database}, ${products ?? "demo"} products, ${adds} adds and ${pages} pages of load`);
    printTable(
      ["when", "RSS MiB", "heap used", "heap total", "external", "array buffers", "new space", "old space", "code space"],
      [
        ["3 s after start", atStart],
        ["after the load", afterLoad],
        ["after a full GC", afterGc],
      ].map(([when, m]) => {
        const f = m as MemoryFigures;
        return [when as string, f.rssMiB, f.heapUsedMiB, f.heapTotalMiB, f.externalMiB, f.arrayBuffersMiB, f.spaces.new_space ?? 0, f.spaces.old_space ?? 0, f.spaces.code_space ?? 0];
      }),
    );
    console.log(`Peak RSS during the load: ${peakRss} MiB; answers: ${Object.entries(statuses).map(([status, count]) => `${count}× ${status}`).join(", ") || "none"}`);
    printSummary(summary);
    if (!values.keep) rmSync(file);
    else console.log(`\nSnapshot kept: ${file} (opens in Chrome DevTools' Memory panel)`);
    console.log(`Wrote ${writeResult("heap-snapshot", { date: new Date().toISOString(), command: process.argv.slice(1).join(" "), machine: machine(), database: shop.database, products: products ?? "demo", adds, pages, statuses, atStart, peakRss, afterLoad, afterGc, summary })}`);
  } finally {
    await shop?.stop();
    await database?.drop();
  }
}
