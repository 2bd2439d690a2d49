import { Form, Link, NavLink, Outlet, isRouteErrorResponse, redirect, useLocation, useRouteError } from "react-router";
import { type AdminArea, mayUse } from "../../core/admin/admin.ts";
import { AdminErrorPage } from "../admin/AdminError.tsx";
import type { Route } from "./+types/admin";
import { adminContext } from "../admin/context.ts";
import { adminHeaders } from "../admin/answer.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../admin/admin.css";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export const headers = adminHeaders;

/** Where someone who is not signed in goes: the login, coming back to the page they asked for after. */
function toLogin(request: Request): Response {
  const url = new URL(request.url);
  const page = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/admin");
  return redirect(`/admin/login?return_to=${encodeURIComponent(`${page}${url.search.replace(/[?&]_routes=[^&]*/, "")}`)}`);
}

/**
 * Every back-office page but the login needs a signed-in staff member. The
 * check is middleware, not the layout's loader: a data request may name a
 * child route alone, and then only middleware runs for every route it matches.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (!(await context.get(adminContext).staff())) throw toLogin(request);
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await context.get(adminContext).staff();
  if (!staff) throw toLogin(request);
  return { staff };
}

/** The frame's navigation, in the order of a day's work; each shows only to roles that may use it. */
const AREAS: { to: string; label: string; end: boolean; area: AdminArea; also?: string[] }[] = [
  { to: "/admin", label: "Home", end: true, area: "home" },
  { to: "/admin/orders", label: "Orders", end: false, area: "orders" },
  { to: "/admin/stock", label: "Stock", end: false, area: "stock" },
  { to: "/admin/reviews", label: "Reviews", end: false, area: "reviews" },
  { to: "/admin/customers", label: "Customers", end: false, area: "customers" },
  { to: "/admin/subscriptions", label: "Subscriptions", end: false, area: "customers" },
  { to: "/admin/messages", label: "Inbox", end: false, area: "customers", also: ["/admin/subscribers", "/admin/bookings"] },
  { to: "/admin/products", label: "Products", end: false, area: "catalog" },
  { to: "/admin/collections", label: "Collections", end: false, area: "catalog" },
  { to: "/admin/menu", label: "Menus", end: false, area: "catalog" },
  { to: "/admin/translations", label: "Translations", end: false, area: "catalog" },
  { to: "/admin/discounts", label: "Discounts", end: false, area: "discounts" },
  { to: "/admin/settings", label: "Settings", end: false, area: "settings" },
  { to: "/admin/editor", label: "Theme editor", end: false, area: "settings" },
  { to: "/admin/staff", label: "Staff", end: false, area: "staff" },
];

/** Whether `pathname` is `path` or a page under it. */
const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The back office's frame: the shop's name, the areas, who is signed in and a way out. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const shop = useShop();
  const { staff } = loaderData;
  const { pathname } = useLocation();
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin__header">
        <p className="admin__shop">
          {shop.name} <span className="admin__badge">Back office</span>
        </p>
        <nav className="admin__nav" aria-label="Back office">
          <ul>
            {AREAS.filter((area) => mayUse(staff.role, area.area)).map((area) => (
              <li key={area.to}>
                {area.also?.some((path) => within(pathname, path)) ? (
                  // The area's other lists are the same area: its link shows as the current one.
                  <Link to={area.to} className="active" aria-current="page" prefetch="intent">
                    {area.label}
                  </Link>
                ) : (
                  <NavLink to={area.to} end={area.end} prefetch="intent">
                    {area.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin__who">
          <Link to="/admin/account" prefetch="intent" aria-label={`Your account: ${staff.name || staff.email} (${staff.role})`}>
            {staff.name || staff.email} <span className="admin__role">({staff.role})</span>
          </Link>
          <Form method="post" action="/admin/logout">
            <button className="admin-button admin-button--quiet" type="submit">
              Log out
            </button>
          </Form>
        </div>
      </header>
      <main id="admin-main" className="admin__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** A page the signed-in role may not use, or that does not exist, answers inside the back office's style with a way home. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 403 && status !== 404) console.error(error);
  return <AdminErrorPage status={status} />;
}
