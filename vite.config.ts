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

/**
 * The browser's chunks. React with React DOM, and React Router, which every
 * page needs before it can hydrate, go out as one file each (two files, so
 * the page evaluates them in two tasks rather than one long one); so does everything the
 * root route imports statically (the shop's frame: header, footer, cart
 * link, the stores they share), which every page loads anyway. Fewer
 * requests, and one compression window each instead of dozens of small
 * files that compress poorly. Chunks loaded later (side cart, popups) and
 * route modules keep the default split, so no page loads another's code.
 */
function clientChunks(): Plugin {
  const react = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
  const router = /[\\/]node_modules[\\/]react-router[\\/]/;
  const framework = (id: string) => react.test(id) || router.test(id);
  const frame = new Set<string>();
  return {
    name: "client-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      frame.clear();
      const root = [...this.getModuleIds()].find((id) => /[\\/]src[\\/]theme[\\/]root\.tsx\?/.test(id));
      const pending = root ? [root] : [];
      while (pending.length) {
        const id = pending.pop()!;
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          // A module the browser imports dynamically (a part loaded later) is not part of the frame, nor what it alone imports.
          if (frame.has(imported) || framework(imported) || (this.getModuleInfo(imported)?.dynamicImporters.length ?? 0) > 0) continue;
          frame.add(imported);
          pending.push(imported);
        }
      }
    },
    // The frame's stylesheet is in every page already, inlined by StyleLinks, where Vite's loader of later chunks
    // does not see it: a chunk loaded later would add it again as a <link>, after the page's own rules, and the
    // page would move. In the loader's lists the frame's stylesheet becomes the frame's script, which every page
    // has loaded (and preloaded) already, so the loader skips it.
    writeBundle(options, bundle) {
      const frameChunk = Object.values(bundle).find((file) => file.type === "chunk" && file.name === "frame");
      if (frameChunk?.type !== "chunk") return;
      const styles = [...(frameChunk.viteMetadata?.importedCss ?? [])];
      const dir = options.dir ?? "build/client";
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk") continue;
        const target = path.join(dir, file.fileName);
        const code = readFileSync(target, "utf8");
        if (!code.includes("__vite__mapDeps")) continue;
        let rewritten = code;
        for (const css of styles) rewritten = rewritten.replaceAll(`"${css}"`, `"${frameChunk.fileName}"`);
        if (rewritten !== code) writeFileSync(target, rewritten);
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: (id: string) => react.test(id), priority: 10 },
            { name: "router", test: (id: string) => router.test(id), priority: 10 },
            { name: "frame", test: (id) => frame.has(id), priority: 5 },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), clientChunks(), precompressAssets()],
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    modulePreload: {
      // A part loaded later brings its stylesheets with it, but not a preload link per script it imports: every
      // link the page adds costs its main thread a few milliseconds on a phone, and the browser asks for a
      // module's imports itself as soon as it has read the module. Those parts load while the page is idle.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "js" ? deps.filter((dep) => dep.endsWith(".css")) : deps),
    },
  },
  ssr: { noExternal: [] },
});
