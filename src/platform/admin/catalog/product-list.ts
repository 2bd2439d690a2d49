/** The back office's product list: searched by title, handle or SKU, a page at a time. */
import { type AdminCatalogClient, type AdminProductList, type AdminProductRow, PRODUCTS_PAGE_SIZE } from "../../../core/admin/admin-catalog.ts";
import type { Database } from "../../db/database.ts";
import { readerOf } from "../access.ts";
import { containing } from "../list-query.ts";
import { type Actor, TITLE_ORDER_SQL } from "./catalog-queries.ts";

/** The longest search the list takes; the rest is ignored. */
const QUERY_MAX_LENGTH = 100;

interface ProductListSql {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  product_type: string;
  published: boolean;
  variant_count: number;
  price_min: number | null;
  price_max: number | null;
}

const listRow = (row: ProductListSql): AdminProductRow => ({
  id: Number(row.id),
  handle: row.handle,
  title: row.title,
  vendor: row.vendor,
  productType: row.product_type,
  published: row.published,
  variantCount: row.variant_count,
  priceMin: row.price_min ?? 0,
  priceMax: row.price_max ?? 0,
});

export function productList(db: Database, actor: Actor): Pick<AdminCatalogClient, "list"> {
  return {
    async list({ query = "", page = 1 }): Promise<AdminProductList> {
      const search = query.trim().slice(0, QUERY_MAX_LENGTH);
      if (!(await readerOf(actor, "catalog"))) return { rows: [], total: 0, page: 1, pageCount: 1, query: search };
      const params: unknown[] = [];
      let where = "";
      if (search !== "") {
        // The search is a literal: its % and _ match only themselves.
        params.push(containing(search));
        where = "where p.title ilike $1 or p.handle ilike $1 or exists (select 1 from variants s where s.product_id = p.id and s.sku ilike $1)";
      }
      const [counted] = await db.query<{ count: number }>(`select count(*)::int as count from products p ${where}`, params);
      const total = counted?.count ?? 0;
      const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
      const current = Math.min(Math.max(1, Number.isSafeInteger(page) ? page : 1), pageCount);
      const rows = await db.query<ProductListSql>(
        `select p.id, p.handle, p.title, p.vendor, p.product_type, p.published,
                (select count(*)::int from variants v where v.product_id = p.id) as variant_count,
                (select min(v.price)::int from variants v where v.product_id = p.id) as price_min,
                (select max(v.price)::int from variants v where v.product_id = p.id) as price_max
         from products p ${where}
         order by ${TITLE_ORDER_SQL}, p.id
         limit ${PRODUCTS_PAGE_SIZE} offset ${(current - 1) * PRODUCTS_PAGE_SIZE}`,
        params,
      );
      return { rows: rows.map(listRow), total, page: current, pageCount, query: search };
    },
  };
}
