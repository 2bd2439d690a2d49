import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Hono } from "hono";
import type { Platform } from "../platform/services.ts";
import { IMAGE_WIDTHS, PICTURE_NAME, nearestImageWidth } from "../core/catalog/product-pictures.ts";
import { renderProductPng } from "../platform/images/render.ts";
import { type RenditionCache, renderPicture } from "../platform/images/pictures.ts";
import type { ProductArt } from "../platform/seed/types.ts";

const IMAGE_NAME = /^[a-z0-9][a-z0-9-]*-\d+\.png$/;

/**
 * Serves the generated product pictures at `/images/products/{handle}-{n}.png?width=W`,
 * rendering each size once and keeping it on disk under the data folder.
 */
export function mountProductImages(app: Hono, platform: Platform, cacheDir: string): void {
  const rendering = new Map<string, Promise<Uint8Array>>();
  app.get("/images/products/:name", async (c) => {
    const name = c.req.param("name");
    if (!IMAGE_NAME.test(name)) return c.notFound();
    const src = `/images/products/${name}`;
    const catalog = await platform.catalog.get();
    const product = catalog.productsByHandle.get(name.replace(/-\d+\.png$/, ""));
    if (!product) return c.notFound();
    // A product with uploaded pictures shows those, but its art stays served for addresses kept before (a saved list in a browser).
    const image =
      product.images.find((candidate) => candidate.src === src) ??
      (await platform.db.query<{ width: number; art: Record<string, unknown> }>("select width, art from product_images where product_id = $1 and src = $2", [product.id, src]))[0];
    if (!image) return c.notFound();
    const width = nearestImageWidth(Number(c.req.query("width") ?? image.width) || image.width);
    const artHash = createHash("md5").update(JSON.stringify(image.art)).digest("hex").slice(0, 10);
    const file = path.join(cacheDir, `${name.replace(/\.png$/, "")}-${width}-${artHash}.png`);
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

/**
 * Serves the merchant's uploaded pictures at `/images/uploads/{sha256}.webp?width=W`,
 * W snapped to the shop's widths. The address names the original's content,
 * so an answer never changes and is cached for a year; sizes are made from
 * the original in the database on first request and kept in `renditions`.
 */
export function mountUploadedPictures(app: Hono, platform: Platform, renditions: RenditionCache): void {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1280;
  app.get("/images/uploads/:name", async (c) => {
    const hash = PICTURE_NAME.exec(c.req.param("name"))?.[1];
    if (!hash) return c.notFound();
    // A picture removed from every product is no longer served, from this server's memory either.
    const [shown] = await platform.db.query("select 1 from product_pictures where content_hash = $1 limit 1", [hash]);
    if (!shown) return c.notFound();
    const width = nearestImageWidth(Number(c.req.query("width") ?? largest) || largest);
    const headers = {
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${hash.slice(0, 32)}-${width}"`,
    };
    if (c.req.header("if-none-match") === headers.etag) return c.body(null, 304, headers);
    const webp = await renditions.get(`${hash}-${width}`, async () => {
      const [row] = await platform.db.query<{ original: Uint8Array }>("select original from product_pictures where content_hash = $1 limit 1", [hash]);
      if (!row) throw new Error(`picture ${hash} was removed while it was being resized`);
      return renderPicture(row.original, width);
    });
    return c.body(webp as Uint8Array<ArrayBuffer>, 200, headers);
  });
}
