import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useText } from "../storefront/use-shop.ts";
import { RECOMMENDATIONS_SECTION_ID, RECOMMENDATIONS_URL } from "./recommendations-section.ts";

/** Start fetching when the section is this close to the viewport (spec §9 lazy-load threshold). */
const LAZY_LOAD_THRESHOLD_PX = 500;

interface RecommendationsSectionProps {
  productId: number;
  limit: number;
  intent?: "related" | "complementary";
}

/**
 * The recommendations section (spec §7): its HTML is fetched from
 * `{baseUrl}?section_id=product-recommendations&product_id&limit&intent` once
 * the page is interactive and the section nears the viewport, and put in
 * place of a placeholder that holds its space, so it never blocks the first
 * paint or moves the page. Links inside it navigate in-app.
 */
export function RecommendationsSection({ productId, limit, intent = "related" }: RecommendationsSectionProps) {
  const title = useText()("recommendations_title");
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState<string | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const controller = new AbortController();
    const load = async () => {
      const params = new URLSearchParams({ section_id: RECOMMENDATIONS_SECTION_ID, product_id: String(productId), limit: String(limit), intent });
      try {
        const response = await fetch(`${RECOMMENDATIONS_URL}?${params}`, { signal: controller.signal, headers: { Accept: "text/html" } });
        if (!response.ok) throw new Error(`The recommendations answered ${response.status}`);
        const section = new DOMParser().parseFromString(await response.text(), "text/html").querySelector(`#shopify-section-${RECOMMENDATIONS_SECTION_ID}`);
        setHtml(section?.innerHTML.trim() ?? "");
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(error);
        setHtml("");
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: `${LAZY_LOAD_THRESHOLD_PX}px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [productId, limit, intent]);

  if (html === "") return null;
  if (html !== null) {
    return (
      <div
        className="recommendations-host"
        dangerouslySetInnerHTML={{ __html: html }}
        onClick={(event) => {
          const link = (event.target as Element).closest("a");
          const href = link?.getAttribute("href");
          if (!href?.startsWith("/") || href.startsWith("//") || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          void navigate(href);
        }}
      />
    );
  }
  return (
    <div ref={host} className="recommendations-host">
      <section className="section recommendations" aria-busy="true" aria-label={title}>
        <div className="section__header">
          <p className="section__title" aria-hidden="true">
            {title}
          </p>
        </div>
        <ul className="product-grid" aria-hidden="true">
          {Array.from({ length: limit }, (_, index) => (
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
