/** What every back-office action shares: the platform's answer turned into a redirect, or the page again with the problem. */
import type { AccountAnswer } from "../../core/accounts/account.ts";
import { ADMIN_PATH, type AdminAnswer } from "../../core/admin/admin.ts";
import { data } from "react-router";
import { type AccountProblem, accountResponse } from "../accounts/answer.ts";

export { formValues } from "../accounts/answer.ts";

/** A refused back-office form: the account forms' problem, and the bot check to solve when the platform asks for one. */
export interface AdminProblem extends AccountProblem {
  challenge?: Record<string, unknown>;
}

/** A done action's redirect to a page the route chose itself (a full address, such as the page a sign-in came from). */
export const adminRedirect = (answer: Extract<AdminAnswer, { ok: true }>, address: string) => accountResponse({ ok: true, redirect: address, cookies: answer.cookies ?? [] });

/** A redirect, or the page again with the problem in the account forms' shape (each field's messages), so the same fields and summary show it. */
export function adminResponse(answer: AdminAnswer, values: Record<string, string> = {}) {
  const cookies = answer.cookies ?? [];
  if (answer.ok) return accountResponse({ ok: true, redirect: adminAddress(answer.next), cookies }, values);
  const errors = Object.fromEntries(Object.entries(answer.errors).map(([field, message]) => [field, [message]]));
  const response = accountResponse({ ...answer, errors, cookies } as AccountAnswer, values);
  if (!answer.challenge || response instanceof Response) return response;
  const problem: AdminProblem = { ...response.data, challenge: answer.challenge };
  return data(problem, response.init ?? undefined);
}

/** A back-office page's address on this shop, from its path within the back office. */
export const adminAddress = (next: string): string => (next === "/" ? ADMIN_PATH : `${ADMIN_PATH}${next}`);

/** Back-office pages are never cached and never indexed. */
export const adminHeaders = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
