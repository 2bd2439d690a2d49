/**
 * Staff passkeys (WebAuthn), through @simplewebauthn/server: the relying
 * party is the shop's own address (SHOP_URL, or the request's origin as the
 * shop reads it behind a trusted proxy), each challenge is kept server-side
 * and taken once before it expires, and each passkey's signature counter
 * must move forward.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Queryable } from "../db/database.ts";

/** How long a browser has to answer a passkey challenge. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** A passkey's name as the member gives it. */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** The longest answer from a browser the server reads. */
const MAX_RESPONSE_LENGTH = 20_000;

export type ChallengePurpose = "staff registration" | "staff sign-in";

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

export interface StoredPasskey {
  id: string;
  number: number | string;
  staff_id: number | string;
  name: string;
  public_key: string;
  counter: number | string;
  transports: string[];
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const at = (now: number, plusMs = 0) => new Date(now + plusMs).toISOString();

/** A stable, opaque user handle for a member: the authenticator keeps it with the passkey. */
const userHandle = (staffId: number | string) => new Uint8Array(createHash("sha256").update(`staff ${staffId}`).digest());

/** Keeps a challenge for one answer; expired ones are cleared on the way. */
async function keepChallenge(q: Queryable, now: number, challenge: string, purpose: ChallengePurpose, staffId: number | string, signInId: string | null): Promise<void> {
  await q.query("delete from passkey_challenges where expires_at < $1::timestamptz", [at(now)]);
  await q.query("insert into passkey_challenges (challenge, purpose, staff_id, sign_in_id, expires_at) values ($1, $2, $3, $4, $5::timestamptz)", [
    challenge,
    purpose,
    staffId,
    signInId,
    at(now, PASSKEY_CHALLENGE_MINUTES * 60 * 1000),
  ]);
}

/** Takes a challenge the browser answered: true once, for its purpose and member (and sign-in), before it expires. */
function challengeTaker(q: Queryable, now: number, purpose: ChallengePurpose, staffId: number | string, signInId: string | null) {
  return async (challenge: string): Promise<boolean> => {
    const taken = await q.query(
      "delete from passkey_challenges where challenge = $1 and purpose = $2 and staff_id = $3 and sign_in_id is not distinct from $4 and expires_at > $5::timestamptz returning challenge",
      [challenge, purpose, staffId, signInId, at(now)],
    );
    return taken.length === 1;
  };
}

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

/** What the browser needs to make a passkey for `member`: none of their passkeys again. */
export async function registrationOptions(
  q: Queryable,
  now: number,
  rp: RelyingParty,
  rpName: string,
  member: { id: number | string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await q.query<{ id: string; transports: string[] }>("select id, transports from staff_passkeys where staff_id = $1", [member.id]);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rp.id,
    userID: userHandle(member.id),
    userName: member.email,
    userDisplayName: member.name,
    challenge: randomBytes(32),
    timeout: PASSKEY_CHALLENGE_MINUTES * 60 * 1000,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(q, now, options.challenge, "staff registration", member.id, null);
  return options;
}

export type Verified<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Checks a new passkey against its challenge, origin and host; answers what to keep of it. */
export async function verifyRegistration(
  q: Queryable,
  now: number,
  rp: RelyingParty,
  staffId: number | string,
  response: RegistrationResponseJSON,
): Promise<Verified<{ id: string; publicKey: string; counter: number; transports: string[] }>> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challengeTaker(q, now, "staff registration", staffId, null),
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

/** What the browser needs to sign a waiting sign-in with one of `staffId`'s passkeys. */
export async function authenticationOptions(q: Queryable, now: number, rp: RelyingParty, staffId: number | string, signInId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await q.query<{ id: string; transports: string[] }>("select id, transports from staff_passkeys where staff_id = $1", [staffId]);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: randomBytes(32),
    timeout: PASSKEY_CHALLENGE_MINUTES * 60 * 1000,
    allowCredentials: passkeys.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[] })),
    userVerification: "preferred",
  });
  await keepChallenge(q, now, options.challenge, "staff sign-in", staffId, signInId);
  return options;
}

/**
 * Checks a sign-in's answer: the passkey must be one of the member's, the
 * challenge the one handed to this sign-in, and the counter must move on;
 * the passkey's counter and last use are then written.
 */
export async function verifyAuthentication(
  q: Queryable,
  now: number,
  rp: RelyingParty,
  staffId: number | string,
  signInId: string,
  response: AuthenticationResponseJSON,
): Promise<Verified<StoredPasskey>> {
  const [passkey] = await q.query<StoredPasskey>("select * from staff_passkeys where id = $1 and staff_id = $2", [response.id, staffId]);
  if (!passkey) return { ok: false, reason: "unknown passkey" };
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challengeTaker(q, now, "staff sign-in", staffId, signInId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        counter: Number(passkey.counter),
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
    if (!result.verified) return { ok: false, reason: "not verified" };
    // The counter moves only forward, so two sign-ins cannot share one signature.
    const moved = await q.query(
      "update staff_passkeys set counter = $3, last_used_at = $4::timestamptz where id = $1 and counter = $2 returning id",
      [passkey.id, passkey.counter, result.authenticationInfo.newCounter, at(now)],
    );
    if (moved.length === 0) return { ok: false, reason: "counter" };
    return { ok: true, value: passkey };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : "not verified" };
  }
}
