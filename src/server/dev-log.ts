/**
 * Logs for a person at a terminal (`npm run dev`): each of pino's JSON lines
 * becomes `12:04:05 WARN  message  key=value …`, with an error's stack on
 * the lines below. Production keeps pino's JSON, one line per entry, for
 * machines to read.
 */
import type { DestinationStream } from "pino";

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
/** pino's own fields, shown in the line's head or not at all. */
const OWN_FIELDS = new Set(["level", "time", "msg", "pid", "hostname", "err"]);

const shown = (value: unknown): string => (typeof value === "string" && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value));

/** One JSON log line as plain words; a line that is not JSON is left as it is. */
export function prettyLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const time = typeof entry.time === "number" ? new Date(entry.time).toISOString().slice(11, 19) : "--:--:--";
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key]) => !OWN_FIELDS.has(key))
    .map(([key, value]) => `${key}=${shown(value)}`);
  const head = [time, level, typeof entry.msg === "string" ? entry.msg : "", ...fields].filter(Boolean).join("  ");
  const error = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = error ? `\n    ${String(error.stack ?? error.message ?? JSON.stringify(error)).replace(/\n/g, "\n    ")}` : "";
  return `${head}${stack}\n`;
}

/** A pino destination writing plain-words lines to `out` (standard output by default). */
export function prettyLogDestination(out: { write(text: string): unknown } = process.stdout): DestinationStream {
  return { write: (line: string) => void out.write(prettyLogLine(line)) };
}
