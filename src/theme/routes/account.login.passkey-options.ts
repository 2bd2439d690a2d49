import { statusFor } from "../../core/contract/refusal-status.ts";
import type { Route } from "./+types/account.login.passkey-options";
import { storefrontContext } from "../storefront/context.ts";

/** A challenge for signing in with a passkey (posted by the login page's script), bound to no account, kept a few minutes for one answer. */
export async function action({ context }: Route.ActionArgs) {
  const answer = await context.get(storefrontContext).account.passkeySignInOptions();
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (!answer.ok && answer.retryAfter !== undefined) headers.set("Retry-After", String(answer.retryAfter));
  return Response.json(answer, { status: answer.ok ? 200 : statusFor(answer.reason), headers });
}
