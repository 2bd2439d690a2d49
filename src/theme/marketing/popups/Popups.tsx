/**
 * The popups and their scheduler, a chunk loaded after the page is idle.
 * One popup shows at a time, in the merchant's order, and the next waits a
 * pause after one closes. All of them wait for the cookie choice, however
 * long (the stored choice is checked every 300 ms, 20 times, then the
 * banner's answer wakes them), and each asks the overlay stage before it
 * opens: never over the cookie banner, the side cart or another dialog, nor
 * while the shopper is buying, signing in, building or typing; a popup on
 * screen steps aside when the shopper opens a dialog and comes back at the
 * next quiet moment. When each may show is decided by the rules in core
 * (popups.ts, popup-schedule.ts); the page's schedule, its timers and
 * listeners are in scheduler.ts; this file keeps what it draws and draws it.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { countdownText } from "../../../core/marketing/announcement.ts";
import { STAGE_POPUP_ATTRIBUTE, registerOverlay } from "../overlays/stage.ts";
import { type CountdownTarget, type CountdownWords, countdownEnd, startCountdown } from "../../../core/marketing/countdown.ts";
import {
  type NewsletterMemory,
  type PopupName,
  geoPopupTexts,
  geoSiteOffered,
  newsletterReminderShown,
  readCountdownMemory,
  readGeoMemory,
  readNewsletterMemory,
  timedPopupsEnabled,
} from "../../../core/marketing/popups.ts";
import { popupOf, popupSectionId } from "../../../core/content/editor-sections.ts";
import { dismissDesignSection, useDesignMode, useDesignSection } from "../../content/editor/design-mode.ts";
import type { Settings } from "../../../core/settings/settings.ts";
import { regionName, siteName } from "../../../core/sites/geo.ts";
import { type SiteInfo, samePageOn } from "../../../core/sites/sites.ts";
import { NewsletterForm } from "../newsletter/NewsletterForm.tsx";
import { useSitePath, useText } from "../../storefront/use-shop.ts";
import { readMemory, rememberGeoAnswered, writeMemory } from "./popup-storage.ts";
import { stageId, startSchedule } from "./scheduler.ts";
import "./popups.css";

type PopupSettings = Settings["popups"];

export interface PopupsProps {
  settings: PopupSettings;
  /** Whether the shop has a newsletter form to offer. */
  newsletter: boolean;
  pathname: string;
  /** When this page was shown (epoch ms): the popups' delays count from it. */
  loadedAt: number;
  /** The shopper came back to this page (the browser's back) after a while on the last one: a leaving gesture. */
  cameBack: boolean;
  language: string;
  /** How the countdown popup writes the time left (the shop's language). */
  words: CountdownWords | undefined;
  /** The shop's sites, for the geo popup: none when the shop has one site or does not say. */
  sites: { site: SiteInfo; sites: readonly SiteInfo[]; defaultSiteCode: string } | null;
}

/** The visitor's country, asked once per page load of the popups; a failed lookup is logged and means no geo popup. */
function lookUpCountry(): Promise<string | null> {
  return fetch("/geolocation.json", { headers: { accept: "application/json" } })
    .then((response) => {
      if (!response.ok) throw new Error(`/geolocation.json answered ${response.status}`);
      return response.json() as Promise<{ country_code?: unknown }>;
    })
    .then((body) => (typeof body.country_code === "string" && /^[A-Z]{2}$/i.test(body.country_code) ? body.country_code : null))
    .catch((error: unknown) => {
      console.warn("The visitor's country could not be looked up; no geo popup.", error);
      return null;
    });
}


export function Popups({ settings, newsletter, pathname, loadedAt, cameBack, language, words, sites }: PopupsProps) {
  const text = useText();
  const [open, setOpen] = useState<PopupName | null>(null);
  const [geoOffer, setGeoOffer] = useState<{ country: string; site: SiteInfo } | null>(null);
  // undefined until the lookup answers; null when it failed.
  const country = useRef<string | null | undefined>(undefined);
  // The countdown popup's title for the time left when it opens.
  const [countdownTitle, setCountdownTitle] = useState(settings.countdown.title);
  const [newsletterMemory, setNewsletterMemory] = useState<NewsletterMemory>(() => readMemory("newsletter", readNewsletterMemory));
  const openRef = useRef<PopupName | null>(null);
  const lastClosedAt = useRef<number | null>(null);
  const evaluateRef = useRef<() => void>(() => undefined);
  // Takes the open popup off the overlay stage.
  const releaseRef = useRef<(() => void) | null>(null);
  // Opened by the shopper from the reminder tab, not by the schedule: it does not step aside.
  const shopperOpened = useRef(false);
  const release = () => {
    releaseRef.current?.();
    releaseRef.current = null;
  };
  const enabled = timedPopupsEnabled(settings, newsletter);
  // In the theme editor's preview the timers stay still: a popup shows when its section is selected, and closing it is not remembered.
  const designMode = useDesignMode();
  const designed = popupOf(useDesignSection());
  const visible: PopupName | null = designMode ? designed : open;
  const rememberMs = settings.rememberDays * 86_400_000;

  useEffect(() => {
    openRef.current = open;
  }, [open]);

  // Leaving the page for good takes any popup off the stage.
  useEffect(() => () => release(), []);

  // The country is looked up once; its answer wakes the scheduler.
  const geoWanted = sites !== null;
  useEffect(() => {
    if (!geoWanted) return;
    let live = true;
    void lookUpCountry().then((code) => {
      if (!live) return;
      country.current = code;
      evaluateRef.current();
    });
    return () => {
      live = false;
    };
  }, [geoWanted]);

  const geoSite = (now: number): SiteInfo | null =>
    sites && country.current
      ? geoSiteOffered({ country: country.current, currentCode: sites.site.code, sites: sites.sites, defaultSiteCode: sites.defaultSiteCode, memory: readMemory("geo", readGeoMemory), now, rememberMs })
      : null;

  // Each page: the schedule runs from its load, after the consent hold.
  useEffect(() => {
    if (designMode) return;
    return startSchedule({ settings, enabled, rememberMs, loadedAt, cameBack, geoSite, country, openRef, lastClosedAt, evaluateRef, releaseRef, shopperOpened, release, setOpen, setGeoOffer, setNewsletterMemory, setCountdownTitle });
    // The settings object is the shop's, fixed for the page's life; the schedule restarts per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, loadedAt, designMode]);

  const close = (name: PopupName) => {
    if (designMode) {
      if (name !== "geo") dismissDesignSection(popupSectionId(name));
      return;
    }
    const now = Date.now();
    if (name === "newsletter") {
      const closed = { ...readMemory("newsletter", readNewsletterMemory), epoch: now };
      writeMemory("newsletter", closed);
      setNewsletterMemory(closed);
    }
    if (name === "countdown") writeMemory("countdown", { ...readMemory("countdown", readCountdownMemory), epoch: now });
    if (name === "announcement") writeMemory("announcement", { epoch: now });
    // Closed, or staying on this site: not offered again for the remember period.
    if (name === "geo") rememberGeoAnswered(now);
    lastClosedAt.current = now;
    release();
    openRef.current = null;
    setOpen(null);
    // Another popup may be waiting: it comes after the pause.
    setTimeout(() => evaluateRef.current(), settings.gapSeconds * 1000);
  };

  const newsletterSignedUp = () => {
    const done = { ...readMemory("newsletter", readNewsletterMemory), submitted: true };
    writeMemory("newsletter", done);
    setNewsletterMemory(done);
  };

  return (
    <>
      {visible === "geo" && geoOffer && sites ? <GeoPopup settings={settings.geo} current={sites.site} offer={geoOffer} language={language} onClose={() => close("geo")} /> : null}
      {visible === "newsletter" ? (
        <ModalPopup name="newsletter" title={settings.newsletter.title} text={settings.newsletter.text} onClose={() => close("newsletter")}>
          <NewsletterForm source="popup" heading={text("popup_newsletter_heading")} headingHidden onSignedUp={newsletterSignedUp} />
        </ModalPopup>
      ) : null}
      {visible === "countdown" && settings.countdown.target ? (
        <ModalPopup name="countdown" title={designMode ? settings.countdown.title : countdownTitle} text={settings.countdown.text} onClose={() => close("countdown")}>
          {words ? <PopupCountdown target={settings.countdown.target} words={words} onZero={() => close("countdown")} /> : null}
          {settings.countdown.signUp ? (
            <NewsletterForm
              source="countdown-popup"
              heading={text("popup_newsletter_heading")}
              headingHidden
              onSignedUp={() => writeMemory("countdown", { ...readMemory("countdown", readCountdownMemory), submitted: true })}
            />
          ) : null}
          <PopupLink url={settings.countdown.url} text={settings.countdown.linkText} onFollow={() => close("countdown")} />
        </ModalPopup>
      ) : null}
      {visible === "trafficShaping" ? (
        <ModalPopup name="trafficShaping" title={settings.trafficShaping.title} text={settings.trafficShaping.text} onClose={() => close("trafficShaping")}>
          <PopupLink url={settings.trafficShaping.url} text={settings.trafficShaping.linkText} onFollow={() => close("trafficShaping")} />
        </ModalPopup>
      ) : null}
      {visible === "abandonment" ? (
        <ModalPopup name="abandonment" title={settings.abandonment.title} text={settings.abandonment.text} onClose={() => close("abandonment")}>
          {settings.abandonment.code ? <OfferedCode code={settings.abandonment.code} pathname={pathname} /> : null}
          <PopupLink url={settings.abandonment.url} text={settings.abandonment.linkText} onFollow={() => close("abandonment")} />
        </ModalPopup>
      ) : null}
      {visible === "announcement" ? <AnnouncementPopup text={settings.announcement.text} url={settings.announcement.url} linkText={settings.announcement.linkText} onClose={() => close("announcement")} /> : null}
      {visible !== "newsletter" && enabled.newsletter && newsletterReminderShown(newsletterMemory, settings.newsletter.showReminder) ? (
        <button
          type="button"
          className="popup-reminder"
          onClick={() => {
            // The shopper asked for it: it goes on the stage as their dialog.
            release();
            releaseRef.current = registerOverlay({ id: stageId("newsletter"), kind: "dialog", modal: true });
            shopperOpened.current = true;
            openRef.current = "newsletter";
            setOpen("newsletter");
          }}
        >
          {settings.newsletter.reminderText}
        </button>
      ) : null}
    </>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const text = useText();
  return (
    <button type="button" className="popup__close" aria-label={text("popup_close")} onClick={onClose}>
      <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 20 20">
        <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/**
 * A modal popup: a native dialog, so focus moves in and stays, the page
 * behind is inert, Esc closes it and focus returns where it was.
 */
function ModalPopup({ name, title, text, onClose, children }: { name: PopupName; title: string; text: string; onClose: () => void; children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = `popup-${name}-title`;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className={`popup popup--${name}`}
      {...{ [STAGE_POPUP_ATTRIBUTE]: "" }}
      data-section-id={`popup-${name}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <CloseButton onClose={onClose} />
      <h2 className="popup__title" id={titleId}>
        {title}
      </h2>
      {text ? <p className="popup__text">{text}</p> : null}
      {children}
    </dialog>
  );
}

/**
 * The geo popup: the visitor's own site offered, with the same page there
 * (a real link, a full page load on the other site), or staying here.
 */
function GeoPopup({ settings, current, offer, language, onClose }: { settings: PopupSettings["geo"]; current: SiteInfo; offer: { country: string; site: SiteInfo }; language: string; onClose: () => void }) {
  const texts = geoPopupTexts(
    { title: settings.title, text: settings.text, goText: settings.goText, stayText: settings.stayText },
    { country: regionName(offer.country, language), site: siteName(current, language), target: siteName(offer.site, language), currency: offer.site.currency },
  );
  const href = samePageOn(current, offer.site, `${window.location.pathname}${window.location.search}`, window.location.protocol);
  return (
    <ModalPopup name="geo" title={texts.title} text={texts.text} onClose={onClose}>
      <div className="popup__actions">
        <a className="button popup__action" href={href} hrefLang={offer.site.language}>
          {texts.goText}
        </a>
        <button type="button" className="button button--secondary popup__action" onClick={onClose}>
          {texts.stayText}
        </button>
      </div>
    </ModalPopup>
  );
}

function PopupLink({ url, text, onFollow }: { url: string | null; text: string; onFollow: () => void }) {
  if (!url) return null;
  return url.startsWith("/") ? (
    <Link className="button popup__action" to={url} onClick={onFollow}>
      {text}
    </Link>
  ) : (
    <a className="button popup__action" href={url} onClick={onFollow}>
      {text}
    </a>
  );
}

/** The countdown, ticking each second; at zero the popup hides itself. */
function PopupCountdown({ target, words, onZero }: { target: CountdownTarget; words: CountdownWords; onZero: () => void }) {
  const [shown, setShown] = useState<{ clock: string; words: string } | null>(null);
  useEffect(() => startCountdown(countdownEnd(target, Date.now()), { onTick: (parts) => setShown(countdownText(parts, words)), onZero }), [target, words, onZero]);
  const text = useText();
  if (!shown) return null;
  return (
    <p className="popup__countdown" role="timer" aria-live="off">
      <span aria-hidden="true">{shown.clock}</span>
      <span className="visually-hidden">{text("popup_countdown_left", { time: shown.words })}</span>
    </p>
  );
}

/** A discount code on offer: shown to copy, and applied to the bag by the shop's discount link. */
function OfferedCode({ code, pathname }: { code: string; pathname: string }) {
  const onSite = useSitePath();
  const text = useText();
  return (
    <p className="popup__code">
      {text("popup_use_code")} <strong>{code}</strong>{" "}
      <a className="popup__code-apply" href={onSite(`/discount/${encodeURIComponent(code)}?redirect=${encodeURIComponent(onSite(pathname))}`)}>
        {text("popup_apply_code")}
      </a>
    </p>
  );
}

/**
 * The announcement popup: a small panel, not modal (the page stays usable
 * and scrollable), that goes once the page is scrolled down past the
 * merchant's distance. Closing it is remembered; scrolling it away is not.
 */
function AnnouncementPopup({ text, url, linkText, onClose }: { text: string; url: string | null; linkText: string; onClose: () => void }) {
  const words = useText();
  return (
    <section
      className="popup-announcement"
      {...{ [STAGE_POPUP_ATTRIBUTE]: "" }}
      data-section-id="popup-announcement"
      role="dialog"
      aria-label={words("popup_announcement")}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <p className="popup-announcement__text">
        {text}{" "}
        {url ? (
          url.startsWith("/") ? (
            <Link to={url} onClick={onClose}>
              {linkText}
            </Link>
          ) : (
            <a href={url}>{linkText}</a>
          )
        ) : null}
      </p>
      <CloseButton onClose={onClose} />
    </section>
  );
}
