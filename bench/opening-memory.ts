/**
 * The server's RSS while it opens: starts the built shop on an already seeded PostgreSQL database, reads
 * its RSS every 50 ms until it is open and a few seconds after, and prints the highest point (the kernel's
 * high-water mark), the RSS once open, and the RSS at each of the server's log lines.
 *
 *   DATABASE_URL=… node scripts/seed.ts --products 50000   (once)
 *   npm run build && npm exec -- node bench/opening-memory.ts --database-url postgres://postgres@127.0.0.1:54329/shop [--after 5]
 */
import { parseArgs } from "node:util";
import { highestRssMiB, reportMachineLoad, rssMiB, startShop } from "./shop.ts";

const { values } = parseArgs({ options: { "database-url": { type: "string" }, after: { type: "string", default: "5" } } });
if (!values["database-url"]) throw new Error("--database-url of a seeded PostgreSQL database is needed");

reportMachineLoad();
const started = Date.now();
const samples: [ms: number, rss: number][] = [];
let pid = 0;
const sampler = setInterval(() => {
  if (pid) samples.push([Date.now() - started, rssMiB(pid)]);
}, 50);
const starting = startShop({ databaseUrl: values["database-url"], startTimeoutMs: 600_000 });
// The child's pid is known only once it answers; until then read it from the process list of this one's children.
const { readdirSync, readFileSync } = await import("node:fs");
const findChild = setInterval(() => {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid) {
        pid = Number(entry);
        clearInterval(findChild);
        return;
      }
    } catch {
      // The process has gone.
    }
  }
}, 20);
const shop = await starting;
const openAt = Date.now() - started;
const highestOpening = highestRssMiB(shop.pid);
const open = rssMiB(shop.pid);
await new Promise((resolve) => setTimeout(resolve, Number(values.after) * 1000));
clearInterval(sampler);
const highest = highestRssMiB(shop.pid);
await shop.stop();

console.log(`open after ${openAt} ms at ${open} MiB; highest while opening ${highestOpening} MiB; highest by ${values.after} s later ${highest} MiB`);
const step = Math.max(1, Math.floor(samples.length / 40));
console.log(samples.filter((_, i) => i % step === 0).map(([ms, rss]) => `${ms} ms ${rss} MiB`).join("\n"));
