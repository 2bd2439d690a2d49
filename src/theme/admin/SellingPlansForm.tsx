import { Form } from "react-router";
import { DEFAULT_PLAN_GROUP_NAME, PLAN_GROUP_NAME_MAX, PLAN_ROWS, planRows } from "../../core/subscriptions/plan-form.ts";
import type { SellingPlanGroup } from "../../core/subscriptions/selling-plans.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import { FieldFrame } from "../accounts/FieldFrame.tsx";
import type { AdminProblem } from "./answer.ts";

/** What the product page's action is asked to do with this form. */
export const SAVE_SELLING_PLANS = "selling-plans";

/** The field labels the page's error summary names plan problems by. */
export function sellingPlanLabels(): Record<string, string> {
  const labels: Record<string, string> = { plans_name: "Name of the subscription offer" };
  for (let row = 0; row < PLAN_ROWS; row++) {
    labels[`plan_${row}_count`] = `Plan ${row + 1}: every`;
    labels[`plan_${row}_interval`] = `Plan ${row + 1}: days, weeks or months`;
    labels[`plan_${row}_saving_type`] = `Plan ${row + 1}: kind of saving`;
    labels[`plan_${row}_saving`] = `Plan ${row + 1}: saving`;
  }
  return labels;
}

/**
 * "Subscribe and save" for one product: the offer's name and up to five
 * plans, each a frequency and a saving on every delivery. Emptying every
 * frequency sells the product once only.
 */
export function SellingPlansForm({ group, problem }: { group: SellingPlanGroup | null; problem: AdminProblem | null }) {
  const posted = problem?.values ?? null;
  const value = (name: string, fallback: string) => posted?.[name] ?? fallback;
  const rows = planRows(group ?? undefined);
  return (
    <section className="admin-plans" id="selling-plans" aria-labelledby="selling-plans-title">
      <h2 className="admin-stock__subtitle" id="selling-plans-title">
        Subscribe and save
      </h2>
      <p className="admin-stock__help" id="selling-plans-help">
        Offer deliveries on a schedule at a saving, such as every 6 weeks with 10% off. Amounts are in pounds and pence and are converted for each site as prices are. Leave
        every frequency empty to sell the product once only. Changing a plan&apos;s saving reaches the carts holding it at once.
      </p>
      <Form method="post" className="admin-plans__form" aria-labelledby="selling-plans-title" key={JSON.stringify(group)}>
        <input type="hidden" name="intent" value={SAVE_SELLING_PLANS} />
        <AccountField
          name="plans_name"
          field="plans_name"
          label="Name of the subscription offer"
          required={false}
          hint={`Shoppers read it above the plans. Empty: "${DEFAULT_PLAN_GROUP_NAME}".`}
          problem={problem}
          autoComplete="off"
          defaultValue={value("plans_name", group?.name ?? "")}
          maxLength={PLAN_GROUP_NAME_MAX}
        />
        {rows.map((row, index) => (
          <fieldset className="admin-product__variant admin-plans__row" key={index} aria-describedby="selling-plans-help">
            <legend>Plan {index + 1}</legend>
            <FieldFrame field={`plan_${index}_count`} label="Every" required={false} problem={problem} className="field admin-product__variant-field">
              {(control) => <input className="field__input" {...control} name={`plan_${index}_count`} type="text" inputMode="numeric" autoComplete="off" size={4} maxLength={3} defaultValue={value(`plan_${index}_count`, row.count)} />}
            </FieldFrame>
            <FieldFrame field={`plan_${index}_interval`} label="Days, weeks or months" problem={problem} className="field admin-product__variant-field">
              {(control) => (
                <select className="field__input" {...control} name={`plan_${index}_interval`} defaultValue={value(`plan_${index}_interval`, row.interval)}>
                  <option value="day">days</option>
                  <option value="week">weeks</option>
                  <option value="month">months</option>
                </select>
              )}
            </FieldFrame>
            <FieldFrame field={`plan_${index}_saving_type`} label="Saving" problem={problem} className="field admin-product__variant-field">
              {(control) => (
                <select className="field__input" {...control} name={`plan_${index}_saving_type`} defaultValue={value(`plan_${index}_saving_type`, row.savingType)}>
                  <option value="percentage">percentage off</option>
                  <option value="fixed_amount">amount off</option>
                  <option value="none">no saving</option>
                </select>
              )}
            </FieldFrame>
            <FieldFrame field={`plan_${index}_saving`} label="Saving on each delivery" required={false} problem={problem} className="field admin-product__variant-field">
              {(control) => <input className="field__input" {...control} name={`plan_${index}_saving`} type="text" inputMode="decimal" autoComplete="off" size={8} maxLength={12} defaultValue={value(`plan_${index}_saving`, row.saving)} />}
            </FieldFrame>
          </fieldset>
        ))}
        <p>
          <button className="admin-button" type="submit">
            Save plans
          </button>
        </p>
      </Form>
    </section>
  );
}
