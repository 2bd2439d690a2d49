/**
 * "Email me if the price drops" on the product page: a disclosure with the
 * address (prefilled for a signed-in customer), the consent line and one
 * button. It posts as a plain form and comes back with the outcome in the
 * address; with scripts it answers in place. A guest is asked to confirm by
 * email; a customer following with their own address follows at once.
 */
import { useId, useState } from "react";
import { useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { PRICE_DROP_OUTCOME_PARAM, PRICE_DROP_PATH } from "../../core/catalog/price-drop.ts";
import { type TextKey, useSitePath, useText } from "../storefront/use-shop.ts";
import "../styles/forms.css";
import "./price-drop.css";

interface Answer {
  errors: { field: string; message: string }[];
  status?: string;
}

/** What each outcome (a script's answer, a plain post coming back, a link from an email) tells the shopper. */
const OUTCOME_TEXT: Record<string, TextKey> = {
  sent: "price_drop_sent",
  confirmation_sent: "price_drop_sent",
  following: "price_drop_following",
  confirmed: "price_drop_confirmed",
  already_confirmed: "price_drop_confirmed",
  unfollowed: "price_drop_unfollowed",
};

/** A field's error in the shop's words; the server names the field, the catalogue says it in the site's language. */
const FIELD_ERROR: Record<string, TextKey> = { email: "price_drop_error_email", consent: "price_drop_error_consent" };

export function PriceDropForm({ productId }: { productId: number }) {
  const id = useId();
  const text = useText();
  const onSite = useSitePath();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const root = useRouteLoaderData<{ customer: { email: string } | null }>("root");
  const [answer, setAnswer] = useState<{ status: number; body: Answer } | null>(null);
  const [sending, setSending] = useState(false);
  const outcome = searchParams.get(PRICE_DROP_OUTCOME_PARAM);
  const fieldError = (field: string) => (answer?.body.errors.some((error) => error.field === field) ? text(FIELD_ERROR[field] ?? "price_drop_error") : undefined);
  const formError = answer
    ? answer.status === 429
      ? text("price_drop_error_limit")
      : answer.body.errors.some((error) => !(error.field in FIELD_ERROR))
        ? text("price_drop_error")
        : undefined
    : outcome === "error"
      ? text("price_drop_error")
      : undefined;
  const doneKey = answer ? (answer.body.errors.length === 0 ? OUTCOME_TEXT[answer.body.status ?? "sent"] : undefined) : outcome ? OUTCOME_TEXT[outcome] : undefined;
  const returnTo = (() => {
    const params = new URLSearchParams(location.search);
    params.delete(PRICE_DROP_OUTCOME_PARAM);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  })();

  return (
    <details className="price-drop" id="price-drop" open={outcome ? true : undefined}>
      <summary className="price-drop__summary">{text("price_drop_title")}</summary>
      <form
        className="price-drop__form"
        method="post"
        action={onSite(PRICE_DROP_PATH)}
        aria-label={text("price_drop_title")}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          setSending(true);
          fetch(form.action, { method: "POST", headers: { accept: "application/json" }, body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>) })
            .then(async (response) => setAnswer({ status: response.status, body: (await response.json()) as Answer }))
            .catch(() => setAnswer({ status: 0, body: { errors: [{ field: "form", message: "unreachable" }] } }))
            .finally(() => setSending(false));
        }}
      >
        <p className="price-drop__intro">{text("price_drop_intro")}</p>
        <input type="hidden" name="return_to" value={returnTo} />
        <input type="hidden" name="product_id" value={productId} />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {text("price_drop_email")}
          </label>
          <input
            className="field__input"
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={root?.customer?.email ?? ""}
            aria-invalid={fieldError("email") ? true : undefined}
            aria-describedby={fieldError("email") ? `${id}-email-error` : undefined}
          />
          {fieldError("email") ? (
            <p className="field__error" id={`${id}-email-error`}>
              {fieldError("email")}
            </p>
          ) : null}
        </div>
        <label className="checkbox price-drop__consent">
          <input type="checkbox" name="consent" required aria-invalid={fieldError("consent") ? true : undefined} aria-describedby={fieldError("consent") ? `${id}-consent-error` : undefined} />
          <span>{text("price_drop_consent")}</span>
        </label>
        {fieldError("consent") ? (
          <p className="field__error" id={`${id}-consent-error`}>
            {fieldError("consent")}
          </p>
        ) : null}
        <div className="form-trap" aria-hidden="true">
          <label>
            Leave this empty
            <input type="text" name="pd_website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <button className="button button--secondary button--wide" type="submit" disabled={sending}>
          {sending ? text("price_drop_sending") : text("price_drop_submit")}
        </button>
        <div role="status" className="price-drop__status">
          {formError ? <p className="field__error">{formError}</p> : doneKey ? <p>{text(doneKey)}</p> : null}
        </div>
      </form>
    </details>
  );
}
