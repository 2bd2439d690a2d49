/**
 * A review as the server checks it, and the automatic holds: every review
 * waits for the merchant, but one that carries a link, strong language or
 * words already written in another review is marked, so the merchant reads
 * it with that in mind. Apart from `reviews.ts` so the product page's
 * scripts carry neither the schema library nor the word list.
 */
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from "obscenity";
import { z } from "../common/zod.ts";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_CONCERNS, REVIEW_NAME_MAX, REVIEW_SKIN_TYPES, REVIEW_TITLE_MAX } from "./reviews.ts";

const oneLine = (value: string) => !/[\p{Cc}]/u.test(value);
const noControl = (value: string) => !/[\p{Cc}]/u.test(value.replace(/[\n\r\t]/g, ""));
const blankIsNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** What a shopper writes. Guests give a name and an email; a customer's come from their account. */
export const reviewFormSchema = z.object({
  rating: z.coerce.number({ error: "Choose from one to five stars" }).int("Choose from one to five stars").min(1, "Choose from one to five stars").max(5, "Choose from one to five stars"),
  title: z.string({ error: "Give your review a title" }).trim().min(1, "Give your review a title").max(REVIEW_TITLE_MAX, `Keep the title to ${REVIEW_TITLE_MAX} characters`).refine(oneLine, "The title must be one line"),
  body: z
    .string({ error: "Write your review" })
    .trim()
    .min(REVIEW_BODY_MIN, `Write at least ${REVIEW_BODY_MIN} characters`)
    .max(REVIEW_BODY_MAX, `Keep your review to ${REVIEW_BODY_MAX} characters`)
    .refine(noControl, "Your review has characters we cannot show"),
  skinType: z.preprocess(blankIsNull, z.enum(REVIEW_SKIN_TYPES, { error: "Choose a skin type from the list" }).nullable()),
  concern: z.preprocess(blankIsNull, z.enum(REVIEW_CONCERNS, { error: "Choose a concern from the list" }).nullable()),
});

export const reviewGuestSchema = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(REVIEW_NAME_MAX, `Keep your name to ${REVIEW_NAME_MAX} characters`).refine(oneLine, "Your name must be one line"),
  email: z.string({ error: "Enter your email address" }).trim().min(1, "Enter your email address").max(254, "That email address is too long").pipe(z.email("Enter a valid email address")),
});

export type ReviewForm = z.infer<typeof reviewFormSchema>;

/** A question about a product. */
export const questionFormSchema = z.object({
  question: z.string({ error: "Write your question" }).trim().min(10, "Write at least 10 characters").max(1000, "Keep your question to 1000 characters").refine(noControl, "Your question has characters we cannot show"),
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(REVIEW_NAME_MAX, `Keep your name to ${REVIEW_NAME_MAX} characters`).refine(oneLine, "Your name must be one line"),
  email: z.string({ error: "Enter your email address" }).trim().min(1, "Enter your email address").max(254, "That email address is too long").pipe(z.email("Enter a valid email address")),
});

/** Why a review is held for a closer look. */
export type ReviewHold = "link" | "profanity" | "repeat";

export const REVIEW_HOLD_LABELS: Record<ReviewHold, string> = {
  link: "Contains a link or web address",
  profanity: "Contains strong language",
  repeat: "Repeats another review word for word",
};

/** An address in the text: a scheme, `www.`, or a name ending in a common top-level domain. */
const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|uk|ru|cn|xyz|top|shop|store|online|site|link|ly)\b(?:\/\S*)?/i;

let matcher: RegExpMatcher | null = null;
const profanity = () => (matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers }));

/** A text as compared for repeats: letters and digits only, lower case, spaces collapsed. */
export const repeatKey = (text: string): string =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * The holds a review earns. `otherTexts` are the texts of the shop's other
 * reviews (any product, any author) to compare with: the same words again
 * are a copied or spammed review.
 */
export function reviewHolds(review: { title: string; body: string }, otherTexts: Iterable<string>): ReviewHold[] {
  const holds: ReviewHold[] = [];
  const text = `${review.title}\n${review.body}`;
  if (LINK.test(text)) holds.push("link");
  if (profanity().hasMatch(text)) holds.push("profanity");
  const key = repeatKey(review.body);
  for (const other of otherTexts) {
    if (repeatKey(other) === key) {
      holds.push("repeat");
      break;
    }
  }
  return holds;
}
