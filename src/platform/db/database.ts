import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The database as the job queue library connects to it: a PostgreSQL server's address, or the embedded database itself. */
export type JobConnection = { kind: "postgres"; url: string } | { kind: "pglite"; pglite: PGlite };

/** A connection pool's size and use at one moment. */
export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  readonly jobConnection: JobConnection;
  /** The pool's use now (one connection, always busy or idle, for the embedded database). */
  poolUse(): PoolUse;
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs reads that may lag the primary (the catalog) in one read-only
   * snapshot: on the read replica when there is one and it answers, else on
   * the primary. Nothing a shopper just wrote is read this way.
   */
  snapshot<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects a PostgreSQL server; otherwise the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** postgres://… of a streaming replica of `databaseUrl` for reads that may lag (`Database.snapshot`). */
  replicaUrl?: string | undefined;
  /** Told the time each statement or transaction took, in seconds, and whether it failed (metrics). */
  onQuery?: (seconds: number, failed: boolean, what: "query" | "transaction") => void;
  /** Runs each statement or transaction inside whatever the server wraps it in (a trace's span); its text without parameters. */
  around?: <T>(what: "query" | "transaction", sql: string | undefined, work: () => Promise<T>) => Promise<T>;
}

/** Who watches the statements: the metrics' clock and the traces' spans. */
type QueryWatch = Pick<DatabaseOptions, "onQuery" | "around">;

/** Runs `work`, telling `onQuery` how long it took, inside `around` when there is one. */
function timed<T>(watch: QueryWatch, what: "query" | "transaction", work: () => Promise<T>, sql?: string): Promise<T> {
  const { onQuery, around } = watch;
  const measured = () => {
    if (!onQuery) return work();
    const started = performance.now();
    return work().then(
      (result) => {
        onQuery((performance.now() - started) / 1000, false, what);
        return result;
      },
      (error: unknown) => {
        onQuery((performance.now() - started) / 1000, true, what);
        throw error;
      },
    );
  };
  return around ? around(what, sql, measured) : measured();
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Error codes that mean the database cannot be reached or has gone away, not that a statement was wrong. */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03", "57014", "08000", "08001", "08003", "08004", "08006"]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection timeout|timeout expired|Query read timeout/i;

/** Whether an error means the database is out of reach for now (answered 503, retried later), not a fault in the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
}

/** A server that cannot reach the database within this long gives up and answers 503. */
const CONNECT_TIMEOUT_MS = 2000;
/** The database itself cancels a statement running longer than this, so a frozen database cannot hold requests. */
const STATEMENT_TIMEOUT_MS = 5000;
/**
 * A write commits only before this long after it was sent, checked by the
 * database at the commit itself (a transaction's commit here, a cart write by
 * migration 032), on the database's clock.
 */
const WRITE_DEADLINE_MS = 4000;
/**
 * How long this server waits for any answer: longer than the write deadline
 * (by more than the clocks of two machines kept by NTP drift apart), so a
 * write it stopped waiting for, and answered 503, can no longer commit when a
 * frozen database resumes: a 503 means nothing changed.
 */
const ANSWER_TIMEOUT_MS = WRITE_DEADLINE_MS + 2000;
/**
 * How long a request waits for one of this server's connections while all
 * are busy with other requests: the database answers, the server is only
 * busy, so it waits as long as for an answer before it gives up with 503.
 */
const BUSY_POOL_WAIT_MS = ANSWER_TIMEOUT_MS;

/**
 * The time stamp before which a write sent now must commit, for the
 * database to check (`shop.write_deadline`); null for the embedded
 * database, which runs in this process and cannot answer after it gave up.
 */
export function writeDeadline(db: Pick<Database, "kind">): string | null {
  return db.kind === "postgres" ? new Date(Date.now() + WRITE_DEADLINE_MS).toISOString() : null;
}

/** A commit the database makes only before `deadline`: past it, the transaction fails whole and is rolled back. */
const commitBefore = (deadline: string) =>
  `do $$ begin if clock_timestamp() > '${deadline}'::timestamptz then raise exception 'The commit came after its deadline (${deadline}), so it was not made.' using errcode = '57014'; end if; end $$; commit`;

/** After a replica failed to answer, reads stay on the primary this long before the replica is tried again. */
export const REPLICA_RETRY_MS = 5000;
const SNAPSHOT = "begin isolation level repeatable read, read only";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const watch: QueryWatch = { onQuery: options.onQuery, around: options.around };
  if (!options.databaseUrl) return openPglite(options.dataDir, watch);
  const primary = await openPostgres(options.databaseUrl, options.poolSize ?? 10, watch);
  if (!options.replicaUrl) return primary;
  return withReplica(primary, await openPostgres(options.replicaUrl, options.poolSize ?? 10, watch));
}

/**
 * The primary, with its lagging reads sent to a replica: while the replica
 * answers, snapshots are read there; when it fails to, the same read is
 * made on the primary and the replica rests for REPLICA_RETRY_MS.
 */
function withReplica(primary: Database, replica: Database): Database {
  let restingUntil = 0;
  return {
    ...primary,
    async snapshot(work) {
      if (Date.now() >= restingUntil) {
        try {
          return await replica.snapshot(work);
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          restingUntil = Date.now() + REPLICA_RETRY_MS;
        }
      }
      return primary.snapshot(work);
    },
    async close() {
      await Promise.all([primary.close(), replica.close()]);
    },
  };
}

async function openPostgres(url: string, poolSize: number, watch: QueryWatch): Promise<Database> {
  const pg = await import("pg");
  const types = pg.default.types;
  types.setTypeParser(INT8_OID, (value: string) => Number(value));
  types.setTypeParser(NUMERIC_OID, (value: string) => Number(value));
  // Reaching the database is bounded by the connection itself, waiting for a busy pool's connection by the pool.
  class ShopClient extends pg.default.Client {
    constructor(config?: ConstructorParameters<typeof pg.default.Client>[0]) {
      super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
  }
  const pool = new pg.default.Pool({
    Client: ShopClient,
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: BUSY_POOL_WAIT_MS,
    // Sent at connect: the database's own bounds, shorter than this server's wait.
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS,
    // The client-side bound holds even when the server cannot answer the cancel.
    query_timeout: ANSWER_TIMEOUT_MS,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const run = async <Row>(client: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }, sql: string, params?: unknown[]) =>
    (await client.query(sql, params)).rows as Row[];
  /** Runs `work` between `begin` and the commit `commit()` names, on one of the pool's connections. */
  async function onOneConnection<T>(begin: string, commit: () => string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(begin);
      const result = await work({
        query: (sql, params) => run(client, sql, params),
        exec: async (sql) => void (await client.query(sql)),
      });
      await client.query(commit());
      return result;
    } catch (error) {
      // A connection the database stopped answering is dropped, not rolled back behind the statement it still owes:
      // the database rolls back a transaction whose connection closed, and refuses a commit past its deadline.
      // A connection that cannot even roll back is dropped too, rather than handed to the next request.
      if (isDatabaseUnavailable(error)) broken = true;
      else
        await client.query("rollback").catch(() => {
          broken = true;
        });
      throw error;
    } finally {
      client.release(broken);
    }
  }
  const database: Database = {
    kind: "postgres",
    jobConnection: { kind: "postgres", url },
    poolUse: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // A write sent on its own commits under the same deadline as a transaction's, so its 503 also means nothing changed.
    query: (sql, params) => (isWriteStatement(sql) ? database.transaction((tx) => tx.query(sql, params)) : timed(watch, "query", () => run(pool, sql, params), sql)),
    exec: async (sql) => void (await pool.query(sql)),
    transaction: (work) => timed(watch, "transaction", () => onOneConnection("begin", () => commitBefore(writeDeadline({ kind: "postgres" })!), work)),
    snapshot: (work) => timed(watch, "transaction", () => onOneConnection(SNAPSHOT, () => "commit", work)),
    close: () => pool.end(),
  };
  return database;
}

/**
 * A statement that changes rows by itself (insert, update, delete, merge,
 * or a `with` around one). Writes made through a function called from a
 * select set their own deadline (the cart's).
 */
export function isWriteStatement(sql: string): boolean {
  return /^\s*(?:insert|update|delete|merge)\b/i.test(sql) || (/^\s*with\b/i.test(sql) && /\b(?:insert\s+into|update\s+\w|delete\s+from|merge\s+into)\b/i.test(sql));
}

/** The embedded database's shared buffers. */
export const PGLITE_SHARED_BUFFERS = "32MB";

async function openPglite(dataDir: string, watch: QueryWatch): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: (value: string) => Number(value), [NUMERIC_OID]: (value: string) => Number(value) },
    // The embedded database lives in the shop's process: 32 MB of buffers holds the demo shop's whole working set
    // (PostgreSQL's 128 MB default kept about 100 MiB more resident; the files are in the system's cache anyway).
    postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  let running = 0;
  const counted = <T>(work: () => Promise<T>) => {
    running += 1;
    return work().finally(() => (running -= 1));
  };
  const plain = (q: Pick<PGlite, "query" | "exec">): Queryable => ({
    query: async (sql, params) => (await q.query(sql, params)).rows as never[],
    exec: async (sql) => void (await q.exec(sql)),
  });
  return {
    kind: "pglite",
    jobConnection: { kind: "pglite", pglite: db },
    // One connection: what is running beyond the first is waiting for it.
    poolUse: () => ({ max: 1, total: 1, idle: running ? 0 : 1, waiting: Math.max(0, running - 1) }),
    query: (sql, params) => counted(() => timed(watch, "query", async () => (await db.query(sql, params)).rows as never[], sql)),
    exec: async (sql) => void (await db.exec(sql)),
    transaction: (work) => counted(() => timed(watch, "transaction", () => db.transaction((tx) => work(plain(tx))))),
    // One connection, in this process: every read is already of one state.
    snapshot: (work) => counted(() => timed(watch, "transaction", () => work(plain(db)))),
    close: () => db.close(),
  };
}
