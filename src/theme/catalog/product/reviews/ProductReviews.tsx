/**
 * A product's reviews as the server draws them: the summary and its stars
 * breakdown, filters and sorting (a GET form and links, so a new page of
 * reviews comes without a reload through the router, and works without
 * scripts), one page of reviews, and the answered questions. The review
 * form's code loads only when the shopper asks for it.
 */
import { Form, Link, useSearchParams } from "react-router";
import {
  type AnsweredQuestion,
  QUESTION_OUTCOME_PARAM,
  REVIEW_OUTCOME_PARAM,
  REVIEW_SKIN_TYPES,
  REVIEW_SORTS,
  REVIEWS_PER_PAGE,
  type PublishedReview,
  type ReviewPage,
  type ReviewQuery,
  reviewQueryParams,
  starShares,
} from "../../../../core/catalog/reviews.ts";
import { StarRating } from "../StarRating.tsx";
import { ReviewFormSlot } from "./ReviewFormSlot.tsx";
import { AskQuestion } from "./AskQuestion.tsx";
import { useReviewText } from "./review-text.ts";
import { useLongDay } from "../../../storefront/use-shop.ts";

const pageHref = (query: ReviewQuery, page: number) => {
  const params = reviewQueryParams({ ...query, page });
  const search = params.toString();
  return `?${search}#reviews`;
};

function Stars({ rating }: { rating: number }) {
  const words = useReviewText();
  return (
    <p className="review__stars">
      <span aria-hidden="true" className="rating__stars" style={{ "--rating": rating } as React.CSSProperties}>
        ★★★★★
      </span>
      <span className="visually-hidden">{words.rated(rating)}</span>
    </p>
  );
}

function Review({ review, longDay }: { review: PublishedReview; longDay: (iso: string) => string }) {
  const words = useReviewText();
  return (
    <li className="review">
      <article aria-labelledby={`review-${review.id}`}>
        <Stars rating={review.rating} />
        <h3 className="review__title" id={`review-${review.id}`}>
          {review.title}
        </h3>
        <p className="review__meta">
          <span className="review__author">{review.author}</span>
          {review.verifiedBuyer ? <span className="review__verified">{words.verified}</span> : null}
          <time dateTime={review.createdAt}>{longDay(review.createdAt)}</time>
        </p>
        {review.skinType || review.concern ? (
          <p className="review__skin">
            {review.skinType ? <span>{words.skinTypeOf(words.skinTypeLabel(review.skinType))}</span> : null}
            {review.concern ? <span>{words.concernOf(words.concernLabel(review.concern))}</span> : null}
          </p>
        ) : null}
        <p className="review__body">{review.body}</p>
        {review.photos.length > 0 ? (
          <ul className="review__photos">
            {review.photos.map((photo, index) => (
              <li key={photo.src}>
                <a href={photo.src}>
                  <img src={photo.src} alt={words.photoAlt(index + 1, review.author)} width={photo.width} height={photo.height} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {review.reply ? (
          <div className="review__reply">
            <p className="review__reply-label">{words.reply}</p>
            <p>{review.reply}</p>
          </div>
        ) : null}
      </article>
    </li>
  );
}

export function ProductReviews({ handle, productTitle, reviews, questions }: { handle: string; productTitle: string; reviews: ReviewPage; questions: AnsweredQuestion[] }) {
  const words = useReviewText();
  const { summary, query, total, pageCount } = reviews;
  const [searchParams] = useSearchParams();
  const outcome = searchParams.get(REVIEW_OUTCOME_PARAM);
  // One format on the server and in the browser, so hydration agrees.
  const longDay = useLongDay();
  const from = total === 0 ? 0 : (query.page - 1) * REVIEWS_PER_PAGE + 1;
  const to = Math.min(total, query.page * REVIEWS_PER_PAGE);
  return (
    <>
      <section className="reviews" id="reviews" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="reviews__heading">
          {words.heading}
        </h2>
        {summary.count > 0 ? (
          <div className="reviews__summary">
            <div className="reviews__average">
              <StarRating rating={summary.rating} count={summary.count} />
              <p>{words.basedOn(summary.count)}</p>
            </div>
            <ul className="reviews__breakdown">
              {starShares(summary).map((share) => (
                <li key={share.stars}>
                  <span aria-hidden="true">{words.starsLabel(share.stars)}</span>
                  <span className="reviews__bar" aria-hidden="true">
                    <span style={{ width: `${share.percent}%` }} />
                  </span>
                  <span aria-hidden="true">{share.count}</span>
                  <span className="visually-hidden">{words.starsShare(share.stars, share.count, share.percent)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>{words.none}</p>
        )}

        <ReviewFormSlot handle={handle} productTitle={productTitle} outcome={outcome} />

        {summary.count > 0 ? (
          <>
            <Form method="get" action={`#reviews`} preventScrollReset className="reviews__filters" aria-label={words.filterLegend}>
              <label>
                {words.skinType}
                <select name="skin_type" defaultValue={query.skinType ?? ""}>
                  <option value="">{words.anySkinType}</option>
                  {REVIEW_SKIN_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {words.skinTypeLabel(type)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {words.sort}
                <select name="sort" defaultValue={query.sort}>
                  {REVIEW_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {words.sortName(sort)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="reviews__check">
                <input type="checkbox" name="photos" value="1" defaultChecked={query.withPhotos} />
                {words.withPhotos}
              </label>
              <button type="submit" className="button button--secondary">
                {words.apply}
              </button>
            </Form>
            <p className="reviews__count" role="status">
              {total === 0 ? words.noMatch : words.showing(from, to, total)}
            </p>
            <ul className="reviews__list">
              {reviews.reviews.map((review) => (
                <Review key={review.id} review={review} longDay={longDay} />
              ))}
            </ul>
            {pageCount > 1 ? (
              <nav className="reviews__pages" aria-label={words.pages}>
                {query.page > 1 ? (
                  <Link to={pageHref(query, query.page - 1)} preventScrollReset rel="prev">
                    {words.previous}
                  </Link>
                ) : null}
                <span>{words.page(query.page, pageCount)}</span>
                {query.page < pageCount ? (
                  <Link to={pageHref(query, query.page + 1)} preventScrollReset rel="next">
                    {words.next}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        ) : null}
      </section>

      <section className="reviews questions" id="questions" aria-labelledby="questions-heading">
        <h2 id="questions-heading" className="reviews__heading">
          {words.questionsHeading}
        </h2>
        {questions.length > 0 ? (
          <ul className="questions__list">
            {questions.map((question) => (
              <li key={question.id} className="question">
                <p className="question__text">{question.question}</p>
                <p className="review__meta">{words.asked(question.author)}</p>
                <div className="review__reply">
                  <p className="review__reply-label">{words.answer}</p>
                  <p>{question.answer}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>{words.noQuestions}</p>
        )}
        <AskQuestion handle={handle} outcome={searchParams.get(QUESTION_OUTCOME_PARAM)} />
      </section>
    </>
  );
}
