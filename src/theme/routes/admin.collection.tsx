import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.collection";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { COLLECTION_TITLE_MAX, PRODUCT_DESCRIPTION_MAX } from "../../core/admin/admin-catalog.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { AccountField, fieldId } from "../accounts/AccountField.tsx";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../accounts/account.css";
import "../admin/stock.css";
import "../admin/catalog.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? `Edit ${loaderData.collection.title}` : "Collection not found", shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(url.pathname)}`);
  const collection = await admin.catalog.collection(Number(params.id));
  if (!collection) throw data(null, { status: 404 });
  return { collection, saved: url.searchParams.get("saved") === "1" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await context.get(adminContext).catalog.updateCollection(Number(params.id), values);
  // After a refusal because someone else saved first, the page shows their version, not the stale one.
  return answer.ok || answer.reason !== "conflict" ? adminResponse(answer, values) : adminResponse(answer, {});
}

/** One collection's form: its title and description, and which products it holds. */
export default function AdminCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, saved } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const busy = useNavigation().state === "submitting";
  const posted = problem !== null && Object.keys(problem.values).length > 0;
  const descriptionErrors = problem?.errors.description ?? [];
  const productErrors = problem?.errors.products ?? [];
  return (
    <div className="admin-catalog admin-product">
      <p className="admin-catalog__back">
        <Link to={`${ADMIN_PATH}/collections`}>All collections</Link>
      </p>
      <h1 className="admin-page__title">{collection.title}</h1>
      <p className="admin-catalog__handle-line">
        Handle <code>{collection.handle}</code>
        {collection.hidden ? (
          " · hidden from browsing (its products are offered as gifts or samples)"
        ) : (
          <>
            {" · "}
            <a href={`/collections/${collection.handle}`} target="_blank" rel="noreferrer">
              View in the shop<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </>
        )}
      </p>
      <p className={saved && !problem ? "admin-notice" : "admin-stock__quiet"} role="status">
        {saved && !problem ? "Saved. The shop shows the changes now." : ""}
      </p>
      <ErrorSummary problem={problem} labels={{ title: "Title", description: "Description", products: "Products" }} />
      <Form method="post" className="admin-product__form" key={collection.version}>
        <input type="hidden" name="version" value={collection.version} />
        <AccountField name="title" field="title" label="Title" problem={problem} autoComplete="off" defaultValue={problem?.values.title ?? collection.title} maxLength={COLLECTION_TITLE_MAX} />
        <div className="field field--description">
          <label className="field__label" htmlFor={fieldId("description")}>
            Description<span className="field__optional"> (optional)</span>
          </label>
          <p className="field__hint" id={`${fieldId("description")}-hint`}>
            HTML: paragraphs (&lt;p&gt;), lists, bold and links. Anything else is removed when saved.
          </p>
          <textarea
            className="field__input admin-product__textarea"
            id={fieldId("description")}
            name="description"
            rows={5}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            defaultValue={problem?.values.description ?? collection.bodyHtml}
            aria-invalid={descriptionErrors.length > 0 || undefined}
            aria-describedby={[`${fieldId("description")}-hint`, descriptionErrors.length ? `${fieldId("description")}-error` : null].filter(Boolean).join(" ")}
          />
          {descriptionErrors.length ? (
            <p className="field__error" id={`${fieldId("description")}-error`}>
              {descriptionErrors.join(" ")}
            </p>
          ) : null}
        </div>
        <fieldset className="admin-product__collections" id={fieldId("products")} tabIndex={-1} aria-describedby={productErrors.length ? `${fieldId("products")}-error` : "collection-products-hint"}>
          <legend>Products in this collection</legend>
          <p className="field__hint" id="collection-products-hint">
            Products already in it keep their places; ticked ones join at the end.
          </p>
          {productErrors.length ? (
            <p className="field__error" id={`${fieldId("products")}-error`}>
              {productErrors.join(" ")}
            </p>
          ) : null}
          <ul>
            {collection.products.map((product) => (
              <li key={product.id}>
                <input
                  id={`product-${product.id}`}
                  type="checkbox"
                  name={`product_${product.id}`}
                  value="1"
                  defaultChecked={posted ? problem.values[`product_${product.id}`] === "1" : collection.productIds.includes(product.id)}
                />
                <label htmlFor={`product-${product.id}`}>
                  {product.title}
                  {product.published ? null : <span className="admin-catalog__draft"> (hidden)</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button className="admin-button" type="submit" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
          {busy ? "Saving…" : "Save collection"}
        </button>
      </Form>
    </div>
  );
}
