/**
 * What the front door (src/server/front-door.ts) adds to each request, in
 * process and on one core: the request id, the JSON log line (written to
 * /dev/null through pino's asynchronous destination, as a server writes to a
 * pipe) and the metrics, around a handler that answers at once. No HTTP, no
 * database: only the per-request cost a request pays for being observed.
 *
 *   npm exec -- node bench/front-door.ts [--requests 200000]
 */
import { parseArgs } from "node:util";
import pino from "pino";
import type { Database } from "../src/platform/db/database.ts";
import { frontDoor } from "../src/server/front-door.ts";
import { createMetrics } from "../src/server/metrics.ts";
import { requestLogFields } from "../src/server/request-context.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "200000" } } });
const requests = Number(values.requests);
const logger = pino({ level: "info", mixin: requestLogFields }, pino.destination({ dest: "/dev/null", sync: false }));
const shop = async () => new Response('{"item_count":3}', { headers: { "content-type": "application/json" } });
const door = frontDoor(shop, { db: {} as Database, logger, metrics: createMetrics(), trustProxy: false });
const request = new Request("http://127.0.0.1/cart.js", { headers: { cookie: "cart=abc.def" } });

async function perRequest(handle: (request: Request) => Response | Promise<Response>): Promise<number> {
  for (let index = 0; index < 20_000; index++) await handle(request);
  const started = process.cpuUsage();
  for (let index = 0; index < requests; index++) await handle(request);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / requests;
}

const bare = await perRequest(shop);
const observed = await perRequest(door);
console.log(JSON.stringify({ requests, bareMicroseconds: Math.round(bare * 100) / 100, observedMicroseconds: Math.round(observed * 100) / 100, addedMicroseconds: Math.round((observed - bare) * 100) / 100 }));
