import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/admin.menus";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { menuPath } from "../../core/admin/admin-menu.ts";
import { adminHeaders } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../admin/stock.css";
import "../admin/catalog.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Menus", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(new URL(request.url).pathname)}`);
  const menus = await admin.menu.menus();
  if (!menus) throw data(null, { status: 404 });
  return { menus };
}

/** The menus the shop draws, each a link to its editor, with where shoppers see it and how many items its top holds. */
export default function AdminMenus({ loaderData }: Route.ComponentProps) {
  const { menus } = loaderData;
  return (
    <div className="admin-catalog">
      <h1 className="admin-page__title">Menus</h1>
      <p className="admin-catalog__about">The shop's navigation: the header's menu, the footer's columns and the legal links under them. Choose a menu to change its items and links.</p>
      <div className="admin-stock__scroll">
        <table className="admin-table admin-stock__table">
          <caption>The shop's menus</caption>
          <thead>
            <tr>
              <th scope="col">Menu</th>
              <th scope="col">Shown in</th>
              <th scope="col" className="admin-table__number">
                Items
              </th>
            </tr>
          </thead>
          <tbody>
            {menus.map(({ menu, count }) => (
              <tr key={menu.handle}>
                <th scope="row">
                  <Link to={menuPath(menu.handle)}>{menu.title}</Link>
                  <span className="admin-catalog__handle">{menu.handle}</span>
                </th>
                <td>{menu.shownIn.charAt(0).toUpperCase() + menu.shownIn.slice(1)}</td>
                <td className="admin-table__number">
                  {count} {count === 1 ? menu.levels[0] : `${menu.levels[0]}s`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
