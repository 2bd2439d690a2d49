import { Link, redirect } from "react-router";
import type { Route } from "./+types/admin.collections";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { adminHeaders } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useShop } from "../storefront/use-shop.ts";
import "../admin/stock.css";
import "../admin/catalog.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Collections", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(new URL(request.url).pathname)}`);
  return { collections: await admin.catalog.collections() };
}

/** The shop's collections, each a link to its edit page, with how many products it holds. */
export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  const { collections } = loaderData;
  const { language = "en" } = useShop();
  const count = new Intl.NumberFormat(language);
  return (
    <div className="admin-catalog">
      <h1 className="admin-page__title">Collections</h1>
      {collections.length === 0 ? (
        <p>No collections in the catalog yet.</p>
      ) : (
        <div className="admin-stock__scroll">
          <table className="admin-table admin-stock__table">
            <caption>Collections by title</caption>
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col" className="admin-table__number">
                  Products
                </th>
                <th scope="col">Shown in the shop</th>
              </tr>
            </thead>
            <tbody>
              {collections.map((collection) => (
                <tr key={collection.id}>
                  <th scope="row">
                    <Link to={`${ADMIN_PATH}/collections/${collection.id}`}>{collection.title}</Link>
                    <span className="admin-catalog__handle">{collection.handle}</span>
                  </th>
                  <td className="admin-table__number">{count.format(collection.productCount)}</td>
                  <td>{collection.hidden ? <span className="admin-catalog__draft">Hidden (gifts, samples)</span> : "Listed"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
