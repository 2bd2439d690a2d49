import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { RenditionCache, readPicture, renderPicture } from "./pictures.ts";

/** A photograph as a phone writes it: stored sideways, with orientation 6 (turn right) and a place in its EXIF. */
const sidewaysPhoto = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: "#b86" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Pocket 9" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();

describe("readPicture", () => {
  it("reads the kind from the bytes and the size as shown, upright", async () => {
    expect(await readPicture(await sidewaysPhoto())).toEqual({ format: "jpeg", width: 200, height: 400 });
    const avif = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#fff" } }).avif().toBuffer();
    expect(await readPicture(avif)).toEqual({ format: "avif", width: 30, height: 20 });
  });

  it("finds no picture in text or in a truncated file, and names a kind the shop does not take", async () => {
    expect(await readPicture(new TextEncoder().encode("Not a picture, whatever the name says"))).toBeNull();
    const photo = await sidewaysPhoto();
    expect(await readPicture(photo.subarray(0, Math.floor(photo.length / 2)))).toBeNull();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer();
    expect(await readPicture(gif)).toEqual({ format: null, width: 10, height: 10 });
  });
});

describe("renderPicture", () => {
  it("turns the picture upright, sizes it, strips its metadata and writes WebP", async () => {
    const photo = await sidewaysPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const webp = await renderPicture(photo, 160);
    const metadata = await sharp(webp).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 160, height: 320 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it("never enlarges a small picture", async () => {
    const small = await sharp({ create: { width: 100, height: 50, channels: 3, background: "#fff" } }).png().toBuffer();
    expect(await sharp(await renderPicture(small, 1280)).metadata()).toMatchObject({ width: 100, height: 50 });
  });
});

describe("RenditionCache", () => {
  it("makes a size once however often it is asked for, and drops the least recently used beyond its budget", async () => {
    const cache = new RenditionCache(10);
    let made = 0;
    const make = (length: number) => async () => {
      made += 1;
      return new Uint8Array(length);
    };
    const [a, again] = await Promise.all([cache.get("a", make(4)), cache.get("a", make(4))]);
    expect(a).toBe(again);
    expect(made).toBe(1);
    await cache.get("b", make(4));
    await cache.get("a", make(4));
    expect(made).toBe(2);
    // "b" is the least recently used: it goes to make room for "c".
    await cache.get("c", make(4));
    expect(cache.size).toBe(8);
    await cache.get("a", make(4));
    expect(made).toBe(3);
    await cache.get("b", make(4));
    expect(made).toBe(4);
  });

  it("drops the least recently used when given a smaller budget", async () => {
    const cache = new RenditionCache(10);
    await cache.get("a", async () => new Uint8Array(4));
    await cache.get("b", async () => new Uint8Array(4));
    cache.resize(5);
    expect(cache.size).toBe(4);
    let made = 0;
    await cache.get("b", async () => (made++, new Uint8Array(4)));
    await cache.get("a", async () => (made++, new Uint8Array(4)));
    expect(made).toBe(1);
  });

  it("keeps nothing larger than its budget, and forgets a failure", async () => {
    const cache = new RenditionCache(10);
    await cache.get("big", async () => new Uint8Array(11));
    expect(cache.size).toBe(0);
    await expect(cache.get("bad", async () => Promise.reject(new Error("corrupt")))).rejects.toThrow("corrupt");
    expect(await cache.get("bad", async () => new Uint8Array(1))).toHaveLength(1);
  });
});
