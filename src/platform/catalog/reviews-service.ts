/**
 * Product reviews and questions, the shop's side.
 *
 * A review is checked (words, stars, photos by their bytes), rate limited
 * per client address, marked with its automatic holds and kept. A signed-in
 * customer's waits for the merchant at once; a guest's waits first for the
 * signed link emailed to the address given (their confirmed review, if any,
 * is replaced only then, so knowing an address is not enough to edit its
 * review). One review per product per customer and per address: writing
 * again edits it, and the edit waits for approval again. "Verified buyer"
 * is an order of the product by that customer or address, not cancelled.
 *
 * Only approved reviews count: the catalog reads their summary when it
 * loads, so every approval, rejection or edit of a shown review moves the
 * catalog revision, and with it every kept page that shows the stars.
 */
import type { RefusalReason } from "../../core/common/refusal.ts";
import type { ExportedReview } from "../../core/admin/reviews-csv.ts";
import { randomBytes } from "node:crypto";
import { type ReviewHold, questionFormSchema, reviewFormSchema, reviewGuestSchema, reviewHolds } from "../../core/catalog/review-holds.ts";
import {
  type AnsweredQuestion,
  type PublishedReview,
  REVIEW_CONFIRM_PATH,
  REVIEW_PHOTOS_MAX,
  REVIEW_PHOTO_KEPT_SIDE,
  REVIEW_PHOTO_MAX_PIXELS,
  REVIEWS_PER_PAGE,
  type RatingSummary,
  type ReviewPage,
  type ReviewQuery,
  type ReviewStatus,
  reviewPhotoProblem,
  reviewerShownName,
  summaryOfCounts,
} from "../../core/catalog/reviews.ts";
import type { AfterAnswer } from "../accounts/after-answer.ts";
import { type LimitRule, type RateLimiter, addressKey } from "../accounts/rate-limits.ts";
import { hmacHex, sameText } from "../accounts/secrets.ts";
import type { ShopSecrets } from "../accounts/shop-secrets.ts";
import type { Database, Queryable } from "../db/database.ts";
import { readPicture, renderPictureWithin } from "../images/pictures.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { EmailWords } from "../mail/email-words.ts";
import { questionAnsweredMessage, reviewConfirmMessage, reviewPublishedMessage, reviewRequestMessage } from "../mail/messages.ts";
import { bumpCatalogRevision } from "./catalog.ts";

/** Reviews and questions one client address may send in a window. */
export const REVIEW_ADDRESS_LIMIT: LimitRule = { limit: 10, windowSeconds: 60 * 60 };
/** Confirmation emails one address may be sent in a window, whoever writes. */
export const REVIEW_EMAIL_LIMIT: LimitRule = { limit: 5, windowSeconds: 24 * 60 * 60 };
/** Review request emails sent a run at most. */
export const REVIEW_REQUEST_BATCH = 20;
/** Other reviews a new one is compared with for repeats: the latest this many. */
const REPEAT_WINDOW = 2000;

const SECRET_NAME = "review-links";

export interface ReviewFieldError {
  field: string;
  message: string;
}

export interface ReviewAnswer {
  errors: ReviewFieldError[];
  /** `pending`: waiting for the merchant; `confirmation_sent`: a guest's, waiting for their link. */
  status?: "pending" | "confirmation_sent";
  retryAfter?: number;
}

/** A file as the form sent it. */
export interface ReviewPhotoFile {
  name: string;
  bytes: Uint8Array;
}

export interface ReviewContext {
  ip: string;
  customer: { id: number; email: string; name: string } | null;
  siteCode: string;
  /** The shop's address with the site's prefix, for the emails' links. */
  shopUrl: string;
}

/** A review as the back office lists it. */
export interface ModeratedReview {
  id: number;
  productId: number;
  productTitle: string;
  productHandle: string;
  rating: number;
  title: string;
  body: string;
  author: string;
  email: string;
  skinType: string | null;
  concern: string | null;
  verifiedBuyer: boolean;
  status: ReviewStatus;
  holds: ReviewHold[];
  rejectionReason: string | null;
  reply: string | null;
  createdAt: string;
  photos: { src: string; width: number; height: number }[];
}

export interface ModeratedQuestion {
  id: number;
  productTitle: string;
  productHandle: string;
  question: string;
  author: string;
  email: string;
  answer: string | null;
  createdAt: string;
}

/** What a moderation did: ok, or why not (404 gone, 422 a missing reason). */
export type ModerationResult = { ok: true } | { ok: false; reason: Extract<RefusalReason, "not_found" | "invalid">; message: string };

interface ReviewRow {
  id: string | number;
  product_id: string | number;
  rating: number;
  title: string;
  body: string;
  author: string;
  email: string;
  skin_type: string | null;
  concern: string | null;
  verified_buyer: boolean;
  status: ReviewStatus;
  holds: string[];
  rejection_reason: string | null;
  reply: string | null;
  created_at: Date | string;
  site_code: string;
  shop_url: string;
  confirm_nonce: string | null;
  published_notice_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const base = (shopUrl: string) => shopUrl.replace(/\/+$/, "");
const read = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
/** Where a review's photo is served. */
export const reviewPhotoSrc = (id: number) => `/reviews/photos/${id}.webp`;

const ORDER_BY: Record<ReviewQuery["sort"], string> = {
  newest: "r.created_at desc, r.id desc",
  highest: "r.rating desc, r.created_at desc, r.id desc",
  lowest: "r.rating asc, r.created_at desc, r.id desc",
  photos: "(exists (select 1 from review_photos f where f.review_id = r.id)) desc, r.created_at desc, r.id desc",
};

/** The SQL for "bought this product": an order by the customer or address, not cancelled, with a line of one of its variants. */
const BOUGHT = `exists (select 1 from orders o cross join lateral jsonb_array_elements(o.lines) as line
                 join variants v on v.id = (line->>'variant_id')::bigint
                where v.product_id = $1 and o.fulfillment_status <> 'cancelled'
                  and (lower(o.email) = lower($2) or ($3::bigint is not null and o.customer_id = $3::bigint)))`;

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ReviewFieldError[] {
  const names: Record<string, string> = { skinType: "skin_type" };
  return issues.map((issue) => {
    const field = String(issue.path[0] ?? "form");
    return { field: names[field] ?? field, message: issue.message };
  });
}

export class ReviewsService {
  private readonly db: Database;
  private readonly mailer: Mailer;
  private readonly limiter: RateLimiter;
  private readonly secrets: ShopSecrets;
  private readonly afterAnswer: AfterAnswer;
  private readonly shopName: string;
  private readonly wordsFor: (locale: string) => EmailWords;
  private readonly addressLimit: LimitRule;
  private readonly emailLimit: LimitRule;

  constructor(options: {
    db: Database;
    mailer: Mailer;
    limiter: RateLimiter;
    secrets: ShopSecrets;
    afterAnswer: AfterAnswer;
    shopName: string;
    /** The words of an order's language, for the review request. */
    wordsFor: (locale: string) => EmailWords;
    addressLimit?: LimitRule;
    emailLimit?: LimitRule;
  }) {
    this.db = options.db;
    this.wordsFor = options.wordsFor;
    this.mailer = options.mailer;
    this.limiter = options.limiter;
    this.secrets = options.secrets;
    this.afterAnswer = options.afterAnswer;
    this.shopName = options.shopName;
    this.addressLimit = options.addressLimit ?? REVIEW_ADDRESS_LIMIT;
    this.emailLimit = options.emailLimit ?? REVIEW_EMAIL_LIMIT;
  }

  private async sign(id: number, nonce: string): Promise<string> {
    return hmacHex(await this.secrets.get(SECRET_NAME), `confirm:${id}:${nonce}`);
  }

  /** A shopper's review of a published product, new or edited. */
  async submit(productId: number, form: Record<string, unknown>, photos: ReviewPhotoFile[], context: ReviewContext): Promise<ReviewAnswer> {
    const parsed = reviewFormSchema.safeParse({ rating: read(form, "rating"), title: read(form, "title"), body: read(form, "body"), skinType: read(form, "skin_type"), concern: read(form, "concern") });
    const guest = context.customer ? null : reviewGuestSchema.safeParse({ name: read(form, "name"), email: read(form, "email") });
    const errors = [...(parsed.success ? [] : fieldErrors(parsed.error.issues)), ...(guest && !guest.success ? fieldErrors(guest.error.issues) : [])];
    const chosen = photos.filter((photo) => photo.bytes.byteLength > 0 || photo.name !== "");
    if (chosen.length > REVIEW_PHOTOS_MAX) errors.push({ field: "photos", message: `Choose up to ${REVIEW_PHOTOS_MAX} photos.` });
    if (errors.length > 0 || !parsed.success) return { errors };

    const verdict = await this.limiter.hit(addressKey("reviews", context.ip), this.addressLimit);
    if (!verdict.allowed) return { errors: [{ field: "form", message: "Too many reviews from here. Please try again later." }], retryAfter: verdict.retryAfter };

    const kept: { webp: Uint8Array; width: number; height: number }[] = [];
    for (const photo of chosen) {
      const picture = await readPicture(photo.bytes);
      const problem = reviewPhotoProblem({ name: photo.name, size: photo.bytes.byteLength }, picture ? { known: picture.format !== null, width: picture.width, height: picture.height } : null);
      if (problem) return { errors: [{ field: "photos", message: problem }] };
      kept.push(await renderPictureWithin(photo.bytes, REVIEW_PHOTO_KEPT_SIDE, REVIEW_PHOTO_MAX_PIXELS));
    }

    const [product] = await this.db.query<{ id: number }>("select id from products where id = $1 and published", [productId]);
    if (!product) return { errors: [{ field: "form", message: "This product is no longer available to review." }] };

    const email = context.customer?.email ?? (guest?.success ? guest.data.email : "");
    const author = context.customer?.name || (guest?.success ? guest.data.name : "");
    const customerId = context.customer?.id ?? null;
    const review = parsed.data;

    if (!context.customer && read(form, "review_website")?.trim()) return { errors: [], status: "confirmation_sent" };
    if (!context.customer && !(await this.limiter.hit(`review-email:${email.toLowerCase()}`, this.emailLimit)).allowed) return { errors: [], status: "confirmation_sent" };

    const saved = await this.db.transaction(async (tx) => {
      const others = await tx.query<{ body: string }>(
        `select body from product_reviews where not (product_id = $1 and (lower(email) = lower($2) or customer_id = $3::bigint)) order by id desc limit ${REPEAT_WINDOW}`,
        [productId, email, customerId],
      );
      const holds = reviewHolds(review, others.map((row) => row.body));
      const [bought] = await tx.query<{ verified: boolean }>(`select ${BOUGHT} as verified`, [productId, email, customerId]);
      const values = [productId, customerId, email, reviewerShownName(author), review.rating, review.title, review.body, review.skinType, review.concern, bought?.verified ?? false, holds, context.siteCode, base(context.shopUrl)];
      if (context.customer) {
        // A customer's own review, or one written as a guest from their address, is edited; a new one waits for approval.
        const [existing] = await tx.query<{ id: string | number; status: ReviewStatus }>(
          "select id, status from product_reviews where product_id = $1 and status <> 'unconfirmed' and (customer_id = $2 or lower(email) = lower($3)) order by (customer_id = $2) desc nulls last limit 1 for update",
          [productId, customerId, email],
        );
        let id: number;
        if (existing) {
          id = Number(existing.id);
          await tx.query(
            `update product_reviews set customer_id = $2, email = $3, author = $4, rating = $5, title = $6, body = $7, skin_type = $8, concern = $9, verified_buyer = $10, holds = $11,
                    site_code = $12, shop_url = $13, status = 'pending', rejection_reason = null, updated_at = now(), moderated_at = null where id = $14 and product_id = $1`,
            [...values, id],
          );
          if (existing.status === "approved") await bumpCatalogRevision(tx);
        } else {
          const [row] = await tx.query<{ id: string | number }>(
            `insert into product_reviews (product_id, customer_id, email, author, rating, title, body, skin_type, concern, verified_buyer, holds, site_code, shop_url, status)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending') returning id`,
            values,
          );
          id = Number(row?.id);
        }
        await this.keepPhotos(tx, id, kept, false);
        return { id, nonce: null };
      }
      // A guest's review is a draft until its link is followed; a newer draft replaces an older one.
      const nonce = randomBytes(16).toString("hex");
      const [row] = await tx.query<{ id: string | number }>(
        `insert into product_reviews (product_id, customer_id, email, author, rating, title, body, skin_type, concern, verified_buyer, holds, site_code, shop_url, status, confirm_nonce)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'unconfirmed', $14)
         on conflict (product_id, lower(email)) where status = 'unconfirmed' do update set
           author = excluded.author, rating = excluded.rating, title = excluded.title, body = excluded.body, skin_type = excluded.skin_type, concern = excluded.concern,
           verified_buyer = excluded.verified_buyer, holds = excluded.holds, site_code = excluded.site_code, shop_url = excluded.shop_url, confirm_nonce = excluded.confirm_nonce,
           created_at = now(), updated_at = now()
         returning id`,
        [...values, nonce],
      );
      const id = Number(row?.id);
      await this.keepPhotos(tx, id, kept, true);
      return { id, nonce };
    });

    if (saved.nonce === null) return { errors: [], status: "pending" };
    const { id, nonce } = saved;
    const shopUrl = base(context.shopUrl);
    this.afterAnswer.run(async () => {
      const [named] = await this.db.query<{ title: string }>("select title from products where id = $1", [productId]);
      const confirmUrl = `${shopUrl}${REVIEW_CONFIRM_PATH}?r=${id}&n=${nonce}&t=${await this.sign(id, nonce)}`;
      await this.mailer.send(reviewConfirmMessage({ to: email, productName: named?.title ?? "your product", confirmUrl, shopName: this.shopName, shopUrl }));
    });
    return { errors: [], status: "confirmation_sent" };
  }

  /** A review's photos: new ones replace the old; an edit without photos keeps its photos unless `always` (a draft starts afresh). */
  private async keepPhotos(tx: Queryable, reviewId: number, photos: { webp: Uint8Array; width: number; height: number }[], always: boolean): Promise<void> {
    if (photos.length === 0 && !always) return;
    await tx.query("delete from review_photos where review_id = $1", [reviewId]);
    for (const [position, photo] of photos.entries()) {
      await tx.query("insert into review_photos (review_id, position, width, height, webp) values ($1, $2, $3, $4, $5)", [reviewId, position, photo.width, photo.height, photo.webp]);
    }
  }

  /**
   * A guest's confirmation link: the draft replaces the address's review of
   * the product (keeping its photos when the draft has none) and waits for
   * approval. Answers the product's handle, or null for a link the shop did
   * not sign or one already used.
   */
  async confirm(query: { r?: string; n?: string; t?: string }): Promise<{ handle: string; outcome: "confirmed" | "already_confirmed" } | null> {
    const id = Number(query.r);
    if (!Number.isSafeInteger(id) || id <= 0 || !query.n || !query.t || !/^[a-f0-9]{32}$/.test(query.n)) return null;
    if (!sameText(await this.sign(id, query.n), query.t)) return null;
    return this.db.transaction(async (tx) => {
      const [draft] = await tx.query<{ product_id: string | number; email: string; status: ReviewStatus; confirm_nonce: string | null; handle: string }>(
        "select r.product_id, r.email, r.status, r.confirm_nonce, p.handle from product_reviews r join products p on p.id = r.product_id where r.id = $1 for update of r",
        [id],
      );
      if (!draft) return null;
      if (draft.status !== "unconfirmed") return { handle: draft.handle, outcome: "already_confirmed" as const };
      if (draft.confirm_nonce !== query.n) return null;
      const [replaced] = await tx.query<{ id: string | number; status: ReviewStatus; photos: number }>(
        `select r.id, r.status, (select count(*)::int from review_photos f where f.review_id = r.id) as photos
           from product_reviews r where r.product_id = $1 and lower(r.email) = lower($2) and r.status <> 'unconfirmed' for update`,
        [draft.product_id, draft.email],
      );
      if (replaced) {
        const [draftPhotos] = await tx.query<{ count: number }>("select count(*)::int as count from review_photos where review_id = $1", [id]);
        // An edit without photos keeps the review's photos.
        if (!draftPhotos?.count) await tx.query("update review_photos set review_id = $1 where review_id = $2", [id, replaced.id]);
        await tx.query("update product_reviews set published_notice_at = (select published_notice_at from product_reviews where id = $2) where id = $1", [id, replaced.id]);
        await tx.query("delete from product_reviews where id = $1", [replaced.id]);
        if (replaced.status === "approved") await bumpCatalogRevision(tx);
      }
      await tx.query("update product_reviews set status = 'pending', confirm_nonce = null, updated_at = now() where id = $1", [id]);
      return { handle: draft.handle, outcome: "confirmed" as const };
    });
  }

  /** The product's approved reviews: its whole summary, and one page as filtered and sorted. */
  async page(productId: number, query: ReviewQuery): Promise<ReviewPage> {
    const filters = ["r.product_id = $1", "r.status = 'approved'"];
    const params: unknown[] = [productId];
    if (query.skinType) {
      params.push(query.skinType);
      filters.push(`r.skin_type = $${params.length}`);
    }
    if (query.withPhotos) filters.push("exists (select 1 from review_photos f where f.review_id = r.id)");
    const where = filters.join(" and ");
    const [summary, [counted]] = await Promise.all([
      this.summary(productId),
      this.db.query<{ total: number }>(`select count(*)::int as total from product_reviews r where ${where}`, params),
    ]);
    const total = counted?.total ?? 0;
    const pageCount = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));
    const page = Math.min(query.page, pageCount);
    const rows = await this.db.query<ReviewRow>(
      `select r.* from product_reviews r where ${where} order by ${ORDER_BY[query.sort]} limit ${REVIEWS_PER_PAGE} offset ${(page - 1) * REVIEWS_PER_PAGE}`,
      params,
    );
    const photos = await this.photosOf(rows.map((row) => Number(row.id)));
    const reviews: PublishedReview[] = rows.map((row) => ({
      id: Number(row.id),
      rating: row.rating,
      title: row.title,
      body: row.body,
      author: row.author,
      skinType: row.skin_type as PublishedReview["skinType"],
      concern: row.concern as PublishedReview["concern"],
      verifiedBuyer: row.verified_buyer,
      createdAt: iso(row.created_at),
      photos: photos.get(Number(row.id)) ?? [],
      reply: row.reply,
    }));
    return { productId, summary, query: { ...query, page }, reviews, total, pageCount };
  }

  /** The product's approved reviews summed up. */
  async summary(productId: number): Promise<RatingSummary> {
    const rows = await this.db.query<{ rating: number; count: number }>(
      "select rating, count(*)::int as count from product_reviews where product_id = $1 and status = 'approved' group by rating",
      [productId],
    );
    return summaryOfCounts(rows);
  }

  private async photosOf(reviewIds: number[]): Promise<Map<number, { src: string; width: number; height: number }[]>> {
    const byReview = new Map<number, { src: string; width: number; height: number }[]>();
    if (reviewIds.length === 0) return byReview;
    const rows = await this.db.query<{ id: string | number; review_id: string | number; width: number; height: number }>(
      "select id, review_id, width, height from review_photos where review_id = any($1::bigint[]) order by review_id, position",
      [reviewIds],
    );
    for (const row of rows) {
      const list = byReview.get(Number(row.review_id)) ?? [];
      list.push({ src: reviewPhotoSrc(Number(row.id)), width: row.width, height: row.height });
      byReview.set(Number(row.review_id), list);
    }
    return byReview;
  }

  /** A photo of an approved review, as kept; null for any other. */
  async photo(id: number): Promise<Uint8Array | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const [row] = await this.db.query<{ webp: Uint8Array }>(
      "select f.webp from review_photos f join product_reviews r on r.id = f.review_id where f.id = $1 and r.status = 'approved'",
      [id],
    );
    return row ? new Uint8Array(row.webp) : null;
  }

  /**
   * Every confirmed review (waiting, published, rejected), oldest first, for
   * the back office's export; photo addresses on `shopUrl` (a published
   * review's are public, the others' the back office's).
   */
  async exportable(shopUrl: string): Promise<ExportedReview[]> {
    const rows = await this.db.query<ReviewRow & { product_title: string; handle: string; replied_at: Date | string | null }>(
      "select r.*, p.title as product_title, p.handle from product_reviews r join products p on p.id = r.product_id where r.status <> 'unconfirmed' order by r.created_at, r.id",
    );
    const photos = await this.db.query<{ id: string | number; review_id: string | number }>(
      "select f.id, f.review_id from review_photos f join product_reviews r on r.id = f.review_id where r.status <> 'unconfirmed' order by f.review_id, f.position",
    );
    const byReview = new Map<number, number[]>();
    for (const photo of photos) byReview.set(Number(photo.review_id), [...(byReview.get(Number(photo.review_id)) ?? []), Number(photo.id)]);
    return rows.map((row) => ({
      title: row.title,
      body: row.body,
      rating: row.rating,
      createdAt: iso(row.created_at),
      author: row.author,
      email: row.email,
      productId: Number(row.product_id),
      productHandle: row.handle,
      productTitle: row.product_title,
      status: row.status === "approved" || row.status === "rejected" ? row.status : "pending",
      verifiedBuyer: row.verified_buyer,
      skinType: row.skin_type,
      concern: row.concern,
      reply: row.reply,
      repliedAt: row.replied_at ? iso(row.replied_at) : null,
      rejectionReason: row.rejection_reason,
      pictureUrls: (byReview.get(Number(row.id)) ?? []).map((id) => `${base(shopUrl)}${row.status === "approved" ? reviewPhotoSrc(id) : `/admin/reviews/photos/${id}.webp`}`),
    }));
  }

  /** Reviews for the back office: waiting first (oldest first), or those of one status, newest first. */
  async moderation(status: ReviewStatus | "waiting", limit = 50): Promise<ModeratedReview[]> {
    const where = status === "waiting" ? "r.status = 'pending'" : "r.status = $1";
    const order = status === "waiting" ? "r.created_at, r.id" : "r.created_at desc, r.id desc";
    const rows = await this.db.query<ReviewRow & { product_title: string; handle: string }>(
      `select r.*, p.title as product_title, p.handle from product_reviews r join products p on p.id = r.product_id where ${where} order by ${order} limit ${limit}`,
      status === "waiting" ? [] : [status],
    );
    const photos = await this.photosOfAny(rows.map((row) => Number(row.id)));
    return rows.map((row) => ({
      id: Number(row.id),
      productId: Number(row.product_id),
      productTitle: row.product_title,
      productHandle: row.handle,
      rating: row.rating,
      title: row.title,
      body: row.body,
      author: row.author,
      email: row.email,
      skinType: row.skin_type,
      concern: row.concern,
      verifiedBuyer: row.verified_buyer,
      status: row.status,
      holds: row.holds as ReviewHold[],
      rejectionReason: row.rejection_reason,
      reply: row.reply,
      createdAt: iso(row.created_at),
      photos: photos.get(Number(row.id)) ?? [],
    }));
  }

  /** Photos of reviews of any status, as inline addresses for the back office (not served publicly before approval). */
  private async photosOfAny(reviewIds: number[]): Promise<Map<number, { src: string; width: number; height: number }[]>> {
    const byReview = new Map<number, { src: string; width: number; height: number }[]>();
    if (reviewIds.length === 0) return byReview;
    const rows = await this.db.query<{ id: string | number; review_id: string | number; width: number; height: number }>(
      "select id, review_id, width, height from review_photos where review_id = any($1::bigint[]) order by review_id, position",
      [reviewIds],
    );
    for (const row of rows) {
      const list = byReview.get(Number(row.review_id)) ?? [];
      list.push({ src: `/admin/reviews/photos/${Number(row.id)}.webp`, width: row.width, height: row.height });
      byReview.set(Number(row.review_id), list);
    }
    return byReview;
  }

  /** A photo of any review, for the back office. */
  async anyPhoto(id: number): Promise<Uint8Array | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const [row] = await this.db.query<{ webp: Uint8Array }>("select webp from review_photos where id = $1", [id]);
    return row ? new Uint8Array(row.webp) : null;
  }

  /** Approves a waiting or rejected review; the shopper is told the first time it is published. */
  async approve(id: number): Promise<ModerationResult> {
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx.query<ReviewRow & { product_title: string; handle: string }>(
        `update product_reviews r set status = 'approved', rejection_reason = null, moderated_at = now()
           from products p where p.id = r.product_id and r.id = $1 and r.status in ('pending', 'rejected', 'approved')
         returning r.*, p.title as product_title, p.handle`,
        [id],
      );
      if (updated) await bumpCatalogRevision(tx);
      return updated;
    });
    if (!row) return { ok: false, reason: "not_found", message: "That review is not waiting for approval." };
    if (row.published_notice_at === null) {
      this.afterAnswer.run(async () => {
        const [claimed] = await this.db.query("update product_reviews set published_notice_at = now() where id = $1 and published_notice_at is null returning id", [id]);
        if (!claimed) return;
        await this.mailer.send(
          reviewPublishedMessage({ to: row.email, productName: row.product_title, productUrl: `${row.shop_url}/products/${row.handle}`, shopName: this.shopName, shopUrl: row.shop_url }),
        );
      });
    }
    return { ok: true };
  }

  /** Rejects a review with a reason the shop keeps; a shown review leaves the page. */
  async reject(id: number, reason: string): Promise<ModerationResult> {
    const why = reason.trim();
    if (!why) return { ok: false, reason: "invalid", message: "Give a reason for rejecting the review." };
    if (why.length > 500) return { ok: false, reason: "invalid", message: "Keep the reason to 500 characters." };
    const done = await this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ status: ReviewStatus }>("select status from product_reviews where id = $1 and status <> 'unconfirmed' for update", [id]);
      if (!before) return false;
      await tx.query("update product_reviews set status = 'rejected', rejection_reason = $2, moderated_at = now() where id = $1", [id, why]);
      if (before.status === "approved") await bumpCatalogRevision(tx);
      return true;
    });
    return done ? { ok: true } : { ok: false, reason: "not_found", message: "That review no longer exists." };
  }

  /** The shop's public reply under a review (empty removes it). */
  async reply(id: number, text: string): Promise<ModerationResult> {
    const reply = text.trim();
    if (reply.length > 2000) return { ok: false, reason: "invalid", message: "Keep the reply to 2000 characters." };
    const done = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ status: ReviewStatus }>(
        "update product_reviews set reply = $2, replied_at = case when $2::text is null then null else now() end where id = $1 and status <> 'unconfirmed' returning status",
        [id, reply || null],
      );
      if (row?.status === "approved") await bumpCatalogRevision(tx);
      return row !== undefined;
    });
    return done ? { ok: true } : { ok: false, reason: "not_found", message: "That review no longer exists." };
  }

  /** A shopper's question about a published product; shown once answered. */
  async ask(productId: number, form: Record<string, unknown>, context: ReviewContext): Promise<ReviewAnswer> {
    const parsed = questionFormSchema.safeParse({ question: read(form, "question"), name: read(form, "name") ?? context.customer?.name, email: read(form, "email") ?? context.customer?.email });
    if (!parsed.success) return { errors: fieldErrors(parsed.error.issues) };
    const verdict = await this.limiter.hit(addressKey("reviews", context.ip), this.addressLimit);
    if (!verdict.allowed) return { errors: [{ field: "form", message: "Too many questions from here. Please try again later." }], retryAfter: verdict.retryAfter };
    if (read(form, "review_website")?.trim()) return { errors: [], status: "pending" };
    const inserted = await this.db.query(
      "insert into product_questions (product_id, customer_id, email, author, question) select id, $2, $3, $4, $5 from products where id = $1 and published returning id",
      [productId, context.customer?.id ?? null, parsed.data.email, reviewerShownName(parsed.data.name), parsed.data.question],
    );
    if (inserted.length === 0) return { errors: [{ field: "form", message: "This product is no longer available." }] };
    return { errors: [], status: "pending" };
  }

  /** A product's answered questions, newest first. */
  async answered(productId: number, limit = 10): Promise<AnsweredQuestion[]> {
    const rows = await this.db.query<{ id: string | number; question: string; author: string; answer: string; created_at: Date | string }>(
      "select id, question, author, answer, created_at from product_questions where product_id = $1 and answer is not null and not hidden order by created_at desc, id desc limit $2",
      [productId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), question: row.question, author: row.author, answer: row.answer, askedAt: iso(row.created_at) }));
  }

  /** Questions waiting for an answer, oldest first. */
  async unanswered(limit = 50): Promise<ModeratedQuestion[]> {
    const rows = await this.db.query<{ id: string | number; question: string; author: string; email: string; answer: string | null; created_at: Date | string; title: string; handle: string }>(
      `select q.id, q.question, q.author, q.email, q.answer, q.created_at, p.title, p.handle from product_questions q join products p on p.id = q.product_id
        where q.answer is null and not q.hidden order by q.created_at, q.id limit ${limit}`,
    );
    return rows.map((row) => ({ id: Number(row.id), productTitle: row.title, productHandle: row.handle, question: row.question, author: row.author, email: row.email, answer: row.answer, createdAt: iso(row.created_at) }));
  }

  /** The merchant's answer: shown on the product page, and emailed to the asker. `shopUrl` is the back office's own address. */
  async answer(id: number, text: string, shopUrl: string): Promise<ModerationResult> {
    const answer = text.trim();
    if (!answer) return { ok: false, reason: "invalid", message: "Write an answer." };
    if (answer.length > 2000) return { ok: false, reason: "invalid", message: "Keep the answer to 2000 characters." };
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx.query<{ email: string; question: string; title: string; handle: string }>(
        `update product_questions q set answer = $2, answered_at = now() from products p where p.id = q.product_id and q.id = $1
         returning q.email, q.question, p.title, p.handle`,
        [id, answer],
      );
      if (updated) await bumpCatalogRevision(tx);
      return updated;
    });
    if (!row) return { ok: false, reason: "not_found", message: "That question no longer exists." };
    const url = base(shopUrl);
    this.afterAnswer.run(() =>
      this.mailer.send(questionAnsweredMessage({ to: row.email, productName: row.title, productUrl: `${url}/products/${row.handle}`, question: row.question, answer, shopName: this.shopName, shopUrl: url })),
    );
    return { ok: true };
  }

  /**
   * Asks for reviews: each fulfilled order whose delay has passed and that
   * has not been asked about gets one email naming its products, each with
   * star links that open the form with those stars chosen. Claimed in one
   * statement (a second server skips them); answers how many were sent.
   * A job can call this as it is.
   */
  async sendReviewRequests(delayDays: number, batch = REVIEW_REQUEST_BATCH): Promise<number> {
    const orders = await this.db.query<{ id: string | number; number: number; email: string; shop_url: string | null; locale: string; lines: { variant_id?: number }[]; first_name: string | null }>(
      `update orders o set review_request_sent_at = now()
        where o.id in (select id from orders where fulfillment_status = 'fulfilled' and review_request_sent_at is null
                          and fulfilled_at <= now() - make_interval(days => $1::int) order by fulfilled_at, id limit $2 for update skip locked)
        returning o.id, o.number, o.email, o.shop_url, o.locale, o.lines, (select c.first_name from customers c where c.id = o.customer_id) as first_name`,
      [delayDays, batch],
    );
    let sent = 0;
    for (const order of orders.sort((a, b) => Number(a.id) - Number(b.id))) {
      // An order placed without an address to link back to (a script's) is not asked about.
      if (!order.shop_url) continue;
      const variantIds = order.lines.map((line) => Number(line.variant_id)).filter((id) => Number.isSafeInteger(id) && id > 0);
      // Each product under its name in the order's language, where a translator gave one.
      const products = await this.db.query<{ title: string; handle: string }>(
        `select distinct p.id, coalesce(t.value, p.title) as title, p.handle from variants v join products p on p.id = v.product_id
           left join translations t on t.locale = $3 and t.resource_type = 'product' and t.resource_key = p.handle and t.field = 'title'
          where v.id = any($1::bigint[]) and p.published
            and not exists (select 1 from product_reviews r where r.product_id = p.id and lower(r.email) = lower($2) and r.status <> 'unconfirmed')
          order by p.id`,
        [variantIds, order.email, order.locale],
      );
      if (products.length === 0) continue;
      const shopUrl = base(order.shop_url);
      await this.mailer.send(
        reviewRequestMessage({
          to: order.email,
          firstName: order.first_name,
          orderName: `#${order.number}`,
          products: products.map((product) => ({ name: product.title, url: `${shopUrl}/products/${product.handle}` })),
          shopName: this.shopName,
          shopUrl,
          words: this.wordsFor(order.locale),
        }),
      );
      sent += 1;
    }
    return sent;
  }
}
