/**
 * Where the review form goes: a button until the shopper asks for it (or
 * arrives from an email's stars, or back from a refused plain post); its
 * code is a chunk of its own, so the product page's first load carries none
 * of it.
 */
import { useState } from "react";
import { useSearchParams } from "react-router";
import { REVIEW_STARS_PARAM, chosenStars } from "../../../../core/catalog/reviews.ts";
import { defineChunk, useChunk } from "../../../chunks/chunks.ts";
import { useHydrated } from "../../../ui/use-hydrated.ts";
import type * as ReviewFormModule from "./ReviewForm.tsx";
import { useReviewText } from "./review-text.ts";

const reviewFormChunk = defineChunk<typeof ReviewFormModule>("review form", () => import("./ReviewForm.tsx"));

export function ReviewFormSlot({ handle, productTitle, outcome }: { handle: string; productTitle: string; outcome: string | null }) {
  const words = useReviewText();
  const [searchParams] = useSearchParams();
  const stars = chosenStars(searchParams.get(REVIEW_STARS_PARAM));
  const [asked, setAsked] = useState(false);
  const hydrated = useHydrated();
  const wanted = hydrated && (asked || stars !== null || outcome === "error");
  const module = useChunk(reviewFormChunk, wanted);
  const message = words.outcome(outcome);
  return (
    <div className="reviews__write" id="write-review">
      {message ? (
        <p className="reviews__outcome" role="status">
          {message}
        </p>
      ) : null}
      {wanted && module ? (
        <module.ReviewForm handle={handle} productTitle={productTitle} initialStars={stars} />
      ) : wanted ? (
        <p role="status">{words.loadingForm}</p>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsked(true)} onPointerEnter={() => void reviewFormChunk.load().catch(() => undefined)} disabled={!hydrated}>
          {words.write}
        </button>
      )}
    </div>
  );
}
