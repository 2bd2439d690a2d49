import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { BOOKING_DAYS_AHEAD, BOOKING_SLOTS, type BookingType } from "../../../core/booking/booking-options.ts";
import type { RoutineSettings } from "../../../core/builders/builder-settings.ts";
import { AccountField, fieldId } from "../../accounts/AccountField.tsx";
import { useHydrated } from "../../ui/use-hydrated.ts";
import { ErrorSummary } from "../../accounts/ErrorSummary.tsx";
import type { AccountProblem } from "../../accounts/answer.ts";
import { useText } from "../../storefront/use-shop.ts";

/** The action's answer to a booking. */
export type BookingResult = { booked: { reference: string; email: string; type: BookingType } } | { problem: AccountProblem };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function SelectField({ field, label, options, problem, required, defaultValue }: { field: string; label: string; options: readonly { value: string; label: string }[]; problem: AccountProblem | null; required: boolean; defaultValue?: string }) {
  const text = useText();
  const id = fieldId(field);
  const messages = problem?.errors[field] ?? [];
  return (
    <div className={`field field--${field}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select className="select field__input" id={id} name={field} required={required} defaultValue={problem?.values[field] ?? defaultValue ?? ""} aria-invalid={messages.length > 0 || undefined} aria-describedby={messages.length ? `${id}-error` : undefined}>
        <option value="" disabled>
          {text("booking_choose")}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {messages.length ? (
        <p className="field__error" id={`${id}-error`}>
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The free consultation's booking form: a dropdown of the ways to talk,
 * which shows that way's own fields. A plain form post without JavaScript
 * (every way's fields show, the chosen one counts); with it, a fetcher.
 */
export function BookingForm({ booking, action, initial, onBooked }: { booking: RoutineSettings["booking"]; action: string; initial: BookingResult | null; onBooked?: () => void }) {
  const fetcher = useFetcher<BookingResult>();
  const text = useText();
  // Each field's label, which the error summary names too.
  const labels: Record<string, string> = {
    type: text("booking_type"),
    name: text("booking_name"),
    email: text("booking_email"),
    date: text("booking_date"),
    time: text("booking_time"),
    store: text("booking_store"),
    message: text("booking_message"),
  };
  // Without JavaScript every way's fields show and none is required; the chosen way's count.
  const hydrated = useHydrated();
  const result = fetcher.data ?? initial;
  const problem = result && "problem" in result ? result.problem : null;
  const [type, setType] = useState<string>(problem?.values.type ?? booking.forms[0]?.type ?? "video");
  const confirmation = useRef<HTMLDivElement>(null);
  const chosen = booking.forms.find((form) => form.type === type);
  const today = new Date();
  const min = isoDay(new Date(today.getTime() + 86_400_000));
  const max = isoDay(new Date(today.getTime() + BOOKING_DAYS_AHEAD * 86_400_000));

  useEffect(() => {
    if (result && "booked" in result) {
      confirmation.current?.focus();
      onBooked?.();
    }
  }, [result, onBooked]);

  if (result && "booked" in result) {
    return (
      <div className="booking__done" ref={confirmation} tabIndex={-1} role="status">
        <h3 className="booking__done-title">{text("booking_done_title")}</h3>
        <p>
          {text("booking_done_reference")} <strong>{result.booked.reference}</strong>. {text("booking_done_emailed", { email: result.booked.email })}
        </p>
      </div>
    );
  }

  const group = (kind: BookingType) => `booking__group ${type === kind ? "is-chosen" : ""}`;
  const off = (kind: BookingType) => hydrated && type !== kind;
  // The chosen way's date field is the one the error summary links to.
  const dateId = (kind: BookingType) => (type === kind ? fieldId("date") : `booking-${kind}-date`);
  return (
    <fetcher.Form method="post" action={action} className="booking__form account-form" noValidate={false}>
      <input type="hidden" name="intent" value="book" />
      <ErrorSummary problem={problem} labels={labels} />
      <div className="field field--type">
        <label className="field__label" htmlFor={fieldId("type")}>
          {labels.type}
        </label>
        <select className="select field__input" id={fieldId("type")} name="type" value={type} onChange={(event) => setType(event.target.value)} aria-describedby="booking-type-hint">
          {booking.forms.map((form) => (
            <option key={form.type} value={form.type}>
              {form.label}
            </option>
          ))}
        </select>
        <p className="field__hint" id="booking-type-hint" aria-live="polite">
          {chosen?.description}
        </p>
      </div>
      <AccountField name="name" field="name" label={labels.name ?? ""} problem={problem} autoComplete="name" maxLength={80} />
      <AccountField name="email" field="email" label={labels.email ?? ""} problem={problem} type="email" autoComplete="email" />
      {booking.forms.some((form) => form.type === "video") ? (
        <fieldset className={group("video")} disabled={off("video")}>
          <legend className="booking__legend">{text("booking_video")}</legend>
          <div className="checkout-form__pair">
            <div className="field field--date">
              <label className="field__label" htmlFor={dateId("video")}>
                {labels.date}
              </label>
              <input className="field__input" id={dateId("video")} name="video_date" type="date" min={min} max={max} required={hydrated} defaultValue={problem?.values.video_date ?? ""} />
              {type === "video" && problem?.errors.date ? <p className="field__error">{problem.errors.date.join(" ")}</p> : null}
            </div>
            <SelectField field="time" label={labels.time ?? ""} options={BOOKING_SLOTS.map((slot) => ({ value: slot, label: slot }))} problem={problem} required={hydrated} />
          </div>
        </fieldset>
      ) : null}
      {booking.forms.some((form) => form.type === "in-store") && booking.stores.length ? (
        <fieldset className={group("in-store")} disabled={off("in-store")}>
          <legend className="booking__legend">{text("booking_in_store")}</legend>
          <SelectField field="store" label={labels.store ?? ""} options={booking.stores.map((store) => ({ value: store, label: store }))} problem={problem} required={hydrated} />
          <div className="field field--date">
            <label className="field__label" htmlFor={dateId("in-store")}>
              {labels.date}
            </label>
            <input className="field__input" id={dateId("in-store")} name="store_date" type="date" min={min} max={max} required={hydrated} defaultValue={problem?.values.store_date ?? ""} />
              {type === "in-store" && problem?.errors.date ? <p className="field__error">{problem.errors.date.join(" ")}</p> : null}
          </div>
        </fieldset>
      ) : null}
      {booking.forms.some((form) => form.type === "email") ? (
        <fieldset className={group("email")} disabled={off("email")}>
          <legend className="booking__legend">{text("booking_by_email")}</legend>
          <div className="field field--message">
            <label className="field__label" htmlFor={fieldId("message")}>
              {labels.message}
            </label>
            <textarea className="field__input booking__message" id={fieldId("message")} name="message" rows={4} maxLength={2000} required={hydrated} defaultValue={problem?.values.message ?? ""} />
            {problem?.errors.message ? (
              <p className="field__error" id={`${fieldId("message")}-error`}>
                {problem.errors.message.join(" ")}
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      <button className="button" type="submit" aria-disabled={fetcher.state !== "idle" || undefined}>
        {fetcher.state === "idle" ? text("booking_submit") : text("booking_submitting")}
      </button>
    </fetcher.Form>
  );
}
