import { useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { NEWSLETTER_FIELDS, SKIN_SENSITIVITIES, SKIN_TYPES, type NewsletterAnswer, listsToJoin, submitProblem, successText } from "../../../core/marketing/newsletter.ts";
import { useLocaleText } from "../../cart/use-locale-text.ts";
import { useShop, useSitePath } from "../../storefront/use-shop.ts";
import "../../styles/forms.css";
import "./newsletter.css";
import { NewsletterPicks } from "./NewsletterPicks.tsx";

type FormState = "idle" | "valid" | "submitting" | "success" | "error";

const SKIN_TYPE_KEYS = { dry: "review_skin_dry", oily: "review_skin_oily", combination: "review_skin_combination", normal: "review_skin_normal" } as const satisfies Record<(typeof SKIN_TYPES)[number], string>;
const SENSITIVITY_KEYS = { sensitive: "newsletter_sensitive_yes", "not-sensitive": "newsletter_sensitive_no" } as const satisfies Record<(typeof SKIN_SENSITIVITIES)[number], string>;

/** The moment the page loaded, read once per document: the form's "too soon" rule counts from it. */
const pageLoadedAt = () => (typeof performance === "undefined" ? Date.now() : Date.now() - performance.now());

interface NewsletterFormProps {
  /** Where the sign-up came from (the footer, a popup, a page), as the list records it. */
  source: string;
  heading: string;
  /** The heading read by assistive technology only, where the form sits under a title of its own. */
  headingHidden?: boolean;
  /** The outcome of a sign-up posted without scripts, from the address. */
  outcome?: string | null;
  onSignedUp?: () => void;
}

/**
 * The newsletter sign-up form, posting the provider's fields (`ue`,
 * `@account`, `@add_to_lists`, `skintype`, `skin_sensitivity`, `coprobdate`
 * and a hidden spam field). Without scripts it is a plain form post that
 * comes back with the outcome; with them it posts in place. A submit too
 * soon after the page loaded, a filled spam field or an `errors` list in the
 * reply shows the error; success shows the text tailored to the shopper's
 * answers, or goes to the merchant's redirect. The form's class follows its
 * state: valid, submitting (with the button disabled), success or error.
 * Extra-list checkboxes linked across forms on the page mirror each other.
 */
export function NewsletterForm({ source, heading, headingHidden = false, outcome = null, onSignedUp }: NewsletterFormProps) {
  const onSite = useSitePath();
  const id = useId();
  const shop = useShop();
  const root = useRouteLoaderData<{ customer: { id: number } | null }>("root");
  const text = useLocaleText();
  const settings = shop.newsletter;
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState>(outcome === "error" ? "error" : outcome ? "success" : "idle");
  // Who just signed up, for the picks shown under the thanks.
  const [signedUp, setSignedUp] = useState<{ email: string; skintype: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const loadedAt = useRef(0);

  useEffect(() => {
    loadedAt.current = pageLoadedAt();
  }, []);

  // Linked checkboxes: ticking a list in one form ticks it in every form of the page.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const mirror = (event: Event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || !box.dataset.newsletterLink) return;
      for (const other of document.querySelectorAll<HTMLInputElement>(`input[data-newsletter-link="${CSS.escape(box.dataset.newsletterLink)}"]`)) {
        if (other !== box) other.checked = box.checked;
      }
    };
    form.addEventListener("change", mirror);
    return () => form.removeEventListener("change", mirror);
  }, []);

  if (!settings) return null;
  const errorText = settings.errorMessage ?? text("newsletter_error");
  const fail = () => {
    setState("error");
    setMessage(errorText);
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!form.reportValidity()) return;
    const data = new FormData(form);
    const problem = submitProblem({ loadedAt: loadedAt.current, now: Date.now(), minSeconds: settings.minSecondsAfterLoad, trap: String(data.get(NEWSLETTER_FIELDS.trap) ?? "") });
    if (problem) {
      fail();
      return;
    }
    const ticked = data.getAll("nl_lists[]").map(String);
    data.set(NEWSLETTER_FIELDS.lists, listsToJoin(settings.listId, ticked, settings.extraLists.map((list) => list.id)));
    data.delete("nl_lists[]");
    data.set(NEWSLETTER_FIELDS.consentDate, new Date().toISOString());
    setState("submitting");
    setMessage(null);
    try {
      const response = await fetch(form.action, { method: "POST", body: new URLSearchParams(data as unknown as Record<string, string>), headers: { accept: "application/json" } });
      const answer = (await response.json()) as NewsletterAnswer;
      if (!Array.isArray(answer.errors) || answer.errors.length > 0) {
        fail();
        return;
      }
      window.dataLayer ??= [];
      window.dataLayer.push({ event: "sign_up", method: "newsletter", form_source: source });
      onSignedUp?.();
      if (settings.successRedirect) {
        window.location.assign(settings.successRedirect);
        return;
      }
      setState("success");
      setSignedUp({ email: String(data.get(NEWSLETTER_FIELDS.email) ?? ""), skintype: String(data.get(NEWSLETTER_FIELDS.skintype) ?? "") });
      setMessage(successText(settings.tailoredSuccess, { skintype: String(data.get(NEWSLETTER_FIELDS.skintype) ?? ""), sensitivity: String(data.get(NEWSLETTER_FIELDS.sensitivity) ?? "") }, text("newsletter_success")));
    } catch (error) {
      console.error(error);
      fail();
    }
  };

  const shown = message ?? (outcome === "error" ? errorText : outcome ? text("newsletter_success") : null);
  return (
    <form
      ref={formRef}
      id={source === "footer" ? "newsletter" : undefined}
      data-section-id={source === "footer" ? "newsletter-form" : undefined}
      className={`newsletter-form ${state === "idle" ? "" : `newsletter-form--${state}`}`.trim()}
      method="post"
      action={onSite(settings.endpoint)}
      aria-labelledby={`${id}-title`}
      onSubmit={onSubmit}
      onInput={(event) => {
        if (state === "idle" || state === "valid") setState(event.currentTarget.checkValidity() ? "valid" : "idle");
      }}
    >
      <h2 className={headingHidden ? "visually-hidden" : "newsletter-form__title"} id={`${id}-title`}>
        {heading}
      </h2>
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name={NEWSLETTER_FIELDS.account} value={root?.customer?.id ?? ""} />
      <input type="hidden" name={NEWSLETTER_FIELDS.lists} value={settings.listId} />
      <input type="hidden" name={NEWSLETTER_FIELDS.consentDate} value="" />
      <div className="newsletter-form__row">
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          {text("newsletter_email_label")}
        </label>
        <input className="newsletter-form__email" id={`${id}-email`} name={NEWSLETTER_FIELDS.email} type="email" autoComplete="email" required placeholder={text("newsletter_email_label")} />
        <button className="button newsletter-form__submit" type="submit" disabled={state === "submitting"}>
          {state === "submitting" ? text("newsletter_signing_up") : text("newsletter_submit")}
        </button>
      </div>
      <div className="newsletter-form__questions">
        <label className="newsletter-form__question">
          <span>{text("newsletter_skin_type")}</span>
          <select className="select" name={NEWSLETTER_FIELDS.skintype} defaultValue="">
            <option value="">{text("newsletter_choose")}</option>
            {SKIN_TYPES.map((type) => (
              <option key={type} value={type}>
                {text(SKIN_TYPE_KEYS[type])}
              </option>
            ))}
          </select>
        </label>
        <label className="newsletter-form__question">
          <span>{text("newsletter_sensitive")}</span>
          <select className="select" name={NEWSLETTER_FIELDS.sensitivity} defaultValue="">
            <option value="">{text("newsletter_choose")}</option>
            {SKIN_SENSITIVITIES.map((value) => (
              <option key={value} value={value}>
                {text(SENSITIVITY_KEYS[value])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {settings.extraLists.length ? (
        <fieldset className="newsletter-form__lists">
          <legend className="visually-hidden">{text("newsletter_also_send")}</legend>
          {settings.extraLists.map((list) => (
            <label key={list.id} className="checkbox">
              <input type="checkbox" name="nl_lists[]" value={list.id} data-newsletter-link={list.id} />
              <span>{list.label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{text("newsletter_leave_empty")}</label>
        <input id={`${id}-website`} name={NEWSLETTER_FIELDS.trap} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="newsletter-form__message" role="status">
        {shown}
      </p>
      {state === "success" && signedUp ? <NewsletterPicks email={signedUp.email} skintype={signedUp.skintype} /> : null}
    </form>
  );
}
