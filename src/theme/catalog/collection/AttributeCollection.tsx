import { data } from "react-router";
import type { StorefrontClient } from "../../../core/contract/storefront.ts";
import { readPage, withPage } from "../../../core/catalog/collection-url.ts";
import { toGridProduct } from "../../../core/catalog/product-card.ts";
import { Pagination } from "./Pagination.tsx";
import { ProductGrid } from "../product/ProductGrid.tsx";
import { canonicalLink, headTextOf, pageTitle, shopNameOf } from "../../storefront/meta.ts";
import { useText } from "../../storefront/use-shop.ts";
import "./collection.css";

type Kind = "vendor" | "type";
const PATHS = { vendor: "/collections/vendors", type: "/collections/types" } as const;

type AttributeData = Awaited<ReturnType<typeof loadAttributeCollection>>;

export function attributeMeta({ loaderData, matches }: { loaderData: AttributeData | undefined; matches: Parameters<typeof shopNameOf>[0] }) {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: pageTitle(headTextOf(matches)("page_not_found"), shopName) }, { name: "robots", content: "noindex" }];
  const { result, kind } = loaderData;
  const path = `${PATHS[kind]}?${new URLSearchParams({ q: result.query }).toString()}`;
  const description = headTextOf(matches)("attribute_collection_description", { count: result.total, query: result.query });
  return [{ title: pageTitle(result.query, shopName) }, { name: "description", content: description }, canonicalLink(matches, path)];
}

/** `/collections/vendors?q=` and `/collections/types?q=`: the products of one brand or one kind of product. */
export async function loadAttributeCollection(storefront: StorefrontClient, kind: Kind, request: Request) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (!query) throw data(null, { status: 404 });
  const found = await storefront.productsBy(kind, query, readPage(url));
  if (!found.total) throw data(null, { status: 404 });
  return { kind, result: { ...found, products: found.products.map(toGridProduct) } };
}

export function AttributeCollection({ data: { result, kind } }: { data: AttributeData }) {
  const text = useText();
  const base = `${PATHS[kind]}?${new URLSearchParams({ q: result.query }).toString()}`;
  return (
    <main id="main" className="page page--collection" tabIndex={-1}>
      <header className="collection-header">
        <h1 className="collection-header__title">{result.query}</h1>
      </header>
      <p className="collection-toolbar__count">{text("collection_product_count", { count: result.total })}</p>
      <ProductGrid products={result.products} eagerCount={4} label={result.query} />
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(target) => withPage(base, target)} />
    </main>
  );
}
