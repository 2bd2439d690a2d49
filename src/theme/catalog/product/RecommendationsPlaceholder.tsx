import type { Ref } from "react";
import { useText } from "../../storefront/use-shop.ts";

/** Holds the space of the recommendation cards until their HTML arrives, so the page does not move when it does. */
export function RecommendationsPlaceholder({ count, hostRef }: { count: number; hostRef?: Ref<HTMLDivElement> }) {
  const title = useText()("recommendations_title");
  return (
    <div ref={hostRef} className="recommendations-host">
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
                  <span className="placeholder-line placeholder-line--short" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
