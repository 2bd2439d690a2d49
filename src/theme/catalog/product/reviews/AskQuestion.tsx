/** "Ask a question": a plain form posted to the shop, which comes back here with the outcome in the address. */
import { useId } from "react";
import { useSitePath } from "../../../storefront/use-shop.ts";
import { useReviewText } from "./review-text.ts";

export function AskQuestion({ handle, outcome }: { handle: string; outcome: string | null }) {
  const words = useReviewText();
  const id = useId();
  const onSite = useSitePath();
  return (
    <>
    {questionOutcomeText(words, outcome) ? (
      <p className="reviews__outcome" role="status">
        {questionOutcomeText(words, outcome)}
      </p>
    ) : null}
    <details className="questions__ask" open={outcome === "error"}>
      <summary className="button button--secondary">{words.ask}</summary>
      <form method="post" action={onSite(`/products/${encodeURIComponent(handle)}/questions`)} className="review-form">
        <label htmlFor={`${id}-question`}>{words.question}</label>
        <textarea id={`${id}-question`} name="question" required minLength={10} maxLength={1000} rows={3} />
        <label htmlFor={`${id}-name`}>{words.name}</label>
        <input id={`${id}-name`} name="name" required maxLength={60} autoComplete="given-name" />
        <label htmlFor={`${id}-email`}>{words.email}</label>
        <input id={`${id}-email`} name="email" type="email" required maxLength={254} autoComplete="email" aria-describedby={`${id}-email-hint`} />
        <p id={`${id}-email-hint`} className="review-form__hint">
          {words.emailHint}
        </p>
        <input className="review-form__trap" name="review_website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
        <button type="submit" className="button">
          {words.send}
        </button>
      </form>
    </details>
    </>
  );
}

/** The question's outcome as the shopper reads it, or null. */
export function questionOutcomeText(words: ReturnType<typeof useReviewText>, outcome: string | null): string | null {
  return outcome === "pending" ? words.questionSent : outcome === "error" ? words.questionError : null;
}
