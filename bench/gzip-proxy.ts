/**
 * A what-if for the benchmarks: an HTTP proxy on 127.0.0.1 that forwards to the shop and gzips text responses
 * (HTML, JS, CSS, JSON, SVG) for clients that accept gzip, streaming with sync flushes so HTML still arrives in
 * chunks. `bench/lighthouse.ts --gzip-proxy` measures through it to estimate what compression in the server gives.
 */
import http from "node:http";
import { pipeline } from "node:stream";
import { constants, createGzip } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

export async function startGzipProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, host: upstream.host };
    delete headers["accept-encoding"];
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")) && COMPRESSIBLE.test(type) && !answer.headers["content-encoding"];
        const outHeaders = { ...answer.headers };
        if (gzip) {
          delete outHeaders["content-length"];
          outHeaders["content-encoding"] = "gzip";
          outHeaders.vary = outHeaders.vary ? `${String(outHeaders.vary)}, Accept-Encoding` : "Accept-Encoding";
        }
        response.writeHead(answer.statusCode ?? 502, outHeaders);
        if (gzip) pipeline(answer, createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH }), response, () => undefined);
        else pipeline(answer, response, () => undefined);
      },
    );
    forward.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    pipeline(request, forward, () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
