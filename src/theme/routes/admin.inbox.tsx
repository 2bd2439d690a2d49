import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.inbox";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { INBOX_KINDS, INBOX_TITLES, type InboxKind } from "../../core/admin/admin-inbox.ts";
import { AdminPagination } from "../admin/AdminPagination.tsx";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminHeaders } from "../admin/answer.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../admin/orders.css";

/** Which list an address is: /admin/subscribers, /admin/messages or /admin/bookings (on any site's prefix). */
export function inboxKindOf(pathname: string): InboxKind | null {
  const kind = /\/admin\/([a-z]+)/.exec(pathname)?.[1];
  return (INBOX_KINDS as readonly (string | undefined)[]).includes(kind) ? (kind as InboxKind) : null;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? INBOX_TITLES[loaderData.list.kind].plural : "Not found"} · Back office` },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("customers")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = inboxKindOf(url.pathname) ?? "messages";
  const [list, { timeZone }] = await Promise.all([
    context.get(adminContext).inbox.list(kind, { query: url.searchParams.get("q") ?? "", page: Number(url.searchParams.get("page") ?? "1") }),
    context.get(storefrontContext).homePage(),
  ]);
  return { list, timeZone };
}

/** Sign-ups, messages or bookings: newest first, searched, 25 a page. */
export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { list, timeZone } = loaderData;
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const titles = INBOX_TITLES[list.kind];
  const base = `${ADMIN_PATH}/${list.kind}`;
  const href = (page: number) => {
    const params = new URLSearchParams();
    if (list.query) params.set("q", list.query);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return `${base}${search ? `?${search}` : ""}`;
  };
  return (
    <>
      <h1 className="admin-page__title">{titles.plural}</h1>
      <nav className="admin-inbox__kinds" aria-label="What shoppers send">
        {INBOX_KINDS.map((kind) => (
          <Link key={kind} to={`${ADMIN_PATH}/${kind}`} aria-current={kind === list.kind ? "page" : undefined}>
            {INBOX_TITLES[kind].plural}
          </Link>
        ))}
      </nav>
      <Form className="admin-toolbar" method="get" action={base} role="search" aria-label={titles.plural}>
        <label>
          {titles.search}
          <input name="q" type="search" defaultValue={list.query} maxLength={200} autoComplete="off" />
        </label>
        <button className="admin-button" type="submit">
          Search
        </button>
        {list.query ? (
          <Link className="admin-orders__reset" to={base}>
            Show all
          </Link>
        ) : null}
      </Form>
      <p className="admin-orders__count" role="status">
        {list.total === 0
          ? list.query
            ? "Nothing matches this search."
            : titles.empty
          : `${list.total} ${list.total === 1 ? titles.singular : `${titles.singular}s`}${list.query ? " found" : ""}${list.pageCount > 1 ? `, page ${list.page} of ${list.pageCount}` : ""}.`}
      </p>
      {list.entries.length > 0 ? (
        <div className="admin-orders__scroll">
          <table className="admin-table">
            <caption>{titles.plural}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Email</th>
                <th scope="col">Received</th>
                <th scope="col">About</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <Link to={`${base}/${entry.id}`}>{entry.title}</Link>
                  </th>
                  <td className="admin-orders__email">{entry.email}</td>
                  <td>
                    <time dateTime={entry.created_at}>{dates.format(new Date(entry.created_at))}</time>
                  </td>
                  <td>{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AdminPagination page={list.page} pageCount={list.pageCount} href={href} label={`Pages of ${titles.plural.toLowerCase()}`} />
    </>
  );
}
