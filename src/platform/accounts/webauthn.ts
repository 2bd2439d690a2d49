/**
 * The WebAuthn rules staff and customer passkeys share, through
 * @simplewebauthn/server: the relying party is the shop's own address
 * (SHOP_URL, or the request's origin as the shop reads it behind a trusted
 * proxy), each challenge is 32 random bytes kept server-side and taken once
 * before it expires, attestation is "none", and a passkey's signature counter
 * must move forward.
 */
import { createHash } from "node:crypto";
import { randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";

/** How long a browser has to answer a passkey challenge. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000;
/** A passkey's name as its owner gives it. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** The longest answer from a browser the server reads. */
const MAX_RESPONSE_LENGTH = 20_000;

export interface RelyingParty {
  /** The host name passkeys are bound to. */
  id: string;
  /** The exact origin the browser must report. */
  origin: string;
}

/** The relying party for the shop's address: its host name and origin. */
export function relyingParty(shopUrl: string): RelyingParty {
  const url = new URL(shopUrl);
  return { id: url.hostname, origin: url.origin };
}

/** A fresh challenge: 32 random bytes. */
export const newChallenge = () => randomBytes(32);

/** The ISO time `plusMs` after `now`, as SQL reads it. */
export const at = (now: number, plusMs = 0) => new Date(now + plusMs).toISOString();

export type Verified<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A passkey as kept: the credential id and COSE public key (both base64url), its counter and transports. */
export interface KeptCredential {
  id: string;
  public_key: string;
  counter: number | string;
  transports: string[];
}

/** What is kept of a new passkey. */
export interface NewCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Takes a challenge once: true when it was handed out for this purpose and has not expired or been used. */
export type ChallengeTaker = (challenge: string) => Promise<boolean>;

/** A browser's answer, read from the form's JSON text; null when it is not one. */
export function browserAnswer<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(value: unknown): T | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RESPONSE_LENGTH) return null;
  try {
    const parsed = JSON.parse(value) as T;
    return parsed && typeof parsed === "object" && typeof parsed.id === "string" && parsed.response && typeof parsed.response === "object" ? parsed : null;
  } catch {
    return null;
  }
}

/** A passkey name as given: trimmed, or the problem with it. */
export function passkeyName(value: unknown): { ok: true; name: string } | { ok: false; problem: string } {
  const name = typeof value === "string" ? value.trim() : "";
  if (!name) return { ok: false, problem: "Give the passkey a name, such as the device it is on." };
  if (name.length > PASSKEY_NAME_MAX_LENGTH) return { ok: false, problem: `Use at most ${PASSKEY_NAME_MAX_LENGTH} characters.` };
  return { ok: true, name };
}

/** Checks a new passkey against its challenge, origin and host; answers what to keep of it. */
export async function checkRegistration(rp: RelyingParty, response: RegistrationResponseJSON, takeChallenge: ChallengeTaker): Promise<Verified<NewCredential>> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: takeChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return { ok: false, reason: "not verified" };
    const { credential } = result.registrationInfo;
    return {
      ok: true,
      value: { id: credential.id, publicKey: Buffer.from(credential.publicKey).toString("base64url"), counter: credential.counter, transports: credential.transports ?? [] },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : "not verified" };
  }
}

/**
 * Checks a sign-in's answer against a kept passkey, its challenge, origin and
 * host; answers the new counter. simplewebauthn refuses a counter that does
 * not move forward when either side is non-zero.
 */
export async function checkAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  passkey: KeptCredential,
  takeChallenge: ChallengeTaker,
  requireUserVerification = false,
): Promise<Verified<{ newCounter: number }>> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        counter: Number(passkey.counter),
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification,
    });
    if (!result.verified) return { ok: false, reason: "not verified" };
    return { ok: true, value: { newCounter: result.authenticationInfo.newCounter } };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : "not verified" };
  }
}

/** The user handle a passkey carries for its owner: a hash of who they are, so the browser learns no id. */
export const userHandleOf = (owner: "staff" | "customer", id: number | string): Uint8Array<ArrayBuffer> => new Uint8Array(createHash("sha256").update(`${owner} ${id}`).digest());
