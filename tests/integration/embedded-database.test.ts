/**
 * The embedded database as `npm start` opens it (PGlite in a folder): it
 * runs with the shop's small shared buffers, opens again on the same folder
 * with its data and setting intact.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PGLITE_SHARED_BUFFERS, openDatabase } from "../../src/platform/db/database.ts";

const folder = mkdtempSync(path.join(tmpdir(), "shop-pglite-"));

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the embedded database", () => {
  it("runs with the shop's shared buffers, and keeps its data and setting when opened again", async () => {
    const first = await openDatabase({ dataDir: path.join(folder, "pglite") });
    expect(first.kind).toBe("pglite");
    expect(await first.query<{ shared_buffers: string }>("show shared_buffers")).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
    await first.exec("create table notes (body text); insert into notes values ('kept')");
    await first.close();
    const again = await openDatabase({ dataDir: path.join(folder, "pglite") });
    expect(await again.query<{ shared_buffers: string }>("show shared_buffers")).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
    expect(await again.query<{ body: string }>("select body from notes")).toEqual([{ body: "kept" }]);
    await again.close();
  });
});
