/** The reviews section's words, from the site's message catalogue. */
import type { ReviewConcern, ReviewSkinType, ReviewSort } from "../../../../core/catalog/reviews.ts";
import type { TextKey } from "../../../storefront/use-shop.ts";
import { useText } from "../../../storefront/use-shop.ts";

/** Each order reviews can be sorted in. */
const SORTS: Record<ReviewSort, TextKey> = { newest: "review_sort_newest", highest: "review_sort_highest", lowest: "review_sort_lowest", photos: "review_sort_photos" };

/** What an address's `review` outcome (a plain post coming back, a confirmation link) tells the shopper. */
const OUTCOMES: Record<string, TextKey> = {
  pending: "review_outcome_pending",
  confirmation_sent: "review_outcome_confirmation_sent",
  confirmed: "review_outcome_confirmed",
  already_confirmed: "review_outcome_already_confirmed",
  error: "review_outcome_error",
};

export function useReviewText() {
  const text = useText();
  return {
    heading: text("review_heading"),
    none: text("review_none"),
    basedOn: (count: number) => text("review_based_on", { count }),
    starsLabel: (stars: number) => text("review_stars_label", { stars }),
    starsShare: (stars: number, count: number, percent: number) => text("review_stars_share", { stars, count, percent }),
    filterLegend: text("review_filter_legend"),
    skinType: text("review_skin_type"),
    anySkinType: text("review_any_skin_type"),
    withPhotos: text("review_with_photos"),
    sort: text("review_sort"),
    sortName: (sort: ReviewSort) => text(SORTS[sort]),
    apply: text("review_apply"),
    noMatch: text("review_no_match"),
    showing: (from: number, to: number, total: number) => text("review_showing", { from, to, total }),
    verified: text("review_verified"),
    skinTypeOf: (label: string) => text("review_skin_type_of", { label }),
    concernOf: (label: string) => text("review_concern_of", { label }),
    skinTypeLabel: (type: ReviewSkinType) => text(`review_skin_${type}` as TextKey),
    concernLabel: (concern: ReviewConcern) => text(`review_concern_${concern}` as TextKey),
    reply: text("review_reply"),
    photoAlt: (index: number, author: string) => text("review_photo_alt", { index, author }),
    pages: text("review_pages"),
    previous: text("review_previous"),
    next: text("review_next"),
    page: (page: number, count: number) => text("review_page", { page, count }),
    rated: (rating: number) => text("review_rated", { rating }),
    write: text("review_write"),
    loadingForm: text("review_loading_form"),
    questionsHeading: text("review_questions_heading"),
    noQuestions: text("review_no_questions"),
    asked: (author: string) => text("review_asked", { author }),
    answer: text("review_answer"),
    ask: text("review_ask"),
    question: text("review_question"),
    name: text("review_name"),
    email: text("review_email"),
    emailHint: text("review_email_hint"),
    send: text("review_send"),
    questionSent: text("review_question_sent"),
    questionError: text("review_question_error"),
    outcome: (outcome: string | null | undefined) => (outcome && OUTCOMES[outcome] ? text(OUTCOMES[outcome]) : undefined),
  };
}
