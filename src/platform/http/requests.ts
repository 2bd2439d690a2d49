/** What every API route module shares about requests: the body limit, JSON or form, safe redirect targets, paging. */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PICTURE_UPLOAD_BODY_MAX_BYTES } from "../../core/catalog/product-pictures.ts";
import { REVIEW_BODY_MAX_BYTES } from "../../core/catalog/reviews.ts";

/** Larger bodies than this are refused with 413. */
export const MAX_BODY_BYTES = 256 * 1024;

/** A short page for a refused page request (the API answers JSON instead). */
export function refusalPage(c: Context, status: 400 | 405 | 413 | 415 | 422 | 429, title: string, text: string): Response {
  const escape = (value: string) => value.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  return c.html(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><main style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${escape(title)}</h1><p>${escape(text)}</p><p><a href="/">Back to the shop</a></p></main></html>`, status);
}

const TOO_LARGE = "The request body is too large";

/**
 * The one body limit: every request with a body, API or page. The answer goes
 * out before the body is read, so it says `Connection: close` and the client
 * opens a fresh connection for what it sends next.
 */
export const postLimit = limitBody(MAX_BODY_BYTES, (c) => {
  c.header("connection", "close");
  return wantsJson(c) ? c.json({ status: 413, message: "Payload Too Large", description: TOO_LARGE }, 413) : refusalPage(c, 413, "Payload too large", `${TOO_LARGE}.`);
});

/**
 * A body limit. A body of declared length (nearly every request) is judged by
 * its `content-length` alone and read later straight from the connection; any
 * other (sent in chunks) is counted as it arrives. Looking at the body itself
 * for every request would make the server build a web stream around each one.
 */
function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) return streamed(c, next);
    return Number.parseInt(length, 10) > maxSize ? onError(c) : next();
  };
}

/** A product's page in the back office, and its data address when the page's script sends the form. */
const PICTURE_UPLOAD_PATH = /^\/admin\/products\/\d+(?:\.data)?$/;

/** Whether a request is a picture upload: a multipart form posted to a product's back-office page. */
export function isPictureUpload(c: Context): boolean {
  return c.req.method === "POST" && PICTURE_UPLOAD_PATH.test(c.req.path) && (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

const UPLOAD_TOO_LARGE = `The pictures sent at once come to more than ${PICTURE_UPLOAD_BODY_MAX_BYTES / (1024 * 1024)} MB, so none was uploaded. Go back and upload fewer at a time, or smaller ones.`;

/** The body limit for picture uploads, answered as a page as soon as it is passed, as `postLimit` is. */
export const pictureUploadLimit = limitBody(PICTURE_UPLOAD_BODY_MAX_BYTES, (c) => {
  c.header("connection", "close");
  return refusalPage(c, 413, "Pictures too large", UPLOAD_TOO_LARGE);
});

/** A product's review form, on any site's prefix. */
const REVIEW_UPLOAD_PATH = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/products\/[^/]+\/reviews$/;

/** Whether a request is a review with photos: a multipart form posted to a product's reviews. */
export function isReviewUpload(c: Context): boolean {
  return c.req.method === "POST" && REVIEW_UPLOAD_PATH.test(c.req.path) && (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

const REVIEW_TOO_LARGE = `The review and its photos come to more than ${Math.round(REVIEW_BODY_MAX_BYTES / (1024 * 1024))} MB. Choose smaller photos.`;

/** The body limit for a review with photos. */
export const reviewUploadLimit = limitBody(REVIEW_BODY_MAX_BYTES, (c) => {
  c.header("connection", "close");
  return wantsJson(c) ? c.json({ errors: [{ field: "photos", message: REVIEW_TOO_LARGE }] }, 413) : refusalPage(c, 413, "Photos too large", REVIEW_TOO_LARGE);
});

/** The AJAX API's paths end in `.js` or `.json`. */
export const isJsonPath = (path: string) => path.endsWith(".js") || path.endsWith(".json");

/** Whether a call wants JSON back, as opposed to a classic form post that expects a redirect. */
export function wantsJson(c: Context): boolean {
  if (isJsonPath(c.req.path)) return true;
  const accept = c.req.header("accept") ?? "";
  return /json|javascript/.test(accept) || c.req.header("x-requested-with") === "XMLHttpRequest";
}

/**
 * A redirect target (`return_to`, a discount link's `redirect`) kept on this
 * site. It is checked after URL parsing, which drops tabs and newlines and
 * resolves dot segments, so `/\t/x` or `/.//x` cannot become `//x`, another host.
 */
export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || /[\\\p{Cc}]/u.test(value)) return fallback;
  const base = "http://shop.invalid";
  let target: URL;
  try {
    target = new URL(value, base);
  } catch {
    return fallback;
  }
  const result = `${target.pathname}${target.search}${target.hash}`;
  return target.origin === base && !result.startsWith("//") ? result : fallback;
}

/** `limit` (1 to 250, default 30) and `page` of a list endpoint. */
export function paging(c: Context) {
  const limit = Math.min(250, Math.max(1, Number.parseInt(c.req.query("limit") ?? "30", 10) || 30));
  const page = Math.max(1, Number.parseInt(c.req.query("page") ?? "1", 10) || 1);
  return { limit, page, offset: (page - 1) * limit };
}

/** The page a plain form came from, to go back to with the outcome: its `return_to`, else the Referer of this origin, else home. */
export function formPage(c: Context, body: Record<string, unknown>): string {
  let fallback = "/";
  const referer = c.req.header("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === new URL(c.req.url).origin) fallback = `${from.pathname}${from.search}`;
    } catch {
      // An unreadable Referer is no page of the shop.
    }
  }
  return safeLocalPath(body.return_to, fallback);
}
