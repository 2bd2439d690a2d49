import { data } from "react-router";
import type { Route } from "./+types/collection";
import { Pagination } from "../collection/Pagination.tsx";
import { SortForm } from "../collection/SortForm.tsx";
import { parsePage, parseSort } from "../collection/sort-options.ts";
import { ProductGrid } from "../product/ProductGrid.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, plainText, shopNameOf } from "../storefront/meta.ts";
import "../collection/collection.css";

const PER_PAGE = 24;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: pageTitle("Collection not found", shopName) }];
  const { collection, page } = loaderData;
  const description = plainText(collection.description) || `Shop ${collection.title} at ${shopName}.`;
  return [{ title: pageTitle(page > 1 ? `${collection.title} – Page ${page}` : collection.title, shopName) }, { name: "description", content: description }];
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sort = parseSort(url.searchParams.get("sort_by"));
  const result = await context.get(storefrontContext).collection(params.handle, {
    page: parsePage(url.searchParams.get("page")),
    perPage: PER_PAGE,
    ...(sort ? { sort } : {}),
  });
  if (!result) throw data(null, { status: 404 });
  return result;
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { collection, products, page, pageCount, perPage, total, sort } = loaderData;
  const first = (page - 1) * perPage + 1;
  const last = first + products.length - 1;
  const hrefFor = (target: number) => {
    const query = new URLSearchParams();
    if (sort !== "manual") query.set("sort_by", sort);
    if (target > 1) query.set("page", String(target));
    const search = query.toString();
    return `/collections/${collection.handle}${search ? `?${search}` : ""}`;
  };
  return (
    <main id="main" className="page page--collection" tabIndex={-1}>
      <header className="collection-header">
        <h1 className="collection-header__title">{collection.title}</h1>
        {collection.description ? <div className="collection-header__description rte" dangerouslySetInnerHTML={{ __html: collection.description }} /> : null}
      </header>

      <div className="collection-toolbar">
        <p className="collection-toolbar__count" aria-live="polite">
          {total === 0 ? "No products yet" : first === 1 ? `Showing ${products.length} of ${total} ${total === 1 ? "product" : "products"}` : `Showing ${first}–${last} of ${total} products`}
        </p>
        <SortForm sort={sort} />
      </div>

      {products.length ? (
        <>
          <h2 className="visually-hidden">Products</h2>
          <ProductGrid products={products} eagerCount={4} />
        </>
      ) : (
        <p className="collection-empty">There are no products in this collection yet.</p>
      )}

      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </main>
  );
}
