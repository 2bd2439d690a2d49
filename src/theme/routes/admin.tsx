import { Form, NavLink, Outlet, redirect } from "react-router";
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

const AREAS = [
  { to: "/admin", label: "Home", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/stock", label: "Stock", end: false },
];

/** The back office's frame: the shop's name, the areas, who is signed in and a way out. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const shop = useShop();
  const { staff } = loaderData;
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
            {AREAS.map((area) => (
              <li key={area.to}>
                <NavLink to={area.to} end={area.end} prefetch="intent">
                  {area.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin__who">
          <span>
            {staff.name || staff.email} <span className="admin__role">({staff.role})</span>
          </span>
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
