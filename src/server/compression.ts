/**
 * Answers travel gzipped to browsers that take gzip: HTML, JSON, scripts and
 * styles of at least 1 KB, unless they are already encoded or ask not to be
 * transformed. Headers are changed in place, so an answer that is not
 * compressed (a call without Accept-Encoding, a small one) still goes out as
 * the bytes or text it was made with, in one write.
 */
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** Below this many bytes, compressing saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/** Whether an Accept-Encoding header takes gzip: named, or `*`, without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  const codings = parseAccept(header ?? "");
  const taken = codings.find(({ type }) => /^(x-)?gzip$/i.test(type)) ?? codings.find(({ type }) => type === "*");
  return (taken?.q ?? 0) > 0;
}

/** Whether an answer with these headers and status is one to compress. */
export function compressible(status: number, headers: Headers): boolean {
  if (status === 206 || status === 204 || status === 304) return false;
  if (headers.has("content-encoding") || headers.has("transfer-encoding")) return false;
  const length = headers.get("content-length");
  if (length !== null && Number(length) < COMPRESS_THRESHOLD) return false;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("content-type") ?? "")) return false;
  return !NO_TRANSFORM.test(headers.get("cache-control") ?? "");
}

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (c.req.method === "HEAD" || !compressible(answer.status, answer.headers)) return;
    const vary = answer.headers.get("vary");
    const varies = vary !== null && VARIES_BY_ENCODING.test(vary);
    if (!acceptsGzip(c.req.header("accept-encoding")) || !answer.body) {
      if (varies) return;
      const changed = changeHeaders(answer, (headers) => headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"));
      if (changed !== answer) c.res = changed;
      return;
    }
    // Hono copies the old answer's headers onto the new one, so they are changed after.
    c.res = new Response(answer.body.pipeThrough(new CompressionStream("gzip")), answer);
    const { headers } = c.res;
    if (!varies) headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    headers.delete("content-length");
    headers.set("content-encoding", "gzip");
    const etag = headers.get("etag");
    if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
  };
}

/**
 * `response` with its headers changed by `change`: in place when they may be,
 * so a body of bytes still goes out as it is, else on a copy (a response
 * whose headers are fixed, as `fetch` makes them).
 */
export function changeHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const copy = new Response(response.body, response);
    change(copy.headers);
    return copy;
  }
}

/** Whether an Accept-Encoding header names Brotli without `q=0` (`*` is not taken to mean it: gzip answers that). */
export function acceptsBrotli(header: string | undefined): boolean {
  return (parseAccept(header ?? "").find(({ type }) => type.toLowerCase() === "br")?.q ?? 0) > 0;
}
