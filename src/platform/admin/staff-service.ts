/**
 * The back office's staff: the first owner, signing in and out, sessions,
 * and the home page's figures. Passwords are scrypt-hashed as customers'
 * are; a session is kept by the hash of its token. Failed logins are
 * limited per address; an account with many failed logins from anywhere
 * asks for more proof (the bot check) instead of refusing its owner, so
 * nobody can lock a member out. A member with two-step sign-in gives a code
 * after the password. Every attempt that fails or is refused is audited
 * with its address.
 */
import type { RefusalReason } from "../../core/common/refusal.ts";
import { createHash, randomBytes } from "node:crypto";
import { type AdminHome, LOW_STOCK_THRESHOLD, type StaffJson, type StaffRole } from "../../core/admin/admin.ts";
import type { PendingSignIn } from "../../core/admin/admin-staff.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { BotCheck, BotCheckVerdict } from "../accounts/bot-check.ts";
import { type PasswordHash, hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { type LimitRule, RateLimiter, addressKey as keyOfAddress } from "../accounts/rate-limits.ts";
import { recordAudit } from "./audit.ts";
import { type TwoStep, looksLikeRecoveryCode, newRecoveryCodes, recoveryCodeHash } from "./two-step.ts";
import { authenticationOptions, browserAnswer, keepPasskey, passkeyName, registrationOptions, relyingParty, verifyAuthentication } from "./passkeys.ts";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

/** A back-office session lasts a working day. */
export const ADMIN_SESSION_HOURS = 12;
/** Failed logins from one address in 15 minutes before it must wait. */
export const ADMIN_LOGIN_LIMIT: LimitRule = { limit: 5, windowSeconds: 15 * 60 };
/**
 * Failed logins for one email from anywhere in 15 minutes before a login for
 * it must also pass the bot check. The right password is never refused for
 * them: strangers cannot lock a member out, only make signing in slower.
 */
export const ADMIN_EMAIL_LIMIT: LimitRule = { limit: 20, windowSeconds: 15 * 60 };
/** How long a sign-in waits for its code (or two-step setup) after the right password. */
export const SIGN_IN_STEP_MINUTES = 10;
/** Wrong codes one waiting sign-in may give before it must start again with the password. */
export const SIGN_IN_CODE_TRIES = 5;
const TOO_MANY = "Too many attempts. Please wait a few minutes before trying again.";
const CHECK_FIRST = "There were many failed attempts to log in to this account, so your browser does a short check that you are a person first. Then log in again.";
const CHALLENGE_ERRORS: Record<Exclude<BotCheckVerdict, { ok: true }>["reason"], string> = {
  missing: CHECK_FIRST,
  invalid: "The check did not pass. Please run it again.",
  expired: "The check took too long and expired. Please run it again.",
  replayed: "That check was already used. Please run it again.",
};
const WRONG_CODE = "That code is not right. Check your app's code for this shop, or use one of your recovery codes.";
const WRONG = "The email or password is not right.";
const WRONG_PASSKEY = "That passkey was not accepted. Try again, or use your app's code or a recovery code.";
const MAX_PASSWORD_LENGTH = 1024;

export interface StaffRow {
  id: number | string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  password_salt: string;
  password_params: PasswordHash["params"];
  two_step_secret: string | null;
  two_step_pending_secret: string | null;
  two_step_last_step: number | string | null;
}

const STAFF_COLUMNS = "s.id, s.email, s.name, s.role, s.password_hash, s.password_salt, s.password_params, s.two_step_secret, s.two_step_pending_secret, s.two_step_last_step";

const staffJson = (row: Pick<StaffRow, "id" | "email" | "name" | "role">): StaffJson => ({ id: Number(row.id), email: row.email, name: row.name, role: row.role });
const sessionId = (token: string) => createHash("sha256").update(token).digest("hex");
const refused = (reason: Refusal["reason"], description: string, errors: Record<string, string> = {}, extra: { retryAfter?: number; challenge?: Record<string, unknown> } = {}): Refusal => ({
  ok: false,
  reason,
  description,
  errors,
  ...extra,
});

/** Who is knocking: their address, and their browser as it names itself (shown with the session). */
export interface SignInClient {
  address: string;
  device?: string;
}

type Refusal = { ok: false; reason: Extract<RefusalReason, "signed_out" | "invalid" | "limited">; description: string; errors: Record<string, string>; retryAfter?: number; challenge?: Record<string, unknown> };
export type SignedIn = { ok: true; staff: StaffJson; sessionToken: string; maxAgeSeconds: number; step?: undefined };
/** The password was right; the sign-in waits (with its own short-lived token) for a code, or for two-step setup. */
export type StepNeeded = { ok: true; staff: StaffJson; step: "code" | "setup"; signInToken: string; maxAgeSeconds: number; sessionToken?: undefined };
export type LoginResult = SignedIn | StepNeeded | Refusal;
export type CodeResult = SignedIn | Refusal;
export type SetupResult = (SignedIn & { recoveryCodes: string[] }) | Refusal;

export class StaffService {
  readonly db: Database;
  private readonly limiter: RateLimiter;
  readonly now: () => number;
  private readonly timeZone: string;
  /** Verified against when the email is unknown, so a wrong email takes as long as a wrong password. */
  private decoy: Promise<PasswordHash> | null = null;

  readonly botCheck: BotCheck;
  readonly twoStep: TwoStep;

  constructor(options: { db: Database; timeZone: string; botCheck: BotCheck; twoStep: TwoStep; now?: () => number }) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.limiter = new RateLimiter(options.db, this.now);
    this.timeZone = options.timeZone;
    this.botCheck = options.botCheck;
    this.twoStep = options.twoStep;
  }

  private at(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  /**
   * The first owner, when the shop has no staff yet: with `password`
   * (ADMIN_PASSWORD), or a generated one answered once so the start log can
   * show it. Later starts change nothing.
   */
  async ensureOwner(email: string, password?: string): Promise<{ created: boolean; generatedPassword: string | null }> {
    const [existing] = await this.db.query<{ count: number }>("select count(*)::int as count from staff");
    if ((existing?.count ?? 0) > 0) return { created: false, generatedPassword: null };
    const chosen = password && password.length > 0 ? password : randomBytes(15).toString("base64url");
    const hash = await hashPassword(chosen);
    const inserted = await this.db.query<{ id: number }>(
      `insert into staff (email, name, role, password_hash, password_salt, password_params)
       select $1, 'Owner', 'owner', $2, $3, $4 where not exists (select 1 from staff)
       on conflict do nothing returning id`,
      [email, hash.hash, hash.salt, JSON.stringify(hash.params)],
    );
    if (inserted.length === 0) return { created: false, generatedPassword: null };
    return { created: true, generatedPassword: password ? null : chosen };
  }


  /**
   * The password step. Past the address's limit the answer is 429; past the
   * account's, the login must carry a solved bot check (the answer asks for
   * one) and then goes on as any other. A member with two-step sign-in, or
   * without it when the owner requires it, goes on to that step.
   */
  async login(form: Record<string, unknown>, client: SignInClient | string): Promise<LoginResult> {
    const who = typeof client === "string" ? { address: client } : client;
    const email = typeof form.email === "string" ? form.email.trim() : "";
    const password = typeof form.password === "string" ? form.password : "";
    const errors: Record<string, string> = {};
    if (!email) errors.email = "Enter your email.";
    else if (email.length > 254) errors.email = "That email is too long.";
    if (!password) errors.password = "Enter your password.";
    else if (password.length > MAX_PASSWORD_LENGTH) errors.password = "That password is too long.";
    if (Object.keys(errors).length) return refused("invalid", "Check the highlighted fields.", errors);

    const addressKey = keyOfAddress("admin-login:address", who.address);
    const emailKey = `admin-login:email:${email.toLowerCase()}`;
    const [member] = await this.db.query<StaffRow>(`select ${STAFF_COLUMNS} from staff s where lower(s.email) = lower($1) and s.disabled_at is null`, [email]);
    const subject = member ? `staff ${member.id}` : `email ${email.toLowerCase()}`;
    // Only failed attempts count; an address past its limit waits, even with the right password.
    if (await this.limiter.reached(addressKey, ADMIN_LOGIN_LIMIT)) {
      await this.audit(this.db, member, "staff.login_refused", subject, who, { reason: "address limit" });
      return refused("limited", TOO_MANY, {}, { retryAfter: ADMIN_LOGIN_LIMIT.windowSeconds });
    }
    if (await this.limiter.reached(emailKey, ADMIN_EMAIL_LIMIT)) {
      const verdict = await this.botCheck.verify(form.altcha);
      if (!verdict.ok) {
        await this.audit(this.db, member, "staff.login_refused", subject, who, { reason: `bot check ${verdict.reason}` });
        const message = CHALLENGE_ERRORS[verdict.reason];
        return refused("signed_out", message, { altcha: message }, { challenge: await this.botCheck.create() });
      }
    }
    const stored = member ? { hash: member.password_hash, salt: member.password_salt, params: member.password_params } : await this.decoyHash();
    const matches = await verifyPassword(password, stored);
    if (!member || !matches) {
      await this.limiter.hit(addressKey, ADMIN_LOGIN_LIMIT);
      await this.limiter.hit(emailKey, ADMIN_EMAIL_LIMIT);
      await this.audit(this.db, member, "staff.login_failed", subject, who, { reason: "password" });
      return refused("signed_out", WRONG);
    }

    const step = member.two_step_secret || (await this.hasPasskey(member.id)) ? "code" : (await this.twoStepRequired()) ? "setup" : null;
    if (!step) return this.signIn(member, who, { method: "password" });
    const token = randomBytes(32).toString("base64url");
    const maxAgeSeconds = SIGN_IN_STEP_MINUTES * 60;
    await this.db.transaction(async (tx) => {
      await tx.query("delete from staff_sign_ins where expires_at < $1::timestamptz", [this.at()]);
      await tx.query("insert into staff_sign_ins (id, staff_id, stage, expires_at) values ($1, $2, $3, $4::timestamptz)", [sessionId(token), member.id, step, this.at(maxAgeSeconds * 1000)]);
    });
    return { ok: true, staff: staffJson(member), step, signInToken: token, maxAgeSeconds };
  }

  /** Whether the owner requires two-step sign-in of everyone. */
  async twoStepRequired(q: Queryable = this.db): Promise<boolean> {
    const [row] = await q.query<{ two_step_required: boolean }>("select two_step_required from back_office_rules");
    return row?.two_step_required ?? false;
  }

  /** The member a waiting sign-in belongs to, with its stage, while it lasts. */
  private async waiting(token: string | undefined, q: Queryable = this.db): Promise<{ member: StaffRow; id: string; stage: "code" | "setup"; failed: number } | null> {
    if (!token || token.length > 200) return null;
    const [row] = await q.query<StaffRow & { sign_in_id: string; stage: "code" | "setup"; failed_codes: number }>(
      `select ${STAFF_COLUMNS}, si.id as sign_in_id, si.stage, si.failed_codes from staff_sign_ins si join staff s on s.id = si.staff_id
       where si.id = $1 and si.expires_at > $2::timestamptz and s.disabled_at is null`,
      [sessionId(token), this.at()],
    );
    return row ? { member: row, id: row.sign_in_id, stage: row.stage, failed: row.failed_codes } : null;
  }

  /** What the second step's page shows: the stage, and for setup the app's new secret (made once per sign-in's member). */
  async pendingSignIn(token: string | undefined): Promise<PendingSignIn | null> {
    const pending = await this.waiting(token);
    if (!pending) return null;
    if (pending.stage === "code") return { stage: "code", email: pending.member.email, setup: null, app: pending.member.two_step_secret !== null, passkey: await this.hasPasskey(pending.member.id) };
    const sealed = await this.pendingSecret(pending.member);
    return { stage: "setup", email: pending.member.email, setup: await this.twoStep.enrolment(sealed, pending.member.email), app: false, passkey: false };
  }

  /** Whether the member has a passkey, which counts as two-step sign-in. */
  async hasPasskey(staffId: number | string, q: Queryable = this.db): Promise<boolean> {
    const rows = await q.query("select 1 from staff_passkeys where staff_id = $1 limit 1", [staffId]);
    return rows.length > 0;
  }

  /** The challenge a waiting sign-in's passkey signs, for the shop's address. */
  async passkeySignInOptions(token: string | undefined, shopUrl: string): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
    const pending = await this.waiting(token);
    if (!pending || pending.stage !== "code" || !(await this.hasPasskey(pending.member.id))) return null;
    return authenticationOptions(this.db, this.now(), relyingParty(shopUrl), pending.member.id, pending.id);
  }

  /** The second step with a passkey: its signature over this sign-in's challenge. A refused passkey counts as a wrong code. */
  async signInWithPasskey(token: string | undefined, form: Record<string, unknown>, client: SignInClient, shopUrl: string): Promise<CodeResult> {
    const pending = await this.waiting(token);
    if (!pending || pending.stage !== "code") return refused("signed_out", "Your sign-in has expired. Log in again.");
    const addressKey = keyOfAddress("admin-login:address", client.address);
    const subject = `staff ${pending.member.id}`;
    if (await this.limiter.reached(addressKey, ADMIN_LOGIN_LIMIT)) {
      await this.audit(this.db, pending.member, "staff.login_refused", subject, client, { reason: "address limit" });
      return refused("limited", TOO_MANY, {}, { retryAfter: ADMIN_LOGIN_LIMIT.windowSeconds });
    }
    const response = browserAnswer<AuthenticationResponseJSON>(form.passkey);
    const checked = response
      ? await this.db.transaction(async (tx) => {
          const [still] = await tx.query<{ id: string }>("select id from staff_sign_ins where id = $1 for update", [pending.id]);
          if (!still) return { ok: false as const, reason: "sign-in ended" };
          const verified = await verifyAuthentication(tx, this.now(), relyingParty(shopUrl), pending.member.id, pending.id, response);
          if (verified.ok) await tx.query("delete from staff_sign_ins where id = $1", [pending.id]);
          return verified;
        })
      : { ok: false as const, reason: "no answer" };
    if (!checked.ok) {
      await this.limiter.hit(addressKey, ADMIN_LOGIN_LIMIT);
      await this.audit(this.db, pending.member, "staff.login_failed", subject, client, { reason: "passkey", detail: checked.reason });
      const failed = await this.db.query<{ failed_codes: number }>("update staff_sign_ins set failed_codes = failed_codes + 1 where id = $1 returning failed_codes", [pending.id]);
      if ((failed[0]?.failed_codes ?? SIGN_IN_CODE_TRIES) >= SIGN_IN_CODE_TRIES) {
        await this.db.query("delete from staff_sign_ins where id = $1", [pending.id]);
        return refused("signed_out", "Too many failed attempts. Log in again.");
      }
      return refused("signed_out", WRONG_PASSKEY, { passkey: WRONG_PASSKEY });
    }
    return this.signIn(pending.member, client, { method: "passkey", passkey: checked.value.name });
  }

  /** The member's secret being set up, made now if there is none. */
  async pendingSecret(member: Pick<StaffRow, "id" | "two_step_pending_secret">): Promise<string> {
    if (member.two_step_pending_secret) return member.two_step_pending_secret;
    const sealed = await this.twoStep.newSecret();
    const [row] = await this.db.query<{ two_step_pending_secret: string }>(
      "update staff set two_step_pending_secret = coalesce(two_step_pending_secret, $2) where id = $1 returning two_step_pending_secret",
      [member.id, sealed],
    );
    return row?.two_step_pending_secret ?? sealed;
  }

  /** The second step: the app's code, or one recovery code (used up). Wrong codes count against the address and the waiting sign-in. */
  async signInWithCode(token: string | undefined, form: Record<string, unknown>, client: SignInClient): Promise<CodeResult> {
    const code = typeof form.code === "string" ? form.code.trim() : "";
    const pending = await this.waiting(token);
    if (!pending || pending.stage !== "code" || !pending.member.two_step_secret) return refused("signed_out", "Your sign-in has expired. Log in again.");
    const addressKey = keyOfAddress("admin-login:address", client.address);
    const subject = `staff ${pending.member.id}`;
    if (await this.limiter.reached(addressKey, ADMIN_LOGIN_LIMIT)) {
      await this.audit(this.db, pending.member, "staff.login_refused", subject, client, { reason: "address limit" });
      return refused("limited", TOO_MANY, {}, { retryAfter: ADMIN_LOGIN_LIMIT.windowSeconds });
    }
    if (!code) return refused("invalid", "Enter the code.", { code: "Enter the 6-digit code from your app, or a recovery code." });
    const secret = pending.member.two_step_secret;
    const lastStep = pending.member.two_step_last_step === null ? null : Number(pending.member.two_step_last_step);
    const method = looksLikeRecoveryCode(code) ? "recovery code" : "app";
    const accepted = await this.db.transaction(async (tx) => {
      // The sign-in is taken under lock, so one code cannot open two sessions.
      const [still] = await tx.query<{ id: string }>("select id from staff_sign_ins where id = $1 for update", [pending.id]);
      if (!still) return false;
      if (method === "recovery code") {
        const used = await tx.query("update staff_recovery_codes set used_at = $3::timestamptz where staff_id = $1 and code_hash = $2 and used_at is null returning code_hash", [
          pending.member.id,
          recoveryCodeHash(code),
          this.at(),
        ]);
        if (used.length === 0) return false;
      } else {
        const checked = await this.twoStep.check(secret, code, lastStep, this.now());
        if (!checked.ok) return false;
        // Each code is taken once: a later sign-in needs a later step.
        const taken = await tx.query("update staff set two_step_last_step = $2 where id = $1 and (two_step_last_step is null or two_step_last_step < $2) returning id", [pending.member.id, checked.step]);
        if (taken.length === 0) return false;
      }
      await tx.query("delete from staff_sign_ins where id = $1", [pending.id]);
      return true;
    });
    if (!accepted) {
      await this.limiter.hit(addressKey, ADMIN_LOGIN_LIMIT);
      await this.audit(this.db, pending.member, "staff.login_failed", subject, client, { reason: `${method} code` });
      const failed = await this.db.query<{ failed_codes: number }>("update staff_sign_ins set failed_codes = failed_codes + 1 where id = $1 returning failed_codes", [pending.id]);
      if ((failed[0]?.failed_codes ?? SIGN_IN_CODE_TRIES) >= SIGN_IN_CODE_TRIES) {
        await this.db.query("delete from staff_sign_ins where id = $1", [pending.id]);
        return refused("signed_out", "Too many wrong codes. Log in again.");
      }
      return refused("signed_out", WRONG_CODE, { code: WRONG_CODE });
    }
    return this.signIn(pending.member, client, { method });
  }

  /** Two-step setup during a sign-in the owner requires it of: the app's first code turns it on, then the member is signed in with their recovery codes. */
  async signInWithSetup(token: string | undefined, form: Record<string, unknown>, client: SignInClient): Promise<SetupResult> {
    const pending = await this.waiting(token);
    if (!pending || pending.stage !== "setup") return refused("signed_out", "Your sign-in has expired. Log in again.");
    const addressKey = keyOfAddress("admin-login:address", client.address);
    if (await this.limiter.reached(addressKey, ADMIN_LOGIN_LIMIT)) return refused("limited", TOO_MANY, {}, { retryAfter: ADMIN_LOGIN_LIMIT.windowSeconds });
    const turnedOn = await this.turnOnTwoStep(pending.member, form);
    if (!turnedOn.ok) {
      await this.limiter.hit(addressKey, ADMIN_LOGIN_LIMIT);
      return turnedOn;
    }
    await this.db.query("delete from staff_sign_ins where id = $1", [pending.id]);
    const signedIn = await this.signIn(pending.member, client, { method: "two-step setup" });
    return { ...signedIn, recoveryCodes: turnedOn.recoveryCodes };
  }

  /** During a setup the owner requires, the challenge for the member's first passkey, for the shop's address. */
  async passkeySetupOptions(token: string | undefined, shopUrl: string): Promise<PublicKeyCredentialCreationOptionsJSON | null> {
    const pending = await this.waiting(token);
    if (!pending || pending.stage !== "setup") return null;
    return registrationOptions(this.db, this.now(), relyingParty(shopUrl), this.twoStep.issuer(), pending.member);
  }

  /** Two-step setup with a passkey instead of the app: the new passkey is kept, then the member is signed in with their recovery codes. */
  async signInWithPasskeySetup(token: string | undefined, form: Record<string, unknown>, client: SignInClient, shopUrl: string): Promise<SetupResult> {
    const pending = await this.waiting(token);
    if (!pending || pending.stage !== "setup") return refused("signed_out", "Your sign-in has expired. Log in again.");
    const addressKey = keyOfAddress("admin-login:address", client.address);
    if (await this.limiter.reached(addressKey, ADMIN_LOGIN_LIMIT)) return refused("limited", TOO_MANY, {}, { retryAfter: ADMIN_LOGIN_LIMIT.windowSeconds });
    const named = passkeyName(form.passkey_name);
    const response = browserAnswer<RegistrationResponseJSON>(form.passkey);
    if (!named.ok || !response) {
      const errors: Record<string, string> = {};
      if (!named.ok) errors.passkey_name = named.error;
      if (!response) errors.passkey = "Your browser did not make a passkey. Try again.";
      return refused("invalid", "Two-step sign-in is not on yet.", errors);
    }
    const recovery = newRecoveryCodes();
    const kept = await this.db.transaction(async (tx) => {
      // The sign-in is taken with the passkey, so one setup keeps one passkey.
      const [still] = await tx.query<{ id: string }>("delete from staff_sign_ins where id = $1 returning id", [pending.id]);
      if (!still) return false;
      const number = await keepPasskey(tx, this.now(), relyingParty(shopUrl), pending.member.id, named.name, response);
      if (number === null) throw new PasskeyRefused();
      await this.replaceRecoveryCodes(tx, pending.member.id, recovery.hashes);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof PasskeyRefused) return null;
      throw error;
    });
    if (kept === false) return refused("signed_out", "Your sign-in has expired. Log in again.");
    if (kept === null) {
      await this.limiter.hit(addressKey, ADMIN_LOGIN_LIMIT);
      await this.audit(this.db, pending.member, "staff.login_failed", `staff ${pending.member.id}`, client, { reason: "passkey setup" });
      return refused("invalid", "Two-step sign-in is not on yet.", { passkey: "That passkey could not be checked. Start again from the button." });
    }
    const signedIn = await this.signIn(pending.member, client, { method: "passkey setup", passkey: named.name });
    return { ...signedIn, recoveryCodes: recovery.codes };
  }

  /** Turns two-step sign-in on for `member` with their app's first code for the secret being set up, answering new recovery codes. */
  async turnOnTwoStep(member: Pick<StaffRow, "id">, form: Record<string, unknown>): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
    const code = typeof form.code === "string" ? form.code.trim() : "";
    if (!/^[0-9]{6}$/.test(code.replace(/\s/g, ""))) return refused("invalid", "Two-step sign-in is not on yet.", { code: "Enter the 6-digit code your app shows." });
    const recovery = newRecoveryCodes();
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ two_step_pending_secret: string | null }>("select two_step_pending_secret from staff where id = $1 for update", [member.id]);
      if (!row?.two_step_pending_secret) return "nothing" as const;
      const checked = await this.twoStep.check(row.two_step_pending_secret, code.replace(/\s/g, ""), null, this.now());
      if (!checked.ok) return "wrong" as const;
      await tx.query("update staff set two_step_secret = two_step_pending_secret, two_step_pending_secret = null, two_step_last_step = $2 where id = $1", [member.id, checked.step]);
      await this.replaceRecoveryCodes(tx, member.id, recovery.hashes);
      await recordAudit(tx, { staffId: Number(member.id), action: "staff.two_step_on", subject: `staff ${member.id}` });
      return "on" as const;
    });
    if (result === "nothing") return refused("invalid", "Start setting up two-step sign-in again.", {});
    if (result === "wrong") return refused("invalid", "Two-step sign-in is not on yet.", { code: "That code is not right. Enter the code your app shows now." });
    return { ok: true, recoveryCodes: recovery.codes };
  }

  async replaceRecoveryCodes(tx: Queryable, staffId: number | string, hashes: string[]): Promise<void> {
    await tx.query("delete from staff_recovery_codes where staff_id = $1", [staffId]);
    await tx.query("insert into staff_recovery_codes (staff_id, code_hash) select $1, unnest($2::text[])", [staffId, hashes]);
  }

  /** A new session for `member`, noting where it began; audited as a login. */
  private async signIn(member: StaffRow, client: SignInClient, how: { method: string; passkey?: string }): Promise<SignedIn> {
    const token = randomBytes(32).toString("base64url");
    const maxAgeSeconds = ADMIN_SESSION_HOURS * 60 * 60;
    await this.db.transaction(async (tx) => {
      await tx.query("insert into staff_sessions (id, staff_id, expires_at, address, device) values ($1, $2, $3::timestamptz, $4, $5)", [
        sessionId(token),
        member.id,
        this.at(maxAgeSeconds * 1000),
        client.address.slice(0, 64),
        (client.device ?? "").slice(0, 300),
      ]);
      await tx.query("delete from staff_sessions where expires_at < $1::timestamptz", [this.at()]);
      await this.audit(tx, member, "staff.login", `staff ${member.id}`, client, how);
    });
    return { ok: true, staff: staffJson(member), sessionToken: token, maxAgeSeconds };
  }

  private async audit(q: Queryable, member: Pick<StaffRow, "id"> | undefined, action: string, subject: string, client: SignInClient, after: Record<string, unknown>): Promise<void> {
    await recordAudit(q, { staffId: member ? Number(member.id) : null, action, subject, after, address: client.address });
  }

  async staffForSession(token: string | undefined): Promise<StaffJson | null> {
    const found = await this.session(token);
    return found ? staffJson(found) : null;
  }

  /** The member a session belongs to, with the session's own id (its token's hash). */
  async session(token: string | undefined): Promise<(StaffRow & { session_id: string }) | null> {
    if (!token || token.length > 200) return null;
    const [row] = await this.db.query<StaffRow & { session_id: string }>(
      `select ${STAFF_COLUMNS}, ss.id as session_id from staff_sessions ss join staff s on s.id = ss.staff_id
       where ss.id = $1 and ss.expires_at > $2::timestamptz and s.disabled_at is null`,
      [sessionId(token), this.at()],
    );
    return row ?? null;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.transaction(async (tx) => {
      const ended = await tx.query<{ staff_id: number }>("delete from staff_sessions where id = $1 returning staff_id", [sessionId(token)]);
      if (ended[0]) await recordAudit(tx, { staffId: Number(ended[0].staff_id), action: "staff.logout", subject: `staff ${ended[0].staff_id}` });
    });
  }

  /** Today (in the shop's time zone): orders, sales per currency and orders waiting to be sent; variants running low. */
  /** The home page's figures but the subscriptions', which the admin client adds. */
  async home(): Promise<Omit<AdminHome, "renewalsDueSoon">> {
    const now = new Date(this.now()).toISOString();
    const sales = await this.db.query<{ currency: string; orders: number; amount: number | string }>(
      `select currency, count(*)::int as orders, coalesce(sum(total_price), 0) as amount from orders
       where created_at >= (date_trunc('day', $1::timestamptz at time zone $2) at time zone $2)
       group by currency order by currency`,
      [now, this.timeZone],
    );
    const [waiting] = await this.db.query<{ count: number }>("select count(*)::int as count from orders where fulfillment_status = 'unfulfilled'");
    const [low] = await this.db.query<{ count: number }>(
      "select count(*)::int as count from variants where inventory_management = 'shopify' and inventory_policy = 'deny' and inventory_quantity <= $1",
      [LOW_STOCK_THRESHOLD],
    );
    return {
      today: { orders: sales.reduce((sum, row) => sum + row.orders, 0), sales: sales.map((row) => ({ currency: row.currency, amount: Number(row.amount) })) },
      unfulfilled: waiting?.count ?? 0,
      lowStock: low?.count ?? 0,
      lowStockThreshold: LOW_STOCK_THRESHOLD,
    };
  }

  private decoyHash(): Promise<PasswordHash> {
    this.decoy ??= hashPassword(randomBytes(16).toString("hex"));
    return this.decoy;
  }
}

/** A passkey that failed its check inside a setup's transaction: the sign-in it took is given back. */
class PasskeyRefused extends Error {}
