/**
 * The back office's staff: the first owner, logging in and out, sessions,
 * and the home page's figures. Passwords are scrypt-hashed as customers'
 * are; a session is kept by the hash of its token; logins are limited per
 * address and per email in the database, so the limit holds across servers.
 */
import { createHash, randomBytes } from "node:crypto";
import { type AdminHome, LOW_STOCK_THRESHOLD, type StaffJson, type StaffRole } from "../../core/admin.ts";
import type { Database } from "../db/database.ts";
import { type PasswordHash, hashPassword, verifyPassword } from "../customers/passwords.ts";
import { type LimitRule, RateLimiter } from "../customers/rate-limits.ts";
import { recordAudit } from "./audit.ts";

/** A back-office session lasts a working day. */
export const ADMIN_SESSION_HOURS = 12;
/** Failed logins from one address in 15 minutes before it must wait. */
export const ADMIN_LOGIN_LIMIT: LimitRule = { limit: 5, windowSeconds: 15 * 60 };
/** Failed logins for one email from anywhere in 15 minutes: higher, so strangers cannot easily lock the owner out. */
export const ADMIN_EMAIL_LIMIT: LimitRule = { limit: 20, windowSeconds: 15 * 60 };
const WRONG = "The email or password is not right.";
const MAX_PASSWORD_LENGTH = 1024;

interface StaffRow {
  id: number | string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  password_salt: string;
  password_params: PasswordHash["params"];
}

const staffJson = (row: Pick<StaffRow, "id" | "email" | "name" | "role">): StaffJson => ({ id: Number(row.id), email: row.email, name: row.name, role: row.role });
const sessionId = (token: string) => createHash("sha256").update(token).digest("hex");

export type LoginResult =
  | { ok: true; staff: StaffJson; sessionToken: string; maxAgeSeconds: number }
  | { ok: false; status: 401 | 422 | 429; description: string; errors: Record<string, string>; retryAfter?: number };

export class StaffService {
  private readonly db: Database;
  private readonly limiter: RateLimiter;
  private readonly now: () => number;
  private readonly timeZone: string;
  /** Verified against when the email is unknown, so a wrong email takes as long as a wrong password. */
  private decoy: Promise<PasswordHash> | null = null;

  constructor(options: { db: Database; timeZone: string; now?: () => number }) {
    this.db = options.db;
    this.now = options.now ?? Date.now;
    this.limiter = new RateLimiter(options.db, this.now);
    this.timeZone = options.timeZone;
  }

  /**
   * The first owner, when the shop has no staff yet: with `password`
   * (ADMIN_PASSWORD), or a generated one answered once so the start log can
   * show it. Later starts change nothing.
   */
  async ensureOwner(email: string, password?: string): Promise<{ created: boolean; generatedPassword: string | null }> {
    const [existing] = await this.db.query<{ count: number }>("select count(*)::int as count from staff");
    if ((existing?.count ?? 0) > 0) return { created: false, generatedPassword: null };
    const chosen = password && password.length > 0 ? password : randomBytes(15).toString("base64url");
    const hash = await hashPassword(chosen);
    const inserted = await this.db.query<{ id: number }>(
      `insert into staff (email, name, role, password_hash, password_salt, password_params)
       select $1, 'Owner', 'owner', $2, $3, $4 where not exists (select 1 from staff)
       on conflict do nothing returning id`,
      [email, hash.hash, hash.salt, JSON.stringify(hash.params)],
    );
    if (inserted.length === 0) return { created: false, generatedPassword: null };
    return { created: true, generatedPassword: password ? null : chosen };
  }

  async login(form: Record<string, unknown>, address: string): Promise<LoginResult> {
    const email = typeof form.email === "string" ? form.email.trim() : "";
    const password = typeof form.password === "string" ? form.password : "";
    const errors: Record<string, string> = {};
    if (!email) errors.email = "Enter your email.";
    if (!password) errors.password = "Enter your password.";
    else if (password.length > MAX_PASSWORD_LENGTH) errors.password = "That password is too long.";
    if (Object.keys(errors).length) return { ok: false, status: 422, description: "Check the highlighted fields.", errors };

    // Only failed attempts count; once either limit is reached, even the right password waits.
    const limits = [
      { key: `admin-login:address:${address}`, rule: ADMIN_LOGIN_LIMIT },
      { key: `admin-login:email:${email.toLowerCase()}`, rule: ADMIN_EMAIL_LIMIT },
    ];
    for (const { key, rule } of limits) {
      if (await this.limiter.reached(key, rule)) {
        return { ok: false, status: 429, description: "Too many attempts. Please wait a few minutes before trying again.", errors: {}, retryAfter: rule.windowSeconds };
      }
    }
    const [row] = await this.db.query<StaffRow>(
      "select id, email, name, role, password_hash, password_salt, password_params from staff where lower(email) = lower($1) and disabled_at is null",
      [email],
    );
    const stored = row ? { hash: row.password_hash, salt: row.password_salt, params: row.password_params } : await this.decoyHash();
    const matches = await verifyPassword(password, stored);
    if (!row || !matches) {
      for (const { key, rule } of limits) await this.limiter.hit(key, rule);
      return { ok: false, status: 401, description: WRONG, errors: {} };
    }

    const token = randomBytes(32).toString("base64url");
    const maxAgeSeconds = ADMIN_SESSION_HOURS * 60 * 60;
    await this.db.transaction(async (tx) => {
      await tx.query("insert into staff_sessions (id, staff_id, expires_at) values ($1, $2, $3::timestamptz)", [
        sessionId(token),
        row.id,
        new Date(this.now() + maxAgeSeconds * 1000).toISOString(),
      ]);
      await tx.query("delete from staff_sessions where expires_at < $1::timestamptz", [new Date(this.now()).toISOString()]);
      await recordAudit(tx, { staffId: Number(row.id), action: "staff.login", subject: `staff ${row.id}` });
    });
    return { ok: true, staff: staffJson(row), sessionToken: token, maxAgeSeconds };
  }

  async staffForSession(token: string | undefined): Promise<StaffJson | null> {
    if (!token || token.length > 200) return null;
    const [row] = await this.db.query<StaffRow>(
      `select s.id, s.email, s.name, s.role from staff_sessions ss join staff s on s.id = ss.staff_id
       where ss.id = $1 and ss.expires_at > $2::timestamptz and s.disabled_at is null`,
      [sessionId(token), new Date(this.now()).toISOString()],
    );
    return row ? staffJson(row) : null;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.transaction(async (tx) => {
      const ended = await tx.query<{ staff_id: number }>("delete from staff_sessions where id = $1 returning staff_id", [sessionId(token)]);
      if (ended[0]) await recordAudit(tx, { staffId: Number(ended[0].staff_id), action: "staff.logout", subject: `staff ${ended[0].staff_id}` });
    });
  }

  /** Today (in the shop's time zone): orders, sales per currency and orders waiting to be sent; variants running low. */
  async home(): Promise<AdminHome> {
    const now = new Date(this.now()).toISOString();
    const sales = await this.db.query<{ currency: string; orders: number; amount: number | string }>(
      `select currency, count(*)::int as orders, coalesce(sum(total_price), 0) as amount from orders
       where created_at >= (date_trunc('day', $1::timestamptz at time zone $2) at time zone $2)
       group by currency order by currency`,
      [now, this.timeZone],
    );
    const [waiting] = await this.db.query<{ count: number }>("select count(*)::int as count from orders where fulfillment_status = 'unfulfilled'");
    const [low] = await this.db.query<{ count: number }>(
      "select count(*)::int as count from variants where inventory_management = 'shopify' and inventory_policy = 'deny' and inventory_quantity <= $1",
      [LOW_STOCK_THRESHOLD],
    );
    return {
      today: { orders: sales.reduce((sum, row) => sum + row.orders, 0), sales: sales.map((row) => ({ currency: row.currency, amount: Number(row.amount) })) },
      unfulfilled: waiting?.count ?? 0,
      lowStock: low?.count ?? 0,
      lowStockThreshold: LOW_STOCK_THRESHOLD,
    };
  }

  private decoyHash(): Promise<PasswordHash> {
    this.decoy ??= hashPassword(randomBytes(16).toString("hex"));
    return this.decoy;
  }
}
