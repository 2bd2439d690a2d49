import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.product";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { CHANGE_PICTURE, ProductPictures, UPLOAD_PICTURES, pictureLabels } from "../admin/ProductPictures.tsx";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { SAVE_SELLING_PLANS, SellingPlansForm, sellingPlanLabels } from "../admin/SellingPlansForm.tsx";
import { productFormState } from "../admin/product-editor/product-form.tsx";
import { ProductDetails } from "../admin/product-editor/ProductDetails.tsx";
import { ShopFields, shopFieldLabels } from "../admin/product-editor/ShopFields.tsx";
import { VariantsFields, variantLabels } from "../admin/product-editor/VariantsFields.tsx";
import "../accounts/account.css";
import "../admin/stock.css";
import "../admin/catalog.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData ? `Edit ${loaderData.product.title}` : "Product not found", shopNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(url.pathname)}`);
  const [product, pictures] = await Promise.all([admin.catalog.product(Number(params.id)), admin.catalog.pictures.list(Number(params.id))]);
  if (!product) throw data(null, { status: 404 });
  return { product, pictures, saved: url.searchParams.get("saved") === "1" };
}

/** The product form, or one of the picture forms (`intent`): an upload, or a change to one picture. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const catalog = context.get(adminContext).catalog;
  const id = Number(params.id);
  if (values.intent === UPLOAD_PICTURES) {
    // A file input left empty still sends a nameless, empty part.
    const chosen = form.getAll("pictures").filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
    const files = await Promise.all(chosen.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
    return adminResponse(await catalog.pictures.upload(id, { alt: values.picture_alt ?? "", variant: values.picture_variant ?? "", files }), values);
  }
  if (values.intent === SAVE_SELLING_PLANS) return adminResponse(await catalog.updateSellingPlans(id, values), values);
  const answer = values.intent === CHANGE_PICTURE ? await catalog.pictures.change(id, values) : await catalog.update(id, values);
  // After a refusal because someone else saved first, the page shows their version, not the stale one.
  return answer.ok || (answer.reason !== "conflict" && answer.reason !== "not_found") ? adminResponse(answer, values) : adminResponse(answer, {});
}

/**
 * One product's edit form, in sections (its details and collections, what the shop shows, each variant's
 * price, compare-at price, SKU and weight); below it, its subscribe-and-save plans and its pictures.
 */
export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, pictures, saved } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  // A picture form's problem shows on the pictures; the product form keeps what was saved.
  const plansProblem = problem?.values.intent === SAVE_SELLING_PLANS ? problem : null;
  const pictureProblem = problem?.values.intent && !plansProblem ? problem : null;
  const productProblem = pictureProblem || plansProblem ? null : problem;
  const form = productFormState(productProblem);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const labels: Record<string, string> = {
    title: "Title",
    vendor: "Vendor",
    product_type: "Product type",
    tags: "Tags",
    description: "Description",
    ingredients: "Ingredients",
    ...shopFieldLabels(),
    collections: "Collections",
    ...pictureLabels(pictures),
    ...sellingPlanLabels(),
    ...variantLabels(product.variants),
  };
  return (
    <div className="admin-catalog admin-product">
      <p className="admin-catalog__back">
        <Link to={`${ADMIN_PATH}/products`}>All products</Link>
      </p>
      <h1 className="admin-page__title">{product.title}</h1>
      <p className="admin-catalog__handle-line">
        Handle <code>{product.handle}</code> ·{" "}
        <a href={`/products/${product.handle}`} target="_blank" rel="noreferrer">
          View in the shop<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <p className={saved && !problem ? "admin-notice" : "admin-stock__quiet"} role="status">
        {saved && !problem ? "Saved. The shop shows the changes now." : ""}
      </p>
      <ErrorSummary problem={problem} labels={labels} />
      <Form method="post" className="admin-product__form" key={product.version}>
        <input type="hidden" name="version" value={product.version} />
        <ProductDetails product={product} form={form} />
        <ShopFields product={product} form={form} />
        <VariantsFields variants={product.variants} form={form} />
        <p>
          <button
            className="admin-button"
            type="submit"
            aria-disabled={busy || undefined}
            onClick={(event) => {
              // A save under way is not sent twice.
              if (busy) event.preventDefault();
            }}
          >
            {busy ? "Saving…" : "Save product"}
          </button>
        </p>
      </Form>
      <SellingPlansForm group={product.sellingPlanGroup} problem={plansProblem} />
      <ProductPictures pictures={pictures} variants={product.variants.length > 1 ? product.variants.map((variant) => ({ id: variant.id, title: variant.title })) : []} version={product.version} problem={pictureProblem} />
    </div>
  );
}
