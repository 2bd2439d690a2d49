/**
 * Uploaded product pictures with sharp (libvips, from its prebuilt binary):
 * what a file really is, read from its bytes, and its served sizes, made
 * upright from the camera's orientation, stripped of every metadata (EXIF,
 * GPS, XMP) and encoded as WebP.
 */
import type { Metadata, default as Sharp } from "sharp";
import { PICTURE_MAX_PIXELS, type PictureFormat, pictureFormat } from "../../core/catalog/product-pictures.ts";

let loading: Promise<typeof Sharp> | null = null;

/** sharp and libvips load on the first picture read or served, not with the server: most servers never resize one. */
function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // The shop keeps its own bounded cache of sizes (RenditionCache); libvips's operation cache would only hold a second copy.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** WebP quality for served sizes: visually lossless for photographs at a third of a JPEG's weight. */
const WEBP_QUALITY = 82;

export interface PictureRead {
  format: PictureFormat | null;
  /** Upright, as it will be shown. */
  width: number;
  height: number;
}

/**
 * What the bytes are, whatever the file was called or declared: null when
 * they are no picture sharp can decode whole. A picture of a kind the shop
 * takes and within the pixel limit is decoded once (to its smallest size), so
 * a truncated or corrupt file is refused now rather than failing when served.
 */
export async function readPicture(bytes: Uint8Array): Promise<PictureRead | null> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) return null;
  const read: PictureRead = { format: pictureFormat(metadata.format, metadata.compression), width, height };
  if (read.format === null || width * height > PICTURE_MAX_PIXELS) return read;
  try {
    await renderPicture(bytes, 160);
  } catch {
    return null;
  }
  return read;
}

/** The picture `width` pixels wide at most (never enlarged), upright, without metadata, as WebP. */
export async function renderPicture(original: Uint8Array, width: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const webp = await sharp(original, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}

/**
 * Served sizes kept in memory, the least recently used dropped first once
 * they weigh more than `maxBytes`; a size being made is made once however
 * many requests ask for it meanwhile.
 */
export class RenditionCache {
  private maxBytes: number;
  private readonly kept = new Map<string, Uint8Array>();
  private readonly making = new Map<string, Promise<Uint8Array>>();
  private bytes = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  async get(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const kept = this.kept.get(key);
    if (kept) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    let pending = this.making.get(key);
    if (!pending) {
      pending = make().then((made) => {
        this.keep(key, made);
        return made;
      });
      this.making.set(key, pending);
      pending.finally(() => this.making.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  /** How much the kept sizes weigh. */
  get size(): number {
    return this.bytes;
  }

  /** The most the kept sizes may weigh from now on; the least recently used go until the rest fit. */
  resize(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.trim();
  }

  private keep(key: string, value: Uint8Array): void {
    if (value.byteLength > this.maxBytes) return;
    this.kept.set(key, value);
    this.bytes += value.byteLength;
    this.trim();
  }

  private trim(): void {
    for (const [oldest, dropped] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= dropped.byteLength;
    }
  }
}

/** A shopper's photo as the shop keeps it: within `side` pixels each way (never enlarged), upright, without metadata, as WebP. */
export async function renderPictureWithin(original: Uint8Array, side: number, maxPixels: number): Promise<{ webp: Uint8Array; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(original, { limitInputPixels: maxPixels, failOn: "error" })
    .rotate()
    .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { webp: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
