import { useEffect, useId, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { Consent } from "../../../core/marketing/consent.ts";
import type { EmbedName } from "./embeds.ts";
import type { Settings } from "../../../core/settings/settings.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { loadEmbed } from "./load-embed.ts";
import { CONSENT_CHANGED_EVENT, currentConsent, openCookieSettings } from "../../marketing/consent/ConsentBanner.tsx";
import { useSitePath, useText } from "../../storefront/use-shop.ts";
import "./embeds.css";

type EmbedSettings = NonNullable<Settings["embeds"]>["socialFeed"];

export interface EmbedPoster {
  src: string;
  alt: string;
  width: number;
  height: number;
}

type State = "idle" | "loading" | "loaded" | "failed" | "needs-consent";

/** Boxes the feed's posts fill, so the section keeps its height while it loads. */
const FEED_SLOTS = 8;

/**
 * A section drawn by an embed script that loads on demand: when the shopper
 * presses the poster's button, or when the section comes into view. While
 * it loads the section says so; if it fails or takes too long, it says that
 * with a button to try again. Without scripts it is a link to what the
 * embed shows.
 */
export function EmbedSection({ name, settings, timeoutMs, poster, preview = [] }: { name: EmbedName; settings: EmbedSettings; timeoutMs: number; poster: EmbedPoster | null; preview?: readonly EmbedPoster[] }) {
  const text = useText();
  // What the embed shows is the shop's own, on the site the shopper is on.
  const source = useSitePath()(settings.sourceUrl);
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  // The cookie choice the page was drawn with: an embed that loads by itself says from the first paint why it waits for consent.
  const drawnWith = (useRouteLoaderData("root") as { consent?: Consent | null } | undefined)?.consent ?? null;
  const [state, setState] = useState<State>(() => (settings.loadOn === "visible" && !drawnWith?.marketing ? "needs-consent" : "idle"));
  const [attempt, setAttempt] = useState(0);

  // The embed is a third party's in a real shop: it loads only with marketing consent.
  const start = () => {
    if (state === "loading" || state === "loaded") return;
    if (!currentConsent()?.marketing) {
      setState("needs-consent");
      return;
    }
    setState("loading");
    setAttempt((count) => count + 1);
  };

  // Consent given while the section waits for it: it loads then.
  useEffect(() => {
    if (state !== "needs-consent") return;
    const retry = () => {
      if (!currentConsent()?.marketing) return;
      setState("loading");
      setAttempt((count) => count + 1);
    };
    window.addEventListener(CONSENT_CHANGED_EVENT, retry);
    return () => window.removeEventListener(CONSENT_CHANGED_EVENT, retry);
  }, [state]);

  useEffect(() => {
    if (attempt === 0) return;
    const container = containerRef.current;
    if (!container) return;
    let current = true;
    loadEmbed(name, settings.scriptUrl, container, { source, title: settings.heading, timeoutMs }).then(
      () => current && setState("loaded"),
      (error: unknown) => {
        console.error(error);
        if (current) setState("failed");
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, name, settings, source, timeoutMs]);

  // `visible`: load as the section comes near the viewport.
  useEffect(() => {
    const section = sectionRef.current;
    if (settings.loadOn !== "visible" || !section || attempt > 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          if (!currentConsent()?.marketing) {
            setState("needs-consent");
            return;
          }
          setState("loading");
          setAttempt(1);
        }
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [settings.loadOn, attempt]);

  return (
    <section ref={sectionRef} className={`section embed embed--${name}`} aria-labelledby={headingId} aria-busy={state === "loading" || undefined}>
      <div className="section__header">
        <h2 id={headingId} className="section__title">
          {settings.heading}
        </h2>
      </div>
      {settings.text ? <p className="embed__text">{settings.text}</p> : null}
      <div className="embed__stage">
        {/* What the script draws in; React leaves its content alone once the script has it. */}
        <div ref={containerRef} className="embed__container" data-embed={name}>
          {name === "social-feed" ? (
            // Until the feed is drawn, its boxes show a still preview of the shop's own pictures.
            <ul className="social-feed social-feed--waiting" aria-hidden="true">
              {Array.from({ length: FEED_SLOTS }, (_, index) => {
                const picture = preview[index];
                return (
                  <li key={index}>
                    <span className="social-feed__post">
                      {picture ? <ProductImage src={picture.src} alt="" width={picture.width} height={picture.height} sizes="(min-width: 750px) 25vw, 50vw" /> : null}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : poster ? (
            <ProductImage className="embed__poster-image" src={poster.src} alt="" width={poster.width} height={poster.height} sizes="(min-width: 990px) 960px, 100vw" />
          ) : null}
        </div>
        {state === "idle" && settings.loadOn === "click" ? (
          <div className="embed__overlay">
            <button type="button" className="button embed__play js-only" onClick={start}>
              <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              </svg>
              {settings.posterLabel}
            </button>
            <a className="button embed__play no-js-only" href={source}>
              {settings.posterLabel}
            </a>
          </div>
        ) : null}
        {state === "loading" ? (
          <p className="embed__status" role="status">
            {text("embed_loading")}
          </p>
        ) : null}
        {state === "needs-consent" ? (
          <div className="embed__status embed__status--consent" role="status">
            <p>{name === "social-feed" ? text("embed_consent_feed") : text("embed_consent_video")}</p>
            <button type="button" className="button button--secondary" onClick={openCookieSettings}>
              {text("cookie_settings")}
            </button>
          </div>
        ) : null}
        {state === "failed" ? (
          <div className="embed__status embed__status--failed" role="alert">
            <p>{text("embed_failed")}</p>
            <button type="button" className="button button--secondary" onClick={start}>
              {text("retry")}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
