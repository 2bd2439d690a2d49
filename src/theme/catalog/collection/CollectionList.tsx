import { Link } from "react-router";
import type { CollectionJson } from "../../../core/contract/shopify-types.ts";
import { ProductImage } from "../../ui/ProductImage.tsx";
import { useText } from "../../storefront/use-shop.ts";

const SIZES = "(max-width: 834px) calc(50vw - 24px), (max-width: 1360px) calc(33vw - 40px), 400px";

/** Featured collections as picture tiles. */
export function CollectionList({ collections }: { collections: CollectionJson[] }) {
  const text = useText();
  return (
    <ul className="collection-list">
      {collections.map((collection, index) => (
        <li key={collection.id} className="collection-tile">
          <div className="collection-tile__media">
            {collection.image ? (
              <ProductImage
                src={collection.image.src}
                alt=""
                width={collection.image.width}
                height={collection.image.height}
                sizes={SIZES}
                // The first tiles are in the first screen on phones, where they are the largest paint.
                priority={index < 2 ? "eager" : "lazy"}
              />
            ) : null}
          </div>
          <h3 className="collection-tile__title">
            <Link className="collection-tile__link" to={`/collections/${collection.handle}`} prefetch="intent">
              {collection.title}
            </Link>
          </h3>
          <p className="collection-tile__count">
            {text("collection_product_count", { count: collection.products_count })}
          </p>
        </li>
      ))}
    </ul>
  );
}
