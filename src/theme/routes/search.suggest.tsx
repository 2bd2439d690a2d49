import { toMinorUnits } from "../../core/money/money.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/search.suggest";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useMoney, useText } from "../storefront/use-shop.ts";
import { imageUrl } from "../ui/product-image.ts";
import "../content/content.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.results.query ? headTextOf(matches)("suggest_title_query", { query: loaderData.results.query }) : headTextOf(matches)("suggest_title"), shopNameOf(matches)) },
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

/** One kind of suggestion under its heading; nothing when there is none. */
function SuggestionList({ id, title, items }: { id: string; title: string; items: { key: string; url: string; label: ReactNode }[] }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 className="predictive-results__heading" id={id}>
        {title}
      </h2>
      <ul className="predictive-results__list">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.url}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SearchSuggest({ loaderData }: Route.ComponentProps) {
  const { results } = loaderData;
  const money = useMoney();
  const text = useText();
  const searchUrl = `/search?${new URLSearchParams({ q: results.query }).toString()}`;
  const empty = !results.queries.length && !results.products.length && !results.collections.length;
  return (
    <main id="main" className="page page--search" tabIndex={-1}>
      <div className="predictive-results" data-section-id="predictive-search">
        {results.query ? null : <p>{text("suggest_hint")}</p>}
        {results.query && empty ? <p>{text("suggest_none", { query: results.query })}</p> : null}
        <SuggestionList id="predictive-queries" title={text("suggest_title")} items={results.queries.map((suggestion) => ({ key: suggestion.text, url: suggestion.url, label: suggestion.text }))} />
        <SuggestionList
          id="predictive-products"
          title={text("collection_products")}
          items={results.products.map((product) => ({
            key: String(product.id),
            url: product.url,
            label: (
              <span className="predictive-results__product">
                {product.image ? <img src={imageUrl(product.image, 96)} alt="" width={48} height={48} loading="lazy" /> : null}
                <span>{product.title}</span>
                <span className="predictive-results__price">{money(toMinorUnits(Number(product.price)))}</span>
              </span>
            ),
          }))}
        />
        <SuggestionList id="predictive-collections" title={text("breadcrumb_collections")} items={results.collections.map((collection) => ({ key: String(collection.id), url: collection.url, label: collection.title }))} />
        {results.query ? (
          <p>
            <Link to={searchUrl}>{text("suggest_search_for", { query: results.query })}</Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
