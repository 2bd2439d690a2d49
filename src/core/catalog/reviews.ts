/**
 * Product reviews: what a shopper may write, the summary a product page and
 * its cards draw (from approved reviews only), and how a list of reviews is
 * filtered, sorted and paged. Pure rules, used by the platform (which keeps
 * the reviews) and the theme (which draws them). The automatic holds, which
 * need a word list, are in `review-holds.ts`, kept out of the pages' scripts.
 */

/** The skin types a reviewer may name, as the shop's skin-type filter names them. */
export const REVIEW_SKIN_TYPES = ["dry", "oily", "combination", "normal", "sensitive"] as const;
export type ReviewSkinType = (typeof REVIEW_SKIN_TYPES)[number];

export const REVIEW_SKIN_TYPE_LABELS: Record<ReviewSkinType, string> = {
  dry: "Dry",
  oily: "Oily",
  combination: "Combination",
  normal: "Normal",
  sensitive: "Sensitive",
};

/** The concerns a reviewer may name. */
export const REVIEW_CONCERNS = ["dryness", "breakouts", "redness", "dullness", "fine-lines", "dark-spots", "pores"] as const;
export type ReviewConcern = (typeof REVIEW_CONCERNS)[number];

export const REVIEW_CONCERN_LABELS: Record<ReviewConcern, string> = {
  dryness: "Dryness",
  breakouts: "Breakouts",
  redness: "Redness",
  dullness: "Dullness",
  "fine-lines": "Fine lines",
  "dark-spots": "Dark spots",
  pores: "Visible pores",
};

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_NAME_MAX = 60;
/** Photos one review may carry. */
export const REVIEW_PHOTOS_MAX = 3;
/** The heaviest photo file taken: 8 MB. */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Each side of a photo at least this many pixels: smaller ones show nothing. */
export const REVIEW_PHOTO_MIN_SIDE = 200;
/** The most pixels a photo may have (40 megapixels). */
export const REVIEW_PHOTO_MAX_PIXELS = 40_000_000;
/** A review photo is kept at most this wide or high, as WebP. */
export const REVIEW_PHOTO_KEPT_SIDE = 1600;
/** The most a review's whole form may weigh: its photos and its words. */
export const REVIEW_BODY_MAX_BYTES = REVIEW_PHOTOS_MAX * REVIEW_PHOTO_MAX_BYTES + 256 * 1024;
/** Reviews per page of a product's list. */
export const REVIEWS_PER_PAGE = 5;

/** Where a shopper posts a review of a product: `/products/{handle}/reviews`. */
export const reviewsPath = (handle: string) => `/products/${encodeURIComponent(handle)}/reviews`;
/** A guest's confirmation link: `/reviews/confirm?r=&t=`. */
export const REVIEW_CONFIRM_PATH = "/reviews/confirm";
/** The query parameter a plain form's redirect says the outcome in. */
export const REVIEW_OUTCOME_PARAM = "review";
/** The same for a question. */
export const QUESTION_OUTCOME_PARAM = "question";
/** The query parameter a review request email's star links carry: the form opens with those stars. */
export const REVIEW_STARS_PARAM = "review_stars";

export type ReviewStatus = "unconfirmed" | "pending" | "approved" | "rejected";

export const REVIEW_SORTS = ["newest", "highest", "lowest", "photos"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** A product's reviews as its page asks for them. */
export interface ReviewQuery {
  sort: ReviewSort;
  skinType: ReviewSkinType | null;
  withPhotos: boolean;
  page: number;
}

/** The summary of a product's approved reviews: the average to one decimal, how many, and how many gave each number of stars. */
export interface RatingSummary {
  rating: number;
  count: number;
  /** Index 0 is one star, index 4 five stars. */
  stars: [number, number, number, number, number];
}

/** A published review as the product page shows it (the text is plain: the page escapes it). */
export interface PublishedReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  author: string;
  skinType: ReviewSkinType | null;
  concern: ReviewConcern | null;
  verifiedBuyer: boolean;
  createdAt: string;
  photos: { src: string; width: number; height: number }[];
  /** The shop's public reply, if any. */
  reply: string | null;
}

/** One page of a product's published reviews, with the whole product's summary (not the filtered one). */
export interface ReviewPage {
  productId: number;
  summary: RatingSummary;
  query: ReviewQuery;
  reviews: PublishedReview[];
  /** How many reviews match the filters. */
  total: number;
  pageCount: number;
}

/** Answered questions shown on a product page. */
export interface AnsweredQuestion {
  id: number;
  question: string;
  author: string;
  answer: string;
  askedAt: string;
}

/** The summary of a set of star ratings (whole numbers 1 to 5; others are not counted). */
export function ratingSummary(ratings: Iterable<number>): RatingSummary {
  const stars: RatingSummary["stars"] = [0, 0, 0, 0, 0];
  let count = 0;
  let total = 0;
  for (const rating of ratings) {
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) continue;
    stars[rating - 1] = (stars[rating - 1] ?? 0) + 1;
    count += 1;
    total += rating;
  }
  return { rating: count === 0 ? 0 : Math.round((total / count) * 10) / 10, count, stars };
}

/** The summary from counts per number of stars (as the database answers them). */
export function summaryOfCounts(counts: Iterable<{ rating: number; count: number }>): RatingSummary {
  const stars: RatingSummary["stars"] = [0, 0, 0, 0, 0];
  for (const { rating, count } of counts) if (Number.isInteger(rating) && rating >= 1 && rating <= 5) stars[rating - 1] = (stars[rating - 1] ?? 0) + count;
  const count = stars.reduce((sum, each) => sum + each, 0);
  const total = stars.reduce((sum, each, index) => sum + each * (index + 1), 0);
  return { rating: count === 0 ? 0 : Math.round((total / count) * 10) / 10, count, stars };
}

/** Each number of stars' share of the reviews, in whole percent, five stars first (for the breakdown's bars). */
export function starShares(summary: RatingSummary): { stars: number; count: number; percent: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = summary.stars[stars - 1] ?? 0;
    return { stars, count, percent: summary.count === 0 ? 0 : Math.round((count / summary.count) * 100) };
  });
}

const isSkinType = (value: unknown): value is ReviewSkinType => typeof value === "string" && (REVIEW_SKIN_TYPES as readonly string[]).includes(value);
export const isReviewConcern = (value: unknown): value is ReviewConcern => typeof value === "string" && (REVIEW_CONCERNS as readonly string[]).includes(value);

/** A review list's query from an address's parameters (`sort`, `skin_type`, `photos=1`, `page`); anything unknown is the default. */
export function reviewQueryOf(params: URLSearchParams): ReviewQuery {
  const sort = params.get("sort");
  const skinType = params.get("skin_type");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    sort: (REVIEW_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ReviewSort) : "newest",
    skinType: isSkinType(skinType) ? skinType : null,
    withPhotos: params.get("photos") === "1",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The parameters of a review list's query, defaults left out. */
export function reviewQueryParams(query: ReviewQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.skinType) params.set("skin_type", query.skinType);
  if (query.withPhotos) params.set("photos", "1");
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** Stars chosen in a review request email's link: 1 to 5, else none. */
export function chosenStars(value: string | null | undefined): number | null {
  const stars = Number(value);
  return Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null;
}

/** The name shown under a review: the first name and the surname's initial ("Priya S."), as reviewers expect. */
export function reviewerShownName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A customer";
  const [first, ...rest] = words;
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : (first ?? "A customer");
}

/** What the form tells shoppers about photos. */
export const REVIEW_PHOTO_HINT = `Up to ${REVIEW_PHOTOS_MAX} photos, JPEG, PNG, WebP or AVIF, up to ${REVIEW_PHOTO_MAX_BYTES / (1024 * 1024)} MB each.`;

const shownName = (name: string) => {
  const trimmed = name.trim();
  return trimmed === "" ? "A photo" : trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
};

/**
 * Why a photo cannot go with a review, or null. `read` is what its bytes
 * are (null when no picture at all; `known` false when of a kind the shop
 * does not take), whatever the file was called.
 */
export function reviewPhotoProblem(file: { name: string; size: number }, read: { known: boolean; width: number; height: number } | null): string | null {
  const name = shownName(file.name);
  if (file.size === 0) return `${name} is empty.`;
  if (file.size > REVIEW_PHOTO_MAX_BYTES) return `${name} is larger than ${REVIEW_PHOTO_MAX_BYTES / (1024 * 1024)} MB: choose a smaller photo.`;
  if (!read || !read.known) return `${name} is not a photo we can show: choose a JPEG, PNG, WebP or AVIF file.`;
  if (read.width < REVIEW_PHOTO_MIN_SIDE || read.height < REVIEW_PHOTO_MIN_SIDE) return `${name} is too small (${read.width} × ${read.height} pixels): photos need at least ${REVIEW_PHOTO_MIN_SIDE} pixels each way.`;
  if (read.width * read.height > REVIEW_PHOTO_MAX_PIXELS) return `${name} has too many pixels (${read.width} × ${read.height}): choose one of at most ${REVIEW_PHOTO_MAX_PIXELS / 1_000_000} megapixels.`;
  return null;
}
