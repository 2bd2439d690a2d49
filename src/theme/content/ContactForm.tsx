import { Form } from "react-router";
import { CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_PATH } from "../../core/content/contact.ts";
import { AccountField, fieldId } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { SubmitButton } from "../accounts/SubmitButton.tsx";
import type { AccountProblem } from "../accounts/answer.ts";
import { useText } from "../storefront/use-shop.ts";
import "../styles/forms.css";
import "../accounts/account.css";


/**
 * Shopify's contact form (`form_type=contact`), posted to `/contact`: it
 * works as a plain form; with scripts it posts without leaving the page.
 * The hidden field is left empty by people and filled by robots.
 */
export function ContactForm({ problem, sent }: { problem: AccountProblem | null; sent: boolean }) {
  const bodyId = fieldId("body");
  const bodyErrors = problem?.errors.body ?? [];
  const text = useText();
  const labels = { name: text("contact_name"), email: text("checkout_email"), phone: text("contact_phone"), orderNumber: text("contact_order_number"), body: text("contact_message") };
  return (
    <section className="contact" id="contact_form" aria-labelledby="contact-title">
      <h2 className="contact__title" id="contact-title">
        {text("contact_title")}
      </h2>
      {sent && !problem ? (
        <p className="account-notice" role="status">
          {text("contact_sent")}
        </p>
      ) : null}
      <ErrorSummary problem={problem} labels={labels} />
      <Form className="contact__form account-form" method="post" action={CONTACT_PATH} preventScrollReset>
        <input type="hidden" name="form_type" value="contact" />
        <input type="hidden" name="utf8" value="✓" />
        <AccountField name={CONTACT_FIELDS.name} field="name" label={labels.name} autoComplete="name" maxLength={CONTACT_LIMITS.name} problem={problem} />
        <AccountField name={CONTACT_FIELDS.email} field="email" label={labels.email} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} problem={problem} />
        <AccountField name={CONTACT_FIELDS.phone} field="phone" label={labels.phone} type="tel" autoComplete="tel" required={false} maxLength={CONTACT_LIMITS.phone} problem={problem} />
        <AccountField
          name={CONTACT_FIELDS.orderNumber}
          field="orderNumber"
          label={labels.orderNumber}
          autoComplete="off"
          required={false}
          hint={text("contact_order_number_hint")}
          maxLength={CONTACT_LIMITS.orderNumber}
          problem={problem}
        />
        <div className="field field--body">
          <label className="field__label" htmlFor={bodyId}>
            {labels.body}
          </label>
          <textarea
            className="field__input field__input--area"
            id={bodyId}
            name={CONTACT_FIELDS.body}
            rows={6}
            required
            minLength={CONTACT_LIMITS.bodyMin}
            maxLength={CONTACT_LIMITS.body}
            defaultValue={problem?.values[CONTACT_FIELDS.body] ?? ""}
            aria-invalid={bodyErrors.length > 0 || undefined}
            aria-describedby={bodyErrors.length ? `${bodyId}-error` : undefined}
          />
          {bodyErrors.length ? (
            <p className="field__error" id={`${bodyId}-error`}>
              {bodyErrors.join(" ")}
            </p>
          ) : null}
        </div>
        <div className="form-trap" aria-hidden="true">
          <label htmlFor="contact-website">{text("newsletter_leave_empty")}</label>
          <input id="contact-website" name={CONTACT_FIELDS.trap} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <SubmitButton label={text("contact_send")} busyLabel={text("account_sending")} action={CONTACT_PATH} />
      </Form>
    </section>
  );
}
