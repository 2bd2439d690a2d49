import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CONSENT_COOKIE, parseConsent } from "../../core/consent.ts";
import { CONSENT_POLL_MS, type NewsletterMemory, consentHolds, newsletterDue, newsletterReminderShown, readNewsletterMemory, withPage } from "../../core/popups.ts";
import { NewsletterForm } from "../newsletter/NewsletterForm.tsx";
import { useShop } from "../storefront/use-shop.ts";
import "./popups.css";

/** Where the browser keeps the newsletter popup's memory: `{ epoch, pages, submitted }`. */
export const NEWSLETTER_MEMORY_KEY = "popup:newsletter";

function loadMemory(): NewsletterMemory {
  try {
    return readNewsletterMemory(JSON.parse(localStorage.getItem(NEWSLETTER_MEMORY_KEY) ?? "null"));
  } catch (error) {
    // A record that cannot be read is logged and started afresh.
    console.error(error);
    return readNewsletterMemory(null);
  }
}

function saveMemory(memory: NewsletterMemory): void {
  try {
    localStorage.setItem(NEWSLETTER_MEMORY_KEY, JSON.stringify(memory));
  } catch (error) {
    console.error(error);
  }
}

const consentUndecided = () => !document.cookie.split("; ").some((part) => part.startsWith(`${CONSENT_COOKIE}=`) && parseConsent(part.slice(CONSENT_COOKIE.length + 1)) !== null);

/**
 * The newsletter popup: after its delay, when it was not seen within the
 * remember period, not already submitted, and enough distinct pages have
 * been visited; held back while the cookie banner is undecided (checked
 * every 300 ms, 20 times at most). A native modal dialog: focus moves in
 * and stays, Esc or the close button close it and focus returns. Closing
 * records the time and leaves a reminder tab, unless the merchant hides it;
 * signing up marks it submitted and removes the reminder.
 */
export function NewsletterPopup() {
  const shop = useShop();
  const settings = shop.popups;
  const location = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [memory, setMemory] = useState<NewsletterMemory | null>(null);
  const [open, setOpen] = useState(false);
  const enabled = Boolean(settings?.newsletter.enabled && shop.newsletter);
  const rememberMs = (settings?.rememberDays ?? 7) * 86_400_000;

  // Each page counts once towards the pages the popup waits for; then the popup's schedule for this page starts.
  useEffect(() => {
    if (!enabled || !settings) return;
    saveMemory(withPage(loadMemory(), location.pathname));
    const loadedAt = Date.now();
    let checks = 0;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const current = loadMemory();
      setMemory(current);
      if (consentHolds({ waitForBanner: settings.waitForConsentBanner, bannerUndecided: consentUndecided(), checks })) {
        checks += 1;
        timer = setTimeout(check, CONSENT_POLL_MS);
        return;
      }
      const now = Date.now();
      if (newsletterDue({ now, loadedAt, delayMs: settings.newsletter.delayMs, pagesBeforeShow: settings.newsletter.pagesBeforeShow, memory: current, rememberMs })) {
        const seen = { ...current, epoch: now };
        saveMemory(seen);
        setMemory(seen);
        setOpen(true);
        return;
      }
      const wait = loadedAt + settings.newsletter.delayMs - now;
      if (wait > 0) timer = setTimeout(check, wait);
    };
    timer = setTimeout(check, 0);
    return () => clearTimeout(timer);
  }, [enabled, settings, rememberMs, location.pathname]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  if (!enabled || !settings || !memory) return null;
  const close = () => {
    dialogRef.current?.close();
    setOpen(false);
    const closed = { ...loadMemory(), epoch: Date.now() };
    saveMemory(closed);
    setMemory(closed);
  };
  const signedUp = () => {
    const done = { ...loadMemory(), submitted: true };
    saveMemory(done);
    setMemory(done);
  };
  const reopen = () => setOpen(true);

  return (
    <>
      {open ? (
        <dialog
          ref={dialogRef}
          className="popup popup--newsletter"
          aria-labelledby="newsletter-popup-title"
          onCancel={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <button type="button" className="popup__close" aria-label="Close" onClick={close}>
            <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 20 20">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
          <h2 className="popup__title" id="newsletter-popup-title">
            {settings.newsletter.title}
          </h2>
          <p className="popup__text">{settings.newsletter.text}</p>
          <NewsletterForm source="popup" heading="Sign up to the newsletter" headingHidden onSignedUp={signedUp} />
        </dialog>
      ) : null}
      {!open && newsletterReminderShown(memory, settings.newsletter.showReminder) ? (
        <button type="button" className="popup-reminder" onClick={reopen}>
          {settings.newsletter.reminderText}
        </button>
      ) : null}
    </>
  );
}
