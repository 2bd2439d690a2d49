import { type Consent, consentModeSignals } from "../../../core/marketing/consent.ts";

/** `?cookie_settings` on any page opens the cookie banner at its choices (the footer's link, with or without scripts). */
export const COOKIE_SETTINGS_PARAMETER = "cookie_settings";

/**
 * Google Consent Mode's default, set in the head before any tag can run:
 * what the shopper chose, or everything but the necessary denied until they
 * do. The values come from a fixed set, so the script holds no shopper text.
 */
export function consentDefaultScript(consent: Consent | null): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('consent','default',${JSON.stringify({ ...consentModeSignals(consent), wait_for_update: 500 })});`;
}
