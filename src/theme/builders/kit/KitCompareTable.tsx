import { displayPrices } from "../../../core/builders/kit-builder.ts";
import { useMoney, useText } from "../../storefront/use-shop.ts";
import type { KitPageProduct } from "./kit-data.ts";

/** A step's products side by side: kit price, size, what each helps with, good to know, stock. */
export function KitCompareTable({ products, discountPercent }: { products: readonly KitPageProduct[]; discountPercent: number }) {
  const text = useText();
  const money = useMoney();
  return (
    <div className="kit-compare" role="region" aria-label={text("kit_comparison")} tabIndex={0}>
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
            <th scope="row">{text("kit_price")}</th>
            {products.map((product) => (
              <td key={product.handle}>{money(displayPrices(product, discountPercent).display_price)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">{text("kit_size")}</th>
            {products.map((product) => (
              <td key={product.handle}>{product.variantTitle || text("kit_one_size")}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">{text("helps_with")}</th>
            {products.map((product) => (
              <td key={product.handle}>{product.helpsWith.length ? product.helpsWith.join("; ") : "—"}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">{text("kit_good_to_know")}</th>
            {products.map((product) => (
              <td key={product.handle}>{product.pills.length ? product.pills.join(", ") : "—"}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">{text("in_stock")}</th>
            {products.map((product) => (
              <td key={product.handle}>{product.available ? text("kit_yes") : text("sold_out")}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
