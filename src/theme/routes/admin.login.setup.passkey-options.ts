import { statusFor } from "../../core/contract/refusal-status.ts";
import type { Route } from "./+types/admin.login.setup.passkey-options";
import { adminContext } from "../admin/context.ts";

/** A challenge for the first passkey of a member setting up two-step sign-in (posted by the setup page's script). */
export async function action({ context }: Route.ActionArgs) {
  const answer = await context.get(adminContext).passkeySetupOptions();
  return Response.json(answer, { status: answer.ok ? 200 : statusFor(answer.reason), headers: { "Cache-Control": "private, no-store" } });
}
