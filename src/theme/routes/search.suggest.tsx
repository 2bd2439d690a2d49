import { toMinorUnits } from "../../core/money/money.ts";
import type { ReactNode } from "react";
import { SUGGEST_KINDS, type SuggestKind } from "../../core/contract/storefront.ts";
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

/** The kinds `resources[type]` asks for, as Shopify reads it for the section too; every kind when it names none of them. */
function kindsAsked(url: URL): SuggestKind[] {
  const asked = (url.searchParams.get("resources[type]") ?? "").split(",").map((kind) => kind.trim());
  const kinds = SUGGEST_KINDS.filter((kind) => asked.includes(kind));
  return kinds.length ? kinds : [...SUGGEST_KINDS];
}

/**
 * `/search/suggest?q=`: predictive search as HTML, the section
 * (`section_id=predictive-search`) a theme drops under its search box:
 * query completions, products with their picture and price, collections,
 * pages and the journal's articles.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const results = query
    ? await context.get(storefrontContext).suggest(query, kindsAsked(url))
    : { query, queries: [], products: [], collections: [], pages: [], articles: [] };
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
  const empty = !results.queries.length && !results.products.length && !results.collections.length && !results.pages.length && !results.articles.length;
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
        <SuggestionList
          id="predictive-pages"
          title={text("search_content_pages")}
          items={results.pages.map((page) => ({
            key: String(page.id),
            url: page.url,
            label: (
              <span className="predictive-results__content">
                <span>{page.title}</span>
                {page.body ? <span className="predictive-results__summary">{page.body}</span> : null}
              </span>
            ),
          }))}
        />
        <SuggestionList
          id="predictive-articles"
          title={text("search_content_articles")}
          items={results.articles.map((article) => ({
            key: String(article.id),
            url: article.url,
            label: (
              <span className="predictive-results__product">
                {article.image ? <img src={imageUrl(article.image, 96)} alt="" width={48} height={48} loading="lazy" /> : null}
                <span>{article.title}</span>
              </span>
            ),
          }))}
        />
        {results.query ? (
          <p>
            <Link to={searchUrl}>{text("suggest_search_for", { query: results.query })}</Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
