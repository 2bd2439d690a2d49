import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsBrotli, acceptsGzip, changeHeaders, compressAnswers } from "./compression.ts";

const big = JSON.stringify({ items: Array.from({ length: 40 }, (_, index) => ({ index, title: "Damask Rose Hydrating Mist" })) });

function shop() {
  const app = new Hono();
  app.use("*", compressAnswers());
  app.get("/cart.js", (c) => c.json(JSON.parse(big)));
  app.get("/small.js", (c) => c.body('{"item_count":0}', 200, { "content-type": "application/json", "content-length": "16" }));
  app.get("/tagged", (c) => c.body(big, 200, { "content-type": "application/json", etag: '"v1"', vary: "Cookie" }));
  app.get("/kept", (c) => c.body(big, 200, { "content-type": "application/json", "cache-control": "public, no-transform" }));
  app.get("/picture", (c) => c.body(big, 200, { "content-type": "image/webp" }));
  return app;
}

const get = (path: string, acceptEncoding?: string, method = "GET") => shop().request(path, { method, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compressed answers", () => {
  it("gzips JSON of 1 KB or more for a browser that takes gzip, and says it varies by encoding", async () => {
    const answer = await get("/cart.js", "gzip, deflate, br, zstd");
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.get("vary")).toBe("Accept-Encoding");
    expect(answer.headers.get("content-length")).toBeNull();
    const body = Buffer.from(await answer.arrayBuffer());
    expect(gunzipSync(body).toString()).toBe(big);
    expect(body.length).toBeLessThan(big.length / 3);
  });

  it("sends the same answer plain to a caller that takes no gzip, still saying it varies by encoding", async () => {
    for (const acceptEncoding of [undefined, "identity", "gzip;q=0, br"]) {
      const answer = await get("/cart.js", acceptEncoding);
      expect(answer.headers.get("content-encoding")).toBeNull();
      expect(answer.headers.get("vary")).toBe("Accept-Encoding");
      expect(await answer.text()).toBe(big);
    }
  });

  it("keeps the answer's own Vary and weakens a strong ETag when it changes the bytes", async () => {
    const answer = await get("/tagged", "gzip");
    expect(answer.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(answer.headers.get("etag")).toBe('W/"v1"');
    expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(big);
  });

  it("leaves alone small answers, HEAD, no-transform and pictures", async () => {
    for (const [path, method] of [["/small.js", "GET"], ["/cart.js", "HEAD"], ["/kept", "GET"], ["/picture", "GET"]] as const) {
      const answer = await get(path, "gzip", method);
      expect(answer.headers.get("content-encoding"), path).toBeNull();
      expect(answer.headers.get("vary"), path).toBeNull();
    }
  });

  it("reads Accept-Encoding: gzip named or by *, unless its q is 0", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br, *;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("reads Accept-Encoding: Brotli only when named, unless its q is 0", () => {
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("BR;q=0.5")).toBe(true);
    expect(acceptsBrotli("br;q=0, gzip")).toBe(false);
    expect(acceptsBrotli("*")).toBe(false);
    expect(acceptsBrotli("gzip")).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });

  it("changes headers in place when it may, and on a copy of an answer whose headers are fixed", async () => {
    const own = new Response("hello", { headers: { "content-type": "text/plain" } });
    expect(changeHeaders(own, (headers) => headers.set("x-one", "1"))).toBe(own);
    expect(own.headers.get("x-one")).toBe("1");
    const fixed = Response.redirect("https://shop.test/cart", 302);
    const copy = changeHeaders(fixed, (headers) => headers.set("location", "/fr/cart"));
    expect(copy).not.toBe(fixed);
    expect(copy.status).toBe(302);
    expect(copy.headers.get("location")).toBe("/fr/cart");
  });
});
