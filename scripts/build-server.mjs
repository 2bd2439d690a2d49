/**
 * Compiles the shop's server (src/server/serve.ts and everything it imports from
 * src/) into one JavaScript file, build/serve/serve.mjs, with the SQL migrations
 * beside it. `npm start` runs it: no TypeScript is stripped at start and no
 * source is kept as a string, so the server starts lighter. Packages stay
 * outside the bundle and load from node_modules as before.
 */
import { cpSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "rolldown";

const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_BUNDLE_DIR = path.join(ROOT, "build/serve");

export async function buildServer() {
  // Built beside and swapped in whole: a server started from the old build meanwhile finds all of it.
  const fresh = `${SERVER_BUNDLE_DIR}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  await build({
    input: path.join(ROOT, "src/server/serve.ts"),
    platform: "node",
    logLevel: "warn",
    // A bare specifier is a package (or node:*): loaded from node_modules at run time.
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id) && !id.startsWith("\0") && !id.startsWith("@oxc-project/runtime"),
    output: { dir: fresh, format: "esm", entryFileNames: "serve.mjs", chunkFileNames: "[name]-[hash].mjs", sourcemap: true },
  });
  cpSync(path.join(ROOT, "src/platform/db/migrations"), path.join(fresh, "migrations"), { recursive: true });
  rmSync(SERVER_BUNDLE_DIR, { recursive: true, force: true });
  renameSync(fresh, SERVER_BUNDLE_DIR);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
