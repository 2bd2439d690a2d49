/**
 * PostgreSQL servers of a test's own, made with the machine's PostgreSQL
 * programs (where .ci/run finds them): the shared server others use is
 * never stopped or reconfigured.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/platform/db/database.ts";

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

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** The processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent is the fourth field, after the name in parentheses.
        return Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A PostgreSQL server of the test's own, in a folder of its own: the shared
 * server others use is never stopped. Freezing stops the server and every
 * process it started (each backend leads a process group of its own, so
 * they are found by parent), as a stalled machine would.
 */
export async function ownPostgres(programs: string, make?: (dataDir: string, user: { uid: number; gid: number } | undefined) => void): Promise<{ url: string; freeze(): void; thaw(): void; stop(): Promise<void> }> {
  const user = serverUser();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "frozen-postgres-"));
  if (user) chownSync(dataDir, user.uid, user.gid);
  if (make) make(dataDir, user);
  else execFileSync(path.join(programs, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres"], { ...user, cwd: dataDir, stdio: "ignore" });
  const port = await freePort();
  const server: ChildProcess = spawn(path.join(programs, "postgres"), ["-D", dataDir, "-h", "127.0.0.1", "-p", String(port), "-k", dataDir, "-c", "fsync=off"], {
    ...user,
    cwd: dataDir,
    detached: true,
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const postmaster = server.pid!;
  // Each backend is a process group of its own, so the server's processes are signalled one by one:
  // the postmaster first, so it forks no backend while the others are stopped, then its children
  // until a reading of them finds none not yet signalled (one forked at that moment included).
  // A backend that ended since the list was read has nothing left to stop.
  const signal = (name: NodeJS.Signals) => {
    const signalled = new Set<number>();
    for (let found = [postmaster]; found.length > 0; found = childrenOf(postmaster).filter((pid) => !signalled.has(pid))) {
      for (const pid of found) {
        signalled.add(pid);
        try {
          process.kill(pid, name);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
        }
      }
    }
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Ready once it takes a connection; asked again until then, for at most 30 s.
  for (const givingUp = Date.now() + 30_000; ; ) {
    const probe = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 1 });
    const ready = await probe.query("select 1").then(
      () => true,
      () => false,
    );
    await probe.close();
    if (ready) break;
    if (Date.now() > givingUp) throw new Error(`The test's PostgreSQL server on port ${port} did not start.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    // The server first, so it starts no process while the others are stopped.
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
    async stop() {
      signal("SIGCONT");
      // Fast shutdown: open connections are ended.
      process.kill(server.pid!, "SIGINT");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

