import { useText } from "../../storefront/use-shop.ts";

export interface ReviewSummary {
  rating: number;
  count: number;
}

/** The product's rating from its approved reviews (`metafields.reviews`, set as the catalog loads), if it has any. */
export function reviewSummary(metafields: { readonly reviews?: unknown } | Record<string, unknown> | undefined): ReviewSummary | null {
  const reviews = metafields?.reviews as Partial<ReviewSummary> | undefined;
  if (!reviews || typeof reviews.rating !== "number" || typeof reviews.count !== "number" || reviews.count <= 0) return null;
  return { rating: Math.min(5, Math.max(0, reviews.rating)), count: reviews.count };
}

/** Stars filled to the rating, read out as words. */
export function StarRating({ rating, count }: ReviewSummary) {
  const rounded = Math.round(rating * 10) / 10;
  const text = useText();
  return (
    <p className="rating">
      <span className="rating__stars" aria-hidden="true" style={{ "--rating": rating } as React.CSSProperties}>
        ★★★★★
      </span>
      <span className="visually-hidden">
        {text("rating_summary", { rating: rounded, count })}
      </span>
      <span className="rating__count" aria-hidden="true">
        {text("rating_short", { rating: rounded, count })}
      </span>
    </p>
  );
}
