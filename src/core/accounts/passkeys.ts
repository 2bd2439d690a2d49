/** Customer passkeys: what the account page lists and what the browser is handed to make or use one. */
import type { RefusalReason } from "../common/refusal.ts";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { FormProblem } from "./account.ts";

/** One of the customer's passkeys as the account page lists it. */
export interface CustomerPasskey {
  number: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

type Refusal = FormProblem & { ok: false; reason: Extract<RefusalReason, "signed_out" | "limited">; retryAfter?: number };

/** A challenge for the browser to make a passkey with, or why there is none. */
export type CustomerPasskeyCreation = { ok: true; options: PublicKeyCredentialCreationOptionsJSON } | Refusal;
/** A challenge for the browser to sign in with any of its passkeys for the shop, or why there is none. */
export type CustomerPasskeyRequest = { ok: true; options: PublicKeyCredentialRequestOptionsJSON } | Refusal;
