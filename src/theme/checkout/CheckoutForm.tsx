import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { OrderJson } from "../../core/storefront.ts";
import { getCart } from "../storefront/cart-api.ts";
import { announceCart } from "../storefront/cart-events.ts";
import { useLocaleText } from "../cart/use-locale-text.ts";
import { SHIPPING_COUNTRIES, checkoutBody } from "./shipping.ts";

export interface CheckoutProblem {
  description: string;
  errors: Record<string, string[]>;
  values?: Record<string, string>;
}

interface FieldProps {
  name: string;
  label: string;
  problem: CheckoutProblem | null;
  type?: string;
  autoComplete: string;
  required?: boolean;
  hint?: string;
}

/** A labelled input with the shop's error for it beside it (aria-invalid, aria-describedby). */
function Field({ name, label, problem, type = "text", autoComplete, required = true, hint }: FieldProps) {
  const messages = problem?.errors[name] ?? [];
  const described = [hint ? `${name}-hint` : null, messages.length ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`field field--${name}`}>
      <label className="field__label" htmlFor={`checkout-${name}`}>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      <input
        className="field__input"
        id={`checkout-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        defaultValue={problem?.values?.[name] ?? ""}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p className="field__hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {messages.length ? (
        <p className="field__error" id={`${name}-error`}>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Contact and delivery details. With JavaScript it posts JSON to
 * /checkout.json and goes to the order's page; without it, it is a plain form
 * posting to /checkout, which the route's action answers the same way.
 */
export function CheckoutForm({ initialProblem, testMode }: { initialProblem: CheckoutProblem | null; testMode: boolean }) {
  const [problem, setProblem] = useState<CheckoutProblem | null>(initialProblem);
  const [seenInitial, setSeenInitial] = useState(initialProblem);
  const [placing, setPlacing] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const text = useLocaleText();
  if (seenInitial !== initialProblem) {
    setSeenInitial(initialProblem);
    setProblem(initialProblem);
  }

  async function place(form: HTMLFormElement) {
    setPlacing(true);
    const body = checkoutBody(new FormData(form));
    try {
      const response = await fetch("/checkout.json", {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as { order?: OrderJson; description?: string; errors?: Record<string, string[]> } | null;
      if (response.ok && answer?.order) {
        // The cart is empty now: tell the header and other tabs.
        void getCart().then(announceCart, () => undefined);
        navigate(`/orders/${answer.order.token}`);
        return;
      }
      const values = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)]));
      setProblem({ description: answer?.description ?? text("cart_error_generic"), errors: answer?.errors ?? {}, values });
    } catch {
      setProblem({ description: "We could not reach the shop. Check your connection and try again.", errors: {} });
    }
    setPlacing(false);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  const errorCount = Object.keys(problem?.errors ?? {}).length;
  return (
    <form
      className="checkout-form"
      method="post"
      action="/checkout"
      // A new answer from the shop re-creates the fields with the values sent.
      key={problem ? JSON.stringify(problem.values ?? {}) : "blank"}
      onSubmit={(event) => {
        event.preventDefault();
        if (!placing) void place(event.currentTarget);
      }}
    >
      <div className="checkout-form__problem" ref={summaryRef} tabIndex={-1} role={problem ? "alert" : undefined}>
        {problem ? (
          <>
            <p>{problem.description}</p>
            {errorCount ? <p>{errorCount === 1 ? "1 field needs attention." : `${errorCount} fields need attention.`}</p> : null}
          </>
        ) : null}
      </div>
      <fieldset className="checkout-form__section">
        <legend>Contact</legend>
        <Field name="email" label="Email" type="email" autoComplete="email" problem={problem} />
        <div className="checkout-form__phone">
          <Field name="phone" label="Phone" type="tel" autoComplete="tel" required={false} problem={problem} hint="For delivery updates." />
          <div className="checkbox">
            <input id="checkout-sms_opt_in" type="checkbox" name="sms_opt_in" defaultChecked={["true", "on"].includes(problem?.values?.sms_opt_in ?? "")} />
            <label htmlFor="checkout-sms_opt_in">Text me with news and offers</label>
          </div>
        </div>
      </fieldset>
      <fieldset className="checkout-form__section">
        <legend>Delivery</legend>
        <div className="field field--country">
          <label className="field__label" htmlFor="checkout-country">
            Country
          </label>
          <select
            className="select field__input"
            id="checkout-country"
            name="country"
            autoComplete="country"
            required
            defaultValue={problem?.values?.country ?? "GB"}
            aria-invalid={problem?.errors.country ? true : undefined}
            aria-describedby={problem?.errors.country ? "country-error" : undefined}
          >
            {SHIPPING_COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          {problem?.errors.country ? (
            <p className="field__error" id="country-error">
              {problem.errors.country.join(" ")}
            </p>
          ) : null}
        </div>
        <div className="checkout-form__pair">
          <Field name="first_name" label="First name" autoComplete="given-name" problem={problem} />
          <Field name="last_name" label="Last name" autoComplete="family-name" problem={problem} />
        </div>
        <Field name="address1" label="Address" autoComplete="address-line1" problem={problem} />
        <Field name="address2" label="Apartment, suite, etc." autoComplete="address-line2" required={false} problem={problem} />
        <div className="checkout-form__pair">
          <Field name="city" label="City" autoComplete="address-level2" problem={problem} />
          <Field name="province" label="County / State" autoComplete="address-level1" required={false} problem={problem} />
        </div>
        <Field name="zip" label="Postcode" autoComplete="postal-code" problem={problem} />
      </fieldset>
      {testMode ? <p className="checkout-form__test">Test mode: no payment is taken. Placing the order reserves the stock and empties your cart.</p> : null}
      <button className="button button--wide" type="submit" aria-disabled={placing || undefined}>
        {placing ? "Placing order…" : text("place_order")}
      </button>
    </form>
  );
}
