/**
 * The back office's reviews area: reviews waiting for approval (with their
 * automatic holds), approved and rejected ones, and questions waiting for an
 * answer. One form posts each decision (`intent`: approve, reject, reply,
 * answer).
 */
import type { AdminAnswer } from "./answers.ts";

export type AdminReviewList = "waiting" | "approved" | "rejected";
export const ADMIN_REVIEW_LISTS: readonly AdminReviewList[] = ["waiting", "approved", "rejected"];
export const ADMIN_REVIEW_LIST_LABELS: Record<AdminReviewList, string> = { waiting: "Waiting for approval", approved: "Published", rejected: "Rejected" };

export interface AdminReviewRow {
  id: number;
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
  status: "unconfirmed" | "pending" | "approved" | "rejected";
  /** The automatic holds, in words. */
  holds: string[];
  rejectionReason: string | null;
  reply: string | null;
  createdAt: string;
  photos: { src: string; width: number; height: number }[];
}

export interface AdminQuestionRow {
  id: number;
  productTitle: string;
  productHandle: string;
  question: string;
  author: string;
  email: string;
  createdAt: string;
}

export interface AdminReviewsClient {
  list(list: AdminReviewList): Promise<AdminReviewRow[]>;
  questions(): Promise<AdminQuestionRow[]>;
  /** One decision: `intent` approve | reject (`reason`) | reply (`reply`) on `review_id`, or answer (`answer`) on `question_id`. */
  decide(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Every confirmed review as a CSV file (reviews-csv.ts), or null when no one is signed in. */
  exportCsv(): Promise<string | null>;
}
