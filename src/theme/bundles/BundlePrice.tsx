import type { BundleQuote } from "../../core/bundle-chooser.ts";
import { Price } from "../product/Price.tsx";
import { useMoney, useText } from "../storefront/use-shop.ts";

/** The chosen set's price: the total, struck against the full price and with the saving once the set is complete; until then what it would save. */
export function BundlePrice({ quote, live = true }: { quote: BundleQuote; live?: boolean }) {
  const money = useMoney();
  const text = useText();
  return (
    <div className="bundle-price" aria-live={live ? "polite" : undefined} aria-atomic={live || undefined}>
      {quote.subtotal > 0 ? <Price price={quote.total} compareAtPrice={quote.saving > 0 ? quote.subtotal : null} className="bundle-price__total" /> : null}
      {quote.saving > 0 ? (
        <span className="badge bundle-price__save">{text("bundle_save", { amount: money(quote.saving) })}</span>
      ) : quote.offer > 0 ? (
        <span className="bundle-price__offer">{text("bundle_save", { amount: money(quote.offer) })}</span>
      ) : null}
    </div>
  );
}
