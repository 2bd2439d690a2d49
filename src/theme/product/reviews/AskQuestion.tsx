/** "Ask a question": a plain form posted to the shop, which comes back here with the outcome in the address. */
import { useId } from "react";
import { useSitePath } from "../../storefront/use-shop.ts";
import { REVIEW_TEXT } from "./review-text.ts";

export function AskQuestion({ handle, outcome }: { handle: string; outcome: string | null }) {
  const id = useId();
  const onSite = useSitePath();
  return (
    <>
    {questionOutcomeText(outcome) ? (
      <p className="reviews__outcome" role="status">
        {questionOutcomeText(outcome)}
      </p>
    ) : null}
    <details className="questions__ask" open={outcome === "error"}>
      <summary className="button button--secondary">{REVIEW_TEXT.ask}</summary>
      <form method="post" action={onSite(`/products/${encodeURIComponent(handle)}/questions`)} className="review-form">
        <label htmlFor={`${id}-question`}>{REVIEW_TEXT.question}</label>
        <textarea id={`${id}-question`} name="question" required minLength={10} maxLength={1000} rows={3} />
        <label htmlFor={`${id}-name`}>{REVIEW_TEXT.name}</label>
        <input id={`${id}-name`} name="name" required maxLength={60} autoComplete="given-name" />
        <label htmlFor={`${id}-email`}>{REVIEW_TEXT.email}</label>
        <input id={`${id}-email`} name="email" type="email" required maxLength={254} autoComplete="email" aria-describedby={`${id}-email-hint`} />
        <p id={`${id}-email-hint`} className="review-form__hint">
          {REVIEW_TEXT.emailHint}
        </p>
        <input className="review-form__trap" name="review_website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
        <button type="submit" className="button">
          {REVIEW_TEXT.send}
        </button>
      </form>
    </details>
    </>
  );
}

/** The question's outcome as the shopper reads it, or null. */
export function questionOutcomeText(outcome: string | null): string | null {
  return outcome === "pending" ? REVIEW_TEXT.questionSent : outcome === "error" ? REVIEW_TEXT.questionError : null;
}
