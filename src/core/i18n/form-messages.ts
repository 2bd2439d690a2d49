/**
 * The shop's form checks (checkout, account, address book) answer catalogue
 * keys (`form_…`), not sentences: where an answer leaves the shop (the theme's
 * pages, the JSON API) they are written in the language of the site asked.
 * Any other message (a refusal already written for the shopper) passes as it is.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../accounts/account.ts";
import type { Translate } from "./messages.ts";

const FORM_KEY = /^form_[a-z0-9_]+$/;
/** The numbers the messages quote. */
const VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** One message in the site's language. */
export const formText = (message: string, translate: Translate): string => (FORM_KEY.test(message) ? translate(message, VALUES) : message);

/** Each field's messages in the site's language. */
export function formErrorsIn(errors: Readonly<Record<string, readonly string[]>>, translate: Translate): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((message) => formText(message, translate))]));
}

/** A refusal's description and field messages in the site's language. */
export function refusalIn<T extends { description: string; errors?: Readonly<Record<string, readonly string[]>> }>(refusal: T, translate: Translate): T {
  return { ...refusal, description: formText(refusal.description, translate), ...(refusal.errors ? { errors: formErrorsIn(refusal.errors, translate) } : {}) };
}
