import type { Database } from "../db/database.ts";

/** Views older than this are swept; no counter looks further back. */
const PRODUCT_VIEW_RETENTION_MINUTES = 60;

/**
 * Who is looking at a product, for the honest "people viewing this" counter.
 * A view is one row per product and viewer, refreshed when the viewer comes
 * back, so counting rows in a window counts distinct viewers.
 */
export class ProductViews {
  private readonly db: Database;
  private readonly now: () => number;

  constructor(db: Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  async recordProductView(productId: number, viewerId: string): Promise<void> {
    const now = this.now();
    await this.db.query(
      `insert into product_views (product_id, viewer_id, seen_at) values ($1, $2, $3::timestamptz)
       on conflict (product_id, viewer_id) do update set seen_at = greatest(product_views.seen_at, excluded.seen_at)`,
      [productId, viewerId, new Date(now).toISOString()],
    );
    // Recording is when rows pile up, so it is also when old ones go (an index range, usually empty).
    await this.db.query("delete from product_views where seen_at < $1::timestamptz", [new Date(now - PRODUCT_VIEW_RETENTION_MINUTES * 60_000).toISOString()]);
  }

  /** Distinct viewers of a product in the last `minutes`. */
  async recentViewers(productId: number, minutes: number): Promise<number> {
    const since = new Date(this.now() - Math.min(minutes, PRODUCT_VIEW_RETENTION_MINUTES) * 60_000).toISOString();
    const [row] = await this.db.query<{ count: number }>("select count(*)::int as count from product_views where product_id = $1 and seen_at >= $2::timestamptz", [
      productId,
      since,
    ]);
    return row?.count ?? 0;
  }
}
