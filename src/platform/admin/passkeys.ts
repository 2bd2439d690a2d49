/**
 * Staff passkeys (WebAuthn): a member's passkeys and the challenges of their
 * registration and second step; the checks themselves are the shared ones
 * in ../accounts/webauthn.ts.
 */
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
} from "@simplewebauthn/server";
import type { Queryable } from "../db/database.ts";
import { recordAudit } from "./audit.ts";
import { type NewCredential, PASSKEY_CHALLENGE_MS, PASSKEY_NAME_MAX_LENGTH, type RelyingParty, type Verified, at, checkAssertion, checkRegistration, newChallenge, userHandleOf } from "../accounts/webauthn.ts";

export { PASSKEY_CHALLENGE_MINUTES, PASSKEY_NAME_MAX_LENGTH, type RelyingParty, type Verified, browserAnswer, relyingParty } from "../accounts/webauthn.ts";

export type ChallengePurpose = "staff registration" | "staff sign-in";

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

/** A stable, opaque user handle for a member: the authenticator keeps it with the passkey. */

/** Keeps a challenge for one answer; expired ones are cleared on the way. */
async function keepChallenge(q: Queryable, now: number, challenge: string, purpose: ChallengePurpose, staffId: number | string, signInId: string | null): Promise<void> {
  await q.query("delete from passkey_challenges where expires_at < $1::timestamptz", [at(now)]);
  await q.query("insert into passkey_challenges (challenge, purpose, staff_id, sign_in_id, expires_at) values ($1, $2, $3, $4, $5::timestamptz)", [
    challenge,
    purpose,
    staffId,
    signInId,
    at(now, PASSKEY_CHALLENGE_MS),
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
    userID: userHandleOf("staff", member.id),
    userName: member.email,
    userDisplayName: member.name,
    challenge: newChallenge(),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(q, now, options.challenge, "staff registration", member.id, null);
  return options;
}

/** Checks a new passkey against its challenge, origin and host; answers what to keep of it. */
export async function verifyRegistration(
  q: Queryable,
  now: number,
  rp: RelyingParty,
  staffId: number | string,
  response: RegistrationResponseJSON,
): Promise<Verified<NewCredential>> {
  return checkRegistration(rp, response, challengeTaker(q, now, "staff registration", staffId, null));
}

/** What the browser needs to sign a waiting sign-in with one of `staffId`'s passkeys. */
export async function authenticationOptions(q: Queryable, now: number, rp: RelyingParty, staffId: number | string, signInId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await q.query<{ id: string; transports: string[] }>("select id, transports from staff_passkeys where staff_id = $1", [staffId]);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: newChallenge(),
    timeout: PASSKEY_CHALLENGE_MS,
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
  const checked = await checkAssertion(rp, response, passkey, challengeTaker(q, now, "staff sign-in", staffId, signInId));
  if (!checked.ok) return checked;
  // The counter moves only forward, so two sign-ins cannot share one signature.
  const moved = await q.query("update staff_passkeys set counter = $3, last_used_at = $4::timestamptz where id = $1 and counter = $2 returning id", [
    passkey.id,
    passkey.counter,
    checked.value.newCounter,
    at(now),
  ]);
  if (moved.length === 0) return { ok: false, reason: "counter" };
  return { ok: true, value: passkey };
}

/**
 * Checks a new passkey and keeps it under `name` for the member, audited;
 * answers its number, or null when the browser's answer was not for this
 * member's challenge (or the passkey is already kept).
 */
export async function keepPasskey(tx: Queryable, now: number, rp: RelyingParty, staffId: number | string, name: string, response: RegistrationResponseJSON): Promise<number | null> {
  const verified = await verifyRegistration(tx, now, rp, staffId, response);
  if (!verified.ok) return null;
  const { id, publicKey, counter, transports } = verified.value;
  const [row] = await tx.query<{ number: number | string }>(
    "insert into staff_passkeys (id, staff_id, name, public_key, counter, transports, created_at) values ($1, $2, $3, $4, $5, $6::text[], $7::timestamptz) on conflict (id) do nothing returning number",
    [id, staffId, name, publicKey, counter, transports, at(now)],
  );
  if (!row) return null;
  await recordAudit(tx, { staffId: Number(staffId), action: "staff.passkey_added", subject: `staff ${staffId}`, after: { passkey: Number(row.number), name } });
  return Number(row.number);
}

/** The name a passkey is given in a form (`passkey_name`), or why it cannot be kept. */
export function passkeyName(value: unknown): { ok: true; name: string } | { ok: false; error: string } {
  const name = typeof value === "string" ? value.trim() : "";
  if (!name) return { ok: false, error: "Give the passkey a name, such as the device it is on." };
  if (name.length > PASSKEY_NAME_MAX_LENGTH) return { ok: false, error: `Use at most ${PASSKEY_NAME_MAX_LENGTH} characters.` };
  return { ok: true, name };
}
