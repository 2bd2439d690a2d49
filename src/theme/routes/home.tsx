import { Link } from "react-router";
import type { Route } from "./+types/home";
import { toGridProduct } from "../../core/product-card.ts";
import { CollectionList } from "../collection/CollectionList.tsx";
import { ProductGrid } from "../product/ProductGrid.tsx";
import { ProductImage } from "../ui/ProductImage.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { shopNameOf } from "../storefront/meta.ts";
import "../collection/collection.css";
import "../styles/home.css";

const FEATURED_PRODUCTS = 8;

export const meta: Route.MetaFunction = ({ matches }) => {
  const shopName = shopNameOf(matches);
  return [
    { title: `${shopName} – Considered skincare` },
    { name: "description", content: `${shopName}: cleansers, serums, moisturisers and SPF made with care. Free gifts and samples with every order.` },
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const [collections, bestsellers] = await Promise.all([
    storefront.collections(),
    storefront.collection("bestsellers", { perPage: FEATURED_PRODUCTS }).then((page) => page ?? storefront.collection("all", { perPage: FEATURED_PRODUCTS })),
  ]);
  return {
    collections: collections.filter((collection) => collection.handle !== "all" && collection.products_count > 0).slice(0, 6),
    featured: bestsellers ? { handle: bestsellers.collection.handle, title: bestsellers.collection.title, products: bestsellers.products.map(toGridProduct) } : null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { collections, featured } = loaderData;
  const heroImage = featured?.products[0]?.product.media[0];
  return (
    <main id="main" className="page page--home" tabIndex={-1}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <p className="hero__eyebrow">New season routine</p>
          <h1 id="hero-title" className="hero__title">Skin that feels like yours, only calmer.</h1>
          <p className="hero__text">Gentle cleansers, concentrated serums and daily SPF, formulated with fewer, better ingredients. Free samples with every order.</p>
          <p className="hero__actions">
            <Link className="button" to="/collections/all" prefetch="intent">
              Shop all skincare
            </Link>
            {featured ? (
              <Link className="button button--secondary" to={`/collections/${featured.handle}`} prefetch="intent">
                See the bestsellers
              </Link>
            ) : null}
          </p>
        </div>
        {heroImage ? (
          // Desktop only: hidden (and, being lazy, never fetched) on phones.
          <div className="hero__art" aria-hidden="true">
            <ProductImage src={heroImage.src} alt="" width={heroImage.width} height={heroImage.height} sizes="360px" priority="high" />
          </div>
        ) : null}
      </section>

      {collections.length ? (
        <section className="section" aria-labelledby="collections-title">
          <div className="section__header">
            <h2 id="collections-title" className="section__title">
              Shop by category
            </h2>
          </div>
          <CollectionList collections={collections} />
        </section>
      ) : null}

      {featured && featured.products.length ? (
        <section className="section" aria-labelledby="featured-title">
          <div className="section__header">
            <h2 id="featured-title" className="section__title">
              {featured.title}
            </h2>
            <Link className="section__more" to={`/collections/${featured.handle}`} prefetch="intent">
              View all<span className="visually-hidden"> {featured.title}</span>
            </Link>
          </div>
          <ProductGrid products={featured.products} />
        </section>
      ) : null}
    </main>
  );
}
