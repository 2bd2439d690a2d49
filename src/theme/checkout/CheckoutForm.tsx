import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { SHIPPING_COUNTRIES, SMS_CONSENT, type ShippingMethodCode, countryNameIn } from "../../core/checkout/checkout.ts";
import type { QuotedRate } from "../../core/checkout/shipping-rates.ts";
import { useMoney, useShop } from "../storefront/use-shop.ts";
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
  /** The shop could not be reached (a network failure, seen in the browser). */
  offline?: boolean;
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
  const text = useLocaleText();
  const messages = problem?.errors[name] ?? [];
  const described = [hint ? `${name}-hint` : null, messages.length ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`field field--${name}`}>
      <label className="field__label" htmlFor={`checkout-${name}`}>
        {label}
        {required ? null : <span className="field__optional"> {text("checkout_optional")}</span>}
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
  const text = useLocaleText();
  const messages = problem?.errors.province ?? [];
  const given = problem?.values?.province ?? prefill?.province ?? "";
  const known = regions.find((region) => region.code === given.toUpperCase() || region.name.toLowerCase() === given.toLowerCase());
  return (
    <div className="field field--province">
      <label className="field__label" htmlFor="checkout-province">
        {text(canadian ? "checkout_province" : "checkout_state")}
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
        <option value="">{text(canadian ? "checkout_choose_province" : "checkout_choose_state")}</option>
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
  const { language = "en-GB" } = useShop();

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
            <p>{problem.offline ? text("checkout_offline") : problem.description || text("cart_error_generic")}</p>
            {errorCount ? <p>{text("checkout_fields_need_attention", { count: errorCount })}</p> : null}
          </>
        ) : null}
      </div>
      <fieldset className="checkout-form__section">
        <legend>{text("checkout_contact")}</legend>
        <Field name="email" label={text("checkout_email")} type="email" autoComplete="email" problem={problem} prefill={prefill} />
        <div className="checkout-form__phone">
          <Field name="phone" label={text("checkout_phone")} type="tel" autoComplete="tel" required={false} problem={problem} prefill={prefill} hint={text("checkout_phone_hint")} />
          <div className="checkbox">
            <input id="checkout-sms_opt_in" type="checkbox" name="sms_opt_in" defaultChecked={["true", "on"].includes(problem?.values?.sms_opt_in ?? "")} />
            <label htmlFor="checkout-sms_opt_in">{text(SMS_CONSENT)}</label>
          </div>
        </div>
      </fieldset>
      <fieldset className="checkout-form__section">
        <legend>{text("checkout_delivery")}</legend>
        <div className="field field--country">
          <label className="field__label" htmlFor="checkout-country">
            {text("checkout_country")}
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
                {countryNameIn(country.code, language)}
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
          <Field name="first_name" label={text("checkout_first_name")} autoComplete="given-name" problem={problem} prefill={prefill} />
          <Field name="last_name" label={text("checkout_last_name")} autoComplete="family-name" problem={problem} prefill={prefill} />
        </div>
        <Field name="address1" label={text("checkout_address1")} autoComplete="address-line1" problem={problem} prefill={prefill} />
        <Field name="address2" label={text("checkout_address2")} autoComplete="address-line2" required={false} problem={problem} prefill={prefill} />
        <div className="checkout-form__pair">
          <Field name="city" label={text("checkout_city")} autoComplete="address-level2" problem={problem} prefill={prefill} />
          {delivery.taxRegions ? (
            <TaxRegionField regions={delivery.taxRegions} canadian={delivery.country === "CA"} problem={problem} prefill={prefill} onProvince={delivery.onProvince} />
          ) : (
            <Field name="province" label={text("checkout_county")} autoComplete="address-level1" required={false} problem={problem} prefill={prefill} />
          )}
        </div>
        <Field name="zip" label={text("checkout_postcode")} autoComplete="postal-code" problem={problem} prefill={prefill} />
      </fieldset>
      <fieldset className="checkout-form__section checkout-form__methods" aria-describedby={problem?.errors.shipping_method ? "shipping_method-error" : undefined}>
        <legend>{text("checkout_delivery_method")}</legend>
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
              {text(rate.code === "express" ? "checkout_method_express" : "checkout_method_standard")}
              <span className="checkout-form__method-days">{rate.days[0] === rate.days[1] ? text("checkout_working_days", { count: rate.days[0] }) : text("checkout_working_days_range", { fewest: rate.days[0], most: rate.days[1] })}</span>
            </span>
            <span className="checkout-form__method-price">{rate.price === 0 ? text("free") : money(rate.price)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="checkout-form__section">
        <legend>{text("checkout_payment")}</legend>
        <Field name="gift_card" label={text("checkout_gift_card")} autoComplete="off" required={false} problem={problem} prefill={prefill} hint={text("checkout_gift_card_hint")} />
      </fieldset>
      {testMode ? <p className="checkout-form__test">{text("checkout_test_mode")}</p> : null}
      {payments ? <p className="checkout-form__test">{text("payment_checkout_provider")}</p> : null}
      <button className="button button--wide" type="submit" aria-disabled={placing || undefined}>
        {placing ? text("checkout_placing") : payments ? text("payment_continue") : text("place_order")}
      </button>
    </fetcher.Form>
  );
}
