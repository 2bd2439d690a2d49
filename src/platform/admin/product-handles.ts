import type { Queryable } from "../db/database.ts";

/** The handles no product in the catalog has, in the order given. */
export async function missingProductHandles(q: Queryable, handles: readonly string[]): Promise<string[]> {
  if (handles.length === 0) return [];
  const found = new Set((await q.query<{ handle: string }>("select handle from products where handle = any($1::text[])", [handles])).map((product) => product.handle));
  return handles.filter((handle) => !found.has(handle));
}
