/**
 * A form body can neither freeze nor crash the server: a field nested
 * thousands of levels deep, or thousands of fields, is refused with a 400 in
 * Shopify's JSON error shape, and the shop answers the next request as usual.
 */
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../src/server/listen.ts";
import { Shopper, type TestShop, openTestShop } from "./harness.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("form bodies", () => {
  it("refuses a field nested 60,000 levels deep with a 400, and goes on answering", async () => {
    const shopper = new Shopper(shop.app);
    const body = `items${"[]".repeat(60_000)}=1`;
    expect(body.length).toBeGreaterThan(100_000);
    const response = await shopper.postForm("/cart/add.js", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: "bad_request", message: "A form field is nested more than 6 levels deep", description: "A form field is nested more than 6 levels deep" });
    const add = await shopper.postForm("/cart/add.js", `id=${shop.variant("plain-cleanser")}&quantity=1`);
    expect(add.status).toBe(200);
  });

  it("refuses more than 1,000 fields", async () => {
    const shopper = new Shopper(shop.app);
    const body = Array.from({ length: 1001 }, (_, index) => `updates[]=${index}`).join("&");
    const response = await shopper.postForm("/cart/update.js", body);
    expect(response.status).toBe(400);
    expect((await response.json()).description).toBe("A form may carry at most 1000 fields");
  });

  it("limits every body, pages included, and closes the connection after refusing one unread", async () => {
    const shopper = new Shopper(shop.app);
    const big = "x".repeat(3 * 1024 * 1024);
    const api = await shopper.postJson("/cart/add.js", { id: 1, note: big });
    expect(api.status).toBe(413);
    expect(api.headers.get("connection")).toBe("close");
    expect(await api.json()).toMatchObject({ status: 413, description: "The request body is too large" });
    const page = await shopper.postForm("/checkout", `email=${big}`);
    expect(page.status).toBe(413);
    expect(page.headers.get("connection")).toBe("close");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("The request body is too large.");
  });

  it("loses none of a client's next requests on its kept-alive connections after refusing an oversized body", async () => {
    const { server, port } = await listen(shop.app.fetch, { port: 0, hostname: "127.0.0.1" });
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    /** A POST of `body` to /cart/add.js over the shared connections: its status, or the socket error that ended it. */
    const post = (body: string) =>
      new Promise<number | string>((resolve) => {
        const sent = request({ host: "127.0.0.1", port, path: "/cart/add.js", method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
        sent.end(body);
      });
    try {
      const big = JSON.stringify({ id: shop.variant("plain-cleanser"), quantity: 1, properties: { note: "x".repeat(3 * 1024 * 1024) } });
      const refused = await Promise.all(Array.from({ length: 5 }, () => post(big)));
      // The oversized adds are refused (a client still writing may see the closed connection as a reset instead).
      for (const answer of refused) expect([413, "ECONNRESET", "EPIPE"]).toContain(answer);
      expect(refused).toContain(413);
      const small = JSON.stringify({ id: shop.variant("plain-cleanser"), quantity: 1 });
      const next = await Promise.all(Array.from({ length: 50 }, () => post(small)));
      expect(next).toEqual(Array.from({ length: 50 }, () => 200));
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("judges a body of declared length by its length, and counts one sent in chunks as it comes", async () => {
    const { server, port } = await listen(shop.app.fetch, { port: 0, hostname: "127.0.0.1" });
    /** A POST to /cart/add.js over a real connection: in chunks (no length) when `chunked`, else with its length. */
    const post = (body: string, chunked: boolean) =>
      new Promise<{ status: number; text: string } | string>((resolve) => {
        const headers: Record<string, string | number> = { "content-type": "application/json" };
        if (!chunked) headers["content-length"] = Buffer.byteLength(body);
        const sent = request({ host: "127.0.0.1", port, path: "/cart/add.js", method: "POST", headers }, (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        });
        sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
        if (chunked) {
          // Written in pieces, so the body goes out in chunks without a length.
          for (let at = 0; at < body.length; at += 64 * 1024) sent.write(body.slice(at, at + 64 * 1024));
          sent.end();
        } else sent.end(body);
      });
    try {
      const id = shop.variant("plain-cleanser");
      const small = JSON.stringify({ id, quantity: 1, properties: { Engraving: "chunks" } });
      for (const chunked of [false, true]) {
        const added = await post(small, chunked);
        expect(added).toMatchObject({ status: 200 });
        expect(JSON.parse((added as { text: string }).text)).toMatchObject({ variant_id: id, properties: { Engraving: "chunks" } });
      }
      const big = JSON.stringify({ id, quantity: 1, properties: { Note: "x".repeat(400 * 1024) } });
      for (const chunked of [false, true]) {
        const refused = await post(big, chunked);
        // A client still writing may see the closed connection as a reset instead of the answer.
        if (typeof refused === "string") expect(["ECONNRESET", "EPIPE"]).toContain(refused);
        else {
          expect(refused.status).toBe(413);
          expect(JSON.parse(refused.text)).toMatchObject({ status: 413, description: "The request body is too large" });
        }
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
