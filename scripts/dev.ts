/**
 * `npm run dev`: build the theme if its sources changed, then open the shop
 * from its TypeScript sources (no compiled server), in the mode NODE_ENV
 * names (development from the npm script).
 */
import { buildIfStale } from "./build-if-stale.ts";

process.env.NODE_ENV ??= "production";
buildIfStale();
await import("../src/server/serve.ts");
