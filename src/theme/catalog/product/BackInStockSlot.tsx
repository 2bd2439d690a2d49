import type { VariantJson } from "../../../core/contract/shopify-types.ts";
import { backInStockVariants, offersBackInStock } from "../../../core/catalog/back-in-stock.ts";
import { ProductAlertForm } from "./ProductAlertForm.tsx";

/**
 * Where the product page offers "Email me when it's back": for the chosen
 * variant when it is sold out, or, with none chosen, for a product whose
 * every variant is sold out (the shopper picks which).
 */
export function BackInStockSlot({ variants, chosen }: { variants: readonly VariantJson[]; chosen: VariantJson | undefined }) {
  if (chosen) return offersBackInStock(chosen) ? <ProductAlertForm key={chosen.id} followed={{ kind: "back_in_stock", variants: [chosen], chosen }} /> : null;
  const waiting = backInStockVariants(variants);
  return waiting.length > 0 && waiting.length === variants.length ? <ProductAlertForm followed={{ kind: "back_in_stock", variants: waiting, chosen: undefined }} /> : null;
}
