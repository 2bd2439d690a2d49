/**
 * PostgreSQL's own programs on this machine (where .ci/run finds them), for
 * the tests that run a server of their own or dump and restore a database.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** The newest PostgreSQL's programs on this machine, where .ci/run finds them. */
export function postgresPrograms(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin/postgres")))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions.at(-1)!, "bin") : undefined;
}

/** PostgreSQL will not run as root: run as root, the test runs its server as the postgres user, as .ci/run does. */
export function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const entry = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((line) => line.startsWith("postgres:"));
  if (!entry) throw new Error("Run as root, the test needs a postgres user to run its PostgreSQL server as.");
  const [, , uid, gid] = entry.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

