import { useSitePath, useText } from "../../storefront/use-shop.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CLICK_ID_COOKIE_DAYS, clickIdsIn } from "../../../core/marketing/click-ids.ts";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, CONSENT_PATH, type Consent, consentFromChoice, consentModeSignals, parseConsent, serializeConsent } from "../../../core/marketing/consent.ts";
import { readCookie } from "../../ui/cookies.ts";
import { useOverlay } from "../overlays/stage.ts";
import "./consent.css";

/** The event the footer's "Cookie settings" button sends to open the banner again. */
export const OPEN_CONSENT_EVENT = "shop:open-cookie-settings";

/** Asked for before the banner's code had hydrated: it opens as soon as it has. */
let openWanted = false;

/** Opens the banner with the choices shown, now or as soon as its code is here. */
export function openCookieSettings(): void {
  openWanted = true;
  window.dispatchEvent(new Event(OPEN_CONSENT_EVENT));
}
/** Sent on `window` when the shopper makes or changes their choice. */
export const CONSENT_CHANGED_EVENT = "shop:consent-changed";

/** The shopper's choice as the browser's cookie holds it, or null before one is made. */
export function currentConsent(): Consent | null {
  return parseConsent(readCookie(CONSENT_COOKIE));
}

/** Click ids of the landing address, kept for the session until marketing consent lets them into cookies. */
const CLICK_ID_STASH = "shop:click-ids";


const secure = () => (location.protocol === "https:" ? "; Secure" : "");

/** Sets the click-id cookies the landing address carried, now that marketing consent allows them. */
function releaseClickIds(): void {
  let stashed: { name: string; value: string }[] = [];
  try {
    stashed = JSON.parse(sessionStorage.getItem(CLICK_ID_STASH) ?? "[]") as { name: string; value: string }[];
  } catch {
    // A stash that cannot be read holds nothing to release.
  }
  const valid = clickIdsIn(new URLSearchParams(stashed.map(({ name, value }) => [name, value])));
  for (const { name, value } of valid) document.cookie = `${name}=${value}; Path=/; Max-Age=${CLICK_ID_COOKIE_DAYS * 86_400}; SameSite=Lax${secure()}`;
  sessionStorage.removeItem(CLICK_ID_STASH);
}

/** Google's tag function: it queues the call's arguments object itself, which tags read differently from an array. */
function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

/** Tells the tags what they may do: Google Consent Mode's update. */
const updateConsentMode = (consent: Consent) => gtag("consent", "update", consentModeSignals(consent));

/**
 * The cookie banner: necessary cookies always, analytics and marketing only
 * with the shopper's say. Accept all, reject all and choose are equal
 * buttons; the choice is kept for 180 days and can be changed from the
 * footer. Without scripts the buttons post the same choice to the shop. It
 * sits over the page's foot (no layout shift) and is a labelled region, not
 * a trap: the page stays usable while it is open.
 */
export function ConsentBanner({ initial, reopened = false }: { initial: Consent | null; reopened?: boolean }) {
  const onSite = useSitePath();
  const id = useId();
  const location = useLocation();
  const [open, setOpen] = useState(initial === null || reopened);
  const [choosing, setChoosing] = useState(reopened);
  const [current, setCurrent] = useState<Consent | null>(initial);
  const text = useText();
  const regionRef = useRef<HTMLElement>(null);
  // While open the banner is on the overlay stage, and no popup covers it.
  useOverlay(open ? { id: "cookie-banner", kind: "banner", modal: false } : null);

  // Landing click ids wait in the session until marketing consent.
  useEffect(() => {
    const ids = clickIdsIn(new URLSearchParams(location.search));
    if (!ids.length) return;
    if (parseConsent(readCookie(CONSENT_COOKIE))?.marketing) return;
    sessionStorage.setItem(CLICK_ID_STASH, JSON.stringify(ids));
  }, [location.search]);

  useEffect(() => {
    const reopen = () => {
      openWanted = false;
      setCurrent(parseConsent(readCookie(CONSENT_COOKIE)));
      setChoosing(true);
      setOpen(true);
      requestAnimationFrame(() => regionRef.current?.focus());
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    if (openWanted) reopen();
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  if (!open) return null;

  const decide = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    const consent = consentFromChoice(submitter?.value ?? "save", { analytics: form.get("analytics") === "on", marketing: form.get("marketing") === "on" });
    document.cookie = `${CONSENT_COOKIE}=${serializeConsent(consent)}; Path=/; Max-Age=${CONSENT_MAX_AGE_DAYS * 86_400}; SameSite=Lax${secure()}`;
    updateConsentMode(consent);
    if (consent.marketing) releaseClickIds();
    else sessionStorage.removeItem(CLICK_ID_STASH);
    setCurrent(consent);
    setOpen(false);
    setChoosing(false);
    window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
  };

  return (
    <section ref={regionRef} className="consent-banner" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <form className="consent-banner__form" method="post" action={onSite(CONSENT_PATH)} onSubmit={decide}>
        <input type="hidden" name="return_to" value={`${location.pathname}${location.search}`} />
        <h2 className="consent-banner__title" id={`${id}-title`}>
          {text("consent_title")}
        </h2>
        <p className="consent-banner__text">
          {text("consent_text")} <a href={onSite("/policies/privacy-policy")}>{text("consent_policy_link")}</a>
          {text("consent_policy_after")}
        </p>
        <details className="consent-banner__choices" open={choosing} onToggle={(event) => setChoosing(event.currentTarget.open)}>
          <summary className="button button--secondary button--small consent-banner__choose">{text("consent_choose")}</summary>
          <fieldset className="consent-banner__categories">
            <legend className="visually-hidden">{text("consent_categories")}</legend>
            <label className="checkbox">
              <input type="checkbox" checked disabled />
              <span>{text("consent_necessary")}</span>
            </label>
            <label className="checkbox">
              <input type="checkbox" name="analytics" defaultChecked={current?.analytics ?? false} />
              <span>{text("consent_analytics")}</span>
            </label>
            <label className="checkbox">
              <input type="checkbox" name="marketing" defaultChecked={current?.marketing ?? false} />
              <span>{text("consent_marketing")}</span>
            </label>
            <button className="button button--secondary button--small" type="submit" name="choice" value="save">
              {text("consent_save")}
            </button>
          </fieldset>
        </details>
        <div className="consent-banner__actions">
          <button className="button button--secondary button--small" type="submit" name="choice" value="reject">
            {text("consent_reject")}
          </button>
          <button className="button button--secondary button--small" type="submit" name="choice" value="accept">
            {text("consent_accept")}
          </button>
        </div>
      </form>
    </section>
  );
}
