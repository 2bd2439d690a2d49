/**
 * Customer passkeys (WebAuthn): the customer's list, the challenges for
 * adding one (bound to the customer) and for signing in (bound to no
 * account: the browser offers any of its passkeys for the shop, and the
 * passkey is found by its id), with the checks shared with staff passkeys.
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
import type { CustomerPasskey } from "../../core/accounts/passkeys.ts";
import type { Queryable } from "../db/database.ts";
import { type ChallengeTaker, type KeptCredential, PASSKEY_CHALLENGE_MS, type RelyingParty, type Verified, at, checkAssertion, checkRegistration, newChallenge, userHandleOf } from "./webauthn.ts";

type Purpose = "customer registration" | "customer sign-in";

interface PasskeyRow extends KeptCredential {
  number: number | string;
  customer_id: number | string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A stable, opaque user handle for a customer: the authenticator keeps it with the passkey, and it holds no email or name. */

async function keepChallenge(q: Queryable, now: number, challenge: string, purpose: Purpose, customerId: number | null): Promise<void> {
  await q.query("delete from customer_passkey_challenges where expires_at < $1::timestamptz", [at(now)]);
  await q.query("insert into customer_passkey_challenges (challenge, purpose, customer_id, expires_at) values ($1, $2, $3, $4::timestamptz)", [
    challenge,
    purpose,
    customerId,
    at(now, PASSKEY_CHALLENGE_MS),
  ]);
}

/** Takes a challenge once, for its purpose (and customer, when adding), before it expires. */
function challengeTaker(q: Queryable, now: number, purpose: Purpose, customerId: number | null): ChallengeTaker {
  return async (challenge) => {
    const taken = await q.query(
      "delete from customer_passkey_challenges where challenge = $1 and purpose = $2 and customer_id is not distinct from $3 and expires_at > $4::timestamptz returning challenge",
      [challenge, purpose, customerId, at(now)],
    );
    return taken.length === 1;
  };
}

/** The customer's passkeys as the account page lists them. */
export async function listPasskeys(q: Queryable, customerId: number): Promise<CustomerPasskey[]> {
  const rows = await q.query<PasskeyRow>("select number, name, created_at, last_used_at from customer_passkeys where customer_id = $1 order by created_at, number", [customerId]);
  return rows.map((row) => ({ number: Number(row.number), name: row.name, created_at: iso(row.created_at), last_used_at: row.last_used_at === null ? null : iso(row.last_used_at) }));
}

/** What the browser needs to make a passkey for the customer: a discoverable one, and none of theirs again. */
export async function registrationOptions(
  q: Queryable,
  now: number,
  rp: RelyingParty,
  rpName: string,
  customer: { id: number; email: string; first_name: string; last_name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await q.query<{ id: string; transports: string[] }>("select id, transports from customer_passkeys where customer_id = $1", [customer.id]);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rp.id,
    userID: userHandleOf("customer", customer.id),
    userName: customer.email,
    userDisplayName: `${customer.first_name} ${customer.last_name}`.trim() || customer.email,
    challenge: newChallenge(),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[] })),
    // The passkey is the whole sign-in, so it must be found without an email (resident) and prove its holder (user verification).
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(q, now, options.challenge, "customer registration", customer.id);
  return options;
}

/** Checks and keeps a new passkey; answers its number, or null when refused or already kept. */
export async function addPasskey(q: Queryable, now: number, rp: RelyingParty, customerId: number, name: string, response: RegistrationResponseJSON): Promise<Verified<number>> {
  const checked = await checkRegistration(rp, response, challengeTaker(q, now, "customer registration", customerId));
  if (!checked.ok) return checked;
  const { id, publicKey, counter, transports } = checked.value;
  const [row] = await q.query<{ number: number | string }>(
    "insert into customer_passkeys (id, customer_id, name, public_key, counter, transports, created_at) values ($1, $2, $3, $4, $5, $6::text[], $7::timestamptz) on conflict (id) do nothing returning number",
    [id, customerId, name, publicKey, counter, transports, at(now)],
  );
  return row ? { ok: true, value: Number(row.number) } : { ok: false, reason: "already kept" };
}

/** Removes one of the customer's passkeys; false when it was not theirs or is gone. */
export async function removePasskey(q: Queryable, customerId: number, number: number): Promise<boolean> {
  const gone = await q.query("delete from customer_passkeys where customer_id = $1 and number = $2 returning id", [customerId, number]);
  return gone.length === 1;
}

/** What the browser needs for a sign-in with any passkey it holds for the shop (no account named, no list of passkeys). */
export async function signInOptions(q: Queryable, now: number, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, challenge: newChallenge(), timeout: PASSKEY_CHALLENGE_MS, userVerification: "required" });
  await keepChallenge(q, now, options.challenge, "customer sign-in", null);
  return options;
}

/**
 * Checks a sign-in's answer: the passkey is found by its id, its user handle
 * (when the browser sends one) must be its customer's, the challenge one
 * handed out for a sign-in, the user verified, and the counter must move on;
 * the counter and last use are then written. Answers the customer's id.
 */
export async function signIn(q: Queryable, now: number, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<Verified<number>> {
  const takeChallenge = challengeTaker(q, now, "customer sign-in", null);
  const [passkey] = await q.query<PasskeyRow>("select * from customer_passkeys where id = $1", [response.id]);
  if (!passkey) {
    // The challenge is used up all the same: one answer per challenge.
    await takeChallenge(response.response?.clientDataJSON ? challengeOf(response.response.clientDataJSON) : "");
    return { ok: false, reason: "unknown passkey" };
  }
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf("customer", passkey.customer_id)).toString("base64url")) {
    await takeChallenge(challengeOf(response.response.clientDataJSON));
    return { ok: false, reason: "user handle" };
  }
  const checked = await checkAssertion(rp, response, passkey, takeChallenge, true);
  if (!checked.ok) return checked;
  // The counter moves only forward, so two sign-ins cannot share one signature.
  const moved = await q.query("update customer_passkeys set counter = $3, last_used_at = $4::timestamptz where id = $1 and counter = $2 returning id", [
    passkey.id,
    passkey.counter,
    checked.value.newCounter,
    at(now),
  ]);
  if (moved.length === 0) return { ok: false, reason: "counter" };
  return { ok: true, value: Number(passkey.customer_id) };
}

/** The challenge a browser's client data says it answered; "" when unreadable. */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof parsed.challenge === "string" ? parsed.challenge : "";
  } catch {
    return "";
  }
}
