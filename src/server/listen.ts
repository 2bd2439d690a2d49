/**
 * The shop's HTTP listener, with the connection limits that keep one slow or
 * greedy client from holding the server: a client has `headersTimeoutMs` to
 * send its request's headers and `requestTimeoutMs` for the whole request
 * (then it gets 408 and the connection closes), an idle keep-alive
 * connection closes after `keepAliveTimeoutMs`, and one connection carries at
 * most `maxRequestsPerSocket` requests before the server asks it to close.
 */
import type { Server } from "node:http";
import { serve } from "@hono/node-server";

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxRequestsPerSocket: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxRequestsPerSocket: 1000 };

export async function listen(fetch: (request: Request) => Response | Promise<Response>, options: { port: number; hostname: string; limits?: ConnectionLimits }): Promise<{ server: Server; port: number }> {
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
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : options.port };
}
