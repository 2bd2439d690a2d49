import { useMoney, useText } from "../../storefront/use-shop.ts";

interface PriceProps {
  price: number;
  compareAtPrice?: number | null;
  /** Prefix "From" when the product's variants cost different amounts. */
  from?: boolean;
  className?: string;
}

/** A price, with the compare-at price struck through when the item is on sale. */
export function Price({ price, compareAtPrice, from = false, className = "" }: PriceProps) {
  const money = useMoney();
  const text = useText();
  const onSale = compareAtPrice != null && compareAtPrice > price;
  const current = from ? text("price_from", { price: money(price) }) : money(price);
  return (
    <p className={`price ${onSale ? "price--sale" : ""} ${className}`}>
      {onSale ? (
        <>
          <span className="visually-hidden">{text("sale_price")}</span>
          <span className="price__current">{current}</span> <span className="visually-hidden">{text("regular_price")}</span>
          <s className="price__compare">{money(compareAtPrice)}</s>
        </>
      ) : (
        <span className="price__current">{current}</span>
      )}
    </p>
  );
}
