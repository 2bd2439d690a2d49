/**
 * The review form, loaded on demand: stars, title, the review, skin type and
 * concern, up to three photos, and for a guest their name and email (a
 * customer's come from their account). It also works as a plain multipart
 * post; with scripts it answers in place, each field's error beside it.
 */
import { type FormEvent, useId, useState } from "react";
import { useRouteLoaderData } from "react-router";
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_CONCERNS,
  REVIEW_NAME_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_PHOTO_HINT,
  REVIEW_SKIN_TYPES,
  REVIEW_TITLE_MAX,
  reviewsPath,
} from "../../../../core/catalog/reviews.ts";
import { useSitePath, useText } from "../../../storefront/use-shop.ts";
import { useReviewText } from "./review-text.ts";
import "../../../styles/forms.css";


interface Answer {
  errors: { field: string; message: string }[];
  status?: string;
}

export function ReviewForm({ handle, productTitle, initialStars }: { handle: string; productTitle: string; initialStars: number | null }) {
  const id = useId();
  const words = useReviewText();
  const text = useText();
  const onSite = useSitePath();
  const customer = useRouteLoaderData<{ customer: { email: string } | null }>("root")?.customer ?? null;
  const [stars, setStars] = useState<number | null>(initialStars);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);
  const action = onSite(reviewsPath(handle));
  const errorOf = (field: string) => answer?.errors.find((error) => error.field === field)?.message;
  const described = (field: string, hint?: string) => [hint, errorOf(field) ? `${id}-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      const response = await fetch(action, { method: "POST", body: new FormData(event.currentTarget), headers: { accept: "application/json" } });
      setAnswer((await response.json()) as Answer);
    } catch {
      setAnswer({ errors: [{ field: "form", message: text("review_form_failed") }] });
    } finally {
      setSending(false);
    }
  }

  if (answer && answer.errors.length === 0 && answer.status) {
    return (
      <p className="reviews__outcome" role="status">
        {words.outcome(answer.status)}
      </p>
    );
  }

  const fieldError = (field: string) => {
    const message = errorOf(field);
    return message ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {message}
      </p>
    ) : null;
  };

  return (
    <form className="review-form" method="post" action={action} encType="multipart/form-data" onSubmit={submit} aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`} className="review-form__heading">
        {text("review_form_legend", { title: productTitle })}
      </h3>
      {answer?.errors.length ? (
        <div className="review-form__problems" role="alert">
          <p>{text("review_form_problems")}</p>
          <ul>
            {answer.errors.map((error) => (
              <li key={`${error.field}-${error.message}`}>{error.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="review-form__stars" aria-describedby={described("rating")}>
        <legend>{text("review_form_stars")}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={stars !== null && value <= stars ? "is-lit" : undefined}>
            <input type="radio" name="rating" value={value} required checked={stars === value} onChange={() => setStars(value)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{text("review_form_star", { stars: value })}</span>
          </label>
        ))}
      </fieldset>
      {fieldError("rating")}

      <label htmlFor={`${id}-title`}>{text("review_form_title")}</label>
      <input id={`${id}-title`} name="title" required maxLength={REVIEW_TITLE_MAX} aria-describedby={described("title")} aria-invalid={errorOf("title") ? true : undefined} />
      {fieldError("title")}

      <label htmlFor={`${id}-body`}>{text("review_form_body")}</label>
      <textarea
        id={`${id}-body`}
        name="body"
        required
        minLength={REVIEW_BODY_MIN}
        maxLength={REVIEW_BODY_MAX}
        rows={5}
        aria-describedby={described("body", `${id}-body-hint`)}
        aria-invalid={errorOf("body") ? true : undefined}
      />
      <p id={`${id}-body-hint`} className="review-form__hint">
        {text("review_form_body_hint", { min: REVIEW_BODY_MIN })}
      </p>
      {fieldError("body")}

      <div className="review-form__pair">
        <div>
          <label htmlFor={`${id}-skin`}>{text("review_form_skin_type")}</label>
          <select id={`${id}-skin`} name="skin_type" defaultValue="">
            <option value="">{text("review_form_none")}</option>
            {REVIEW_SKIN_TYPES.map((type) => (
              <option key={type} value={type}>
                {words.skinTypeLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-concern`}>{text("review_form_concern")}</label>
          <select id={`${id}-concern`} name="concern" defaultValue="">
            <option value="">{text("review_form_none")}</option>
            {REVIEW_CONCERNS.map((concern) => (
              <option key={concern} value={concern}>
                {words.concernLabel(concern)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <label htmlFor={`${id}-photos`}>{text("review_form_photos")}</label>
      <input
        id={`${id}-photos`}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-describedby={described("photos", `${id}-photos-hint`)}
        aria-invalid={errorOf("photos") ? true : undefined}
        data-max-files={REVIEW_PHOTOS_MAX}
      />
      <p id={`${id}-photos-hint`} className="review-form__hint">
        {REVIEW_PHOTO_HINT}
      </p>
      {fieldError("photos")}

      {customer ? null : (
        <>
          <label htmlFor={`${id}-name`}>{text("review_form_name")}</label>
          <input id={`${id}-name`} name="name" required maxLength={REVIEW_NAME_MAX} autoComplete="name" aria-describedby={described("name", `${id}-name-hint`)} />
          <p id={`${id}-name-hint`} className="review-form__hint">
            {text("review_form_name_hint")}
          </p>
          {fieldError("name")}
          <label htmlFor={`${id}-email`}>{text("review_form_email")}</label>
          <input id={`${id}-email`} name="email" type="email" required maxLength={254} autoComplete="email" aria-describedby={described("email", `${id}-email-hint`)} />
          <p id={`${id}-email-hint`} className="review-form__hint">
            {text("review_form_email_hint")}
          </p>
          {fieldError("email")}
        </>
      )}
      <input className="review-form__trap" name="review_website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
      {fieldError("form")}
      <button type="submit" className="button" disabled={sending}>
        {sending ? text("review_form_sending") : text("review_form_submit")}
      </button>
    </form>
  );
}
