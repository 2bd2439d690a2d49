/** Who may act in an area of the back office, checked by the platform itself whatever page or call asked. */
import { type AdminAnswer, type AdminArea, NOT_YOUR_AREA, type StaffJson, mayUse } from "../../core/admin/admin.ts";

export type Access = { ok: true; staff: StaffJson } | { ok: false; answer: Extract<AdminAnswer, { ok: false }> };

/** The signed-in staff member when their role reaches `area`; otherwise the 401 (signed out) or 403 answer. */
export async function accessTo(actor: () => Promise<StaffJson | null>, area: AdminArea): Promise<Access> {
  const staff = await actor();
  if (!staff) return { ok: false, answer: { ok: false, reason: "signed_out", description: "Your session has ended. Log in again.", errors: {} } };
  if (!mayUse(staff.role, area)) return { ok: false, answer: { ok: false, reason: "forbidden", description: NOT_YOUR_AREA, errors: {} } };
  return { ok: true, staff };
}

/** The signed-in staff member when their role reaches `area`, or null: for reads, which show nothing to anyone else. */
export async function readerOf(actor: () => Promise<StaffJson | null>, area: AdminArea): Promise<StaffJson | null> {
  const access = await accessTo(actor, area);
  return access.ok ? access.staff : null;
}
