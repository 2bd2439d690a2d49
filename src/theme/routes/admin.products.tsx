import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.products";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { adminHeaders } from "../admin/answer.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useMoney, useShop } from "../storefront/use-shop.ts";
import "../admin/stock.css";
import "../admin/catalog.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.list.query ? `Products matching “${loaderData.list.query}”` : "Products", shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

/** The list's address, keeping the search and the page. */
function listHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${ADMIN_PATH}/products${search ? `?${search}` : ""}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const admin = context.get(adminContext);
  // A data request may name this route alone (?_routes=), so the layout's sign-in check may not have run.
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  const list = await admin.catalog.list({ query: url.searchParams.get("q") ?? "", page: Number(url.searchParams.get("page") ?? "1") || 1 });
  return { list };
}

/** The catalog's products: a search by title, handle or SKU, pages of 50, each a link to its edit page; and the CSV export and import. */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const money = useMoney();
  const { language = "en" } = useShop();
  const count = new Intl.NumberFormat(language);
  return (
    <div className="admin-catalog">
      <h1 className="admin-page__title">Products</h1>
      <p className="admin-catalog__actions">
        <a className="admin-button admin-button--quiet" href={`${ADMIN_PATH}/products/export.csv`} download>
          Export all products (CSV)
        </a>
        <Link className="admin-button admin-button--quiet" to={`${ADMIN_PATH}/products/import`}>
          Import products from CSV
        </Link>
      </p>
      <Form className="admin-toolbar" method="get" action={`${ADMIN_PATH}/products`} role="search" aria-label="Products">
        <label>
          Title, handle or SKU
          <input name="q" type="search" defaultValue={list.query} maxLength={100} autoComplete="off" />
        </label>
        <button className="admin-button" type="submit">
          Search
        </button>
        {list.query ? <Link to={`${ADMIN_PATH}/products`}>Show all products</Link> : null}
      </Form>
      <p className="admin-stock__count" role="status">
        {list.total === 0
          ? list.query
            ? "No products match this search."
            : "No products in the catalog yet."
          : `${count.format(list.total)} ${list.total === 1 ? "product" : "products"}${list.query ? " found" : ""}${list.pageCount > 1 ? `, page ${list.page} of ${list.pageCount}` : ""}.`}
      </p>
      {list.rows.length > 0 ? (
        <div className="admin-stock__scroll">
          <table className="admin-table admin-stock__table">
            <caption>Products by title{list.pageCount > 1 ? ` (page ${list.page} of ${list.pageCount})` : ""}</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Type</th>
                <th scope="col">Vendor</th>
                <th scope="col" className="admin-table__number">
                  Variants
                </th>
                <th scope="col" className="admin-table__number">
                  Price
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`${ADMIN_PATH}/products/${row.id}`}>{row.title}</Link>
                    <span className="admin-catalog__handle">{row.handle}</span>
                  </th>
                  <td>{row.productType || <span className="admin-stock__muted">None</span>}</td>
                  <td>{row.vendor || <span className="admin-stock__muted">None</span>}</td>
                  <td className="admin-table__number">{count.format(row.variantCount)}</td>
                  <td className="admin-table__number">{row.priceMin === row.priceMax ? money(row.priceMin) : `${money(row.priceMin)} – ${money(row.priceMax)}`}</td>
                  <td>{row.published ? "Published" : <span className="admin-catalog__draft">Hidden</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AdminPagination page={list.page} pageCount={list.pageCount} href={(page) => listHref(list.query, page)} label="Pages of products" />
    </div>
  );
}
