/** `npm start`: build the theme if its sources changed, then open the shop. */
import { buildIfStale } from "./build-if-stale.ts";

buildIfStale();
await import("../src/server/serve.ts");
