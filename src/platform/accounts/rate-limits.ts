/**
 * Rate limits kept in the database, so they hold across every server. A
 * window is counted in fifteen buckets: the hits of the last `windowSeconds`
 * are the buckets' sum, exact to a fifteenth of the window, and a refused
 * caller is told when the oldest bucket that keeps them over leaves it.
 */
import { isIPv4, isIPv6 } from "node:net";
import type { Database } from "../db/database.ts";

/**
 * What a limit counts a client address as: an IPv4 address whole, an IPv6
 * address by its /64, the block one subscriber (one home, one phone) is
 * given, so walking the addresses of one's own /64 gains nothing. An
 * IPv4-mapped IPv6 address counts as its IPv4 address. Every limit keyed by
 * address goes through here; a group given again is answered unchanged.
 */
export function addressGroup(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(bare)) return bare;
  const ipv6 = /^(.*)\/64$/.exec(bare)?.[1] ?? bare;
  if (!isIPv6(ipv6)) return address;
  return `${hextets(ipv6).slice(0, 4).join(":")}::/64`;
}

/** A limit's key for one client address (by its group): `scope:group`. */
export const addressKey = (scope: string, address: string): string => `${scope}:${addressGroup(address)}`;

/** The eight 16-bit groups of a valid IPv6 address, each without leading zeros. */
function hextets(address: string): string[] {
  // A trailing dotted IPv4 part is two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  const text = dotted ? `${dotted[1]}${dottedHextets(dotted[2] ?? "")}` : address;
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

function dottedHextets(ipv4: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split(".").map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

export interface LimitRule {
  /** Hits allowed within the window. */
  limit: number;
  windowSeconds: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Seconds until a hit would be allowed again (0 when allowed). */
  retryAfter: number;
}

const BUCKETS = 15;
/** Rows older than this are swept: no window is longer. */
const KEEP_SECONDS = 24 * 60 * 60;

interface BucketRow {
  window_start: Date | string;
  count: number;
}

export class RateLimiter {
  private readonly db: Database;
  private readonly now: () => number;

  constructor(db: Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** Counts one hit against `key` and answers whether it was within the rule. */
  async hit(key: string, rule: LimitRule): Promise<LimitVerdict> {
    const now = this.now();
    const bucketMs = (rule.windowSeconds * 1000) / BUCKETS;
    const bucketStart = new Date(Math.floor(now / bucketMs) * bucketMs).toISOString();
    const [row] = await this.db.query<{ count: number }>(
      `insert into rate_limit_hits (key, window_start, count) values ($1, $2::timestamptz, 1)
       on conflict (key, window_start) do update set count = rate_limit_hits.count + 1 returning count`,
      [key, bucketStart],
    );
    // A new bucket is rare (once per key and bucket): the moment to sweep old ones.
    if (row?.count === 1) await this.db.query("delete from rate_limit_hits where window_start < $1::timestamptz", [new Date(now - KEEP_SECONDS * 1000).toISOString()]);
    // This hit's own place in its bucket, not the bucket as later hits have grown it meanwhile: of hits arriving together, exactly those within the limit pass.
    return this.verdict(key, rule, now, 0, row ? { start: new Date(bucketStart).getTime(), count: row.count } : undefined);
  }

  /** Whether `key` has reached the rule's limit already, without counting a hit. */
  async reached(key: string, rule: LimitRule): Promise<boolean> {
    return !(await this.verdict(key, rule, this.now(), 1)).allowed;
  }

  /** Forgets a key's hits (a successful login clears its failures). */
  async reset(key: string): Promise<void> {
    await this.db.query("delete from rate_limit_hits where key = $1", [key]);
  }

  /** `extra`: hits about to be made, counted as if already there; `own`: the current bucket's count as a hit left it. */
  private async verdict(key: string, rule: LimitRule, now: number, extra: number, own?: { start: number; count: number }): Promise<LimitVerdict> {
    const windowMs = rule.windowSeconds * 1000;
    const bucketMs = windowMs / BUCKETS;
    const since = new Date(Math.floor((now - windowMs) / bucketMs + 1) * bucketMs).toISOString();
    const rows = await this.db.query<BucketRow>(
      "select window_start, count from rate_limit_hits where key = $1 and window_start >= $2::timestamptz order by window_start",
      [key, since],
    );
    const buckets = own ? rows.map((bucket) => (new Date(bucket.window_start).getTime() === own.start ? { ...bucket, count: own.count } : bucket)) : rows;
    let total = buckets.reduce((sum, bucket) => sum + bucket.count, 0) + extra;
    if (total <= rule.limit) return { allowed: true, retryAfter: 0 };
    // The caller may go again once enough of the oldest buckets have left the window.
    for (const bucket of buckets) {
      total -= bucket.count;
      if (total < rule.limit) {
        const leaves = new Date(bucket.window_start).getTime() + windowMs;
        return { allowed: false, retryAfter: Math.max(1, Math.ceil((leaves - now) / 1000)) };
      }
    }
    return { allowed: false, retryAfter: rule.windowSeconds };
  }
}
