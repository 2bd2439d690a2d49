import type { ProductJson, VariantJson } from "../../../core/contract/shopify-types.ts";
import { allocationSavingPercent } from "../../../core/subscriptions/selling-plan-json.ts";
import { usePlanWords } from "../../cart/buying/plan-words.ts";
import { useMoney, useText } from "../../storefront/use-shop.ts";

/**
 * "One-time purchase" or one of the product's subscribe-and-save plans, as
 * radio buttons named `selling_plan` (empty for once), so the plain form post
 * carries the choice too. Each plan shows its price per delivery and saving.
 */
export function PurchaseOptions({ product, variant, chosen, onChoose }: { product: ProductJson; variant: VariantJson | undefined; chosen: number | null; onChoose: (plan: number | null) => void }) {
  const text = useText();
  const money = useMoney();
  const planWords = usePlanWords();
  const price = variant?.price ?? product.price;
  const name = `selling_plan-${product.id}`;
  return (
    <fieldset className="purchase-options">
      <legend className="product-form__label">{text("subscription_purchase_options")}</legend>
      <label className="purchase-options__choice">
        <input type="radio" name="selling_plan" value="" checked={chosen === null} onChange={() => onChoose(null)} />
        <span className="purchase-options__name">{text("subscription_one_time")}</span>
        <span className="purchase-options__price">{money(price)}</span>
      </label>
      {product.selling_plan_groups.map((group) => (
        <div className="purchase-options__group" key={group.id} role="group" aria-labelledby={`${name}-${group.id}`}>
          <p className="purchase-options__group-name" id={`${name}-${group.id}`}>
            {group.name || text("subscription_subscribe_and_save")}
          </p>
          {group.selling_plans.map((plan) => {
            const allocation = variant?.selling_plan_allocations.find((candidate) => candidate.selling_plan_id === plan.id);
            const saving = allocation ? allocationSavingPercent(allocation) : 0;
            return (
              <label className="purchase-options__choice" key={plan.id}>
                <input type="radio" name="selling_plan" value={plan.id} checked={chosen === plan.id} onChange={() => onChoose(plan.id)} />
                <span className="purchase-options__name">{planWords(plan)}</span>
                <span className="purchase-options__price">
                  {allocation ? money(allocation.per_delivery_price) : null}
                  {saving > 0 ? <span className="badge badge--saving purchase-options__saving">{text("subscription_save_percent", { percent: saving })}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
