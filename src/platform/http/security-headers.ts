/**
 * The headers that tell browsers what a page may do: a Content-Security-
 * Policy (scripts from the shop and the origins the merchant lists, inline
 * ones only with the page's nonce; nothing else loaded from elsewhere; forms post to the shop only; the
 * page framed only by the shop, and the checkout also by the origins the
 * merchant lists), and HSTS when the shop is reached over HTTPS.
 */
import { createHash, randomFillSync } from "node:crypto";

/** A nonce is 18 random bytes (24 base64 characters); they are drawn 256 at a time, each used once. */
const NONCE_BYTES = 18;
const NONCES_PER_DRAW = 256;
const nonceBytes = Buffer.alloc(NONCE_BYTES * NONCES_PER_DRAW);
let nextNonce = NONCES_PER_DRAW;

export function newNonce(): string {
  if (nextNonce === NONCES_PER_DRAW) {
    randomFillSync(nonceBytes);
    nextNonce = 0;
  }
  const start = nextNonce++ * NONCE_BYTES;
  return nonceBytes.toString("base64", start, start + NONCE_BYTES);
}

export interface PagePolicyOptions {
  /** Origins that may frame the page besides the shop (the checkout's, from its settings). */
  frameAncestors?: readonly string[];
  /** Origins a form's answer may redirect the shopper to (the payment page, from checkout). */
  formTargets?: readonly string[];
  /** Origins the merchant allows scripts from (`security.scriptOrigins`), already checked as https origins; they may also be sent requests. */
  scriptOrigins?: readonly string[];
  /** Inline snippets the merchant allows (`security.inlineScripts`): each is allowed by its SHA-256 hash. */
  inlineScripts?: readonly string[];
}

const hashes = new WeakMap<readonly string[], string[]>();

/** A snippet's source expression: the SHA-256 of its code exactly as the page draws it. */
function scriptHashes(snippets: readonly string[]): string[] {
  let known = hashes.get(snippets);
  if (!known) hashes.set(snippets, (known = snippets.map((code) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`)));
  return known;
}

/** The merchant's additions to every storefront page's policy, from their security settings. */
export const merchantScripts = (security: { scriptOrigins: readonly string[]; inlineScripts: readonly string[] }): Pick<PagePolicyOptions, "scriptOrigins" | "inlineScripts"> => ({
  scriptOrigins: security.scriptOrigins,
  inlineScripts: security.inlineScripts,
});

/** The one place a page's policy is written; with no options it is the shop's own-scripts-only policy. */
export function pageSecurityPolicy(nonce: string, { frameAncestors = [], formTargets = [], scriptOrigins = [], inlineScripts = [] }: PagePolicyOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", `'nonce-${nonce}'`, ...scriptHashes(inlineScripts), ...scriptOrigins].join(" ")}`,
    // Styles are inlined for the first paint and set on elements by React; a style cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...scriptOrigins].join(" ")}`,
    // The bot check solves its puzzle in a worker made from a blob.
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...formTargets].join(" ")}`,
    `frame-ancestors ${["'self'", ...frameAncestors].join(" ")}`,
  ].join("; ");
}

/** HSTS for a year, sent only on answers the shopper reached over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
