import { describe, expect, it } from "vitest";
import pino from "pino";
import { prettyLogDestination, prettyLogLine } from "./dev-log.ts";

describe("prettyLogLine", () => {
  it("writes the time, level and message first, then the entry's own fields", () => {
    const line = JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 26, 12, 4, 5), pid: 1, hostname: "h", url: "http://127.0.0.1:3000", database: "pglite", msg: "shop is open" });
    expect(prettyLogLine(line)).toBe("12:04:05  INFO   shop is open  url=http://127.0.0.1:3000  database=pglite\n");
  });

  it("quotes values with spaces, shows objects as JSON, and puts an error's stack below", () => {
    const line = JSON.stringify({ level: 50, time: 0, msg: "request failed", method: "POST", note: "two words", applied: ["001", "002"], err: { message: "boom", stack: "Error: boom\n    at x" } });
    expect(prettyLogLine(line)).toBe('00:00:00  ERROR  request failed  method=POST  note="two words"  applied=["001","002"]\n    Error: boom\n        at x\n');
  });

  it("passes a line that is not JSON through", () => {
    expect(prettyLogLine("plain text")).toBe("plain text\n");
  });

  it("serves as pino's destination", () => {
    const written: string[] = [];
    const logger = pino({ level: "info" }, prettyLogDestination({ write: (text) => written.push(text) }));
    logger.warn({ applied: 2 }, "database migrated");
    logger.debug("not shown at info");
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d {2}WARN {3}database migrated {2}applied=2\n$/);
  });
});
