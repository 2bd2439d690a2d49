import { useEffect, useState } from "react";
import { Link } from "react-router";
import { NEWSLETTER_RECOMMENDATIONS_PATH, type RecommendedProduct, SIGN_UP_PICKS } from "../../../core/marketing/newsletter.ts";
import { useSitePath, useText } from "../../storefront/use-shop.ts";

/** Drawn at 64 px; the feed's pictures are 480 px wide. */
const PICTURE_SIZE = 64;

interface NewsletterPicksProps {
  email: string;
  skintype: string;
}

/**
 * A few products picked for the new subscriber's skin type, shown under the
 * thanks: the same recommendations the shop's emails use. Prices are left to
 * the product pages, which show them in the site's currency. Nothing shows
 * when the answer is empty or does not come.
 */
export function NewsletterPicks({ email, skintype }: NewsletterPicksProps) {
  const text = useText();
  const onSite = useSitePath();
  const [products, setProducts] = useState<RecommendedProduct[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ limit: String(SIGN_UP_PICKS), email, ...(skintype ? { skintype } : {}) });
    fetch(`${onSite(NEWSLETTER_RECOMMENDATIONS_PATH)}?${query}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ products: RecommendedProduct[] }>) : { products: [] }))
      .then((answer) => setProducts(answer.products.slice(0, SIGN_UP_PICKS)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [email, skintype, onSite]);

  if (products.length === 0) return null;
  const title = text("newsletter_picked_for", { skintype: skintype || "none" });
  return (
    <section className="newsletter-picks" aria-label={title}>
      <p className="newsletter-picks__title">{title}</p>
      <ul className="newsletter-picks__list">
        {products.map((product) => (
          <li key={product.url} className="newsletter-picks__item">
            <Link className="newsletter-picks__link" to={onSite(product.url)} prefetch="intent">
              {product.image_url ? <img src={product.image_url} alt="" width={PICTURE_SIZE} height={PICTURE_SIZE} loading="lazy" decoding="async" /> : null}
              <span>{product.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
