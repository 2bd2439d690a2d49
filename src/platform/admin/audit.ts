import type { Queryable } from "../db/database.ts";

/** One back-office action as the audit log keeps it. */
export interface AuditEntry {
  /** Who did it; null when the staff account has since been removed. */
  staffId: number | null;
  /** What was done, such as "order.fulfil" or "stock.adjust". */
  action: string;
  /** What it was done to, such as "order 1001" or "variant 40000000000502". */
  subject: string;
  before?: unknown;
  after?: unknown;
  /** The network address it came from, for sign-in attempts. */
  address?: string;
}

/** Records an action; pass the transaction that made the change, so the entry stands or falls with it. */
export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query("insert into audit_log (staff_id, action, subject, before, after, address) values ($1, $2, $3, $4, $5, $6)", [
    entry.staffId,
    entry.action,
    entry.subject,
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
    entry.address ?? null,
  ]);
}
