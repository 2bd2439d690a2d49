import { Link } from "react-router";
import type { Route } from "./+types/collections";
import { storefrontContext } from "../storefront/context.ts";
import { contentMeta } from "../content/content-meta.ts";
import { headTextOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import { ProductImage } from "../ui/ProductImage.tsx";
import "../content/content.css";

export const meta: Route.MetaFunction = ({ matches }) => {
  const text = headTextOf(matches);
  return contentMeta(matches, { title: text("collections_title"), description: text("collections_description"), path: "/collections" });
};

/** `/collections`: every collection shoppers browse, with its picture and how many products it holds. */
export async function loader({ context }: Route.LoaderArgs) {
  const collections = (await context.get(storefrontContext).collections()).filter((collection) => collection.products_count > 0);
  return { collections: collections.map(({ handle, title, image, products_count }) => ({ handle, title, image, count: products_count })) };
}

export default function Collections({ loaderData }: Route.ComponentProps) {
  const text = useText();
  return (
    <main id="main" className="page page--collections" tabIndex={-1}>
      <header className="content__header content__header--wide">
        <h1 className="content__title">{text("collections_title")}</h1>
      </header>
      <ul className="collection-cards">
        {loaderData.collections.map((collection, index) => (
          <li className="collection-card" key={collection.handle}>
            <Link className="collection-card__link" to={`/collections/${collection.handle}`} prefetch="intent">
              {collection.image ? (
                <ProductImage
                  className="collection-card__image"
                  src={collection.image.src}
                  alt=""
                  width={collection.image.width}
                  height={collection.image.height}
                  sizes="(min-width: 990px) 300px, 50vw"
                  priority={index < 4 ? "eager" : "lazy"}
                />
              ) : (
                <span className="collection-card__image collection-card__image--none" aria-hidden="true" />
              )}
              <span className="collection-card__title">{collection.title}</span>
              <span className="collection-card__count">
                {text("collection_product_count", { count: collection.count })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
