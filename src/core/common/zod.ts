/**
 * Zod as the shop's code uses it: in the browser without its compiled fast
 * path, which builds parsers with `new Function` and would trip the pages'
 * Content-Security-Policy (no eval); the server keeps it. Every schema
 * imports `z` from here so the setting is made before any parse.
 */
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
