/**
 * The shop's HTTP listener, with the connection limits that keep one slow or
 * greedy client from holding the server: a client has `headersTimeoutMs` to
 * send its request's headers and `requestTimeoutMs` for the whole request
 * (then it gets 408 and the connection closes), an idle keep-alive
 * connection closes after `keepAliveTimeoutMs`, and one connection carries at
 * most `maxRequestsPerSocket` requests before the server asks it to close.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { serve } from "@hono/node-server";

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxRequestsPerSocket: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxRequestsPerSocket: 1000 };

export interface Listener {
  server: Server;
  port: number;
  /**
   * Stops taking connections and resolves once the requests under way are
   * answered. Idle connections close at once, a connection whose answer has
   * gone out soon after, and so do connections that have sent nothing yet (a
   * browser opens some ahead of need, and Node would wait for them forever);
   * a request still running after the request timeout, which it could not
   * outlive anyway, has its connection closed.
   */
  close(): Promise<void>;
}

export async function listen(fetch: (request: Request) => Response | Promise<Response>, options: { port: number; hostname: string; limits?: ConnectionLimits }): Promise<Listener> {
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const server = serve({
    fetch,
    port: options.port,
    hostname: options.hostname,
    serverOptions: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the timeouts above are checked: often enough that a short limit is kept to within a second.
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor(limits.headersTimeoutMs / 4))),
    },
  }) as Server;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const address = server.address();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      // A connection whose answer went out since is idle: Node closes idle ones only when asked.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const late = setTimeout(() => server.closeAllConnections(), limits.requestTimeoutMs);
      server.close(() => {
        clearInterval(sweep);
        clearTimeout(late);
        resolve();
      });
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    }));
  return { server, port: typeof address === "object" && address ? address.port : options.port, close };
}
