/**
 * What every back-office area shares: who a member is and how a form is
 * answered. The areas and the back office's client import these from here,
 * so no area imports the client that composes it.
 */
import type { RefusalReason } from "../common/refusal.ts";

/** Where the back office lives. */
export const ADMIN_PATH = "/admin";

export type StaffRole = "owner" | "staff";

export interface StaffJson {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** A back-office form's outcome: where to go next, or what was wrong (per field, in the shop's words). */
export type AdminAnswer =
  /** `next`: the back-office page to show next, written from the back office's own root (`/products/12`). */
  | { ok: true; next: string; cookies?: string[] }
  | {
      ok: false;
      reason: RefusalReason;
      description: string;
      errors: Record<string, string>;
      retryAfter?: number;
      cookies?: string[];
      /** A bot check to solve before the form is sent again (a login for an account under attack). */
      challenge?: Record<string, unknown>;
    };

