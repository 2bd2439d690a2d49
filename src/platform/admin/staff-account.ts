/**
 * A staff member's own page, for every role: turning two-step sign-in on and
 * off, new recovery codes, their sessions (each can be ended) and a new
 * password, which ends every other session. Each change is audited.
 */
import type { AdminAnswer } from "../../core/admin/admin.ts";
import { type RecoveryCodesAnswer, STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH, type StaffAccountClient } from "../../core/admin/admin-staff.ts";
import { hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { recordAudit } from "./audit.ts";
import type { StaffService } from "./staff-service.ts";
import { newRecoveryCodes } from "./two-step.ts";
import { browserAnswer, keepPasskey, passkeyName, registrationOptions, relyingParty } from "./passkeys.ts";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { AdminRefused, refusal } from "./refusal.ts";

const ACCOUNT_PAGE = "/account";
const SIGNED_OUT = refusal("signed_out", "Your session has ended. Log in again.");
const WRONG_PASSWORD = "That is not your current password.";

interface SessionSql {
  number: number | string;
  id: string;
  created_at: Date | string;
  address: string;
  device: string;
}

interface PasskeySql {
  number: number | string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** `shopUrl` is the shop's address as this request reached it: passkeys are bound to its host. */
export function staffAccount(staff: StaffService, sessionToken: string | undefined, shopUrl: string): StaffAccountClient {
  const db = staff.db;
  const now = staff.now;
  const me = () => staff.session(sessionToken);
  type Me = NonNullable<Awaited<ReturnType<typeof me>>>;
  const passwordMatches = (member: Me, password: unknown) =>
    typeof password === "string" && password.length > 0 && password.length <= 1024 && verifyPassword(password, { hash: member.password_hash, salt: member.password_salt, params: member.password_params });

  return {
    async account() {
      const member = await me();
      if (!member) return null;
      const [sessions, [codes], required, passkeys] = await Promise.all([
        db.query<SessionSql>("select number, id, created_at, address, device from staff_sessions where staff_id = $1 and expires_at > $2::timestamptz order by created_at desc, number desc", [
          member.id,
          new Date(now()).toISOString(),
        ]),
        db.query<{ count: number }>("select count(*)::int as count from staff_recovery_codes where staff_id = $1 and used_at is null", [member.id]),
        staff.twoStepRequired(),
        db.query<PasskeySql>("select number, name, created_at, last_used_at from staff_passkeys where staff_id = $1 order by created_at, number", [member.id]),
      ]);
      const setup = !member.two_step_secret && member.two_step_pending_secret ? await staff.twoStep.enrolment(member.two_step_pending_secret, member.email) : null;
      return {
        name: member.name,
        email: member.email,
        twoStep: member.two_step_secret !== null,
        twoStepRequired: required,
        setup,
        recoveryCodesLeft: codes?.count ?? 0,
        passkeys: passkeys.map((row) => ({ number: Number(row.number), name: row.name, created_at: iso(row.created_at), last_used_at: row.last_used_at === null ? null : iso(row.last_used_at) })),
        sessions: sessions.map((row) => ({
          number: Number(row.number),
          started_at: new Date(row.created_at).toISOString(),
          address: row.address,
          device: row.device,
          current: row.id === member.session_id,
        })),
      };
    },

    async startTwoStep() {
      const member = await me();
      if (!member) return SIGNED_OUT;
      if (member.two_step_secret) return { ok: true, next: ACCOUNT_PAGE };
      await staff.pendingSecret(member);
      return { ok: true, next: `${ACCOUNT_PAGE}#two-step` };
    },

    async confirmTwoStep(form): Promise<RecoveryCodesAnswer> {
      const member = await me();
      if (!member) return SIGNED_OUT;
      if (member.two_step_secret) return refusal("conflict", "Two-step sign-in is already on.");
      return staff.turnOnTwoStep(member, form);
    },

    async turnOffTwoStep(form): Promise<AdminAnswer> {
      const member = await me();
      if (!member) return SIGNED_OUT;
      if (await staff.twoStepRequired()) return refusal("conflict", "The owner requires two-step sign-in for everyone, so it stays on.");
      if (!(await passwordMatches(member, form.password))) return refusal("invalid", "Two-step sign-in is still on.", { password: WRONG_PASSWORD });
      await db.transaction(async (tx) => {
        await tx.query("update staff set two_step_secret = null, two_step_pending_secret = null, two_step_last_step = null where id = $1", [member.id]);
        await tx.query("delete from staff_recovery_codes where staff_id = $1", [member.id]);
        await recordAudit(tx, { staffId: Number(member.id), action: "staff.two_step_off", subject: `staff ${member.id}` });
      });
      return { ok: true, next: `${ACCOUNT_PAGE}?two_step=off` };
    },

    async renewRecoveryCodes(form): Promise<RecoveryCodesAnswer> {
      const member = await me();
      if (!member) return SIGNED_OUT;
      if (!member.two_step_secret) return refusal("conflict", "Turn on two-step sign-in first.");
      if (!(await passwordMatches(member, form.password))) return refusal("invalid", "Your recovery codes are unchanged.", { password: WRONG_PASSWORD });
      const recovery = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await staff.replaceRecoveryCodes(tx, member.id, recovery.hashes);
        await recordAudit(tx, { staffId: Number(member.id), action: "staff.recovery_codes", subject: `staff ${member.id}` });
      });
      return { ok: true, recoveryCodes: recovery.codes };
    },

    async passkeyOptions() {
      const member = await me();
      if (!member) return SIGNED_OUT;
      return { ok: true, options: await registrationOptions(db, now(), relyingParty(shopUrl), staff.twoStep.issuer(), member) };
    },

    async addPasskey(form) {
      const member = await me();
      if (!member) return SIGNED_OUT;
      const named = passkeyName(form.passkey_name);
      const errors: Record<string, string> = {};
      if (!named.ok) errors.passkey_name = named.error;
      if (!(await passwordMatches(member, form.passkey_password))) errors.passkey_password = WRONG_PASSWORD;
      const response = browserAnswer<RegistrationResponseJSON>(form.passkey);
      if (!response) errors.passkey = "Your browser did not make a passkey. Try again.";
      if (!named.ok || Object.keys(errors).length || !response) return refusal("invalid", "No passkey was added. Please check the highlighted fields.", errors);
      const added = await db.transaction((tx) => keepPasskey(tx, now(), relyingParty(shopUrl), member.id, named.name, response));
      if (added === null) return refusal("invalid", "No passkey was added.", { passkey: "That passkey could not be checked. Start again from the button." });
      return { ok: true, next: `${ACCOUNT_PAGE}?passkey=added#passkeys` };
    },

    async removePasskey(number, form) {
      const member = await me();
      if (!member) return SIGNED_OUT;
      if (!Number.isSafeInteger(number) || number <= 0) return refusal("not_found", "That passkey was already removed.");
      if (!(await passwordMatches(member, form.remove_password))) return refusal("invalid", "The passkey is still there.", { remove_password: WRONG_PASSWORD });
      const removed = await db.transaction(async (tx) => {
        const [gone] = await tx.query<{ name: string }>("delete from staff_passkeys where staff_id = $1 and number = $2 returning name", [member.id, number]);
        if (!gone) return "none" as const;
        // While the owner requires two steps, the last way to give one stays.
        if (!member.two_step_secret && !(await staff.hasPasskey(member.id, tx)) && (await staff.twoStepRequired(tx))) {
          throw new AdminRefused(refusal("conflict", "The owner requires two-step sign-in for everyone, so your only passkey stays until you set up an authenticator app."));
        }
        await recordAudit(tx, { staffId: Number(member.id), action: "staff.passkey_removed", subject: `staff ${member.id}`, before: { passkey: number, name: gone.name } });
        return "removed" as const;
      }).catch((error: unknown) => {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      });
      if (removed === "none") return refusal("not_found", "That passkey was already removed.");
      if (typeof removed === "object") return removed;
      return { ok: true, next: `${ACCOUNT_PAGE}?passkey=removed#passkeys` };
    },

    async endSession(number) {
      const member = await me();
      if (!member) return SIGNED_OUT;
      if (!Number.isSafeInteger(number) || number <= 0) return refusal("not_found", "That session has already ended.");
      const ended = await db.transaction(async (tx) => {
        const rows = await tx.query<{ id: string }>("delete from staff_sessions where staff_id = $1 and number = $2 returning id", [member.id, number]);
        if (rows[0]) await recordAudit(tx, { staffId: Number(member.id), action: "staff.session_end", subject: `staff ${member.id}`, after: { session: number } });
        return rows[0] ?? null;
      });
      if (!ended) return refusal("not_found", "That session has already ended.");
      // Ending this very session is logging out.
      return { ok: true, next: ended.id === member.session_id ? "/login" : `${ACCOUNT_PAGE}?ended=1` };
    },

    async changePassword(form) {
      const member = await me();
      if (!member) return SIGNED_OUT;
      const next = typeof form.new_password === "string" ? form.new_password : "";
      const errors: Record<string, string> = {};
      if (!(await passwordMatches(member, form.current_password))) errors.current_password = WRONG_PASSWORD;
      if (next.length < STAFF_PASSWORD_MIN_LENGTH) errors.new_password = `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`;
      else if (next.length > STAFF_PASSWORD_MAX_LENGTH) errors.new_password = `Use at most ${STAFF_PASSWORD_MAX_LENGTH} characters.`;
      if (Object.keys(errors).length) return refusal("invalid", "Your password is unchanged. Please check the highlighted fields.", errors);
      const hash = await hashPassword(next);
      await db.transaction(async (tx) => {
        await tx.query("update staff set password_hash = $2, password_salt = $3, password_params = $4 where id = $1", [member.id, hash.hash, hash.salt, JSON.stringify(hash.params)]);
        // A new password ends every other session and any sign-in waiting on a code.
        const ended = await tx.query("delete from staff_sessions where staff_id = $1 and id <> $2 returning id", [member.id, member.session_id]);
        await tx.query("delete from staff_sign_ins where staff_id = $1", [member.id]);
        await recordAudit(tx, { staffId: Number(member.id), action: "staff.password", subject: `staff ${member.id}`, after: { sessions_ended: ended.length } });
      });
      return { ok: true, next: `${ACCOUNT_PAGE}?password=changed` };
    },
  };
}
