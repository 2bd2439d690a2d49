/**
 * The pictures of a product, uploaded and arranged in the back office (the
 * catalog area, the owner's alone). Each change locks the product's row,
 * is audited in its own transaction, and moves the catalog revision so every
 * server shows it.
 */
import { createHash } from "node:crypto";
import { type AdminAnswer, type StaffJson } from "../../core/admin/admin.ts";
import {
  type AdminPicture,
  type AdminPicturesClient,
  type PictureFile,
  type PictureFormat,
  altTextProblem,
  pictureContentProblem,
  pictureCountProblem,
  pictureSizeProblem,
  pictureSrc,
  readPictureChange,
  reorderPictures,
} from "../../core/catalog/product-pictures.ts";
import { bumpCatalogRevision } from "../catalog/catalog.ts";
import type { Database, Queryable } from "../db/database.ts";
import { readPicture } from "../images/pictures.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { PRODUCT_VERSION_SQL } from "./product-version.ts";
import { AdminRefused, refusal } from "./refusal.ts";

interface PictureSql {
  id: number;
  position: number;
  alt: string;
  variant_id: number | null;
  format: PictureFormat;
  width: number;
  height: number;
  byte_size: number;
  content_hash: string;
}

const PICTURE_COLUMNS = "id, position, alt, variant_id, format, width, height, byte_size, content_hash";

const NOT_IN_CATALOG = "That product is not in the catalog.";
const validId = (id: number) => Number.isSafeInteger(id) && id > 0;
const savedAt = (productId: number) => `/products/${productId}?saved=1#pictures`;

/** What the audit log keeps of a picture: what it shows and which bytes, not the bytes. */
const audited = (picture: Pick<PictureSql, "id" | "alt" | "variant_id" | "content_hash">) => ({ id: Number(picture.id), alt: picture.alt, variant: picture.variant_id === null ? null : Number(picture.variant_id), hash: picture.content_hash });

/** Locks the product's row, ordering this change with any other edit of it; refused when it is gone. */
async function lockProduct(tx: Queryable, productId: number): Promise<{ handle: string; version: string }> {
  const [row] = await tx.query<{ handle: string; version: string }>(`select p.handle, ${PRODUCT_VERSION_SQL} as version from products p where p.id = $1 for update`, [productId]);
  if (!row) throw new AdminRefused(refusal("not_found", NOT_IN_CATALOG));
  return row;
}

/** The variant, when it is one of the product's: a picture shows the whole product or one of its own variants. */
async function isVariantOf(tx: Queryable, productId: number, variantId: number): Promise<boolean> {
  return (await tx.query("select 1 from variants where id = $1 and product_id = $2", [variantId, productId])).length > 0;
}

/** Marks the product changed (its version moves, so forms opened before are refused) and tells every server. */
async function productChanged(tx: Queryable, productId: number): Promise<void> {
  await tx.query("update products set updated_at = clock_timestamp() where id = $1", [productId]);
  await bumpCatalogRevision(tx);
}

async function answering(work: () => Promise<AdminAnswer>): Promise<AdminAnswer> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminRefused) return error.answer;
    throw error;
  }
}

export function picturesAdmin(db: Database, actor: () => Promise<StaffJson | null>): AdminPicturesClient {
  return {
    async list(productId): Promise<AdminPicture[]> {
      if (!validId(productId) || !(await readerOf(actor, "catalog"))) return [];
      const rows = await db.query<PictureSql>(`select ${PICTURE_COLUMNS} from product_pictures where product_id = $1 order by position, id`, [productId]);
      return rows.map((row) => ({
        id: Number(row.id),
        position: row.position,
        alt: row.alt,
        width: row.width,
        height: row.height,
        format: row.format,
        byteSize: row.byte_size,
        src: pictureSrc(row.content_hash),
        variantId: row.variant_id === null ? null : Number(row.variant_id),
      }));
    },

    async upload(productId, { alt, variant, files }): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (!validId(productId)) return refusal("not_found", NOT_IN_CATALOG);
      const errors: Record<string, string> = {};
      const altText = alt.trim();
      const altProblem = altTextProblem(altText);
      if (altProblem) errors.picture_alt = altProblem;
      const variantId = variant.trim() === "" ? null : Number(variant);
      if (variantId !== null && !validId(variantId)) errors.picture_variant = "Choose a variant from the list.";
      // Each file is judged by its bytes alone: its name and declared type are the sender's say-so.
      const pictures: { file: PictureFile; format: PictureFormat; width: number; height: number }[] = [];
      const countProblem = pictureCountProblem(files.length, 0);
      if (countProblem) errors.picture_files = countProblem;
      else {
        const problems: string[] = [];
        for (const file of files) {
          const problem = pictureSizeProblem({ name: file.name, size: file.bytes.byteLength });
          const read = problem ? null : await readPicture(file.bytes);
          const refused = problem ?? pictureContentProblem(file.name, read);
          if (refused) problems.push(refused);
          else if (read?.format) pictures.push({ file, format: read.format, width: read.width, height: read.height });
        }
        if (problems.length > 0) errors.picture_files = problems.join(" ");
      }
      if (Object.keys(errors).length > 0) return refusal("invalid", "The pictures were not uploaded. Please check the highlighted fields.", errors);

      return answering(() =>
        db.transaction(async (tx) => {
          const product = await lockProduct(tx, productId);
          if (variantId !== null && !(await isVariantOf(tx, productId, variantId))) {
            throw new AdminRefused(refusal("invalid", "The pictures were not uploaded.", { picture_variant: "Choose a variant from the list." }));
          }
          const [counted] = await tx.query<{ count: number; last: number }>("select count(*)::int as count, coalesce(max(position), 0)::int as last from product_pictures where product_id = $1", [productId]);
          const roomProblem = pictureCountProblem(pictures.length, counted?.count ?? 0);
          if (roomProblem) throw new AdminRefused(refusal("invalid", "The pictures were not uploaded.", { picture_files: roomProblem }));
          let position = counted?.last ?? 0;
          const added: Record<string, unknown>[] = [];
          for (const picture of pictures) {
            position += 1;
            const hash = createHash("sha256").update(picture.file.bytes).digest("hex");
            const [row] = await tx.query<{ id: number }>(
              `insert into product_pictures (product_id, position, alt, variant_id, format, width, height, byte_size, content_hash, original, uploaded_by)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
              [productId, position, altText, variantId, picture.format, picture.width, picture.height, picture.file.bytes.byteLength, hash, Buffer.from(picture.file.bytes), access.staff.id],
            );
            added.push({ ...audited({ id: row!.id, alt: altText, variant_id: variantId, content_hash: hash }), format: picture.format, width: picture.width, height: picture.height, bytes: picture.file.bytes.byteLength });
          }
          await recordAudit(tx, { staffId: access.staff.id, action: "product.pictures.upload", subject: `product ${product.handle}`, after: { pictures: added } });
          await productChanged(tx, productId);
          return { ok: true, next: savedAt(productId) } as const;
        }),
      );
    },

    async change(productId, form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (!validId(productId)) return refusal("not_found", NOT_IN_CATALOG);
      const read = readPictureChange(form);
      if (!read.ok) return refusal("invalid", "The picture was not changed. Please check the highlighted fields.", read.errors);
      return answering(() =>
        db.transaction(async (tx) => {
          const product = await lockProduct(tx, productId);
          if (read.version !== product.version) {
            throw new AdminRefused(refusal("conflict", "Someone else changed this product since you opened it, so this change was not made. The page now shows the product as it is: make the change again."));
          }
          const pictures = await tx.query<PictureSql>(`select ${PICTURE_COLUMNS} from product_pictures where product_id = $1 order by position, id for update`, [productId]);
          const picture = pictures.find((candidate) => Number(candidate.id) === read.picture);
          if (!picture) throw new AdminRefused(refusal("not_found", "That picture is no longer on this product. The page now shows its pictures as they are."));
          const subject = `product ${product.handle}`;

          if (read.change === "save") {
            if (read.variant !== null && !(await isVariantOf(tx, productId, read.variant))) {
              throw new AdminRefused(refusal("invalid", "The picture was not changed.", { [`picture_${read.picture}_variant`]: "Choose a variant from the list." }));
            }
            const before = audited(picture);
            const after = audited({ ...picture, alt: read.alt, variant_id: read.variant });
            // Saved unchanged: nothing to write, audit or tell the other servers.
            if (JSON.stringify(before) === JSON.stringify(after)) return { ok: true, next: savedAt(productId) } as const;
            await tx.query("update product_pictures set alt = $2, variant_id = $3 where id = $1", [read.picture, read.alt, read.variant]);
            await recordAudit(tx, { staffId: access.staff.id, action: "product.picture.update", subject, before, after });
            await productChanged(tx, productId);
            return { ok: true, next: savedAt(productId) } as const;
          }

          const ids = pictures.map((row) => Number(row.id));
          const order = reorderPictures(ids, read.picture, read.change) ?? ids;
          if (read.change !== "remove" && order.every((id, index) => id === ids[index])) return { ok: true, next: savedAt(productId) } as const;
          if (read.change === "remove") await tx.query("delete from product_pictures where id = $1", [read.picture]);
          for (const [index, id] of order.entries()) {
            const was = pictures.find((row) => Number(row.id) === id);
            if (was && was.position !== index + 1) await tx.query("update product_pictures set position = $2 where id = $1", [id, index + 1]);
          }
          await recordAudit(tx, {
            staffId: access.staff.id,
            action: read.change === "remove" ? "product.picture.remove" : "product.pictures.reorder",
            subject,
            before: read.change === "remove" ? { picture: audited(picture), order: ids } : { order: ids },
            after: { order },
          });
          await productChanged(tx, productId);
          return { ok: true, next: savedAt(productId) } as const;
        }),
      );
    },
  };
}
