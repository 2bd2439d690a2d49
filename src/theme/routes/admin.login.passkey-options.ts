import { statusFor } from "../../core/contract/refusal-status.ts";
import type { Route } from "./+types/admin.login.passkey-options";
import { adminContext } from "../admin/context.ts";

/** A challenge for the waiting sign-in's passkey (posted by the code page's script), kept a few minutes for one answer. */
export async function action({ context }: Route.ActionArgs) {
  const answer = await context.get(adminContext).passkeySignInOptions();
  return Response.json(answer, { status: answer.ok ? 200 : statusFor(answer.reason), headers: { "Cache-Control": "private, no-store" } });
}
