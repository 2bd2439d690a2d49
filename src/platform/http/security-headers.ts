/**
 * The headers that tell browsers what a page may do: a Content-Security-
 * Policy (scripts from the shop only, inline ones only with the page's
 * nonce; nothing loaded from elsewhere; forms post to the shop only; the
 * page framed only by the shop, and the checkout also by the origins the
 * merchant lists), and HSTS when the shop is reached over HTTPS.
 */
import { randomBytes } from "node:crypto";

export const newNonce = (): string => randomBytes(18).toString("base64");

export function pageSecurityPolicy(nonce: string, frameAncestors: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Styles are inlined for the first paint and set on elements by React; a style cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The bot check solves its puzzle in a worker made from a blob.
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(" ")}`,
  ].join("; ");
}

/** HSTS for a year, sent only on answers the shopper reached over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
