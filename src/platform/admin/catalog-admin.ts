import { type StaffJson } from "../../core/admin/admin.ts";
import { type AdminCatalogClient } from "../../core/admin/admin-catalog.ts";
import type { Database } from "../db/database.ts";
import { accessTo, readerOf } from "./access.ts";
import { exportCatalogCsv, importCatalogCsv } from "./catalog-csv.ts";
import { collectionsAdmin } from "./catalog/collections.ts";
import { productEditor } from "./catalog/product-edit.ts";
import { productList } from "./catalog/product-list.ts";
import { productPlans } from "./catalog/product-plans.ts";
import { picturesAdmin } from "./pictures-admin.ts";
import { AdminRefused } from "./refusal.ts";

/**
 * The back office's catalog area, the owner's alone: every read and change
 * asks `accessTo` first, whatever page or call reached it. `shopUrl` is the
 * shop's address, for the export's picture addresses. Each concern is a
 * part of its own under `catalog/` (the product list, a product's form, its
 * plans, collections), and the pictures and the CSV beside this file.
 */
export function catalogAdmin(db: Database, actor: () => Promise<StaffJson | null>, shopUrl = ""): AdminCatalogClient {
  return {
    ...productList(db, actor),
    ...productEditor(db, actor),
    ...productPlans(db, actor),
    ...collectionsAdmin(db, actor),

    async exportCsv() {
      if (!(await readerOf(actor, "catalog"))) return null;
      return exportCatalogCsv(db, shopUrl);
    },

    pictures: picturesAdmin(db, actor),

    async importCsv(csv) {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      try {
        return await importCatalogCsv(db, access.staff, csv);
      } catch (error) {
        if (error instanceof AdminRefused) return error.answer;
        throw error;
      }
    },
  };
}
