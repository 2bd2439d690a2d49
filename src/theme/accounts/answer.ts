/** What every account route action shares: the fields sent, and the shop's answer turned into a response. */
import { statusFor } from "../../core/contract/refusal-status.ts";
import { data, redirect } from "react-router";
import type { AccountAnswer, FormProblem } from "../../core/accounts/account.ts";
import { formAnswerHeaders } from "../storefront/form-headers.ts";

/** A refused form: the shop's problem, the values to show again (never a password), and how long to wait when limited. */
export interface AccountProblem extends FormProblem {
  values: Record<string, string>;
  retryAfter?: number;
}

/** The form's text fields as sent. */
export const formValues = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/** Values a page may show again: everything but passwords, the bot check's payload and a browser's passkey answer. */
const shownAgain = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !/password|altcha|^passkey$/i.test(name)));

/**
 * The answer as a response: a redirect, or the page again with the problem
 * (its reason's status, with Retry-After when limited), carrying the cookies the
 * shop set either way.
 */
export function accountResponse(answer: AccountAnswer, values: Record<string, string> = {}) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
  if (answer.ok) return redirect(answer.redirect, { status: 303, headers });
  if (answer.retryAfter !== undefined) headers.set("Retry-After", String(answer.retryAfter));
  const problem: AccountProblem = {
    description: answer.description,
    errors: answer.errors,
    values: shownAgain(values),
    ...(answer.retryAfter !== undefined ? { retryAfter: answer.retryAfter } : {}),
  };
  return data(problem, { status: statusFor(answer.reason), headers });
}

/** Account pages are the shopper's own: never cached, never indexed; a refused form's wait goes with the page. */
export const privateHeaders = (args: { actionHeaders: Headers }) => formAnswerHeaders(args, { "Cache-Control": "private, no-store" });
