import { describe, expect, it } from "vitest";
import {
  IMAGE_WIDTHS,
  PICTURE_MAX_BYTES,
  PICTURE_MAX_PIXELS,
  PICTURES_PER_PRODUCT,
  PICTURES_PER_UPLOAD,
  PICTURE_ALT_MAX,
  altTextProblem,
  nearestImageWidth,
  pictureContentProblem,
  pictureCountProblem,
  pictureFormat,
  pictureSizeProblem,
  pictureSrc,
  PICTURE_NAME,
  readPictureChange,
  reorderPictures,
} from "./product-pictures.ts";

describe("nearestImageWidth", () => {
  it("snaps up to the next served width and caps at the largest", () => {
    expect(nearestImageWidth(1)).toBe(160);
    expect(nearestImageWidth(160)).toBe(160);
    expect(nearestImageWidth(161)).toBe(320);
    expect(nearestImageWidth(700)).toBe(960);
    expect(nearestImageWidth(5000)).toBe(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
    expect(nearestImageWidth(Number.NaN)).toBe(160);
  });
});

describe("pictureFormat", () => {
  it("takes JPEG, PNG, WebP and AV1 in a HEIF box (AVIF), nothing else", () => {
    expect(pictureFormat("jpeg")).toBe("jpeg");
    expect(pictureFormat("png")).toBe("png");
    expect(pictureFormat("webp")).toBe("webp");
    expect(pictureFormat("heif", "av1")).toBe("avif");
    expect(pictureFormat("heif", "hevc")).toBeNull();
    expect(pictureFormat("gif")).toBeNull();
    expect(pictureFormat("svg")).toBeNull();
    expect(pictureFormat(undefined)).toBeNull();
  });
});

describe("a file's size and content", () => {
  it("refuses empty files and files over the limit, naming the file", () => {
    expect(pictureSizeProblem({ name: "a.jpg", size: 0 })).toBe("a.jpg is empty.");
    expect(pictureSizeProblem({ name: "a.jpg", size: PICTURE_MAX_BYTES })).toBeNull();
    expect(pictureSizeProblem({ name: "big.jpg", size: PICTURE_MAX_BYTES + 1 })).toMatch(/^big\.jpg is 15 MB: pictures may be up to 15 MB\./);
    expect(pictureSizeProblem({ name: "huge.png", size: 20 * 1024 * 1024 })).toContain("huge.png is 20 MB");
  });

  it("refuses what is no picture, or a kind the shop does not take, or too many pixels", () => {
    expect(pictureContentProblem("notes.jpg", null)).toBe("notes.jpg is not a picture the shop can use: upload a JPEG, PNG, WebP or AVIF file.");
    expect(pictureContentProblem("anim.gif", { format: null, width: 10, height: 10 })).toContain("not a picture the shop can use");
    expect(pictureContentProblem("ok.png", { format: "png", width: 5000, height: 10_000 })).toBeNull();
    expect(PICTURE_MAX_PIXELS).toBe(50_000_000);
    expect(pictureContentProblem("wide.png", { format: "png", width: 10_000, height: 5001 })).toBe(
      "wide.png is 10,000 × 5,001 pixels: pictures may have up to 50 megapixels. Make it smaller and upload it again.",
    );
  });
});

describe("alt text", () => {
  it("is required, bounded and one line of plain text", () => {
    expect(altTextProblem("")).toMatch(/^Describe the picture/);
    expect(altTextProblem("Rose face oil")).toBeNull();
    expect(altTextProblem("x".repeat(PICTURE_ALT_MAX))).toBeNull();
    expect(altTextProblem("x".repeat(PICTURE_ALT_MAX + 1))).toContain(`${PICTURE_ALT_MAX} characters`);
    expect(altTextProblem("two\nlines")).toContain("special characters");
  });
});

describe("how many pictures", () => {
  it("needs one, takes a bounded number at a time and per product", () => {
    expect(pictureCountProblem(0, 0)).toMatch(/^Choose a picture/);
    expect(pictureCountProblem(1, 0)).toBeNull();
    expect(pictureCountProblem(PICTURES_PER_UPLOAD + 1, 0)).toContain(`at most ${PICTURES_PER_UPLOAD}`);
    expect(pictureCountProblem(2, PICTURES_PER_PRODUCT - 2)).toBeNull();
    expect(pictureCountProblem(3, PICTURES_PER_PRODUCT - 2)).toContain("room for 2 more");
  });
});

describe("reorderPictures", () => {
  const ids = [11, 12, 13];
  it("moves a picture up or down one place, and not past either end", () => {
    expect(reorderPictures(ids, 12, "up")).toEqual([12, 11, 13]);
    expect(reorderPictures(ids, 12, "down")).toEqual([11, 13, 12]);
    expect(reorderPictures(ids, 11, "up")).toEqual(ids);
    expect(reorderPictures(ids, 13, "down")).toEqual(ids);
  });
  it("makes a picture the main one by putting it first, and removes one", () => {
    expect(reorderPictures(ids, 13, "main")).toEqual([13, 11, 12]);
    expect(reorderPictures(ids, 11, "main")).toEqual(ids);
    expect(reorderPictures(ids, 12, "remove")).toEqual([11, 13]);
  });
  it("knows only the product's own pictures", () => {
    expect(reorderPictures(ids, 99, "up")).toBeNull();
    expect(ids).toEqual([11, 12, 13]);
  });
});

describe("a picture's address", () => {
  it("is named by its content and read back by the same pattern", () => {
    const hash = "a".repeat(64);
    expect(pictureSrc(hash)).toBe(`/images/uploads/${hash}.webp`);
    expect(PICTURE_NAME.exec(`${hash}.webp`)?.[1]).toBe(hash);
    expect(PICTURE_NAME.test("../etc.webp")).toBe(false);
  });
});

describe("readPictureChange", () => {
  it("reads a save with the picture's alt text and variant", () => {
    expect(readPictureChange({ picture: "5", change: "save", version: "v", picture_5_alt: " Jar ", picture_5_variant: "40" })).toEqual({
      ok: true,
      picture: 5,
      change: "save",
      version: "v",
      alt: "Jar",
      variant: 40,
    });
    expect(readPictureChange({ picture: "5", change: "save", picture_5_alt: "Jar", picture_5_variant: "" })).toMatchObject({ ok: true, variant: null });
  });
  it("names the field when the alt text is missing, and refuses unknown changes", () => {
    expect(readPictureChange({ picture: "5", change: "save", picture_5_alt: "" })).toEqual({ ok: false, errors: { picture_5_alt: expect.stringMatching(/^Describe/) } });
    expect(readPictureChange({ picture: "5", change: "rotate" })).toMatchObject({ ok: false });
    expect(readPictureChange({ picture: "x", change: "up" })).toMatchObject({ ok: false });
    // Moving needs no alt text.
    expect(readPictureChange({ picture: "5", change: "up" })).toMatchObject({ ok: true, change: "up" });
  });
});
