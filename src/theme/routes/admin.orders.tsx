import { Fragment } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/admin.orders";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { FULFILLMENT_STATUSES, type FulfillmentStatus } from "../../core/admin/admin-orders.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminHeaders } from "../admin/answer.ts";
import { FulfilmentBadge, adminDates, statusLabel } from "../admin/orders-view.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useMoneyIn, useShop } from "../storefront/use-shop.ts";
import { ListSearch } from "../admin/ListSearch.tsx";
import "../admin/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.list.query ? `Orders matching “${loaderData.list.query}”` : "Orders"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("orders")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const [list, { timeZone }] = await Promise.all([
    context.get(adminContext).orders.list({
      query: url.searchParams.get("q") ?? "",
      status: (FULFILLMENT_STATUSES as readonly (string | null)[]).includes(status) ? (status as FulfillmentStatus) : null,
      page: Number(url.searchParams.get("page") ?? "1"),
    }),
    context.get(storefrontContext).homePage(),
  ]);
  return { list, timeZone };
}

/** The list's address for a page, keeping the search and the filter. */
function listHref(query: string, status: FulfillmentStatus | null, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${ADMIN_PATH}/orders${search ? `?${search}` : ""}`;
}

/** The export's address, with the list's search and filter. */
function exportHref(query: string, status: FulfillmentStatus | null): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (status) params.set("status", status);
  const search = params.toString();
  return `${ADMIN_PATH}/orders/export${search ? `?${search}` : ""}`;
}

/** The day's orders: a search by number or email, a status filter, newest first, 25 a page. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { list, timeZone } = loaderData;
  const moneyIn = useMoneyIn();
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const filtered = Boolean(list.query || list.status);
  return (
    <>
      <h1 className="admin-page__title">Orders</h1>
      <ListSearch
        list={list}
        path="/orders"
        title="Orders"
        searchLabel="Order number or email"
        statuses={FULFILLMENT_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
        noun={{ one: "order", other: "orders" }}
      />
      {list.total > 0 ? (
        <p className="admin-orders__export">
          <a href={exportHref(list.query, list.status)} download>
            {list.total === 1 ? `Export ${filtered ? "this" : "the"} order as CSV` : `Export ${filtered ? "these" : "all"} ${list.total} orders as CSV`}
          </a>
        </p>
      ) : null}
      {list.orders.length > 0 ? (
        <div className="admin-orders__scroll">
          {/* On a phone each order is a card (CSS); the roles keep it read as the table it is. */}
          <table className="admin-table admin-orders__table" role="table">
            <caption>Orders, newest first{list.pageCount > 1 ? ` (page ${list.page} of ${list.pageCount})` : ""}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Order
                </th>
                <th scope="col" role="columnheader">
                  Date
                </th>
                <th scope="col" role="columnheader">
                  Customer
                </th>
                <th scope="col" role="columnheader" className="admin-table__number">
                  Items
                </th>
                <th scope="col" role="columnheader" className="admin-table__number">
                  Total
                </th>
                <th scope="col" role="columnheader">
                  Status
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {list.orders.map((order) => (
                <tr key={order.id} role="row">
                  <th scope="row" role="rowheader" className="admin-orders__order">
                    <Link to={`${ADMIN_PATH}/orders/${order.id}`}>{order.name}</Link>
                  </th>
                  <td role="cell" className="admin-orders__date">
                    <time dateTime={order.created_at}>{dates.format(new Date(order.created_at))}</time>
                  </td>
                  <td role="cell" className="admin-orders__email">
                    <EmailAddress email={order.email} />
                  </td>
                  <td role="cell" className="admin-table__number admin-orders__items" data-label="Items">
                    {order.item_count}
                  </td>
                  <td role="cell" className="admin-table__number admin-orders__total">
                    {moneyIn(order.total_price, order.currency)}
                  </td>
                  <td role="cell" className="admin-orders__status">
                    <FulfilmentBadge status={order.fulfillment_status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AdminPagination page={list.page} pageCount={list.pageCount} href={(page) => listHref(list.query, list.status, page)} label="Pages of orders" />
    </>
  );
}

/** An email address that breaks, when it must, before its @ and after a dot, never inside a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  const domain = email.slice(at + 1).split(".");
  return (
    <>
      {email.slice(0, at)}
      <wbr />@
      {domain.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              .<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
