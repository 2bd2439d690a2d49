/**
 * The theme's settings kept in the database as numbered versions. The newest
 * version is the live one; config/settings.json only seeds version 1 on the
 * first start. Each version holds the settings as the merchant typed them
 * (the file's shape), validated by the same schema as the file.
 */
import { type Settings, parseSettings } from "../../core/settings/settings.ts";
import type { Database, Queryable } from "../db/database.ts";

export interface StoredSettingsVersion {
  number: number;
  /** The settings as typed, before the schema's defaults and conversions. */
  input: unknown;
  staffId: number | null;
  /** Who published it: their name, else their address; null for the seed or a removed account. */
  staffName: string | null;
  note: string;
  restoredFrom: number | null;
  publishedAt: string;
}

interface VersionSql {
  number: number;
  settings: unknown;
  staff_id: number | string | null;
  staff_name: string | null;
  staff_email: string | null;
  note: string;
  restored_from: number | null;
  published_at: Date | string;
}

const versionOf = (row: VersionSql): StoredSettingsVersion => ({
  number: row.number,
  // PostgreSQL's driver parses json; a driver that hands back text is parsed here.
  input: typeof row.settings === "string" ? (JSON.parse(row.settings) as unknown) : row.settings,
  staffId: row.staff_id === null ? null : Number(row.staff_id),
  staffName: row.staff_name || row.staff_email || null,
  note: row.note,
  restoredFrom: row.restored_from,
  publishedAt: new Date(row.published_at).toISOString(),
});

const SELECT_VERSION = `select v.number, v.settings, v.staff_id, s.name as staff_name, s.email as staff_email, v.note, v.restored_from, v.published_at
  from settings_versions v left join staff s on s.id = v.staff_id`;

/** The live version's number (the newest), or 0 before the seed: what every server polls. */
export async function settingsRevision(q: Queryable): Promise<number> {
  const [row] = await q.query<{ number: number | null }>("select max(number) as number from settings_versions");
  return row?.number ?? 0;
}

export async function settingsVersion(q: Queryable, number: number): Promise<StoredSettingsVersion | null> {
  const [row] = await q.query<VersionSql>(`${SELECT_VERSION} where v.number = $1`, [number]);
  return row ? versionOf(row) : null;
}

/** The newest versions first. */
export async function settingsVersions(q: Queryable, limit: number): Promise<StoredSettingsVersion[]> {
  const rows = await q.query<VersionSql>(`${SELECT_VERSION} order by v.number desc limit $1`, [limit]);
  return rows.map(versionOf);
}

/**
 * The live settings: the newest version, after seeding version 1 from
 * `seed` when there is none (servers starting together seed it once). A
 * seed that does not validate stops the start, naming `seedSource`.
 */
export async function openSettings(db: Database, seed: () => unknown, seedSource: string): Promise<{ version: number; settings: Settings }> {
  if ((await settingsRevision(db)) === 0) {
    const input = seed();
    parseSettings(input, seedSource);
    await db.query("insert into settings_versions (number, settings, note) values (1, $1, $2) on conflict (number) do nothing", [
      JSON.stringify(input),
      `First settings, from ${seedSource}`,
    ]);
  }
  const latest = await settingsVersion(db, await settingsRevision(db));
  if (!latest) throw new Error("The settings could not be read from the database.");
  return { version: latest.number, settings: parseSettings(latest.input, `settings version ${latest.number} in the database`) };
}

/**
 * Stores `input` as the version after `base`, inside the caller's
 * transaction. Null when `base` is no longer the newest: someone published
 * meanwhile, and this publish is refused rather than overwriting theirs.
 * Two publishes from the same base race for the same number; the key lets
 * exactly one of them have it.
 */
export async function insertSettingsVersion(
  tx: Queryable,
  version: { base: number; input: unknown; staffId: number | null; note: string; restoredFrom?: number | null },
): Promise<number | null> {
  if ((await settingsRevision(tx)) !== version.base) return null;
  const rows = await tx.query<{ number: number }>(
    `insert into settings_versions (number, settings, staff_id, note, restored_from) values ($1, $2, $3, $4, $5)
     on conflict (number) do nothing returning number`,
    [version.base + 1, JSON.stringify(version.input), version.staffId, version.note, version.restoredFrom ?? null],
  );
  return rows[0]?.number ?? null;
}
