import { CsvFileField } from "../admin/CsvFileField.tsx";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.products.import";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { CSV_MAX_BYTES, THEME_METAFIELD_COLUMNS } from "../../core/catalog/product-csv.ts";
import { type AdminProblem, adminHeaders, adminResponse } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { ErrorSummary } from "../accounts/ErrorSummary.tsx";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../accounts/account.css";
import "../admin/stock.css";
import "../admin/catalog.css";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Import products", shopNameOf(matches)) }, { name: "robots", content: "noindex" }];

export const headers = adminHeaders;

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!(await context.get(adminContext).staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(url.pathname)}`);
  const counted = (name: string) => {
    const value = url.searchParams.get(name);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
  };
  const created = counted("created");
  const updated = counted("updated");
  return { result: created !== null && updated !== null ? { created, updated } : null };
}

/** The uploaded file, read as UTF-8 text; the shop's body limit has already bounded its size. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const file = form.get("file");
  const text = file instanceof File ? await file.text() : typeof file === "string" ? file : "";
  return adminResponse(await context.get(adminContext).catalog.importCsv(text));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The import form: a file in Shopify's product CSV columns; the answer lists every wrong field by line and column. */
export default function AdminProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  const { result } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  const busy = useNavigation().state === "submitting";
  const fileError = problem?.errors.file?.join(" ");
  return (
    <div className="admin-catalog">
      <p className="admin-catalog__back">
        <Link to={`${ADMIN_PATH}/products`}>All products</Link>
      </p>
      <h1 className="admin-page__title">Import products</h1>
      <p className={result && !problem ? "admin-notice" : "admin-stock__quiet"} role="status">
        {result && !problem ? `Imported: ${plural(result.created, "product", "products")} created, ${plural(result.updated, "product", "products")} changed.` : ""}
      </p>
      <ErrorSummary problem={problem} labels={{ file: "CSV file" }} />
      <div className="admin-catalog__about">
        <p>
          Upload a CSV file in Shopify's product columns, such as Shopify's own product export or this shop's <a href={`${ADMIN_PATH}/products/export.csv`}>export</a>. One row per variant, with the product's
          fields on its first row.
        </p>
        <ul>
          <li>A new handle creates a product; a handle the shop has updates that product. Variants are matched by their option values; new ones are added.</li>
          <li>Prices are in pounds and pence (12.50). A changed Variant Inventory Qty is recorded as a stock correction.</li>
          <li>
            The ingredients, badges, size in millilitres, "helps with" points and add-ons go in Shopify's metafield columns, such as {THEME_METAFIELD_COLUMNS.badges}; a list's entries are
            separated by semicolons (Vegan; New). A badges, size, "helps with" or add-ons column the file leaves out leaves that field as it is. Add-ons are handles of products the shop has or the
            file adds.
          </li>
          <li>Pictures (Image Src) are not imported. Products are never deleted.</li>
          <li>If any row is wrong, nothing is imported and every wrong field is listed by line and column.</li>
        </ul>
      </div>
      <Form method="post" encType="multipart/form-data" className="admin-catalog__import">
        <CsvFileField error={fileError} hint={<>Up to {CSV_MAX_BYTES / 1024} KB; split a larger catalog into several files.</>} />
        <button className="admin-button" type="submit" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
          {busy ? "Importing…" : "Import"}
        </button>
      </Form>
    </div>
  );
}
