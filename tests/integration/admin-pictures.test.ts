/**
 * Product pictures uploaded in the back office: a picture checked by its
 * bytes (a text file named .jpg, a file over the size limit and a picture
 * over the pixel limit refused, each in the shop's words, the alt text
 * required), kept with the product and shown by the storefront in place of
 * its generated art (product .js and .json, cart lines), reordered, promoted,
 * removed and tied to a variant, every change audited and refused when made
 * from an older page; and its served sizes: WebP, upright, without metadata,
 * cached for good under an address named by its content. The HTTP layer
 * takes a picture upload's larger body and still refuses a larger one with a
 * clean 413. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { crc32 } from "node:zlib";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffJson } from "../../src/core/admin/admin.ts";
import { PICTURE_MAX_BYTES, PICTURE_UPLOAD_BODY_MAX_BYTES, type AdminPicturesClient } from "../../src/core/catalog/product-pictures.ts";
import { picturesAdmin } from "../../src/platform/admin/pictures-admin.ts";
import { createPlatform } from "../../src/platform/platform.ts";
import { loadSettings } from "../../src/platform/settings/load.ts";
import { createApp } from "../../src/server/app.ts";
import { Shopper, type TestShop, addStaff, openTestShop } from "./harness.ts";

let shop: TestShop;
let owner: StaffJson;
let pictures: AdminPicturesClient;

beforeAll(async () => {
  shop = await openTestShop();
  owner = await addStaff(shop.db, "olive@example.com", "Olive Owner", "owner");
  pictures = picturesAdmin(shop.db, async () => owner);
});
afterAll(async () => {
  await shop?.close();
});

const productIdOf = async (handle: string) => Number((await shop.db.query<{ id: number }>("select id from products where handle = $1", [handle]))[0]!.id);
const versionOf = async (productId: number) =>
  (await shop.db.query<{ version: string }>("select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US') as version from products where id = $1", [productId]))[0]!.version;
const json = async (response: Response) => (await response.json()) as Record<string, any>;
const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A phone photograph: stored sideways with orientation 6 and where it was taken in its EXIF. */
const photo = (background: string, width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
const png = (background: string, width = 300, height = 300) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const file = (name: string, bytes: Uint8Array) => ({ name, bytes: new Uint8Array(bytes) });
/** A small PNG whose header claims `width` × `height`: the pixel limit is judged from the header, before anything is decoded. */
const claimingSize = (png: Buffer, width: number, height: number) => {
  const bytes = Buffer.from(png);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  // The header chunk's checksum covers its type and data (bytes 12 to 29).
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
};

describe("uploading", () => {
  it("keeps a picture, upright, audited, and the storefront shows it instead of the generated art", async () => {
    const id = await productIdOf("plain-cleanser");
    const revision = async () => (await shop.db.query<{ revision: number }>("select revision from catalog_meta"))[0]!.revision;
    const before = await revision();
    const bytes = await photo("#c8a27a");
    const answer = await pictures.upload(id, { alt: "Plain Cleanser bottle", variant: "", files: [file("cleanser.jpg", bytes)] });
    expect(answer).toEqual({ ok: true, next: `/products/${id}?saved=1#pictures` });
    const [picture] = await pictures.list(id);
    expect(picture).toMatchObject({ position: 1, alt: "Plain Cleanser bottle", width: 400, height: 600, format: "jpeg", byteSize: bytes.length, src: `/images/uploads/${hashOf(bytes)}.webp`, variantId: null });
    expect(await revision()).toBeGreaterThan(before);

    const [entry] = await shop.db.query<{ staff_id: number; subject: string; after: any }>("select staff_id, subject, after from audit_log where action = 'product.pictures.upload' order by id desc limit 1");
    expect(entry).toMatchObject({ staff_id: owner.id, subject: "product plain-cleanser" });
    expect(entry!.after.pictures[0]).toMatchObject({ alt: "Plain Cleanser bottle", hash: hashOf(bytes), width: 400, height: 600, format: "jpeg" });

    const shopper = new Shopper(shop.app);
    const js = await json(await shopper.get("/products/plain-cleanser.js"));
    expect(js.images).toEqual([picture!.src]);
    expect(js.featured_image).toBe(picture!.src);
    expect(js.media[0]).toMatchObject({ id: picture!.id, src: picture!.src, width: 400, height: 600, alt: "Plain Cleanser bottle" });
    const product = (await json(await shopper.get("/products/plain-cleanser.json"))).product;
    expect(product.images[0]).toMatchObject({ src: picture!.src, alt: "Plain Cleanser bottle" });
    expect(product.image.src).toBe(picture!.src);
    // A product without uploads keeps its drawn art.
    expect((await json(await shopper.get("/products/low-stock-oil.js"))).featured_image).toBe("/images/products/low-stock-oil-1.png");
    // The cart line shows it too.
    await shopper.postJson("/cart/add.js", { id: shop.variant("plain-cleanser"), quantity: 1 });
    expect((await json(await shopper.get("/cart.js"))).items[0].image).toBe(picture!.src);
    // The art once shown is still served to a page that kept its address.
    expect((await shopper.get("/images/products/plain-cleanser-1.png?width=160")).status).toBe(200);
  });

  it("requires alt text, naming the field, and keeps nothing", async () => {
    const id = await productIdOf("low-stock-oil");
    const answer = await pictures.upload(id, { alt: "  ", variant: "", files: [file("oil.png", await png("#fff"))] });
    expect(answer).toMatchObject({ ok: false, reason: "invalid", errors: { picture_alt: expect.stringMatching(/^Describe the picture for people who cannot see it/) } });
    expect(await pictures.list(id)).toEqual([]);
  });

  it("judges a file by its bytes: a text file named .jpg, or a GIF, is refused by name", async () => {
    const id = await productIdOf("low-stock-oil");
    const text = new TextEncoder().encode("Dear diary, this is not a photograph.");
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer();
    const answer = await pictures.upload(id, { alt: "Oil", variant: "", files: [file("holiday.jpg", text), file("moving.gif", gif)] });
    expect(answer).toMatchObject({ ok: false, reason: "invalid" });
    const message = answer.ok ? "" : answer.errors.picture_files!;
    expect(message).toContain("holiday.jpg is not a picture the shop can use: upload a JPEG, PNG, WebP or AVIF file.");
    expect(message).toContain("moving.gif is not a picture the shop can use");
    expect(await pictures.list(id)).toEqual([]);
  });

  it("refuses a file over the size limit and a picture over the pixel limit", async () => {
    const id = await productIdOf("low-stock-oil");
    const heavy = new Uint8Array(PICTURE_MAX_BYTES + 1);
    heavy.set(await png("#abc"));
    const huge = claimingSize(await png("#fff", 10, 10), 10_000, 6_000);
    const answer = await pictures.upload(id, { alt: "Oil", variant: "", files: [file("heavy.png", heavy), file("huge.png", huge)] });
    const message = answer.ok ? "" : answer.errors.picture_files!;
    expect(message).toContain("heavy.png is 15 MB: pictures may be up to 15 MB. Save it smaller and upload it again.");
    expect(message).toContain("huge.png is 10,000 × 6,000 pixels: pictures may have up to 50 megapixels.");
    expect(await pictures.list(id)).toEqual([]);
  });

  it("refuses an upload with no file, and anyone but the owner", async () => {
    const id = await productIdOf("low-stock-oil");
    expect(await pictures.upload(id, { alt: "Oil", variant: "", files: [] })).toMatchObject({ ok: false, errors: { picture_files: expect.stringMatching(/^Choose a picture/) } });
    const staffMember = await addStaff(shop.db, "sam@example.com", "Sam Staff", "staff");
    const asStaff = picturesAdmin(shop.db, async () => staffMember);
    expect(await asStaff.upload(id, { alt: "Oil", variant: "", files: [file("oil.png", await png("#fff"))] })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await asStaff.list(await productIdOf("plain-cleanser"))).toEqual([]);
    expect(await picturesAdmin(shop.db, async () => null).change(id, { picture: "1", change: "up" })).toMatchObject({ ok: false, reason: "signed_out" });
  });
});

describe("arranging", () => {
  it("moves, promotes and removes pictures, audited, and refuses a change made from an older page", async () => {
    const id = await productIdOf("last-five-cream");
    const files = await Promise.all(["#a33", "#3a3", "#33a"].map(async (colour, index) => file(`cream-${index + 1}.png`, await png(colour))));
    expect(await pictures.upload(id, { alt: "Cream jar", variant: "", files })).toMatchObject({ ok: true });
    const [a, b, c] = (await pictures.list(id)).map((picture) => picture.id);
    const order = async () => (await pictures.list(id)).map((picture) => picture.id);
    const change = async (picture: number, what: string, extra: Record<string, string> = {}) => pictures.change(id, { picture: String(picture), change: what, version: await versionOf(id), ...extra });

    expect(await change(c!, "up")).toMatchObject({ ok: true });
    expect(await order()).toEqual([a, c, b]);
    expect(await change(a!, "down")).toMatchObject({ ok: true });
    expect(await order()).toEqual([c, a, b]);
    expect(await change(b!, "main")).toMatchObject({ ok: true });
    expect(await order()).toEqual([b, c, a]);
    const [reorder] = await shop.db.query<{ before: any; after: any }>("select before, after from audit_log where action = 'product.pictures.reorder' order by id desc limit 1");
    expect(reorder).toEqual({ before: { order: [c, a, b] }, after: { order: [b, c, a] } });
    expect((await json(await new Shopper(shop.app).get("/products/last-five-cream.js"))).featured_image).toBe((await pictures.list(id))[0]!.src);

    // A page opened before the last change: its version is older.
    const stale = await versionOf(id);
    expect(await change(c!, "save", { [`picture_${c}_alt`]: "Cream jar, lid off" })).toMatchObject({ ok: true });
    expect(await pictures.change(id, { picture: String(a), change: "remove", version: stale })).toMatchObject({ ok: false, reason: "conflict" });
    expect(await order()).toEqual([b, c, a]);
    expect((await pictures.list(id)).find((picture) => picture.id === c)?.alt).toBe("Cream jar, lid off");

    expect(await change(c!, "save", { [`picture_${c}_alt`]: "" })).toMatchObject({ ok: false, reason: "invalid", errors: { [`picture_${c}_alt`]: expect.stringMatching(/^Describe/) } });
    expect(await change(c!, "remove")).toMatchObject({ ok: true });
    expect((await pictures.list(id)).map((picture) => [picture.id, picture.position])).toEqual([
      [b, 1],
      [a, 2],
    ]);
    const [removal] = await shop.db.query<{ before: any; after: any }>("select before, after from audit_log where action = 'product.picture.remove' order by id desc limit 1");
    expect(removal!.before.picture).toMatchObject({ id: c, alt: "Cream jar, lid off" });
    expect(removal!.after).toEqual({ order: [b, a] });
    expect(await change(c!, "up")).toMatchObject({ ok: false, reason: "not_found" });

    // Removing every upload brings the generated art back.
    await change(b!, "remove");
    await change(a!, "remove");
    expect((await json(await new Shopper(shop.app).get("/products/last-five-cream.js"))).featured_image).toBe("/images/products/last-five-cream-1.png");
  });

  it("lets one of two changes made from the same page through, and refuses the other", async () => {
    const id = await productIdOf("untracked-soap");
    const files = await Promise.all(["#a33", "#3a3"].map(async (colour, index) => file(`soap-${index + 1}.png`, await png(colour))));
    await pictures.upload(id, { alt: "Soap bar", variant: "", files });
    const [a, b] = (await pictures.list(id)).map((picture) => picture.id);
    const version = await versionOf(id);
    const answers = await Promise.all([
      pictures.change(id, { picture: String(b), change: "main", version }),
      pictures.change(id, { picture: String(a), change: "remove", version }),
    ]);
    expect(answers.map((answer) => (answer.ok ? "ok" : answer.reason)).sort()).toEqual(["conflict", "ok"]);
    const left = await pictures.list(id);
    expect(left.map((picture) => picture.position)).toEqual(left.map((_, index) => index + 1));
    expect(left.length).toBe(answers[1]!.ok ? 1 : 2);
  });

  it("ties a picture to one of the product's variants, which then shows it", async () => {
    const id = await productIdOf("sized-serum");
    const large = shop.variant("sized-serum", 1);
    expect(await pictures.upload(id, { alt: "Serum", variant: String(shop.variant("plain-cleanser")), files: [file("serum.png", await png("#eee"))] })).toMatchObject({
      ok: false,
      errors: { picture_variant: "Choose a variant from the list." },
    });
    expect(await pictures.upload(id, { alt: "Serum", variant: "", files: [file("serum.png", await png("#eee"))] })).toMatchObject({ ok: true });
    expect(await pictures.upload(id, { alt: "Serum, 30 ml", variant: String(large), files: [file("serum-30.png", await png("#ddd"))] })).toMatchObject({ ok: true });
    const [whole, thirty] = await pictures.list(id);
    expect(thirty?.variantId).toBe(large);
    const js = await json(await new Shopper(shop.app).get("/products/sized-serum.js"));
    expect(js.variants.find((variant: { id: number }) => variant.id === large).featured_image).toMatchObject({ id: thirty!.id, src: thirty!.src, variant_ids: [large] });
    expect(js.variants.find((variant: { id: number }) => variant.id !== large).featured_image).toBeNull();
    // Untied again from the list.
    expect(await pictures.change(id, { picture: String(thirty!.id), change: "save", version: await versionOf(id), [`picture_${thirty!.id}_alt`]: "Serum, 30 ml", [`picture_${thirty!.id}_variant`]: "" })).toMatchObject({ ok: true });
    expect((await pictures.list(id)).map((picture) => picture.variantId)).toEqual([null, null]);
    expect(whole?.variantId).toBeNull();
  });
});

describe("serving", () => {
  it("answers each width as WebP, upright and stripped, cached for good; 304 when unchanged; 404 once removed", async () => {
    const id = await productIdOf("preorder-mask");
    const bytes = await photo("#7ab", 1600, 1200);
    await pictures.upload(id, { alt: "Mask tub", variant: "", files: [file("mask.jpg", bytes)] });
    const [picture] = await pictures.list(id);
    const shopper = new Shopper(shop.app);
    const response = await shopper.get(`${picture!.src}?width=300`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("etag");
    expect(etag).toBe(`"${hashOf(bytes).slice(0, 32)}-320"`);
    const webp = new Uint8Array(await response.arrayBuffer());
    const metadata = await sharp(webp).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 320, height: 427 });
    expect(metadata.exif).toBeUndefined();
    // Asked again, the same bytes (from memory); asked with the tag it has, nothing to send.
    expect(new Uint8Array(await (await shopper.get(`${picture!.src}?width=300`)).arrayBuffer())).toEqual(webp);
    expect((await shopper.get(`${picture!.src}?width=300`, { "if-none-match": etag! })).status).toBe(304);
    // No width: the largest served size.
    expect((await sharp(new Uint8Array(await (await shopper.get(picture!.src)).arrayBuffer())).metadata()).width).toBe(1200);

    expect((await shopper.get(`/images/uploads/${"0".repeat(64)}.webp`)).status).toBe(404);
    expect((await shopper.get("/images/uploads/not-a-hash.webp")).status).toBe(404);
    await pictures.change(id, { picture: String(picture!.id), change: "remove", version: await versionOf(id) });
    expect((await shopper.get(`${picture!.src}?width=300`)).status).toBe(404);
  });
});

describe("every server", () => {
  it("shows and serves a picture another server took, from the database alone", async () => {
    const settings = loadSettings(path.resolve(import.meta.dirname, "../../config/settings.json"));
    const other = createApp({ platform: createPlatform(shop.db, settings, { catalogCheckMs: 0 }), logger: pino({ level: "silent" }), imageCacheDir: path.resolve(import.meta.dirname, "../../.data/test-images") });
    const elsewhere = new Shopper(other);
    expect((await json(await elsewhere.get("/products/free-sample.js"))).featured_image).toBe("/images/products/free-sample-1.png");
    const id = await productIdOf("free-sample");
    await pictures.upload(id, { alt: "Sample sachet", variant: "", files: [file("sachet.png", await png("#cde", 500, 500))] });
    const [picture] = await pictures.list(id);
    expect((await json(await elsewhere.get("/products/free-sample.js"))).featured_image).toBe(picture!.src);
    const served = await elsewhere.get(`${picture!.src}?width=480`);
    expect(served.status).toBe(200);
    expect(await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 480 });
  });
});

describe("the upload's body limit", () => {
  const multipart = (bytes: number) => {
    const form = new FormData();
    form.set("intent", "upload-pictures");
    form.set("pictures", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "big.jpg");
    return form;
  };

  it("takes a picture upload larger than other forms may be, on a product's page only", async () => {
    const shopper = new Shopper(shop.app);
    // The API serves no pages: past the limit, the upload finds no page here (404), where any other form is refused as too large.
    const upload = await shopper.request("/admin/products/1", { method: "POST", body: multipart(2 * 1024 * 1024) });
    expect(upload.status).not.toBe(413);
    const other = await shopper.request("/contact", { method: "POST", body: multipart(2 * 1024 * 1024) });
    expect(other.status).toBe(413);
  });

  it("refuses a larger upload with a clean 413 page in the shop's words", async () => {
    const response = await new Shopper(shop.app).request("/admin/products/1", { method: "POST", body: multipart(PICTURE_UPLOAD_BODY_MAX_BYTES + 1024) });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.text()).toContain("The pictures sent at once come to more than 40 MB, so none was uploaded.");
  });
});
