/**
 * Staff members' drafts of the settings, made in the theme editor: one per
 * staff member, kept in the database so any server can show it in their
 * preview. A draft is never live: only publishing makes it a version.
 */
import type { Queryable } from "../db/database.ts";

export interface StoredSettingsDraft {
  staffId: number;
  /** The live version the draft started from. */
  base: number;
  /** The whole settings as typed. */
  input: unknown;
  /** Counts the draft's changes. */
  revision: number;
  updatedAt: string;
}

interface DraftSql {
  staff_id: number | string;
  base: number;
  settings: unknown;
  revision: number;
  updated_at: Date | string;
}

const draftOf = (row: DraftSql): StoredSettingsDraft => ({
  staffId: Number(row.staff_id),
  base: row.base,
  // PostgreSQL's driver parses json; a driver that hands back text is parsed here.
  input: typeof row.settings === "string" ? (JSON.parse(row.settings) as unknown) : row.settings,
  revision: row.revision,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * The staff member's draft, or null. With `lock`, their staff row is held
 * until the caller's transaction ends (a draft not made yet has no row to
 * hold), so two changes of one draft run one after the other.
 */
export async function settingsDraft(q: Queryable, staffId: number, lock = false): Promise<StoredSettingsDraft | null> {
  if (lock) await q.query("select id from staff where id = $1 for update", [staffId]);
  const [row] = await q.query<DraftSql>("select staff_id, base, settings, revision, updated_at from settings_drafts where staff_id = $1", [staffId]);
  return row ? draftOf(row) : null;
}

/** Keeps `input` as the staff member's draft: a new draft from `base`, or the next revision of theirs (which keeps its base). */
export async function saveSettingsDraft(tx: Queryable, staffId: number, base: number, input: unknown): Promise<StoredSettingsDraft> {
  const [row] = await tx.query<DraftSql>(
    `insert into settings_drafts (staff_id, base, settings) values ($1, $2, $3)
     on conflict (staff_id) do update set settings = excluded.settings, revision = settings_drafts.revision + 1, updated_at = now()
     returning staff_id, base, settings, revision, updated_at`,
    [staffId, base, JSON.stringify(input)],
  );
  if (!row) throw new Error("The draft was not kept.");
  return draftOf(row);
}

/** Drops the staff member's draft; whether there was one. */
export async function deleteSettingsDraft(tx: Queryable, staffId: number): Promise<boolean> {
  const rows = await tx.query<{ staff_id: number }>("delete from settings_drafts where staff_id = $1 returning staff_id", [staffId]);
  return rows.length > 0;
}
