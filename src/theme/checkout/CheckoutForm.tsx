import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { SHIPPING_COUNTRIES, SMS_CONSENT_TEXT, type ShippingMethodCode } from "../../core/checkout/checkout.ts";
import { type QuotedRate, deliveryDays } from "../../core/checkout/shipping-rates.ts";
import { PAYMENT_WORDS } from "./payment-words.ts";
import { useMoney } from "../storefront/use-shop.ts";
import { useLocaleText } from "../cart/use-locale-text.ts";
import "../styles/forms.css";

/** Why the shop did not place the order, with the values sent so the form shows them again. */
export interface CheckoutProblem {
  /** Empty when the shop gave no reason (the shop's generic error is shown). */
  description: string;
  errors: Record<string, string[]>;
  values?: Record<string, string>;
  /** The cart holds a subscription and nobody is signed in. */
  signInRequired?: boolean;
}

interface FieldProps {
  name: string;
  label: string;
  problem: CheckoutProblem | null;
  /** What the field starts with before any answer: a logged-in customer's details. */
  prefill?: Record<string, string> | null | undefined;
  type?: string;
  autoComplete: string;
  required?: boolean;
  hint?: string;
}

/** A labelled input with the shop's error for it beside it (aria-invalid, aria-describedby). */
function Field({ name, label, problem, prefill, type = "text", autoComplete, required = true, hint }: FieldProps) {
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
        defaultValue={problem?.values?.[name] ?? prefill?.[name] ?? ""}
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

/** The state or province an order's sales tax is worked out for: a required choice from the shop's table. */
function TaxRegionField({
  regions,
  canadian,
  problem,
  prefill,
  onProvince,
}: {
  regions: { code: string; name: string }[];
  canadian: boolean;
  problem: CheckoutProblem | null;
  prefill: Record<string, string> | null | undefined;
  onProvince: (province: string) => void;
}) {
  const messages = problem?.errors.province ?? [];
  const given = problem?.values?.province ?? prefill?.province ?? "";
  const known = regions.find((region) => region.code === given.toUpperCase() || region.name.toLowerCase() === given.toLowerCase());
  return (
    <div className="field field--province">
      <label className="field__label" htmlFor="checkout-province">
        {canadian ? "Province" : "State"}
      </label>
      <select
        className="field__input select"
        id="checkout-province"
        name="province"
        autoComplete="address-level1"
        required
        defaultValue={known?.code ?? ""}
        onChange={(event) => onProvince(event.currentTarget.value)}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? "province-error" : undefined}
      >
        <option value="">{canadian ? "Choose a province" : "Choose a state"}</option>
        {regions.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </select>
      {messages.length ? (
        <p className="field__error" id="province-error">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Contact and delivery details, a form posting to the checkout route's
 * action. Without JavaScript the browser posts it and the page comes back
 * with the shop's answer; with JavaScript a fetcher sends it to the same
 * action, and the shop's refusal is shown in place (focus moves to it) while
 * a placed order goes to its page.
 */
/** The delivery methods the chosen country offers, priced for this cart, and which one is chosen. */
export interface DeliveryChoice {
  /** The country the summary is priced for, which the form starts with. */
  country: string;
  /** Where tax is added by state or province: the chosen country's, as a required choice; null where a free "County / State" field serves. */
  taxRegions: { code: string; name: string }[] | null;
  onProvince: (province: string) => void;
  rates: QuotedRate[];
  chosen: ShippingMethodCode;
  onCountry: (country: string) => void;
  onMethod: (method: ShippingMethodCode) => void;
}

export function CheckoutForm({
  initialProblem,
  prefill = null,
  testMode,
  payments = false,
  delivery,
}: {
  initialProblem: CheckoutProblem | null;
  prefill?: Record<string, string> | null;
  testMode: boolean;
  /** Whether the shopper pays on the payment provider's page after placing the order. */
  payments?: boolean;
  delivery: DeliveryChoice;
}) {
  const money = useMoney();
  const fetcher = useFetcher<CheckoutProblem>();
  const problem = fetcher.data ?? initialProblem;
  const placing = fetcher.state !== "idle";
  const summaryRef = useRef<HTMLDivElement>(null);
  const text = useLocaleText();

  useEffect(() => {
    if (fetcher.data) summaryRef.current?.focus();
  }, [fetcher.data]);

  const errorCount = Object.keys(problem?.errors ?? {}).length;
  return (
    <fetcher.Form
      className="checkout-form"
      method="post"
      action="/checkout"
      // A new answer from the shop re-creates the fields with the values sent.
      key={problem ? JSON.stringify(problem.values ?? {}) : "blank"}
      onSubmit={(event) => {
        // One order at a time: a second press while placing sends nothing.
        if (placing) event.preventDefault();
      }}
    >
      <div className="checkout-form__problem" ref={summaryRef} tabIndex={-1} role={problem ? "alert" : undefined}>
        {problem ? (
          <>
            {problem.signInRequired ? (
              <p>
                {text("subscription_checkout_sign_in")} <a href="/account/login">{text("subscription_checkout_log_in")}</a> ·{" "}
                <a href="/account/register">{text("subscription_checkout_register")}</a>
              </p>
            ) : (
              <p>{problem.description || text("cart_error_generic")}</p>
            )}
            {errorCount ? <p>{errorCount === 1 ? "1 field needs attention." : `${errorCount} fields need attention.`}</p> : null}
          </>
        ) : null}
      </div>
      <fieldset className="checkout-form__section">
        <legend>Contact</legend>
        <Field name="email" label="Email" type="email" autoComplete="email" problem={problem} prefill={prefill} />
        <div className="checkout-form__phone">
          <Field name="phone" label="Phone" type="tel" autoComplete="tel" required={false} problem={problem} prefill={prefill} hint="For delivery updates." />
          <div className="checkbox">
            <input id="checkout-sms_opt_in" type="checkbox" name="sms_opt_in" defaultChecked={["true", "on"].includes(problem?.values?.sms_opt_in ?? "")} />
            <label htmlFor="checkout-sms_opt_in">{SMS_CONSENT_TEXT}</label>
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
            defaultValue={delivery.country}
            onChange={(event) => delivery.onCountry(event.currentTarget.value)}
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
          <Field name="first_name" label="First name" autoComplete="given-name" problem={problem} prefill={prefill} />
          <Field name="last_name" label="Last name" autoComplete="family-name" problem={problem} prefill={prefill} />
        </div>
        <Field name="address1" label="Address" autoComplete="address-line1" problem={problem} prefill={prefill} />
        <Field name="address2" label="Apartment, suite, etc." autoComplete="address-line2" required={false} problem={problem} prefill={prefill} />
        <div className="checkout-form__pair">
          <Field name="city" label="City" autoComplete="address-level2" problem={problem} prefill={prefill} />
          {delivery.taxRegions ? (
            <TaxRegionField regions={delivery.taxRegions} canadian={delivery.country === "CA"} problem={problem} prefill={prefill} onProvince={delivery.onProvince} />
          ) : (
            <Field name="province" label="County / State" autoComplete="address-level1" required={false} problem={problem} prefill={prefill} />
          )}
        </div>
        <Field name="zip" label="Postcode" autoComplete="postal-code" problem={problem} prefill={prefill} />
      </fieldset>
      <fieldset className="checkout-form__section checkout-form__methods" aria-describedby={problem?.errors.shipping_method ? "shipping_method-error" : undefined}>
        <legend>Delivery method</legend>
        {problem?.errors.shipping_method ? (
          <p className="field__error" id="shipping_method-error">
            {problem.errors.shipping_method.join(" ")}
          </p>
        ) : null}
        {delivery.rates.map((rate) => (
          <label key={rate.code} className="checkout-form__method">
            <input
              type="radio"
              name="shipping_method"
              value={rate.code}
              checked={rate.code === delivery.chosen}
              onChange={() => delivery.onMethod(rate.code)}
            />
            <span className="checkout-form__method-name">
              {rate.name}
              <span className="checkout-form__method-days">{deliveryDays(rate.days)}</span>
            </span>
            <span className="checkout-form__method-price">{rate.price === 0 ? "Free" : money(rate.price)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="checkout-form__section">
        <legend>Payment</legend>
        <Field name="gift_card" label="Gift card code" autoComplete="off" required={false} problem={problem} prefill={prefill} hint="Its balance pays first; any remainder is paid as usual." />
      </fieldset>
      {testMode ? <p className="checkout-form__test">Test mode: no payment is taken. Placing the order reserves the stock and empties your cart.</p> : null}
      {payments ? <p className="checkout-form__test">{PAYMENT_WORDS.checkoutProvider}</p> : null}
      <button className="button button--wide" type="submit" aria-disabled={placing || undefined}>
        {placing ? "Placing order…" : payments ? PAYMENT_WORDS.placeProviderOrder : text("place_order")}
      </button>
    </fetcher.Form>
  );
}
