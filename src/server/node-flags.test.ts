import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from "./node-flags.ts";

const scripts = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the server's V8 flags and malloc settings", () => {
  it.each(["start", "dev"])("npm run %s starts node with them", (name) => {
    const command = scripts[name] ?? "";
    expect(command).toMatch(/\bnode\b/);
    const words = command.split(/\s+/);
    for (const flag of SERVER_NODE_FLAGS) expect(words).toContain(flag);
    // Environment assignments before the command: glibc reads them as the process starts.
    const beforeNode = words.slice(0, words.indexOf("node"));
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) expect(beforeNode).toContain(`${name}=${value}`);
  });
});
