/**
 * The merchant's additions to the pages' Content-Security-Policy: origins
 * whose scripts the shop's pages may load (an analytics host, an app's
 * script server), such as "https://www.googletagmanager.com" or
 * "https://*.example-analytics.com". Only an https origin is taken: no path,
 * no keyword (`'unsafe-inline'`, `'self'`), no scheme alone, and a wildcard
 * only as the first label of a name with two more (`*.example.com`), so one
 * entry never opens the policy to the whole web. And inline snippets (an app
 * embed's few lines): each is drawn at the end of every storefront page and
 * allowed by its own hash, so no other inline script runs with it.
 */
import { z } from "../common/zod.ts";

/** `https://` + optional `*.` + two or more host labels + optional port; lower case. */
const SCRIPT_ORIGIN = /^https:\/\/(?:\*\.(?=[^.]+\.[^.]+))?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9](?::\d{1,5})?$/;

/** Whether `value` is an origin a policy may list for scripts. */
export function isScriptOrigin(value: string): boolean {
  return SCRIPT_ORIGIN.test(value);
}

export const scriptOrigin = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase().replace(/\/$/, ""))
  .refine(isScriptOrigin, "expected an https origin such as \"https://analytics.example.com\" or \"https://*.example.com\", without a path");

/** An inline snippet's code, drawn inside a script element: it may not close that element or open a comment that would hide the page. */
export const inlineScript = z
  .string()
  .trim()
  .min(1, "expected the snippet's code")
  .max(20_000, "expected at most 20,000 characters")
  .refine((code) => !/<\/script|<!--/i.test(code), "expected the code only, without <script> tags or HTML comments");

export const securitySchema = z
  .strictObject({
    /** Origins the pages may load scripts from, and send their requests to (an analytics script reports to its own host); none by default. */
    scriptOrigins: z.array(scriptOrigin).max(20).default([]),
    /** Inline snippets drawn at the end of every storefront page, each allowed by its hash; none by default. */
    inlineScripts: z.array(inlineScript).max(10).default([]),
  })
  .prefault({});
