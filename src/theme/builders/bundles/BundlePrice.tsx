import type { BundleQuote } from "../../../core/builders/bundle-chooser.ts";
import type { BundleDefinition } from "../../../core/builders/bundles.ts";
import { Price } from "../../cart/buying/Price.tsx";
import { useMoney, useText } from "../../storefront/use-shop.ts";

interface BundlePriceProps {
  quote: BundleQuote;
  definition: Pick<BundleDefinition, "discountType" | "discountAmount">;
  /** Show the total of an incomplete choice (the multiselect's running total); else only a complete set's. */
  runningTotal?: boolean;
  live?: boolean;
}

/** What a bundle saves, in words for "Save {amount}": a complete set's saving, else the percent or the fixed amount on offer. */
export function offerAmount(quote: BundleQuote, definition: BundlePriceProps["definition"], money: (cents: number) => string): string {
  if (quote.saving > 0) return money(quote.saving);
  return definition.discountType === "percent" ? `${definition.discountAmount}%` : money(quote.offer);
}

/**
 * The chosen set's price: once complete, the total struck against the full
 * price with the saving; until then the offer (a percent, or a fixed amount).
 */
export function BundlePrice({ quote, definition, runningTotal = true, live = true }: BundlePriceProps) {
  const money = useMoney();
  const text = useText();
  const showTotal = quote.subtotal > 0 && (quote.complete || runningTotal);
  return (
    <div className="bundle-price" aria-live={live ? "polite" : undefined} aria-atomic={live || undefined}>
      {showTotal ? <Price price={quote.total} compareAtPrice={quote.saving > 0 ? quote.subtotal : null} className="bundle-price__total" /> : null}
      {quote.saving > 0 ? (
        <span className="badge bundle-price__save">{text("bundle_save", { amount: money(quote.saving) })}</span>
      ) : quote.offer > 0 || definition.discountType === "percent" ? (
        <span className="bundle-price__offer">{text("bundle_save", { amount: offerAmount(quote, definition, money) })}</span>
      ) : null}
    </div>
  );
}
