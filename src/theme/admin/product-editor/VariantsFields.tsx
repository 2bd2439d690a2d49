/** The product editor's variants section: each variant's price, compare-at price, SKU and weight. */
import { type AdminVariantDetail, VARIANT_SKU_MAX } from "../../../core/admin/admin-catalog.ts";
import { decimalAmount } from "../../../core/money/money.ts";
import { FieldFrame } from "../../accounts/FieldFrame.tsx";
import type { AdminProblem } from "../answer.ts";
import { type ProductFormState, variantName } from "./product-form.tsx";

/** Each variant field's label, keyed by its form name, for the error summary. */
export function variantLabels(variants: readonly AdminVariantDetail[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const variant of variants) {
    const name = variantName(variant) ? ` (${variant.title})` : "";
    labels[`variant_${variant.id}_price`] = `Price${name}`;
    labels[`variant_${variant.id}_compare_at_price`] = `Compare-at price${name}`;
    labels[`variant_${variant.id}_sku`] = `SKU${name}`;
    labels[`variant_${variant.id}_grams`] = `Weight${name}`;
  }
  return labels;
}

export function VariantsFields({ variants, form: { problem, value } }: { variants: readonly AdminVariantDetail[]; form: ProductFormState }) {
  return (
    <>
      <h2 className="admin-stock__subtitle">Variants</h2>
      <p className="admin-stock__help" id="variant-help">
        Prices in pounds and pence, such as 12.50. The compare-at price is the price before a sale (shown struck through); leave it empty when there is no sale. Stock is changed on the Stock page.
      </p>
      {variants.map((variant) => (
        <fieldset className="admin-product__variant" key={variant.id}>
          <legend>{variantName(variant) || "The product's only variant"}</legend>
          <VariantField variant={variant} name="price" label="Price" problem={problem} value={value(`variant_${variant.id}_price`, decimalAmount(variant.price))} inputMode="decimal" size={10} />
          <VariantField
            variant={variant}
            name="compare_at_price"
            label="Compare-at price"
            required={false}
            problem={problem}
            value={value(`variant_${variant.id}_compare_at_price`, variant.compareAtPrice === null ? "" : decimalAmount(variant.compareAtPrice))}
            inputMode="decimal"
            size={10}
          />
          <VariantField variant={variant} name="sku" label="SKU" required={false} problem={problem} value={value(`variant_${variant.id}_sku`, variant.sku)} size={16} maxLength={VARIANT_SKU_MAX} />
          <VariantField variant={variant} name="grams" label="Weight (grams)" required={false} problem={problem} value={value(`variant_${variant.id}_grams`, String(variant.grams))} inputMode="numeric" size={8} />
        </fieldset>
      ))}
    </>
  );
}

function VariantField({
  variant,
  name,
  label,
  problem,
  value,
  required = true,
  inputMode,
  size,
  maxLength,
}: {
  variant: AdminVariantDetail;
  name: string;
  label: string;
  problem: AdminProblem | null;
  value: string;
  required?: boolean;
  inputMode?: "decimal" | "numeric";
  size: number;
  maxLength?: number;
}) {
  const field = `variant_${variant.id}_${name}`;
  const which = variantName(variant);
  const named = (
    <>
      {label}
      {which ? <span className="visually-hidden">, {which}</span> : null}
    </>
  );
  return (
    <FieldFrame field={field} label={named} required={required} describedBy={name === "price" || name === "compare_at_price" ? "variant-help" : undefined} problem={problem} className="field admin-product__variant-field">
      {(control) => (
        <input className="field__input" {...control} name={field} type="text" inputMode={inputMode} autoComplete="off" required={required} size={size} maxLength={maxLength ?? 20} defaultValue={value} />
      )}
    </FieldFrame>
  );
}
