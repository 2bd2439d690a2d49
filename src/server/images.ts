import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Hono } from "hono";
import type { Platform } from "../platform/platform.ts";
import { nearestImageWidth, renderProductPng } from "../platform/images/render.ts";
import type { ProductArt } from "../platform/seed/types.ts";

const IMAGE_NAME = /^([a-z0-9][a-z0-9-]*)-(\d+)\.png$/;

/**
 * Serves the generated product pictures at `/images/products/{handle}-{n}.png?width=W`,
 * rendering each size once and keeping it on disk under the data folder.
 */
export function mountProductImages(app: Hono, platform: Platform, cacheDir: string): void {
  const rendering = new Map<string, Promise<Uint8Array>>();
  app.get("/images/products/:name", async (c) => {
    const match = IMAGE_NAME.exec(c.req.param("name"));
    if (!match) return c.notFound();
    const [, handle = "", position = "1"] = match;
    const catalog = await platform.catalog.get();
    const image = catalog.productsByHandle.get(handle)?.images.find((candidate) => candidate.position === Number(position));
    if (!image) return c.notFound();
    const width = nearestImageWidth(Number(c.req.query("width") ?? image.width) || image.width);
    const artHash = createHash("md5").update(JSON.stringify(image.art)).digest("hex").slice(0, 10);
    const file = path.join(cacheDir, `${handle}-${position}-${width}-${artHash}.png`);
    let pending = rendering.get(file);
    if (!pending) {
      pending = readFile(file).catch(async () => {
        const png = await renderProductPng(image.art as unknown as ProductArt, width);
        await mkdir(cacheDir, { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, png);
        await rename(temporary, file);
        return png;
      });
      rendering.set(file, pending);
      pending.finally(() => rendering.delete(file)).catch(() => undefined);
    }
    const png = await pending;
    return c.body(png as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "image/png",
      "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
    });
  });
}
