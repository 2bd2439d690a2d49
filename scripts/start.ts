/**
 * `npm start`: build the theme if its sources changed, then open the shop in
 * production mode (React's production build, no development checks) unless
 * NODE_ENV says otherwise.
 */
import { buildIfStale } from "./build-if-stale.ts";

process.env.NODE_ENV ??= "production";
buildIfStale();
await import("../src/server/serve.ts");
