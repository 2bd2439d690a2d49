import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.customers";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminHeaders } from "../admin/answer.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../admin/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.list.query ? `Customers matching “${loaderData.list.query}”` : "Customers"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("customers")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [list, { timeZone }] = await Promise.all([
    context.get(adminContext).customers.list({ query: url.searchParams.get("q") ?? "", page: Number(url.searchParams.get("page") ?? "1") }),
    context.get(storefrontContext).homePage(),
  ]);
  return { list, timeZone, erased: url.searchParams.get("erased") === "1" };
}

function listHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${ADMIN_PATH}/customers${search ? `?${search}` : ""}`;
}

/** Customers with accounts, newest first, searched by email or name. */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { list, timeZone, erased } = loaderData;
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  return (
    <>
      <h1 className="admin-page__title">Customers</h1>
      {erased ? (
        <p className="admin-notice" role="status">
          The customer was erased: their account and details are gone, and their orders are kept without their personal details.
        </p>
      ) : null}
      <Form className="admin-toolbar" method="get" action={`${ADMIN_PATH}/customers`} role="search" aria-label="Customers">
        <label>
          Email or name
          <input name="q" type="search" defaultValue={list.query} maxLength={200} autoComplete="off" />
        </label>
        <button className="admin-button" type="submit">
          Search
        </button>
        {list.query ? (
          <Link className="admin-orders__reset" to={`${ADMIN_PATH}/customers`}>
            Show all customers
          </Link>
        ) : null}
      </Form>
      <p className="admin-orders__count" role="status">
        {list.total === 0
          ? list.query
            ? "No customers match this search."
            : "No customers yet."
          : `${list.total} ${list.total === 1 ? "customer" : "customers"}${list.query ? " found" : ""}${list.pageCount > 1 ? `, page ${list.page} of ${list.pageCount}` : ""}.`}
      </p>
      {list.customers.length > 0 ? (
        <div className="admin-orders__scroll">
          <table className="admin-table">
            <caption>Customers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Email</th>
                <th scope="col">Joined</th>
                <th scope="col" className="admin-table__number">
                  Orders
                </th>
                <th scope="col">Marketing</th>
              </tr>
            </thead>
            <tbody>
              {list.customers.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">
                    <Link to={`${ADMIN_PATH}/customers/${customer.id}`}>{customer.name || customer.email}</Link>
                  </th>
                  <td className="admin-orders__email">{customer.email}</td>
                  <td>
                    <time dateTime={customer.created_at}>{dates.format(new Date(customer.created_at))}</time>
                  </td>
                  <td className="admin-table__number">{customer.orders_count}</td>
                  <td>{customer.accepts_marketing ? "Agreed" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AdminPagination page={list.page} pageCount={list.pageCount} href={(page) => listHref(list.query, page)} label="Pages of customers" />
    </>
  );
}
