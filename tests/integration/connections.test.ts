/**
 * The listener's connection limits: a client that sends its headers or its
 * body too slowly is answered 408 and dropped, an idle keep-alive connection
 * is closed, and a connection carries a bounded number of requests. The
 * limits here are short; each check waits far longer than its limit, so a
 * slow machine only makes the test wait, never fail.
 */
import type { Server } from "node:http";
import { type Socket, connect } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../src/server/listen.ts";

let server: Server;
let port = 0;

beforeAll(async () => {
  const app = new Hono();
  app.get("/", (c) => c.text("ok"));
  app.post("/", async (c) => c.text(`got ${(await c.req.text()).length}`));
  // A body cut off by the timeout fails to read; the shop's own handler answers it quietly the same way.
  app.onError((_failure, c) => c.text("Client closed the request", 400));
  ({ server, port } = await listen(app.fetch, { port: 0, hostname: "127.0.0.1", limits: { headersTimeoutMs: 400, requestTimeoutMs: 1200, keepAliveTimeoutMs: 400, maxRequestsPerSocket: 2 } }));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Opens a connection and collects what the server sends until it closes the connection (or `waitMs` passes). */
function session(): { socket: Socket; received: () => string; closed: (waitMs?: number) => Promise<boolean> } {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  let ended = false;
  socket.on("data", (chunk) => (text += chunk.toString()));
  const done = new Promise<void>((resolve) => socket.on("close", () => ((ended = true), resolve())));
  socket.on("error", () => undefined);
  return {
    socket,
    received: () => text,
    closed: async (waitMs = 15_000) => {
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, waitMs))]);
      return ended;
    },
  };
}

describe("connection limits", () => {
  it("drops a client that never finishes its headers, with 408", async () => {
    const client = session();
    client.socket.write("GET / HTTP/1.1\r\nHost: shop.test\r\n");
    expect(await client.closed()).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it("drops a client that never finishes its body, with 408", async () => {
    const client = session();
    client.socket.write("POST / HTTP/1.1\r\nHost: shop.test\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nonly ten b");
    expect(await client.closed()).toBe(true);
    expect(client.received()).toMatch(/HTTP\/1\.1 408/);
  });

  it("closes an idle keep-alive connection after answering", async () => {
    const client = session();
    client.socket.write("GET / HTTP/1.1\r\nHost: shop.test\r\n\r\n");
    expect(await client.closed()).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it("asks a connection to close after its last allowed request", async () => {
    const client = session();
    client.socket.write("GET / HTTP/1.1\r\nHost: shop.test\r\n\r\nGET / HTTP/1.1\r\nHost: shop.test\r\n\r\n");
    expect(await client.closed()).toBe(true);
    const answers = client.received().split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).not.toMatch(/connection: close/i);
    expect(answers[1]).toMatch(/connection: close/i);
  });

  it("answers a well-behaved client at once", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "hello" });
    expect(await response.text()).toBe("got 5");
  });
});

describe("closing", () => {
  /** A listener whose `/slow` answers only when told to; its other timeouts are far longer than any wait below. */
  async function slowListener(requestTimeoutMs = 120_000) {
    let answer = () => {};
    let markAsked = () => {};
    const asked = new Promise<void>((resolve) => (markAsked = resolve));
    const app = new Hono();
    app.get("/slow", async (c) => {
      markAsked();
      await new Promise<void>((resolve) => (answer = resolve));
      return c.text("late but whole");
    });
    const listener = await listen(app.fetch, { port: 0, hostname: "127.0.0.1", limits: { headersTimeoutMs: Math.min(60_000, requestTimeoutMs), requestTimeoutMs, keepAliveTimeoutMs: 60_000, maxRequestsPerSocket: 100 } });
    return { listener, asked, answer: () => answer() };
  }
  const closedWithin = (socket: Socket, waitMs: number) =>
    Promise.race([new Promise((resolve) => socket.once("close", () => resolve(true))), new Promise((resolve) => setTimeout(() => resolve(false), waitMs))]);

  it("answers the request under way, and does not wait for a connection that has sent nothing", async () => {
    const { listener, asked, answer } = await slowListener();
    const unused = connect(listener.port, "127.0.0.1");
    unused.on("error", () => undefined);
    await new Promise((resolve) => unused.once("connect", resolve));
    const response = fetch(`http://127.0.0.1:${listener.port}/slow`);
    await asked;
    let closed = false;
    const closing = listener.close().then(() => (closed = true));
    // The unused connection goes at once, though its headers' timeout is a minute away.
    expect(await closedWithin(unused, 15_000)).toBe(true);
    expect(closed).toBe(false);
    answer();
    expect(await (await response).text()).toBe("late but whole");
    await closing;
    expect(closed).toBe(true);
  });

  it("closes a request still running after the request timeout, and ends", async () => {
    const { listener, asked } = await slowListener(1_000);
    const client = connect(listener.port, "127.0.0.1");
    client.on("error", () => undefined);
    client.write("GET /slow HTTP/1.1\r\nHost: shop.test\r\n\r\n");
    await asked;
    const ended = await Promise.race([listener.close().then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 30_000))]);
    expect(ended).toBe(true);
    expect(await closedWithin(client, 15_000)).toBe(true);
  });
});
