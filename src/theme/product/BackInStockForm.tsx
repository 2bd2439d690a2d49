/**
 * "Email me when it's back" beside a sold-out variant: the address
 * (prefilled for a logged-in customer), the consent line and one button. It
 * posts as a plain form and comes back with the outcome in the address; with
 * scripts it answers in place. The words are the same whether or not the
 * address was already waiting.
 */
import { useId, useState } from "react";
import { useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import {
  BACK_IN_STOCK_CONSENT_TEXT,
  BACK_IN_STOCK_OUTCOME_PARAM,
  BACK_IN_STOCK_PATH,
  BACK_IN_STOCK_SENT_TEXT,
} from "../../core/catalog/back-in-stock.ts";
import type { VariantJson } from "../../core/contract/shopify-types.ts";
import { useSitePath } from "../storefront/use-shop.ts";
import "../styles/forms.css";
import "./back-in-stock.css";

interface Answer {
  errors: { field: string; message: string }[];
  status?: string;
}

/** What the address's outcome (a plain post coming back, a confirmation link) tells the shopper. */
const OUTCOME_TEXT: Record<string, string> = {
  sent: BACK_IN_STOCK_SENT_TEXT,
  error: "We could not take your request. Please check your email address, tick the box and try again.",
  confirmed: "Thank you, your alert is confirmed: we will email you once when it is back.",
  already_confirmed: "Your alert was already confirmed: we will email you once when it is back.",
};

export function BackInStockForm({ variants, chosen }: { variants: readonly VariantJson[]; chosen: VariantJson | undefined }) {
  const id = useId();
  const onSite = useSitePath();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const root = useRouteLoaderData<{ customer: { email: string } | null }>("root");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);
  const outcome = searchParams.get(BACK_IN_STOCK_OUTCOME_PARAM);
  const errorFor = (field: string) => answer?.errors.find((error) => error.field === field)?.message;
  // A plain post that came back refused names no field: the whole form's error says what to check.
  const formError = answer ? answer.errors.find((error) => error.field !== "email" && error.field !== "consent")?.message : outcome === "error" ? OUTCOME_TEXT.error : undefined;
  const done = answer ? (answer.errors.length === 0 ? BACK_IN_STOCK_SENT_TEXT : null) : outcome && outcome !== "error" ? (OUTCOME_TEXT[outcome] ?? null) : null;
  const returnTo = (() => {
    const params = new URLSearchParams(location.search);
    params.delete(BACK_IN_STOCK_OUTCOME_PARAM);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  })();

  return (
    <form
      id="back-in-stock"
      className="back-in-stock"
      method="post"
      action={onSite(BACK_IN_STOCK_PATH)}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        setSending(true);
        fetch(form.action, { method: "POST", headers: { accept: "application/json" }, body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>) })
          .then(async (response) => setAnswer((await response.json()) as Answer))
          .catch(() => setAnswer({ errors: [{ field: "form", message: "We could not reach the shop. Please check your connection and try again." }] }))
          .finally(() => setSending(false));
      }}
    >
      <h2 className="back-in-stock__title" id={`${id}-title`}>
        Email me when it's back
      </h2>
      <input type="hidden" name="return_to" value={returnTo} />
      {chosen ? (
        <input type="hidden" name="id" value={chosen.id} />
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-variant`}>
            Which one
          </label>
          <select className="select" id={`${id}-variant`} name="id">
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          className="field__input"
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={root?.customer?.email ?? ""}
          aria-invalid={errorFor("email") ? true : undefined}
          aria-describedby={errorFor("email") ? `${id}-email-error` : undefined}
        />
        {errorFor("email") ? (
          <p className="field__error" id={`${id}-email-error`}>
            {errorFor("email")}
          </p>
        ) : null}
      </div>
      <label className="checkbox back-in-stock__consent">
        <input type="checkbox" name="consent" required aria-invalid={errorFor("consent") ? true : undefined} aria-describedby={errorFor("consent") ? `${id}-consent-error` : undefined} />
        <span>{BACK_IN_STOCK_CONSENT_TEXT}</span>
      </label>
      {errorFor("consent") ? (
        <p className="field__error" id={`${id}-consent-error`}>
          {errorFor("consent")}
        </p>
      ) : null}
      <div className="form-trap" aria-hidden="true">
        <label>
          Leave this empty
          <input type="text" name="bis_website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <button className="button button--secondary button--wide" type="submit" disabled={sending}>
        {sending ? "Sending…" : "Email me when it's back"}
      </button>
      <div role="status" className="back-in-stock__status">
        {formError ? <p className="field__error">{formError}</p> : done ? <p>{done}</p> : null}
      </div>
    </form>
  );
}
