import { displayPrices } from "../../../core/builders/kit-builder.ts";
import { useMoney } from "../../storefront/use-shop.ts";
import type { KitPageProduct } from "./kit-data.ts";

/** A step's products side by side: kit price, size, what each helps with, good to know, stock. */
export function KitCompareTable({ products, discountPercent }: { products: readonly KitPageProduct[]; discountPercent: number }) {
  const money = useMoney();
  return (
    <div className="kit-compare" role="region" aria-label="Comparison" tabIndex={0}>
      <table className="kit-compare__table">
        <thead>
          <tr>
            <td />
            {products.map((product) => (
              <th key={product.handle} scope="col">
                {product.displayTitle}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Kit price</th>
            {products.map((product) => (
              <td key={product.handle}>{money(displayPrices(product, discountPercent).display_price)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Size</th>
            {products.map((product) => (
              <td key={product.handle}>{product.variantTitle || "One size"}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Helps with</th>
            {products.map((product) => (
              <td key={product.handle}>{product.helpsWith.length ? product.helpsWith.join("; ") : "—"}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Good to know</th>
            {products.map((product) => (
              <td key={product.handle}>{product.pills.length ? product.pills.join(", ") : "—"}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">In stock</th>
            {products.map((product) => (
              <td key={product.handle}>{product.available ? "Yes" : "Sold out"}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
