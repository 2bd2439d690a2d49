import { Link } from "react-router";
import type { Route } from "./+types/search.suggest";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useMoney } from "../storefront/use-shop.ts";
import { imageUrl } from "../ui/product-image.ts";
import "../content/content.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.results.query ? `Suggestions: ${loaderData.results.query}` : "Suggestions", shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

/**
 * `/search/suggest?q=`: predictive search as HTML, the section
 * (`section_id=predictive-search`) a theme drops under its search box:
 * query completions, products with their picture and price, collections.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const results = query ? await context.get(storefrontContext).suggest(query) : { query, queries: [], products: [], collections: [] };
  return { results };
}

export default function SearchSuggest({ loaderData }: Route.ComponentProps) {
  const { results } = loaderData;
  const money = useMoney();
  const searchUrl = `/search?${new URLSearchParams({ q: results.query }).toString()}`;
  const empty = !results.queries.length && !results.products.length && !results.collections.length;
  return (
    <main id="main" className="page page--search" tabIndex={-1}>
      <div className="predictive-results" data-section-id="predictive-search">
        {results.query ? null : <p>Type in the search box to see suggestions.</p>}
        {results.query && empty ? <p>No suggestions for “{results.query}”.</p> : null}
        {results.queries.length ? (
          <section aria-labelledby="predictive-queries">
            <h2 className="predictive-results__heading" id="predictive-queries">
              Suggestions
            </h2>
            <ul className="predictive-results__list">
              {results.queries.map((suggestion) => (
                <li key={suggestion.text}>
                  <Link to={suggestion.url}>{suggestion.text}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {results.products.length ? (
          <section aria-labelledby="predictive-products">
            <h2 className="predictive-results__heading" id="predictive-products">
              Products
            </h2>
            <ul className="predictive-results__list">
              {results.products.map((product) => (
                <li key={product.id}>
                  <Link className="predictive-results__product" to={product.url}>
                    {product.image ? <img src={imageUrl(product.image, 96)} alt="" width={48} height={48} loading="lazy" /> : null}
                    <span>{product.title}</span>
                    <span className="predictive-results__price">{money(Math.round(Number(product.price) * 100))}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {results.collections.length ? (
          <section aria-labelledby="predictive-collections">
            <h2 className="predictive-results__heading" id="predictive-collections">
              Collections
            </h2>
            <ul className="predictive-results__list">
              {results.collections.map((collection) => (
                <li key={collection.id}>
                  <Link to={collection.url}>{collection.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {results.query ? (
          <p>
            <Link to={searchUrl}>Search for “{results.query}”</Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
