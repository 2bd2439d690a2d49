import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { type Plugin, defineConfig } from "vite";

/**
 * Writes a `.br` and a `.gz` copy beside every built script and stylesheet,
 * compressed once at the highest settings, which the server sends to browsers
 * that accept them (serve-static's `precompressed`). Brotli at quality 11
 * makes the framework's scripts about an eighth smaller than gzip does, and
 * no request pays for compressing them.
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      const dir = path.join(options.dir ?? "build/client", "assets");
      for (const name of readdirSync(dir)) {
        if (!/\.(?:js|css|svg)$/.test(name)) continue;
        const file = path.join(dir, name);
        const source = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), precompressAssets()],
  build: { target: "es2022", assetsInlineLimit: 0 },
  ssr: { noExternal: [] },
});
