/**
 * Secrets the shop makes for itself when none is configured: generated once,
 * kept in the database (never in the repository), the same for every server.
 */
import type { Database } from "../db/database.ts";
import { randomToken } from "./secrets.ts";

export class ShopSecrets {
  private readonly db: Database;
  private readonly cache = new Map<string, Promise<string>>();

  constructor(db: Database) {
    this.db = db;
  }

  /** The secret called `name`; the first server to ask makes it, and the others read that one. */
  get(name: string): Promise<string> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.load(name);
      // A failed read is tried again next time rather than remembered.
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async load(name: string): Promise<string> {
    await this.db.query("insert into shop_secrets (name, value) values ($1, $2) on conflict (name) do nothing", [name, randomToken(32)]);
    const [row] = await this.db.query<{ value: string }>("select value from shop_secrets where name = $1", [name]);
    if (!row) throw new Error(`shop secret ${name} vanished`);
    return row.value;
  }
}
