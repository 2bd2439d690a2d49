import { Link, data } from "react-router";
import type { Route } from "./+types/admin.inbox-entry";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { INBOX_TITLES } from "../../core/admin/admin-inbox.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { adminHeaders } from "../admin/answer.ts";
import { adminDates } from "../admin/orders-view.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { useShop } from "../storefront/use-shop.ts";
import { inboxKindOf } from "./admin.inbox.tsx";
import "../admin/orders.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? loaderData.entry.title : "Not found"} · Back office` }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("customers")];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = inboxKindOf(new URL(request.url).pathname);
  const [entry, { timeZone }] = await Promise.all([kind ? context.get(adminContext).inbox.entry(kind, Number(params.id)) : null, context.get(storefrontContext).homePage()]);
  if (!entry) throw data(null, { status: 404, headers: adminHeaders() });
  return { entry, timeZone };
}

/** One sign-up, message or booking with every field the shop keeps, a reply by email, and the customer it belongs to. */
export default function AdminInboxEntry({ loaderData }: Route.ComponentProps) {
  const { entry, timeZone } = loaderData;
  const { language = "en" } = useShop();
  const dates = adminDates(language, timeZone);
  const titles = INBOX_TITLES[entry.kind];
  return (
    <>
      <p className="admin-order__back">
        <Link to={`${ADMIN_PATH}/${entry.kind}`}>← All {titles.plural.toLowerCase()}</Link>
      </p>
      <h1 className="admin-page__title">{entry.title}</h1>
      <p className="admin-order__meta">
        From <a href={`mailto:${entry.email}`}>{entry.email}</a> on <time dateTime={entry.created_at}>{dates.format(new Date(entry.created_at))}</time>
        {entry.customer_id !== null ? (
          <>
            {" "}
            · <Link to={`${ADMIN_PATH}/customers/${entry.customer_id}`}>their customer account</Link>
          </>
        ) : null}
      </p>
      <dl className="admin-inbox__fields">
        {entry.fields.map((field) => (
          <div key={field.label}>
            <dt>{field.label}</dt>
            <dd>{/^\d{4}-\d{2}-\d{2}T/.test(field.value) ? <time dateTime={field.value}>{dates.format(new Date(field.value))}</time> : field.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
