import type { Route } from "./+types/search";
import { SearchForm } from "../layout/SearchForm.tsx";
import { ProductGrid } from "../product/ProductGrid.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../collection/collection.css";

const MAX_RESULTS = 48;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.query ? `Search: ${loaderData.query}` : "Search", shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

/**
 * Until the platform offers search, match every word of the query against the
 * products of the `all` collection (title, vendor, type, tags).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  if (!query) return { query, results: [] };
  const all = await context.get(storefrontContext).collection("all", { perPage: 250 });
  const words = query.toLowerCase().split(/\s+/);
  const results = (all?.products ?? []).filter(({ product }) => {
    const text = [product.title, product.vendor, product.type, ...product.tags].join(" ").toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return { query, results: results.slice(0, MAX_RESULTS) };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  return (
    <main id="main" className="page page--search" tabIndex={-1}>
      <header className="collection-header">
        <h1 className="collection-header__title">{query ? `Results for “${query}”` : "Search"}</h1>
      </header>
      <SearchForm className="search-form--page" defaultValue={query} key={query} />
      {query ? (
        <p className="collection-toolbar__count" aria-live="polite">
          {results.length === 0 ? "No products match your search. Try fewer or different words." : `${results.length} ${results.length === 1 ? "product" : "products"}`}
        </p>
      ) : null}
      {results.length ? <ProductGrid products={results} eagerCount={4} /> : null}
    </main>
  );
}
