/**
 * The newsletter sign-up form: its fields as the email provider names them,
 * the rules the browser applies before sending (too soon after the page
 * loaded, the hidden spam field, the reply's errors), the provider's
 * answer, and the success text tailored to the shopper's skin. The sign-up
 * as the provider checks it is in newsletter-signup.ts, apart, so the form
 * on every page does not carry the schema library.
 */

/** Where the shop's own provider takes sign-ups (the form posts here with and without scripts). */
export const NEWSLETTER_SUBSCRIBE_PATH = "/newsletter/subscribe";
/** Where a shopper's saved bundle is recorded against their email, once. */
export const NEWSLETTER_BUNDLE_PATH = "/newsletter/bundle";
/** The provider's product recommendations for a subscriber. */
export const NEWSLETTER_RECOMMENDATIONS_PATH = "/newsletter/recommendations";

/** A product the recommendations answer names, in the email provider's feed shape. */
export interface RecommendedProduct {
  url: string;
  title: string;
  image_url: string | null;
  /** Decimal string in major units, as the provider's feed gives it. */
  price: string;
  properties: { shopify_variant_ids: number[] };
}

/** How many products a new subscriber is shown beside the thanks. */
export const SIGN_UP_PICKS = 3;

/** Field names as the provider takes them. */
export const NEWSLETTER_FIELDS = {
  email: "ue",
  account: "@account",
  lists: "@add_to_lists",
  skintype: "skintype",
  sensitivity: "skin_sensitivity",
  /** Left empty by people: hidden from sight and from assistive technology. */
  trap: "nl_website",
  /** When the shopper agreed, as the form's clock read it (ISO); the provider keeps its own time too. */
  consentDate: "coprobdate",
} as const;

export const SKIN_TYPES = ["dry", "oily", "combination", "normal"] as const;
export const SKIN_SENSITIVITIES = ["sensitive", "not-sensitive"] as const;

/** The provider's answer: an empty `errors` list is a sign-up. */
export interface NewsletterAnswer {
  errors: { field: string; message: string }[];
  /** What happens next: a confirmation email was sent, or the address was already on the list. */
  status?: "confirmation_sent" | "already_subscribed";
}

/** Why the browser did not send the form, or the reply's errors said no. */
export type FormProblem = "too_soon" | "spam" | "rejected";

/**
 * Whether a submit may go: not sooner than `minSeconds` after the page
 * loaded (a person needs that long), and not with the hidden field filled.
 */
export function submitProblem(input: { loadedAt: number; now: number; minSeconds: number; trap: string }): FormProblem | null {
  if (input.trap.trim() !== "") return "spam";
  if (input.now - input.loadedAt < input.minSeconds * 1000) return "too_soon";
  return null;
}

/** The lists a sign-up joins: the main list and each extra list ticked, once each. */
export function listsToJoin(mainList: string, ticked: readonly string[], offered: readonly string[]): string {
  const allowed = new Set(offered);
  return [...new Set([mainList, ...ticked.filter((id) => allowed.has(id))])].join(",");
}

export interface TailoredText {
  skintype: string | null;
  sensitivity: string | null;
  text: string;
}

/**
 * The success text for the shopper's answers: the first tailored text whose
 * skin type and sensitivity both match (null matches any answer, but only a
 * text that names something the shopper answered counts), else `fallback`.
 */
export function successText(tailored: readonly TailoredText[], answers: { skintype: string; sensitivity: string }, fallback: string): string {
  const matches = (wanted: string | null, given: string) => wanted === null || wanted === given;
  const found = tailored.find(
    (entry) =>
      (entry.skintype !== null || entry.sensitivity !== null) &&
      matches(entry.skintype, answers.skintype) &&
      matches(entry.sensitivity, answers.sensitivity) &&
      (entry.skintype === null || answers.skintype !== "") &&
      (entry.sensitivity === null || answers.sensitivity !== ""),
  );
  return found?.text ?? fallback;
}
