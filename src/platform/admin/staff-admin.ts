/**
 * Managing the staff accounts, for the owner only: adding someone with a
 * role and a first password, changing a role, taking access away and giving
 * it back. The shop always keeps one owner who can log in, and nobody can
 * lock themselves out. Each change is one transaction with its audit entry.
 */
import { type AdminAnswer, type StaffJson, type StaffRole } from "../../core/admin/admin.ts";
import { type AdminStaffClient, type AdminStaffMember, STAFF_NAME_MAX_LENGTH, STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from "../../core/admin/admin-staff.ts";
import type { Database, Queryable } from "../db/database.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { accessTo, readerOf } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { refusal } from "./refusal.ts";

const ROLES: readonly StaffRole[] = ["owner", "staff"];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STAFF_PAGE = "/staff";

interface MemberSql {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: Date | string;
  disabled_at: Date | string | null;
  last_login_at: Date | string | null;
  two_step?: boolean;
  passkeys?: number | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const roleOf = (value: unknown): StaffRole | null => (ROLES as readonly unknown[]).includes(value) ? (value as StaffRole) : null;
/** Owners who can still log in, other than `except`; read under the staff lock, so two changes cannot both remove the last. */
async function otherActiveOwners(tx: Queryable, except: number): Promise<number> {
  const rows = await tx.query<{ id: number }>("select id from staff where role = 'owner' and disabled_at is null and id <> $1", [except]);
  return rows.length;
}

export function staffAdmin(db: Database, actor: () => Promise<StaffJson | null>, now: () => number = Date.now): AdminStaffClient {
  /** Locks the staff and answers member `id`, or null when there is no such member. */
  async function lockMember(tx: Queryable, id: number): Promise<MemberSql | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    // The whole (small) staff table is locked in id order, so two owners changing each other wait in line instead of deadlocking.
    await tx.query("select id from staff order by id for update");
    const [row] = await tx.query<MemberSql>("select id, email, name, role, created_at, disabled_at, null as last_login_at from staff where id = $1", [id]);
    return row ?? null;
  }

  return {
    async list() {
      if (!(await readerOf(actor, "staff"))) return [];
      const rows = await db.query<MemberSql>(
        `select s.id, s.email, s.name, s.role, s.created_at, s.disabled_at, (s.two_step_secret is not null or exists (select 1 from staff_passkeys p where p.staff_id = s.id)) as two_step,
           (select count(*) from staff_passkeys p where p.staff_id = s.id) as passkeys,
           (select max(a.at) from audit_log a where a.staff_id = s.id and a.action = 'staff.login') as last_login_at
         from staff s order by s.role = 'owner' desc, lower(s.name), s.id`,
      );
      return rows.map(
        (row): AdminStaffMember => ({ id: Number(row.id), email: row.email, name: row.name, role: row.role, created_at: iso(row.created_at) ?? "", disabled_at: iso(row.disabled_at), last_login_at: iso(row.last_login_at), two_step: row.two_step === true, passkeys: Number(row.passkeys ?? 0) }),
      );
    },

    async add(form) {
      const access = await accessTo(actor, "staff");
      if (!access.ok) return access.answer;
      const name = text(form.name);
      const email = text(form.email);
      const role = roleOf(form.role);
      const password = typeof form.password === "string" ? form.password : "";
      const errors: Record<string, string> = {};
      if (!name) errors.name = "Enter their name.";
      else if (name.length > STAFF_NAME_MAX_LENGTH) errors.name = `A name is at most ${STAFF_NAME_MAX_LENGTH} characters.`;
      if (!email) errors.email = "Enter their email.";
      else if (email.length > 254 || !EMAIL.test(email)) errors.email = "Enter an email like name@example.com.";
      if (!role) errors.role = "Choose a role.";
      if (password.length < STAFF_PASSWORD_MIN_LENGTH) errors.password = `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`;
      else if (password.length > STAFF_PASSWORD_MAX_LENGTH) errors.password = `Use at most ${STAFF_PASSWORD_MAX_LENGTH} characters.`;
      if (Object.keys(errors).length) return refusal("invalid", "Nobody was added. Please check the highlighted fields.", errors);
      const hash = await hashPassword(password);
      return db.transaction(async (tx): Promise<AdminAnswer> => {
        const inserted = await tx.query<{ id: number }>(
          `insert into staff (email, name, role, password_hash, password_salt, password_params) values ($1, $2, $3, $4, $5, $6)
           on conflict do nothing returning id`,
          [email, name, role, hash.hash, hash.salt, JSON.stringify(hash.params)],
        );
        const id = inserted[0]?.id;
        if (id === undefined) return refusal("conflict", "Nobody was added.", { email: "Someone on the staff already has this email." });
        await recordAudit(tx, { staffId: access.staff.id, action: "staff.add", subject: `staff ${id}`, after: { email, name, role } });
        return { ok: true, next: `${STAFF_PAGE}?added=${id}` };
      });
    },

    async changeRole(id, form) {
      const access = await accessTo(actor, "staff");
      if (!access.ok) return access.answer;
      const role = roleOf(form.role);
      if (!role) return refusal("invalid", "The role was not changed.", { role: "Choose a role." });
      return db.transaction(async (tx): Promise<AdminAnswer> => {
        const member = await lockMember(tx, id);
        if (!member) return refusal("not_found", "There is no such staff member.");
        if (member.role === role) return { ok: true, next: STAFF_PAGE };
        if (member.role === "owner" && (await otherActiveOwners(tx, member.id)) === 0) {
          return refusal("conflict", `${member.name || member.email} is the shop's only owner. Make someone else an owner first.`);
        }
        await tx.query("update staff set role = $2 where id = $1", [member.id, role]);
        await recordAudit(tx, { staffId: access.staff.id, action: "staff.role", subject: `staff ${member.id}`, before: { role: member.role }, after: { role } });
        return { ok: true, next: STAFF_PAGE };
      });
    },

    async setDisabled(id, disabled) {
      const access = await accessTo(actor, "staff");
      if (!access.ok) return access.answer;
      if (disabled && id === access.staff.id) return refusal("conflict", "You cannot take away your own access. Ask another owner.");
      return db.transaction(async (tx): Promise<AdminAnswer> => {
        const member = await lockMember(tx, id);
        if (!member) return refusal("not_found", "There is no such staff member.");
        if ((member.disabled_at !== null) === disabled) return { ok: true, next: STAFF_PAGE };
        if (disabled && member.role === "owner" && (await otherActiveOwners(tx, member.id)) === 0) {
          return refusal("conflict", `${member.name || member.email} is the shop's only owner who can log in.`);
        }
        await tx.query("update staff set disabled_at = $2::timestamptz where id = $1", [member.id, disabled ? new Date(now()).toISOString() : null]);
        // Taking access away ends every session at once.
        if (disabled) await tx.query("delete from staff_sessions where staff_id = $1", [member.id]);
        await recordAudit(tx, {
          staffId: access.staff.id,
          action: disabled ? "staff.disable" : "staff.enable",
          subject: `staff ${member.id}`,
          before: { disabled: member.disabled_at !== null },
          after: { disabled },
        });
        return { ok: true, next: STAFF_PAGE };
      });
    },

    async clearPasskeys(id) {
      const access = await accessTo(actor, "staff");
      if (!access.ok) return access.answer;
      if (id === access.staff.id) return refusal("conflict", "Remove your own passkeys from your account page.");
      return db.transaction(async (tx): Promise<AdminAnswer> => {
        const member = await lockMember(tx, id);
        if (!member) return refusal("not_found", "There is no such staff member.");
        const removed = await tx.query<{ name: string }>("delete from staff_passkeys where staff_id = $1 returning name", [member.id]);
        if (removed.length === 0) return { ok: true, next: STAFF_PAGE };
        // Whoever holds the lost device may have a session: every one of the member's sessions ends too.
        await tx.query("delete from staff_sessions where staff_id = $1", [member.id]);
        await recordAudit(tx, { staffId: access.staff.id, action: "staff.passkeys_cleared", subject: `staff ${member.id}`, before: { passkeys: removed.map((row) => row.name) } });
        return { ok: true, next: STAFF_PAGE };
      });
    },

    async twoStepRequired() {
      if (!(await readerOf(actor, "staff"))) return false;
      const [row] = await db.query<{ two_step_required: boolean }>("select two_step_required from back_office_rules");
      return row?.two_step_required ?? false;
    },

    async requireTwoStep(required) {
      const access = await accessTo(actor, "staff");
      if (!access.ok) return access.answer;
      return db.transaction(async (tx): Promise<AdminAnswer> => {
        const [before] = await tx.query<{ two_step_required: boolean }>("select two_step_required from back_office_rules for update");
        if (before?.two_step_required === required) return { ok: true, next: STAFF_PAGE };
        await tx.query("update back_office_rules set two_step_required = $1", [required]);
        await recordAudit(tx, { staffId: access.staff.id, action: "staff.two_step_required", subject: "back office", before: { required: before?.two_step_required ?? false }, after: { required } });
        return { ok: true, next: STAFF_PAGE };
      });
    },
  };
}
