/** The back office's staff accounts, managed by the owner: who has access, with which role, and taking it away. */
import type { AdminAnswer, StaffRole } from "./admin.ts";

/** A staff password's shortest length: longer than a shopper's, since it opens every order. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 256;
export const STAFF_NAME_MAX_LENGTH = 100;

export interface AdminStaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  /** When access was taken away, or null while they may log in. */
  disabled_at: string | null;
  /** The latest login, or null if they never logged in. */
  last_login_at: string | null;
}

export interface AdminStaffClient {
  /** Everyone with an account, owners first; empty unless the owner asks. */
  list(): Promise<AdminStaffMember[]>;
  /** A new account (`name`, `email`, `role`, `password`, which the owner passes on to them). */
  add(form: Record<string, unknown>): Promise<AdminAnswer>;
  /** A new role for a member (`role`); the last owner stays an owner. */
  changeRole(id: number, form: Record<string, unknown>): Promise<AdminAnswer>;
  /** Takes access away (their sessions end at once) or gives it back; nobody takes their own away. */
  setDisabled(id: number, disabled: boolean): Promise<AdminAnswer>;
}
