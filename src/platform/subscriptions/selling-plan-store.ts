/** A product's selling plans as the back office reads and saves them. */
import type { PlanGroupEdit } from "../../core/subscriptions/plan-form.ts";
import type { AdjustmentType, PlanInterval, SellingPlanGroup } from "../../core/subscriptions/selling-plans.ts";
import type { Queryable } from "../db/database.ts";

interface PlanRow {
  id: string | number;
  interval: PlanInterval;
  interval_count: number;
  adjustment_type: AdjustmentType | null;
  adjustment_value: number | null;
}

/** The product's first selling plan group with its plans, or null. */
export async function productPlanGroup(q: Queryable, productId: number): Promise<SellingPlanGroup | null> {
  const [group] = await q.query<{ id: string | number; key: string; name: string; option_name: string }>(
    "select id, key, name, option_name from selling_plan_groups where product_id = $1 order by position, id limit 1",
    [productId],
  );
  if (!group) return null;
  const plans = await q.query<PlanRow>("select id, interval, interval_count, adjustment_type, adjustment_value from selling_plans where group_id = $1 order by position, id", [group.id]);
  return {
    id: Number(group.id),
    key: group.key,
    name: group.name,
    optionName: group.option_name,
    plans: plans.map((plan) => ({
      id: Number(plan.id),
      interval: plan.interval,
      intervalCount: plan.interval_count,
      adjustment: plan.adjustment_type === null || plan.adjustment_value === null ? null : { type: plan.adjustment_type, value: plan.adjustment_value },
    })),
  };
}

/**
 * Saves the product's plans. A frequency kept keeps its plan (and its id, so
 * carts and subscriptions on it stay on it, at the new saving); new ones are
 * added, the rest removed. No plans: the group goes, the product is sold once only.
 */
export async function saveProductPlans(tx: Queryable, productId: number, edit: PlanGroupEdit): Promise<void> {
  const existing = await productPlanGroup(tx, productId);
  if (edit.plans.length === 0) {
    if (existing) await tx.query("delete from selling_plan_groups where id = $1", [existing.id]);
    return;
  }
  let groupId = existing?.id;
  if (groupId === undefined) {
    const [row] = await tx.query<{ id: string }>("insert into selling_plan_groups (product_id, name) values ($1, $2) returning id", [productId, edit.name]);
    groupId = Number(row?.id);
  } else {
    await tx.query("update selling_plan_groups set name = $2 where id = $1", [groupId, edit.name]);
  }
  const byFrequency = new Map((existing?.plans ?? []).map((plan) => [`${plan.intervalCount} ${plan.interval}`, plan.id]));
  const kept: number[] = [];
  for (const [index, plan] of edit.plans.entries()) {
    const values = [index + 1, plan.adjustment?.type ?? null, plan.adjustment?.value ?? null];
    const id = byFrequency.get(`${plan.intervalCount} ${plan.interval}`);
    if (id !== undefined) {
      await tx.query("update selling_plans set position = $2, adjustment_type = $3, adjustment_value = $4 where id = $1", [id, ...values]);
      kept.push(id);
    } else {
      const [row] = await tx.query<{ id: string }>(
        "insert into selling_plans (group_id, position, adjustment_type, adjustment_value, interval, interval_count) values ($1, $2, $3, $4, $5, $6) returning id",
        [groupId, ...values, plan.interval, plan.intervalCount],
      );
      kept.push(Number(row?.id));
    }
  }
  await tx.query("delete from selling_plans where group_id = $1 and not (id = any($2::bigint[]))", [groupId, kept]);
}
