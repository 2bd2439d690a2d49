import { statusFor } from "../../core/contract/refusal-status.ts";
import type { Route } from "./+types/account.passkey-options";
import { storefrontContext } from "../storefront/context.ts";

/** A challenge for a new passkey (posted by the account page's script), kept a few minutes for one answer. */
export async function action({ context }: Route.ActionArgs) {
  const answer = await context.get(storefrontContext).account.passkeyOptions();
  return Response.json(answer, { status: answer.ok ? 200 : statusFor(answer.reason), headers: { "Cache-Control": "private, no-store" } });
}
