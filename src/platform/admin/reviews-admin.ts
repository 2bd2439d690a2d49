/**
 * The back office's reviews area over the reviews service: who is signed in
 * is checked again for every decision, and each is audited.
 */
import type { StaffJson } from "../../core/admin/admin.ts";
import type { AdminAnswer } from "../../core/admin/answers.ts";
import type { AdminReviewsClient } from "../../core/admin/admin-reviews.ts";
import { reviewsCsv } from "../../core/admin/reviews-csv.ts";
import { REVIEW_HOLD_LABELS } from "../../core/catalog/review-holds.ts";
import type { ReviewsService } from "../catalog/reviews-service.ts";
import type { Database } from "../db/database.ts";
import { recordAudit } from "./audit.ts";
import { refusal } from "./refusal.ts";

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function reviewsAdmin(db: Database, reviews: ReviewsService, actor: () => Promise<StaffJson | null>, shopUrl: string): AdminReviewsClient {
  return {
    async list(list) {
      const rows = await reviews.moderation(list);
      return rows.map((row) => ({ ...row, holds: row.holds.map((hold) => REVIEW_HOLD_LABELS[hold] ?? hold) }));
    },
    async exportCsv() {
      if (!(await actor())) return null;
      return reviewsCsv(await reviews.exportable(shopUrl));
    },
    async questions() {
      return (await reviews.unanswered()).map(({ answer: _answer, ...row }) => row);
    },
    async decide(form): Promise<AdminAnswer> {
      const staff = await actor();
      if (!staff) return refusal("signed_out", "Your session has ended. Log in again.");
      const intent = text(form.intent);
      const reviewId = Number(form.review_id);
      const questionId = Number(form.question_id);
      const back = (list: string, anchor: string) => ({ ok: true as const, next: `/reviews?list=${list}&done=${intent}#${anchor}` });
      if (intent === "answer") {
        if (!Number.isSafeInteger(questionId) || questionId <= 0) return refusal("not_found", "That question no longer exists.");
        const result = await reviews.answer(questionId, text(form.answer), shopUrl);
        if (!result.ok) return refusal(result.reason, result.message, { answer: result.message });
        await recordAudit(db, { staffId: staff.id, action: "question.answer", subject: `question ${questionId}`, after: { answer: text(form.answer).trim() } });
        return back("waiting", "questions");
      }
      if (!Number.isSafeInteger(reviewId) || reviewId <= 0) return refusal("not_found", "That review no longer exists.");
      const result =
        intent === "approve" ? await reviews.approve(reviewId) : intent === "reject" ? await reviews.reject(reviewId, text(form.reason)) : intent === "reply" ? await reviews.reply(reviewId, text(form.reply)) : null;
      if (!result) return refusal("malformed", "Choose what to do with the review.");
      if (!result.ok) return refusal(result.reason, result.message, intent === "reject" ? { reason: result.message } : intent === "reply" ? { reply: result.message } : {});
      await recordAudit(db, { staffId: staff.id, action: `review.${intent}`, subject: `review ${reviewId}`, ...(intent === "reject" ? { after: { reason: text(form.reason).trim() } } : intent === "reply" ? { after: { reply: text(form.reply).trim() } } : {}) });
      return back(intent === "reject" ? "rejected" : "approved", `review-${reviewId}`);
    },
  };
}
