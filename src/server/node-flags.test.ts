import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags.ts";

const scripts = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the server's V8 flags", () => {
  it.each(["start", "dev"])("npm run %s starts node with them", (name) => {
    const command = scripts[name] ?? "";
    expect(command).toMatch(/\bnode\b/);
    for (const flag of SERVER_NODE_FLAGS) expect(command.split(/\s+/)).toContain(flag);
  });
});
