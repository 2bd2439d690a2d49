import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.reviews";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { ADMIN_REVIEW_LISTS, ADMIN_REVIEW_LIST_LABELS, type AdminQuestionRow, type AdminReviewList, type AdminReviewRow } from "../../core/admin/admin-reviews.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../accounts/account.css";
import "../admin/reviews.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Reviews", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("reviews")];

const listOf = (url: URL): AdminReviewList => {
  const list = url.searchParams.get("list");
  return (ADMIN_REVIEW_LISTS as readonly string[]).includes(list ?? "") ? (list as AdminReviewList) : "waiting";
};

const DONE_TEXT: Record<string, string> = {
  approve: "The review is published, and its writer has been told.",
  reject: "The review is rejected.",
  reply: "Your reply is saved.",
  answer: "Your answer is published on the product page, and the shopper has been emailed.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const admin = context.get(adminContext);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(`${ADMIN_PATH}/reviews`)}`);
  const list = listOf(url);
  const [reviews, questions] = await Promise.all([admin.reviews.list(list), admin.reviews.questions()]);
  return { list, reviews, questions, done: DONE_TEXT[url.searchParams.get("done") ?? ""] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  return adminResponse(await context.get(adminContext).reviews.decide(values), values);
}

const dates = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function ReviewCard({ review, problem }: { review: AdminReviewRow; problem: AdminProblem | null }) {
  const reasonId = `reason-${review.id}`;
  const replyId = `reply-${review.id}`;
  const reasonError = problem?.errors.reason?.[0];
  const replyError = problem?.errors.reply?.[0];
  return (
    <li className="admin-review" id={`review-${review.id}`}>
      <article aria-labelledby={`review-title-${review.id}`}>
        <h3 id={`review-title-${review.id}`} className="admin-review__title">
          {review.title}
        </h3>
        <p className="admin-review__meta">
          <span>
            {review.rating} out of 5 for <Link to={`/products/${review.productHandle}`}>{review.productTitle}</Link>
          </span>
          <span>
            {review.author} ({review.email})
          </span>
          {review.verifiedBuyer ? <span>Verified buyer</span> : null}
          <time dateTime={review.createdAt}>{dates.format(new Date(review.createdAt))}</time>
        </p>
        {review.holds.length > 0 ? (
          <ul className="admin-review__holds" aria-label="Held because">
            {review.holds.map((hold) => (
              <li key={hold}>{hold}</li>
            ))}
          </ul>
        ) : null}
        <p className="admin-review__body">{review.body}</p>
        {review.photos.length > 0 ? (
          <ul className="admin-review__photos">
            {review.photos.map((photo, index) => (
              <li key={photo.src}>
                <img src={photo.src} width={photo.width} height={photo.height} alt={`Photo ${index + 1} of the review “${review.title}”`} />
              </li>
            ))}
          </ul>
        ) : null}
        {review.rejectionReason ? <p>Rejected: {review.rejectionReason}</p> : null}
        <div className="admin-review__actions">
          {review.status !== "approved" ? (
            <Form method="post">
              <input type="hidden" name="review_id" value={review.id} />
              <button className="admin-button" type="submit" name="intent" value="approve">
                Approve “{review.title}”
              </button>
            </Form>
          ) : null}
          {review.status !== "rejected" ? (
            <Form method="post" className="admin-review__form">
              <input type="hidden" name="review_id" value={review.id} />
              <label htmlFor={reasonId}>Reason for rejecting</label>
              <input id={reasonId} name="reason" maxLength={500} required aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? `${reasonId}-error` : undefined} />
              {reasonError ? (
                <p className="field-error" id={`${reasonId}-error`}>
                  {reasonError}
                </p>
              ) : null}
              <button className="admin-button admin-button--secondary" type="submit" name="intent" value="reject">
                Reject
              </button>
            </Form>
          ) : null}
          <Form method="post" className="admin-review__form">
            <input type="hidden" name="review_id" value={review.id} />
            <label htmlFor={replyId}>Public reply</label>
            <textarea id={replyId} name="reply" rows={2} maxLength={2000} defaultValue={review.reply ?? ""} aria-describedby={replyError ? `${replyId}-error` : undefined} />
            {replyError ? (
              <p className="field-error" id={`${replyId}-error`}>
                {replyError}
              </p>
            ) : null}
            <button className="admin-button admin-button--secondary" type="submit" name="intent" value="reply">
              Save reply
            </button>
          </Form>
        </div>
      </article>
    </li>
  );
}

function QuestionCard({ question }: { question: AdminQuestionRow }) {
  const answerId = `answer-${question.id}`;
  return (
    <li className="admin-review">
      <p className="admin-review__body">{question.question}</p>
      <p className="admin-review__meta">
        <span>
          About <Link to={`/products/${question.productHandle}`}>{question.productTitle}</Link>
        </span>
        <span>
          {question.author} ({question.email})
        </span>
        <time dateTime={question.createdAt}>{dates.format(new Date(question.createdAt))}</time>
      </p>
      <Form method="post" className="admin-review__form">
        <input type="hidden" name="question_id" value={question.id} />
        <label htmlFor={answerId}>Answer</label>
        <textarea id={answerId} name="answer" rows={2} maxLength={2000} required />
        <button className="admin-button" type="submit" name="intent" value="answer">
          Publish answer
        </button>
      </Form>
    </li>
  );
}

/** Reviews waiting for approval (holds shown), published and rejected ones, and questions waiting for an answer. */
export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { list, reviews, questions, done } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const problemReview = problem ? Number(problem.values.review_id) : null;
  return (
    <div className="admin-reviews">
      <h1 className="admin-page__title">Reviews</h1>
      <p className={done ? "admin-notice" : "admin-reviews__quiet"} role="status">
        {done ?? ""}
      </p>
      {problem && !problemReview ? (
        <p className="admin-error" role="alert">
          {problem.description}
        </p>
      ) : null}
      <p className="admin-reviews__export">
        <a href={`${ADMIN_PATH}/reviews/export.csv`} download>
          Export every review as CSV
        </a>
      </p>
      <nav aria-label="Review lists" className="admin-reviews__lists">
        <ul>
          {ADMIN_REVIEW_LISTS.map((each) => (
            <li key={each}>
              <Link to={`${ADMIN_PATH}/reviews?list=${each}`} aria-current={each === list ? "page" : undefined}>
                {ADMIN_REVIEW_LIST_LABELS[each]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="reviews-list-title">
        <h2 id="reviews-list-title" className="admin-reviews__subtitle">
          {ADMIN_REVIEW_LIST_LABELS[list]} ({reviews.length})
        </h2>
        {reviews.length === 0 ? (
          <p>{list === "waiting" ? "No reviews are waiting for approval." : "None yet."}</p>
        ) : (
          <ul className="admin-reviews__list">
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} problem={review.id === problemReview ? problem : null} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="questions-title" id="questions">
        <h2 id="questions-title" className="admin-reviews__subtitle">
          Questions waiting for an answer ({questions.length})
        </h2>
        {questions.length === 0 ? (
          <p>No questions are waiting.</p>
        ) : (
          <ul className="admin-reviews__list">
            {questions.map((question) => (
              <QuestionCard key={question.id} question={question} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
