/**
 * What this server last saw of carts and stock, so a cart change can be
 * worked out before it touches the database and then written in one round
 * trip (`cart_apply`, migration 026; changes made at the same moment share
 * one statement, migration 028), which writes it only if the cart and
 * the stock it read are still as seen. Nothing here is trusted: a wrong
 * guess costs one more round trip, never a wrong cart.
 */
import { RecentMap } from "../../core/common/recent-map.ts";
import type { Catalog } from "../catalog/catalog.ts";
import { CallBatch } from "../db/call-batch.ts";
import { type Database, writeDeadline } from "../db/database.ts";
import { type StoredCart, type StoredLine, emptyCart } from "./cart-model.ts";

export interface StockRow {
  id: number;
  inventory_management: "shopify" | null;
  inventory_policy: "deny" | "continue";
  inventory_quantity: number;
}

/** A cart as seen: its row version (null when there was no row) and its content. */
export interface SeenCart {
  version: string | null;
  cart: StoredCart;
}

/** The carts remembered per server; the least recently used go first. */
export const MAX_CARTS = 10_000;

type StockTuple = [StockRow["inventory_management"], StockRow["inventory_policy"], number];

export class CartMemory {
  private readonly carts = new RecentMap<string, SeenCart>(MAX_CARTS);
  private readonly stock = new Map<number, StockRow>();

  /** The cart as last seen (not to be changed: copy it), or a guess that it does not exist yet. */
  cart(token: string): SeenCart {
    // Touched again: it becomes the most recently used.
    return this.carts.get(token) ?? { version: null, cart: emptyCart(token) };
  }

  /** Keeps `cart` as seen at `version`; the caller hands it over and changes it no more. */
  remember(token: string, version: string | null, cart: StoredCart): void {
    this.carts.set(token, { version, cart });
  }

  forget(token: string): void {
    this.carts.delete(token);
  }

  /** The stock of these variants as last seen, else as the catalog in memory has it. */
  stockOf(ids: readonly number[], catalog: Catalog): Map<number, StockRow> {
    const rows = new Map<number, StockRow>();
    for (const id of ids) {
      const known = this.stock.get(id);
      const variant = known ? undefined : catalog.variants.get(id);
      const row = known ?? (variant ? { id, inventory_management: variant.inventoryManagement, inventory_policy: variant.inventoryPolicy, inventory_quantity: variant.inventoryQuantity } : undefined);
      if (row) rows.set(id, row);
    }
    return rows;
  }

  /** Takes the stock the database answered for these variants (a variant it did not answer no longer exists). */
  learnStock(ids: readonly number[], answered: Record<string, StockTuple>): void {
    for (const id of ids) {
      const tuple = answered[String(id)];
      if (tuple) this.stock.set(id, { id, inventory_management: tuple[0], inventory_policy: tuple[1], inventory_quantity: Number(tuple[2]) });
      else this.stock.delete(id);
    }
  }
}

const memories = new WeakMap<Database, CartMemory>();

/** One memory per database, shared by every site's cart service. */
export function cartMemoryOf(db: Database): CartMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = new CartMemory();
    memories.set(db, memory);
  }
  return memory;
}

export interface ApplyAnswer {
  applied: boolean;
  /** The cart's row version now; null when there is no row. */
  version: string | null;
  /** When not applied: the cart as it is now. */
  current: StoredCart;
  stock: Record<string, StockTuple>;
}

interface ApplyRow {
  applied: boolean;
  version: string | null;
  note: string | null;
  attributes: Record<string, string> | null;
  lines: StoredLine[] | null;
  discount_codes: string[] | null;
  line_seq: number | null;
  currency: string | null;
  removed_gifts: string[] | null;
  stock: Record<string, StockTuple>;
}

/** One cart_apply call: the cart as seen, the stock its change read, and the cart to write (absent: only check). */
interface ApplyCall {
  token: string;
  version: string | null;
  ids: readonly number[];
  stock: Record<string, StockTuple>;
  write: boolean;
  note?: string | null;
  attributes?: Record<string, string>;
  lines?: StoredLine[];
  codes?: string[];
  line_seq?: number;
  currency?: string | null;
  removed_gifts?: string[];
  /** The language of the site writing the cart; null leaves the cart's as it is. */
  locale?: string | null;
}

/**
 * A cart write commits only before its deadline (the last parameter): the
 * database checks it at the commit (migration 032), so a write this server
 * gave up waiting for cannot land once a frozen database resumes.
 */
const beforeDeadline = (parameter: string, call: string) => `select answer.* from (select set_config('shop.write_deadline', ${parameter}, true)) as deadline, ${call} as answer`;

async function applyOne(db: Database, call: ApplyCall): Promise<ApplyRow | undefined> {
  const [row] = await db.query<ApplyRow>(beforeDeadline("$14", "cart_apply($1, $2, $3::bigint[], $4::jsonb, $5, $6, $7::jsonb, $8::jsonb, $9::text[], $10, $11, $12::text[], $13)"), [
    call.token,
    call.version,
    call.ids,
    JSON.stringify(call.stock),
    call.write,
    call.note ?? null,
    call.attributes ? JSON.stringify(call.attributes) : null,
    call.lines ? JSON.stringify(call.lines) : null,
    call.codes ?? null,
    call.line_seq ?? null,
    call.currency ?? null,
    call.removed_gifts ?? null,
    call.locale ?? null,
    writeDeadline(db) ?? "",
  ]);
  return row;
}

/**
 * Calls made at the same moment, in one statement (`cart_apply_many`,
 * migration 028). They go sorted by cart token, so two lists on two
 * connections lock the carts they share in the same order and cannot wait
 * on each other; calls for one cart keep the order they came in.
 */
async function applyMany(db: Database, calls: ApplyCall[]): Promise<(ApplyRow | undefined)[]> {
  const order = calls.map((_, index) => index).sort((a, b) => (calls[a]!.token < calls[b]!.token ? -1 : calls[a]!.token > calls[b]!.token ? 1 : a - b));
  const rows = await db.query<ApplyRow & { call: number }>(beforeDeadline("$2", "cart_apply_many($1::jsonb)"), [
    JSON.stringify(order.map((index) => calls[index])),
    writeDeadline(db) ?? "",
  ]);
  const answers: (ApplyRow | undefined)[] = new Array(calls.length);
  for (const row of rows) answers[order[row.call]!] = row;
  return answers;
}

/** An error the database answered with a SQLSTATE: the statement failed whole and wrote nothing. A lost connection has none. */
const refusedByDatabase = (error: unknown) => typeof (error as { code?: unknown } | null)?.code === "string" && /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

const applies = new WeakMap<Database, CallBatch<ApplyCall, ApplyRow | undefined>>();

/** The database's cart writes, batched: changes made at the same moment go in one statement. */
function appliesOf(db: Database): CallBatch<ApplyCall, ApplyRow | undefined> {
  let batch = applies.get(db);
  if (!batch) {
    batch = new CallBatch(
      (call) => applyOne(db, call),
      (calls) => applyMany(db, calls),
      refusedByDatabase,
    );
    applies.set(db, batch);
  }
  return batch;
}

/**
 * One round trip: writes `cart` (or only checks, when it is null) if the
 * cart is still at `seen.version` and the stock of `ids` is still `stock`.
 */
export async function applyCart(db: Database, seen: SeenCart, ids: readonly number[], stock: Map<number, StockRow>, cart: StoredCart | null, locale: string | null = null): Promise<ApplyAnswer> {
  const expected: Record<string, StockTuple> = {};
  for (const id of ids) {
    const row = stock.get(id);
    if (row) expected[String(id)] = [row.inventory_management, row.inventory_policy, row.inventory_quantity];
  }
  const call: ApplyCall = { token: seen.cart.token, version: seen.version, ids, stock: expected, write: cart !== null };
  if (cart) Object.assign(call, { note: cart.note, attributes: cart.attributes, lines: cart.lines, codes: cart.discount_codes, line_seq: cart.line_seq, currency: cart.currency, removed_gifts: cart.removed_gifts, locale });
  const row = await appliesOf(db).run(call);
  if (!row) throw new Error("cart_apply answered no row");
  const token = seen.cart.token;
  const current: StoredCart =
    row.applied || row.version === null
      ? emptyCart(token)
      : {
          token,
          note: row.note,
          attributes: row.attributes ?? {},
          lines: row.lines ?? [],
          discount_codes: row.discount_codes ?? [],
          line_seq: row.line_seq ?? 0,
          currency: row.currency,
          removed_gifts: row.removed_gifts ?? [],
        };
  return { applied: row.applied, version: row.version, current, stock: row.stock };
}
