/**
 * Product pictures the merchant uploads in the back office: which files the
 * shop takes, how large, the alt text each needs, their order, and the
 * widths the shop serves every picture at (uploaded or generated).
 */
import type { AdminAnswer } from "../admin/answers.ts";
import { hasControlCharacter } from "../common/text.ts";

/** The widths pictures are served at; `srcset` offers these and requests snap to them. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The smallest served width at least `width` wide, or the largest one. */
export function nearestImageWidth(width: number): ImageWidth {
  const smallest = IMAGE_WIDTHS[0];
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? smallest;
  if (!Number.isFinite(width)) return width > 0 ? largest : smallest;
  return IMAGE_WIDTHS.find((w) => w >= width) ?? largest;
}

/** The heaviest picture file the shop takes: 15 MB. */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024;
/** The most pixels a picture may have (50 megapixels, such as 8,660 × 5,773): larger ones take too much memory to resize. */
export const PICTURE_MAX_PIXELS = 50_000_000;
/** The most pictures one upload may carry. */
export const PICTURES_PER_UPLOAD = 10;
/** The most pictures one product may have. */
export const PICTURES_PER_PRODUCT = 50;
/** The most one upload's whole form may weigh; beyond it the request is refused before it is read. */
export const PICTURE_UPLOAD_BODY_MAX_BYTES = 40 * 1024 * 1024;
export const PICTURE_ALT_MAX = 512;

/** The kinds of picture the shop takes, as the file's own bytes say, whatever its name. */
export type PictureFormat = "jpeg" | "png" | "webp" | "avif";

/** What the shop tells the merchant it takes. */
export const PICTURE_KINDS_TEXT = "JPEG, PNG, WebP or AVIF";

/**
 * The picture's kind from what its bytes declare (sharp's `format`, and
 * `compression` for HEIF containers, where only AV1, that is AVIF, is taken),
 * or null for anything else.
 */
export function pictureFormat(format: string | undefined, compression?: string): PictureFormat | null {
  if (format === "jpeg" || format === "png" || format === "webp") return format;
  if (format === "heif" && compression === "av1") return "avif";
  return null;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString("en-GB", { maximumFractionDigits: 1 })} MB`;

/** A file as the merchant chose it, before its bytes are read. */
export interface PictureFile {
  name: string;
  bytes: Uint8Array;
}

/** A file's name as a message shows it: a long one shortened. */
const shown = (name: string) => {
  const trimmed = name.trim();
  return trimmed === "" ? "The file" : trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed;
};

/** Why a file cannot be a product picture, in the shop's words, or null when its size allows it. */
export function pictureSizeProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return `${shown(file.name)} is empty.`;
  if (file.size > PICTURE_MAX_BYTES) return `${shown(file.name)} is ${megabytes(file.size)}: pictures may be up to ${megabytes(PICTURE_MAX_BYTES)}. Save it smaller and upload it again.`;
  return null;
}

/**
 * Why a file whose bytes were read cannot be a product picture, or null:
 * its bytes must be a kind the shop takes (null when they are no picture at
 * all), of at most `PICTURE_MAX_PIXELS`.
 */
export function pictureContentProblem(name: string, read: { format: PictureFormat | null; width: number; height: number } | null): string | null {
  if (!read || read.format === null) return `${shown(name)} is not a picture the shop can use: upload a ${PICTURE_KINDS_TEXT} file.`;
  const pixels = read.width * read.height;
  if (pixels > PICTURE_MAX_PIXELS) {
    const size = `${read.width.toLocaleString("en-GB")} × ${read.height.toLocaleString("en-GB")} pixels`;
    return `${shown(name)} is ${size}: pictures may have up to ${PICTURE_MAX_PIXELS / 1_000_000} megapixels. Make it smaller and upload it again.`;
  }
  return null;
}

/** The alt text's problem, or null: every picture needs one, so people who cannot see it know what it shows. */
export function altTextProblem(alt: string): string | null {
  if (alt === "") return "Describe the picture for people who cannot see it, such as “Bottle of rose face oil beside its box”.";
  if (alt.length > PICTURE_ALT_MAX) return `Keep the description to ${PICTURE_ALT_MAX} characters or fewer.`;
  if (hasControlCharacter(alt, { lineBreaks: false })) return "Remove the special characters from the description.";
  return null;
}

/** How many more pictures fit on a product, or the problem when this upload is too many. */
export function pictureCountProblem(files: number, onProduct: number): string | null {
  if (files === 0) return `Choose a picture to upload (${PICTURE_KINDS_TEXT}).`;
  if (files > PICTURES_PER_UPLOAD) return `Upload at most ${PICTURES_PER_UPLOAD} pictures at a time.`;
  if (onProduct + files > PICTURES_PER_PRODUCT) {
    const room = Math.max(0, PICTURES_PER_PRODUCT - onProduct);
    return `A product may have up to ${PICTURES_PER_PRODUCT} pictures; this one has room for ${room} more.`;
  }
  return null;
}

/** What can be done to one picture from its row in the list. */
export type PictureChange = "save" | "up" | "down" | "main" | "remove";

/**
 * The product's pictures in their new order after `change` to `id` (the
 * first is the main picture), or null when the picture is not among them.
 * Moving the first up or the last down leaves the order as it is.
 */
export function reorderPictures(ids: readonly number[], id: number, change: Exclude<PictureChange, "save">): number[] | null {
  const index = ids.indexOf(id);
  if (index < 0) return null;
  const order = [...ids];
  if (change === "remove") order.splice(index, 1);
  else if (change === "main") order.unshift(...order.splice(index, 1));
  else {
    const other = change === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= order.length) return order;
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/** Where an uploaded picture is served: named by its content, so the address never shows other bytes and may be cached for good. */
export const pictureSrc = (contentHash: string): string => `/images/uploads/${contentHash}.webp`;

/** An uploaded picture's address as `pictureSrc` writes it: its content hash (SHA-256, hex). */
export const PICTURE_NAME = /^([0-9a-f]{64})\.webp$/;

/** A picture as the product page of the back office lists it. */
export interface AdminPicture {
  id: number;
  position: number;
  alt: string;
  width: number;
  height: number;
  format: PictureFormat;
  byteSize: number;
  src: string;
  /** The variant it shows (the storefront shows it when that variant is chosen), or null for the whole product. */
  variantId: number | null;
}

export interface AdminPicturesClient {
  /** The product's uploaded pictures in order, the first being its main picture; empty for anyone but the owner. */
  list(productId: number): Promise<AdminPicture[]>;
  /** Adds the files as pictures at the end, each described by `alt`, for the whole product or one `variant` (its id, or empty). Errors keyed `picture_files`, `picture_alt`, `picture_variant`. */
  upload(productId: number, upload: { alt: string; variant: string; files: PictureFile[] }): Promise<AdminAnswer>;
  /**
   * Changes one picture: form fields `picture` (its id), `change` (one of
   * `PictureChange`), `version` (the product's), and for `save` the
   * `picture_<id>_alt` and `picture_<id>_variant` fields, errors keyed by those names.
   */
  change(productId: number, form: Record<string, unknown>): Promise<AdminAnswer>;
}

const CHANGES: readonly PictureChange[] = ["save", "up", "down", "main", "remove"];

/** A picture row's form, read: which picture, what to do, and its new alt text and variant when saved; or each field's error. */
export function readPictureChange(
  form: Record<string, unknown>,
): { ok: true; picture: number; change: PictureChange; version: string; alt: string; variant: number | null } | { ok: false; errors: Record<string, string> } {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const picture = Number(text(form.picture));
  const change = text(form.change) as PictureChange;
  if (!Number.isSafeInteger(picture) || picture <= 0 || !CHANGES.includes(change)) return { ok: false, errors: { pictures: "Choose a picture and what to do with it from the list." } };
  const alt = text(form[`picture_${picture}_alt`]);
  const variantText = text(form[`picture_${picture}_variant`]);
  const variant = variantText === "" ? null : Number(variantText);
  const errors: Record<string, string> = {};
  if (change === "save") {
    const problem = altTextProblem(alt);
    if (problem) errors[`picture_${picture}_alt`] = problem;
    if (variant !== null && (!Number.isSafeInteger(variant) || variant <= 0)) errors[`picture_${picture}_variant`] = "Choose a variant from the list.";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, picture, change, version: text(form.version), alt, variant };
}
