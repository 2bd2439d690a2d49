/**
 * The back office's reviews as a CSV file. The columns are Judge.me's review
 * export columns where it has one (title, body, rating, review_date,
 * reviewer_name, reviewer_email, product_id, product_handle, reply,
 * reply_date, picture_urls), so a merchant can take the reviews to a
 * reviews app or a spreadsheet; the shop's own facts follow (product title,
 * status, verified buyer, skin type, concern, the reason for a rejection).
 */
import { writeCsv } from "../catalog/csv.ts";

export const REVIEWS_CSV_COLUMNS = [
  "title",
  "body",
  "rating",
  "review_date",
  "reviewer_name",
  "reviewer_email",
  "product_id",
  "product_handle",
  "product_title",
  "status",
  "verified_buyer",
  "skin_type",
  "concern",
  "reply",
  "reply_date",
  "rejection_reason",
  "picture_urls",
] as const;

/** One review as the export reads it; picture addresses absolute. */
export interface ExportedReview {
  title: string;
  body: string;
  rating: number;
  createdAt: string;
  author: string;
  email: string;
  productId: number;
  productHandle: string;
  productTitle: string;
  status: "pending" | "approved" | "rejected";
  verifiedBuyer: boolean;
  skinType: string | null;
  concern: string | null;
  reply: string | null;
  repliedAt: string | null;
  rejectionReason: string | null;
  pictureUrls: string[];
}

/** The status as the file says it: Judge.me's words for shown and hidden reviews are not the shop's states, so the shop's own. */
const STATUS_WORDS: Record<ExportedReview["status"], string> = { pending: "waiting", approved: "published", rejected: "rejected" };

export function reviewsCsv(reviews: readonly ExportedReview[]): string {
  return writeCsv([
    [...REVIEWS_CSV_COLUMNS],
    ...reviews.map((review) => [
      review.title,
      review.body,
      String(review.rating),
      review.createdAt,
      review.author,
      review.email,
      String(review.productId),
      review.productHandle,
      review.productTitle,
      STATUS_WORDS[review.status],
      review.verifiedBuyer ? "true" : "false",
      review.skinType ?? "",
      review.concern ?? "",
      review.reply ?? "",
      review.repliedAt ?? "",
      review.rejectionReason ?? "",
      // Judge.me separates picture addresses with commas.
      review.pictureUrls.join(","),
    ]),
  ]);
}
