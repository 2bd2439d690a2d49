import { useId, useState } from "react";
import { taxBreakdown } from "../../../core/catalog/product-rules.ts";
import { useMoney, useText } from "../../storefront/use-shop.ts";

interface TaxCalculatorProps {
  /** What is being bought, minor units. */
  amount: number;
  rates: { label: string; percent: number }[];
  /** Whether the site's prices include their tax. */
  included: boolean;
}

/** Choosing a rate shows the tax and the total with it; the empty choice hides them. */
export function TaxCalculator({ amount, rates, included }: TaxCalculatorProps) {
  const money = useMoney();
  const text = useText();
  const id = useId();
  const [rateIndex, setRateIndex] = useState("");
  const rate = rateIndex === "" ? undefined : rates[Number(rateIndex)];
  const breakdown = taxBreakdown(amount, rate ? rate.percent : null, included);
  // The calculator says whether prices hold the tax or have it added at checkout, and what choosing a rate shows.
  return (
    <div className="tax-calculator js-only" role="group" aria-labelledby={`${id}-title`}>
      <p className="tax-calculator__title" id={`${id}-title`}>
        {text("tax_calculator_title")}
      </p>
      <p className="tax-calculator__hint">{text(included ? "tax_calculator_hint_included" : "tax_calculator_hint")}</p>
      <label className="tax-calculator__label" htmlFor={id}>
        {text("tax_rate")}
      </label>
      <select id={id} className="select tax-calculator__select" value={rateIndex} onChange={(event) => setRateIndex(event.currentTarget.value)}>
        <option value="">{text("tax_rate_none")}</option>
        {rates.map((option, index) => (
          <option key={`${option.label}-${index}`} value={String(index)}>
            {option.label}
          </option>
        ))}
      </select>
      <div aria-live="polite">
      {breakdown ? (
        <dl className="tax-calculator__result">
          <div>
            <dt>{text("tax_amount")}</dt>
            <dd>{money(breakdown.tax)}</dd>
          </div>
          <div>
            <dt>{text("total_with_tax")}</dt>
            <dd>{money(breakdown.total)}</dd>
          </div>
        </dl>
      ) : null}
      </div>
    </div>
  );
}
