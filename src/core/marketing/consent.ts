/**
 * Cookie consent: the shopper's choice of the analytics and marketing
 * categories (necessary cookies need none), kept in a first-party cookie
 * the server and the scripts both read, and the Google Consent Mode signals
 * that follow from it.
 */

export const CONSENT_COOKIE = "cookie_consent";
/** How long a choice is kept before the shopper is asked again. */
export const CONSENT_MAX_AGE_DAYS = 180;
/** Where the banner's buttons post without scripts. */
export const CONSENT_PATH = "/consent";

export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

/** The cookie's value: `v1.a1.m0` (version, analytics, marketing). */
export function serializeConsent(consent: Consent): string {
  return `v1.a${consent.analytics ? 1 : 0}.m${consent.marketing ? 1 : 0}`;
}

/** The choice a cookie value holds, or null when the shopper has not chosen (or the value is not one). */
export function parseConsent(value: string | null | undefined): Consent | null {
  const match = /^v1\.a([01])\.m([01])$/.exec(value ?? "");
  return match ? { analytics: match[1] === "1", marketing: match[2] === "1" } : null;
}

/** The cookie's value in a `Cookie` header, or null. */
export function consentFromCookieHeader(header: string | null | undefined): Consent | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CONSENT_COOKIE) return parseConsent(decodeURIComponent(rest.join("=")));
  }
  return null;
}

export type ConsentSignal = "granted" | "denied";

/** Google Consent Mode v2: what tags may store and send, from the choice (all denied until the shopper chooses). */
export function consentModeSignals(consent: Consent | null): Record<"analytics_storage" | "ad_storage" | "ad_user_data" | "ad_personalization", ConsentSignal> {
  const analytics: ConsentSignal = consent?.analytics ? "granted" : "denied";
  const marketing: ConsentSignal = consent?.marketing ? "granted" : "denied";
  return { analytics_storage: analytics, ad_storage: marketing, ad_user_data: marketing, ad_personalization: marketing };
}

/** The choice a banner's button makes: accept all, reject all, or the categories ticked. */
export function consentFromChoice(choice: string, ticked: { analytics: boolean; marketing: boolean }): Consent {
  if (choice === "accept") return { analytics: true, marketing: true };
  if (choice === "reject") return { analytics: false, marketing: false };
  return ticked;
}
