import { onSite } from "../../storefront/site-address.ts";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { RecommendationsPlaceholder } from "./RecommendationsPlaceholder.tsx";
import { RECOMMENDATIONS_SECTION_ID, RECOMMENDATIONS_URL } from "./recommendations-url.ts";

/** Start fetching when the section is within 500 px of the viewport. */
const LAZY_LOAD_THRESHOLD_PX = 500;

interface RecommendationsSectionProps {
  productId: number;
  limit: number;
  intent?: "related" | "complementary";
}

/**
 * The recommendations section: its HTML is fetched from
 * `{baseUrl}?section_id=product-recommendations&product_id&limit&intent` once
 * the page is interactive and the section nears the viewport, and put in
 * place of a placeholder that holds its space, so it never blocks the first
 * paint or moves the page. Links inside it navigate in-app. This code is
 * itself loaded after hydration (see lazy-enhancements.ts).
 */
export function RecommendationsSection({ productId, limit, intent = "related" }: RecommendationsSectionProps) {
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
        const response = await fetch(`${onSite(RECOMMENDATIONS_URL)}?${params}`, { signal: controller.signal, headers: { Accept: "text/html" } });
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
      // Within the threshold below the viewport, or anywhere above it (a jump past the section still loads it).
      { rootMargin: `1000000px 0px ${LAZY_LOAD_THRESHOLD_PX}px 0px` },
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
  return <RecommendationsPlaceholder count={limit} hostRef={host} />;
}
