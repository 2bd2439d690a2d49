import { Suspense } from "react";
import { Await } from "react-router";
import type { ProductJson } from "../../core/shopify-types.ts";
import { useText } from "../storefront/use-shop.ts";
import { ProductGrid } from "./ProductGrid.tsx";


/** Related products, streamed after the page so they never hold up its first paint. */
export function Recommendations({ products, count }: { products: Promise<ProductJson[]>; count: number }) {
  const title = useText()("recommendations_title");
  return (
    <Suspense fallback={<RecommendationsPlaceholder count={count} title={title} />}>
      <Await resolve={products} errorElement={null}>
        {(resolved) =>
          resolved.length ? (
            <section className="section recommendations" aria-labelledby="recommendations-title">
              <div className="section__header">
                <h2 id="recommendations-title" className="section__title">
                  {title}
                </h2>
              </div>
              <ProductGrid products={resolved.map((product) => ({ product }))} />
            </section>
          ) : null
        }
      </Await>
    </Suspense>
  );
}

/** Holds the space the cards will take, so the page does not jump when they arrive. */
function RecommendationsPlaceholder({ count, title }: { count: number; title: string }) {
  return (
    <section className="section recommendations" aria-busy="true" aria-label={title}>
      <div className="section__header">
        <p className="section__title" aria-hidden="true">
          {title}
        </p>
      </div>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <div className="card card--placeholder">
              <div className="card__media" />
              <div className="card__body">
                <span className="placeholder-line" />
                <span className="placeholder-line placeholder-line--short" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
