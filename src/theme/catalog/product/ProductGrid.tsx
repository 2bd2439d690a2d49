import type { GridProduct } from "../../../core/catalog/product-card.ts";
import { ProductCard } from "./ProductCard.tsx";

export type { GridProduct };

interface ProductGridProps {
  products: GridProduct[];
  /** How many leading cards are likely above the fold and load their pictures at once. */
  eagerCount?: number;
  label?: string;
  /** Cards offer a "Compare" tick. */
  comparable?: boolean;
}

export function ProductGrid({ products, eagerCount = 0, label, comparable = false }: ProductGridProps) {
  return (
    <ul className="product-grid" {...(label ? { "aria-label": label } : {})}>
      {products.map(({ product, metafields }, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            {...(metafields ? { metafields } : {})}
            imagePriority={index < Math.min(2, eagerCount) ? "high" : index < eagerCount ? "eager" : "lazy"}
            comparable={comparable}
          />
        </li>
      ))}
    </ul>
  );
}
