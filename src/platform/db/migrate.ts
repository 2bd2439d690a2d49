import { readdirSync, readFileSync } from "node:fs";
import type { Database } from "./database.ts";

const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url);
/** Any fixed number: it names the lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK = 7_441_203;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number.parseInt(file, 10),
      name: file,
      sql: readFileSync(new URL(file, MIGRATIONS_DIR), "utf8"),
    }));
}

/**
 * Applies every numbered migration not yet applied, each in its own
 * transaction. Returns the names applied. `before` stops short of a number:
 * a test of an upgrade builds the database as it stood before it.
 */
export async function migrate(db: Database, { before = Number.POSITIVE_INFINITY }: { before?: number } = {}): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(
      "create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())",
    );
    const done = new Set((await tx.query<{ version: number }>("select version from schema_migrations")).map((row) => row.version));
    for (const migration of readMigrations()) {
      if (done.has(migration.version) || migration.version >= before) continue;
      await tx.exec(migration.sql);
      await tx.query("insert into schema_migrations (version, name) values ($1, $2)", [migration.version, migration.name]);
      applied.push(migration.name);
    }
  });
  return applied;
}
