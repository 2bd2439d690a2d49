import { Link } from "react-router";
import type { CollectionRef } from "../../../core/contract/shopify-types.ts";
import { type MatchLike, absoluteUrl, headTextOf } from "../../storefront/meta.ts";
import { useText } from "../../storefront/use-shop.ts";

/** The trail of a product reached through a collection: home, the collection, the product (the current page). */
export function CollectionBreadcrumb({ collection, product }: { collection: CollectionRef; product: string }) {
  const text = useText();
  return (
    <nav className="breadcrumb" aria-label={text("shopify_surface_breadcrumb_label")}>
      <ol className="breadcrumb__list">
        <li>
          <Link to="/">{text("breadcrumb_home")}</Link>
        </li>
        <li>
          <Link to={`/collections/${collection.handle}`} prefetch="intent">
            {collection.title}
          </Link>
        </li>
        <li>
          <span aria-current="page">{product}</span>
        </li>
      </ol>
    </nav>
  );
}

/** The same trail for search engines (schema.org BreadcrumbList); the product's own address is its canonical one. */
export function productBreadcrumbList(matches: readonly (MatchLike | undefined)[], collection: CollectionRef, product: string, productUrl: string) {
  const text = headTextOf(matches);
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: text("breadcrumb_home"), item: absoluteUrl(matches, "/") },
        { "@type": "ListItem", position: 2, name: collection.title, item: absoluteUrl(matches, `/collections/${collection.handle}`) },
        { "@type": "ListItem", position: 3, name: product, item: productUrl },
      ],
    },
  };
}
