/**
 * A product alert's form on the product page, one for every kind: "Email me
 * when it's back" beside a sold-out variant (open, with a choice of variant
 * when none is chosen) and "Email me if the price drops" (folded in a
 * disclosure, opened when the page comes back with an outcome). The address
 * is prefilled for a signed-in customer, who follows at once with their own
 * address; a guest is asked to confirm by email. It posts as a plain form and
 * comes back with the outcome in the address; with scripts it answers in
 * place. The server names a bad field; the catalogue says it in the site's
 * language. The words are the same whether or not the address already follows.
 */
import { useId, useState } from "react";
import { useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { BACK_IN_STOCK_CONSENT, BACK_IN_STOCK_OUTCOME_PARAM, BACK_IN_STOCK_PATH } from "../../../core/catalog/back-in-stock.ts";
import { PRICE_DROP_CONSENT, PRICE_DROP_OUTCOME_PARAM, PRICE_DROP_PATH } from "../../../core/catalog/price-drop.ts";
import type { ProductAlertKind } from "../../../core/catalog/product-alerts.ts";
import type { VariantJson } from "../../../core/contract/shopify-types.ts";
import { type TextKey, useSitePath, useText } from "../../storefront/use-shop.ts";
import "../../styles/forms.css";
import "./product-alert.css";

interface Answer {
  errors: { field: string; message: string }[];
  status?: string;
}

/** What each kind posts to, its anchor, its robots' field, and its words. */
const KINDS: Record<
  ProductAlertKind,
  { path: string; param: string; anchor: string; robot: string; folded: boolean; title: TextKey; intro: TextKey | null; consent: TextKey; submit: TextKey; errorConsent: TextKey; outcomes: Record<string, TextKey> }
> = {
  back_in_stock: {
    path: BACK_IN_STOCK_PATH,
    param: BACK_IN_STOCK_OUTCOME_PARAM,
    anchor: "back-in-stock",
    robot: "bis_website",
    folded: false,
    title: "alert_back_in_stock_title",
    intro: null,
    consent: BACK_IN_STOCK_CONSENT,
    submit: "alert_back_in_stock_title",
    errorConsent: "alert_back_in_stock_error_consent",
    outcomes: {
      sent: "alert_back_in_stock_sent",
      confirmation_sent: "alert_back_in_stock_sent",
      following: "alert_back_in_stock_following",
      confirmed: "alert_back_in_stock_confirmed",
      already_confirmed: "alert_back_in_stock_already_confirmed",
    },
  },
  price_drop: {
    path: PRICE_DROP_PATH,
    param: PRICE_DROP_OUTCOME_PARAM,
    anchor: "price-drop",
    robot: "pd_website",
    folded: true,
    title: "price_drop_title",
    intro: "price_drop_intro",
    consent: PRICE_DROP_CONSENT,
    submit: "price_drop_submit",
    errorConsent: "price_drop_error_consent",
    outcomes: {
      sent: "price_drop_sent",
      confirmation_sent: "price_drop_sent",
      following: "price_drop_following",
      confirmed: "price_drop_confirmed",
      already_confirmed: "price_drop_confirmed",
      unfollowed: "price_drop_unfollowed",
    },
  },
};

/** What is followed: a variant (chosen, or one of the sold-out ones to pick) or a whole product. */
export type Followed = { kind: "back_in_stock"; variants: readonly VariantJson[]; chosen: VariantJson | undefined } | { kind: "price_drop"; productId: number };

export function ProductAlertForm({ followed }: { followed: Followed }) {
  const kind = KINDS[followed.kind];
  const id = useId();
  const text = useText();
  const onSite = useSitePath();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const root = useRouteLoaderData<{ customer: { email: string } | null }>("root");
  const [answer, setAnswer] = useState<{ status: number; email: string; body: Answer } | null>(null);
  const [sending, setSending] = useState(false);
  const outcome = searchParams.get(kind.param);
  const refused = (field: string) => answer?.body.errors.some((error) => error.field === field) ?? false;
  const fieldError = (field: "email" | "consent") => {
    if (!refused(field)) return undefined;
    if (field === "consent") return text(kind.errorConsent);
    return text(answer?.email.trim() ? "alert_error_email_invalid" : "alert_error_email_missing");
  };
  const formError = answer
    ? answer.status === 429
      ? text("alert_error_limit")
      : answer.status === 0
        ? text("alert_error_unreachable")
        : answer.body.errors.some((error) => error.field !== "email" && error.field !== "consent")
          ? text("alert_error")
          : undefined
    : outcome === "error"
      ? text("alert_error")
      : undefined;
  const doneKey = answer ? (answer.body.errors.length === 0 ? kind.outcomes[answer.body.status ?? "sent"] : undefined) : outcome ? kind.outcomes[outcome] : undefined;
  const returnTo = (() => {
    const params = new URLSearchParams(location.search);
    params.delete(kind.param);
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  })();

  const form = (
    <form
      id={kind.folded ? undefined : kind.anchor}
      className={kind.folded ? "product-alert__form" : "product-alert product-alert__form"}
      method="post"
      action={onSite(kind.path)}
      aria-label={text(kind.title)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const element = event.currentTarget;
        const data = new FormData(element);
        const email = String(data.get("email") ?? "");
        setSending(true);
        fetch(element.action, { method: "POST", headers: { accept: "application/json" }, body: new URLSearchParams(data as unknown as Record<string, string>) })
          .then(async (response) => setAnswer({ status: response.status, email, body: (await response.json()) as Answer }))
          .catch(() => setAnswer({ status: 0, email, body: { errors: [{ field: "form", message: "unreachable" }] } }))
          .finally(() => setSending(false));
      }}
    >
      {kind.folded ? null : <h2 className="product-alert__title">{text(kind.title)}</h2>}
      {kind.intro ? <p className="product-alert__intro">{text(kind.intro)}</p> : null}
      <input type="hidden" name="return_to" value={returnTo} />
      {followed.kind === "price_drop" ? (
        <input type="hidden" name="product_id" value={followed.productId} />
      ) : followed.chosen ? (
        <input type="hidden" name="id" value={followed.chosen.id} />
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-variant`}>
            {text("alert_back_in_stock_which")}
          </label>
          <select className="select" id={`${id}-variant`} name="id">
            {followed.variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {text("alert_email")}
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
      <label className="checkbox product-alert__consent">
        <input type="checkbox" name="consent" required aria-invalid={fieldError("consent") ? true : undefined} aria-describedby={fieldError("consent") ? `${id}-consent-error` : undefined} />
        <span>{text(kind.consent)}</span>
      </label>
      {fieldError("consent") ? (
        <p className="field__error" id={`${id}-consent-error`}>
          {fieldError("consent")}
        </p>
      ) : null}
      <div className="form-trap" aria-hidden="true">
        <label>
          {text("newsletter_leave_empty")}
          <input type="text" name={kind.robot} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <button className="button button--secondary button--wide" type="submit" disabled={sending}>
        {sending ? text("alert_sending") : text(kind.submit)}
      </button>
      <div role="status" className="product-alert__status">
        {formError ? <p className="field__error">{formError}</p> : doneKey ? <p>{text(doneKey)}</p> : null}
      </div>
    </form>
  );
  if (!kind.folded) return form;
  return (
    <details className="product-alert product-alert--folded" id={kind.anchor} open={outcome ? true : undefined}>
      <summary className="product-alert__summary">{text(kind.title)}</summary>
      {form}
    </details>
  );
}
