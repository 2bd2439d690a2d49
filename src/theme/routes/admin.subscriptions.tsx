import { Link } from "react-router";
import type { Route } from "./+types/admin.subscriptions";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "../../core/admin/admin-subscriptions.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminHeaders } from "../admin/answer.ts";
import { SubscriptionBadge, calendarDayText, everyText, subscriptionStatusLabel } from "../admin/subscriptions-view.tsx";
import { useMoneyIn, useShop } from "../storefront/use-shop.ts";
import { ListSearch } from "../admin/ListSearch.tsx";
import "../admin/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.list.query ? `Subscriptions matching “${loaderData.list.query}”` : "Subscriptions"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("customers")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const list = await context.get(adminContext).subscriptions.list({
    query: url.searchParams.get("q") ?? "",
    status: (SUBSCRIPTION_STATUSES as readonly (string | null)[]).includes(status) ? (status as SubscriptionStatus) : null,
    page: Number(url.searchParams.get("page") ?? "1"),
  });
  return { list };
}

/** The list's address for a page, keeping the search and the filter. */
function listHref(query: string, status: SubscriptionStatus | null, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${ADMIN_PATH}/subscriptions${search ? `?${search}` : ""}`;
}

/** Every subscription, soonest delivery first: a search by the customer's email or a product, a status filter, 25 a page. */
export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const moneyIn = useMoneyIn();
  const { language = "en" } = useShop();
  return (
    <>
      <h1 className="admin-page__title">Subscriptions</h1>
      <ListSearch
        list={list}
        path="/subscriptions"
        title="Subscriptions"
        searchLabel="Customer email or product"
        statuses={SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: subscriptionStatusLabel(status) }))}
        noun={{ one: "subscription", other: "subscriptions" }}
      />
      {list.subscriptions.length > 0 ? (
        <div className="admin-orders__scroll">
          <table className="admin-table">
            <caption>Subscriptions, soonest delivery first{list.pageCount > 1 ? ` (page ${list.page} of ${list.pageCount})` : ""}</caption>
            <thead>
              <tr>
                <th scope="col">Subscription</th>
                <th scope="col">Customer</th>
                <th scope="col">Products</th>
                <th scope="col">Next delivery</th>
                <th scope="col" className="admin-table__number">
                  Per delivery
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.subscriptions.map((subscription) => (
                <tr key={subscription.id}>
                  <th scope="row">
                    <Link to={`${ADMIN_PATH}/subscriptions/${subscription.id}`}>Subscription {subscription.id}</Link>
                  </th>
                  <td>{subscription.email}</td>
                  <td>
                    {subscription.products.join(", ")}
                    <br />
                    <span className="admin-order__muted">{everyText(subscription.interval, subscription.interval_count)}</span>
                  </td>
                  <td>{subscription.status === "cancelled" ? "None" : <time dateTime={subscription.next_date}>{calendarDayText(language, subscription.next_date)}</time>}</td>
                  <td className="admin-table__number">{moneyIn(subscription.delivery_price + subscription.shipping_price, subscription.currency)}</td>
                  <td>
                    <SubscriptionBadge status={subscription.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AdminPagination page={list.page} pageCount={list.pageCount} href={(page) => listHref(list.query, list.status, page)} label="Pages of subscriptions" />
    </>
  );
}
