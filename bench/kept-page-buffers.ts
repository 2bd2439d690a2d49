/**
 * The memory keeping one rendered page makes, outside V8's heap (Buffers) and in it, read the way the
 * server reads it (its streamed chunks into one block, page-cache.ts) and, for comparison, the way it
 * was read before (whole, as text, then cut and encoded again). A 164 KiB page in 2 KiB chunks, 20 pages.
 *
 *   node --expose-gc --max-semi-space-size=64 bench/kept-page-buffers.ts   (a young generation no page fills, so nothing is collected between two readings)
 */
import { constants as zlibConstants, deflateRawSync } from "node:zlib";
import { keepPage, pageChunks, packed } from "../src/server/page-cache.ts";
const gc = (globalThis as { gc: () => void }).gc;
const nonce = "RenderNonceRenderNonce00";
const html = `<html><head><script nonce="${nonce}">go()</script></head><body>${"<p>Crème de rose — 12,50 € la pièce, hydratante.</p>".repeat(2900)}<script nonce="${nonce}" type="module"></script></body></html>`;
const bytes = Buffer.from(html);
const stream = () => new Response(new ReadableStream<Uint8Array>({ start(c) { for (let at = 0; at < bytes.length; at += 2048) c.enqueue(new Uint8Array(bytes.subarray(at, at + 2048))); c.close(); } }));
const headers = new Headers({ "content-type": "text/html" });
async function measure(name: string, run: (response: Response) => Promise<unknown>) {
  const kept: unknown[] = [];
  const responses = Array.from({ length: 20 }, stream);
  gc(); gc();
  const before = process.memoryUsage();
  for (const response of responses) kept.push(await run(response));
  const after = process.memoryUsage();
  console.log(name, "per page: ArrayBuffers", Math.round((after.arrayBuffers - before.arrayBuffers) / 20 / 1024), "KiB, heap", Math.round((after.heapUsed - before.heapUsed) / 20 / 1024), "KiB; page", Math.round(bytes.length / 1024), "KiB");
}
function oldKeep(body: string) {
  const parts = packed(body.split(nonce).map((part) => Buffer.from(part)));
  const deflated = packed(parts.map((part, index) => deflateRawSync(part, { level: 9, finishFlush: index === parts.length - 1 ? zlibConstants.Z_FINISH : zlibConstants.Z_SYNC_FLUSH })));
  return { parts, deflated };
}
for (let i = 0; i < 2; i++) {
  await measure("before (text, split, Buffer.from, packed)", async (response) => oldKeep(await response.text()));
  await measure("after (chunks, one block)              ", async (response) => keepPage("v", await pageChunks(response.body!), headers, nonce));
}
