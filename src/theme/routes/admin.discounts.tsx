import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.discounts";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { type AdminDiscountRow, DISCOUNT_STATUS_LABELS, DISCOUNT_TYPE_LABELS, discountValueText } from "../../core/admin/admin-discounts.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminHeaders } from "../admin/answer.ts";
import { storefrontContext } from "../storefront/context.ts";
import { useMoney, useMoneyIn, useShop } from "../storefront/use-shop.ts";
import "../admin/orders.css";
import "../admin/discounts.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.list.query ? `Discounts matching “${loaderData.list.query}”` : "Discounts"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("discounts")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [list, { timeZone }] = await Promise.all([
    context.get(adminContext).discounts.list({ query: url.searchParams.get("q") ?? "", page: Number(url.searchParams.get("page") ?? "1") }),
    context.get(storefrontContext).homePage(),
  ]);
  return { list, timeZone };
}

function listHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${ADMIN_PATH}/discounts${search ? `?${search}` : ""}`;
}

/** The shop's discount codes, newest first, searched by code, each with its status and the orders that used it. */
export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  const { list, timeZone } = loaderData;
  const { language = "en" } = useShop();
  const money = useMoney();
  const day = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone });
  const when = (iso: string | null) => (iso === null ? null : <time dateTime={iso}>{day.format(new Date(iso))}</time>);
  return (
    <>
      <div className="admin-discounts__header">
        <h1 className="admin-page__title">Discounts</h1>
        <Link className="admin-button" to={`${ADMIN_PATH}/discounts/new`}>
          Create a code
        </Link>
      </div>
      <Form className="admin-toolbar" method="get" action={`${ADMIN_PATH}/discounts`} role="search" aria-label="Discounts">
        <label>
          Code
          <input name="q" type="search" defaultValue={list.query} maxLength={100} autoComplete="off" />
        </label>
        <button className="admin-button" type="submit">
          Search
        </button>
        {list.query ? (
          <Link className="admin-orders__reset" to={`${ADMIN_PATH}/discounts`}>
            Show all codes
          </Link>
        ) : null}
      </Form>
      <p className="admin-orders__count" role="status">
        {list.total === 0
          ? list.query
            ? "No codes match this search."
            : "No discount codes yet."
          : `${list.total} ${list.total === 1 ? "code" : "codes"}${list.query ? " found" : ""}${list.pageCount > 1 ? `, page ${list.page} of ${list.pageCount}` : ""}.`}
      </p>
      {list.rows.length > 0 ? (
        <div className="admin-orders__scroll">
          <table className="admin-table">
            <caption>Discount codes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Type</th>
                <th scope="col">Value</th>
                <th scope="col" className="admin-table__number">
                  Minimum
                </th>
                <th scope="col">Dates</th>
                <th scope="col">Status</th>
                <th scope="col" className="admin-table__number">
                  Used
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`${ADMIN_PATH}/discounts/${row.id}`}>{row.code}</Link>
                    {row.title ? <span className="admin-discounts__title">{row.title}</span> : null}
                  </th>
                  <td>{DISCOUNT_TYPE_LABELS[row.type]}</td>
                  <td>
                    {discountValueText(row, money)}
                    <CurrencyAmounts row={row} amount="value" />
                  </td>
                  <td className="admin-table__number">
                    {row.minimumSubtotal > 0 ? money(row.minimumSubtotal) : "None"}
                    <CurrencyAmounts row={row} amount="minimumSubtotal" />
                  </td>
                  <td className="admin-discounts__dates">
                    {row.startsAt === null && row.endsAt === null ? (
                      "Always"
                    ) : (
                      <>
                        {row.startsAt ? <>From {when(row.startsAt)}</> : null}
                        {row.startsAt && row.endsAt ? <br /> : null}
                        {row.endsAt ? <>Until {when(row.endsAt)}</> : null}
                      </>
                    )}
                  </td>
                  <td>
                    <span className={`admin-badge admin-badge--discount-${row.status}`}>{DISCOUNT_STATUS_LABELS[row.status]}</span>
                  </td>
                  <td className="admin-table__number">
                    {row.timesUsed}
                    {row.usageLimit !== null ? <> of {row.usageLimit}</> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AdminPagination page={list.page} pageCount={list.pageCount} href={(page) => listHref(list.query, page)} label="Pages of discount codes" />
    </>
  );
}

/** A code's own amounts in the shop's other currencies, under the shop's own; a currency not listed takes the shop's, converted. */
function CurrencyAmounts({ row, amount }: { row: AdminDiscountRow; amount: "value" | "minimumSubtotal" }) {
  const moneyIn = useMoneyIn();
  const own = Object.entries(row.currencyValues).flatMap(([currency, amounts]) => (amounts[amount] === null ? [] : [{ currency, minor: amounts[amount] }]));
  if (own.length === 0) return null;
  return (
    <ul className="admin-discounts__currencies" aria-label={amount === "value" ? "Amounts off in other currencies" : "Minimums in other currencies"}>
      {own.map(({ currency, minor }) => (
        <li key={currency}>
          {moneyIn(minor, currency)} {currency}
        </li>
      ))}
    </ul>
  );
}
