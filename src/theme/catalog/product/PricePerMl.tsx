import { pricePerUnit, variantMillilitres } from "../../../core/catalog/product-rules.ts";
import type { VariantJson } from "../../../core/contract/shopify-types.ts";
import { useMoney, useText } from "../../storefront/use-shop.ts";

interface PricePerMlProps {
  variant: VariantJson | undefined;
  /** The product's `price_per_ml.amount_ml`, used when the variant names no volume. */
  amountMl: unknown;
  unitMl: number;
}

/** "£12.67 / 100 ml" for the chosen variant; nothing when it cannot be computed. */
export function PricePerMl({ variant, amountMl, unitMl }: PricePerMlProps) {
  const money = useMoney();
  const text = useText();
  const unit = variant ? pricePerUnit(variant.price, variantMillilitres(variant, amountMl), unitMl) : null;
  if (unit === null) return null;
  return <p className="product__unit-price">{text("unit_price", { price: money(unit), unit: unitMl })}</p>;
}
