/**
 * `npm start`: build the theme and the server if their sources changed, then
 * open the shop from the compiled server in production mode (React's
 * production build, no development checks) unless NODE_ENV says otherwise.
 * Plain JavaScript, so the running shop never loads the TypeScript stripper;
 * the check runs in a child process of its own.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
process.env.NODE_ENV ??= "production";
const check = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-if-stale.ts")], { cwd: ROOT, stdio: "inherit" });
if (check.status !== 0) process.exit(check.status ?? 1);
await import("../build/serve/serve.mjs");
