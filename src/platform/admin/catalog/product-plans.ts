/** A product's subscribe-and-save plans, saved from the back office's product page. */
import type { AdminAnswer } from "../../../core/admin/admin.ts";
import type { AdminCatalogClient } from "../../../core/admin/admin-catalog.ts";
import { readPlanForm } from "../../../core/subscriptions/plan-form.ts";
import { bumpCatalogRevision } from "../../catalog/catalog.ts";
import type { Database } from "../../db/database.ts";
import { productPlanGroup, saveProductPlans } from "../../subscriptions/selling-plan-store.ts";
import { accessTo } from "../access.ts";
import { recordAudit } from "../audit.ts";
import { refusal } from "../refusal.ts";
import { type Actor, isRecordId } from "./catalog-queries.ts";

export function productPlans(db: Database, actor: Actor): Pick<AdminCatalogClient, "updateSellingPlans"> {
  return {
    async updateSellingPlans(id, form): Promise<AdminAnswer> {
      const access = await accessTo(actor, "catalog");
      if (!access.ok) return access.answer;
      if (!isRecordId(id)) return refusal("not_found", "That product is not in the catalog.");
      const read = readPlanForm(form);
      if ("errors" in read) return refusal("invalid", "The plans were not saved. Please check the highlighted fields.", read.errors);
      return db.transaction(async (tx) => {
        const [row] = await tx.query<{ handle: string }>("select handle from products where id = $1 for update", [id]);
        if (!row) return refusal("not_found", "That product is not in the catalog.");
        const before = await productPlanGroup(tx, id);
        await saveProductPlans(tx, id, read.edit);
        const plans = (group: { plans: { interval: string; intervalCount: number; adjustment: unknown }[] } | null) => group?.plans.map(({ interval, intervalCount, adjustment }) => ({ interval, intervalCount, adjustment })) ?? [];
        await recordAudit(tx, { staffId: access.staff.id, action: "product.selling_plans", subject: `product ${row.handle}`, before: { name: before?.name ?? null, plans: plans(before) }, after: { name: read.edit.name, plans: plans(read.edit) } });
        await bumpCatalogRevision(tx);
        return { ok: true, next: `/products/${id}?saved=1` } as const;
      });
    },
  };
}
