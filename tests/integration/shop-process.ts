/** The shop as `npm start` runs it (the compiled server), in a child process on a fresh data folder or test database. */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const SERVE = path.resolve(import.meta.dirname, "../../build/serve/serve.mjs");

export interface ShopProcess {
  child: ChildProcess;
  base: string;
  /** Every line the shop has written to its standard output so far. */
  lines: string[];
  /** Resolves with the first output line (so far or to come) that `matches`. */
  line(matches: (line: string) => boolean): Promise<string>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export function startShopProcess(env: Record<string, string | undefined>): Promise<ShopProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVE], {
      env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ADMIN_PASSWORD: "a-test-password-long-enough", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines: string[] = [];
    const watchers: { matches: (line: string) => boolean; resolve: (line: string) => void }[] = [];
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    let rest = "";
    let started = false;
    child.once("error", reject);
    void exited.then((code) => {
      if (!started) reject(new Error(`the shop exited with ${code} before opening:\n${lines.join("\n")}`));
    });
    const shop: Omit<ShopProcess, "base"> = {
      child,
      lines,
      exited,
      line: (matches) =>
        new Promise((found) => {
          const seen = lines.find(matches);
          if (seen !== undefined) found(seen);
          else watchers.push({ matches, resolve: found });
        }),
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString("utf8");
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        for (const watcher of [...watchers]) {
          if (watcher.matches(line)) {
            watchers.splice(watchers.indexOf(watcher), 1);
            watcher.resolve(line);
          }
        }
        const open = /is open at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (open && !started) {
          started = true;
          resolve({ ...shop, base: open[1]! });
        }
      }
    });
  });
}

/** The JSON log lines written so far. */
export function logEntries(lines: readonly string[]): Record<string, unknown>[] {
  return lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
}
