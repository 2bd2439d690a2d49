import { decimalAmount } from "../../core/money/money.ts";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.product";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import {
  type AdminVariantDetail,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_INGREDIENTS_MAX,
  PRODUCT_TITLE_MAX,
  PRODUCT_TYPE_MAX,
  PRODUCT_VENDOR_MAX,
  VARIANT_SKU_MAX,
} from "../../core/admin/admin-catalog.ts";
import {
  AMOUNT_ML_MAX,
  CART_BADGES_MAX,
  CART_BADGE_LENGTH_MAX,
  HELPS_WITH_LENGTH_MAX,
  PRODUCT_PAGE_ADD_ONS,
  THEME_METAFIELD_FIELDS as THEMED,
  UPSELL_ITEMS_MAX,
} from "../../core/catalog/product-metafields.ts";
import { HELPS_WITH_POINTS, HELPS_WITH_SHOWN } from "../../core/builders/routine-builder.ts";
import { type AdminProblem, adminHeaders, adminResponse, formValues } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";
import { AccountField, fieldId } from "../account/AccountField.tsx";
import { ErrorSummary } from "../account/ErrorSummary.tsx";
import { FieldFrame } from "../account/FieldFrame.tsx";
import { CHANGE_PICTURE, ProductPictures, UPLOAD_PICTURES, pictureLabels } from "../admin/ProductPictures.tsx";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";
import { UnknownIngredients } from "../admin/UnknownIngredients.tsx";
import { SAVE_SELLING_PLANS, SellingPlansForm, sellingPlanLabels } from "../admin/SellingPlansForm.tsx";
import "../account/account.css";
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

const variantName = (variant: AdminVariantDetail) => (variant.title === "Default Title" ? "" : variant.title);

/** One product's edit form: its text, tags, collections and whether it is published, then each variant's price, compare-at price, SKU and weight; below it, its pictures. */
export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, pictures, saved } = loaderData;
  const problem: AdminProblem | null = actionData ?? null;
  // A picture form's problem shows on the pictures; the product form keeps what was saved.
  const plansProblem = problem?.values.intent === SAVE_SELLING_PLANS ? problem : null;
  const pictureProblem = problem?.values.intent && !plansProblem ? problem : null;
  const productProblem = pictureProblem || plansProblem ? null : problem;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const value = (name: string, fallback: string) => productProblem?.values[name] ?? fallback;
  // A refused form shows what was posted; a checkbox left unticked is simply absent.
  const checked = (name: string, fallback: boolean) => (productProblem && Object.keys(productProblem.values).length ? productProblem.values[name] === "1" : fallback);
  const labels: Record<string, string> = {
    title: "Title",
    vendor: "Vendor",
    product_type: "Product type",
    tags: "Tags",
    description: "Description",
    ingredients: "Ingredients",
    [THEMED.badges]: "Badges",
    [THEMED.amountMl]: "Size in millilitres",
    [THEMED.helpsWith]: "Helps with",
    [THEMED.upsellHandles]: "Add-ons",
    collections: "Collections",
    ...pictureLabels(pictures),
    ...sellingPlanLabels(),
  };
  for (const variant of product.variants) {
    const name = variantName(variant) ? ` (${variant.title})` : "";
    labels[`variant_${variant.id}_price`] = `Price${name}`;
    labels[`variant_${variant.id}_compare_at_price`] = `Compare-at price${name}`;
    labels[`variant_${variant.id}_sku`] = `SKU${name}`;
    labels[`variant_${variant.id}_grams`] = `Weight${name}`;
  }
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
        <AccountField name="title" field="title" label="Title" problem={productProblem} autoComplete="off" defaultValue={value("title", product.title)} maxLength={PRODUCT_TITLE_MAX} />
        <TextArea
          name="description"
          label="Description"
          hint="HTML: paragraphs (<p>), lists, bold and links. Anything else is removed when saved."
          problem={productProblem}
          rows={8}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          defaultValue={value("description", product.bodyHtml)}
        />
        <TextArea
          name="ingredients"
          label="Ingredients"
          hint="The INCI list as on the pack, such as Aqua, Glycerin, Niacinamide: paste it from the label and it is split on commas, spaced and capitalised as INCI writes it. Shown under the description, with what it is free from."
          problem={productProblem}
          rows={4}
          maxLength={PRODUCT_INGREDIENTS_MAX}
          defaultValue={value("ingredients", product.ingredients)}
        />
        <UnknownIngredients ingredients={product.ingredients} />
        <div className="admin-product__pair">
          <AccountField name="product_type" field="product_type" label="Product type" required={false} problem={productProblem} autoComplete="off" defaultValue={value("product_type", product.productType)} maxLength={PRODUCT_TYPE_MAX} />
          <AccountField name="vendor" field="vendor" label="Vendor" required={false} problem={productProblem} autoComplete="off" defaultValue={value("vendor", product.vendor)} maxLength={PRODUCT_VENDOR_MAX} />
        </div>
        <AccountField
          name="tags"
          field="tags"
          label="Tags"
          required={false}
          hint="Separated by commas, such as vegan, skin-type:dry. Filters and the glossary read them."
          problem={productProblem}
          autoComplete="off"
          defaultValue={value("tags", product.tags.join(", "))}
        />
        <div className="admin-product__check">
          <input id="product-published" type="checkbox" name="published" value="1" defaultChecked={checked("published", product.published)} aria-describedby="product-published-hint" />
          <label htmlFor="product-published">Published</label>
          <p className="field__hint" id="product-published-hint">
            Unticked, the product is hidden from the shop: its page, collections and search.
          </p>
        </div>
        <fieldset className="admin-product__collections" id={fieldId("collections")} tabIndex={-1} aria-describedby={productProblem?.errors.collections ? `${fieldId("collections")}-error` : undefined}>
          <legend>Collections</legend>
          {productProblem?.errors.collections ? (
            <p className="field__error" id={`${fieldId("collections")}-error`}>
              {productProblem.errors.collections.join(" ")}
            </p>
          ) : null}
          <ul>
            {product.collections.map((collection) => (
              <li key={collection.id}>
                <input
                  id={`collection-${collection.id}`}
                  type="checkbox"
                  name={`collection_${collection.id}`}
                  value="1"
                  defaultChecked={checked(`collection_${collection.id}`, product.collectionIds.includes(collection.id))}
                />
                <label htmlFor={`collection-${collection.id}`}>{collection.title}</label>
              </li>
            ))}
          </ul>
        </fieldset>

        <h2 className="admin-stock__subtitle">Shown in the shop</h2>
        <TextArea
          name={THEMED.badges}
          label="Badges"
          hint={`Up to ${CART_BADGES_MAX}, one per line, each at most ${CART_BADGE_LENGTH_MAX} characters, such as Vegan. Shown on product cards, the product page and cart lines.`}
          problem={productProblem}
          rows={3}
          maxLength={CART_BADGES_MAX * (CART_BADGE_LENGTH_MAX + 2)}
          defaultValue={value(THEMED.badges, product.themeMetafields.badges.join("\n"))}
        />
        <AccountField
          name={THEMED.amountMl}
          field={THEMED.amountMl}
          label="Size in millilitres"
          required={false}
          hint={`Such as 50 (at most ${AMOUNT_ML_MAX.toLocaleString("en-GB")}). The price per volume uses it when a variant's own size does not say, such as a "30 ml" option. Leave it empty for products not sold by volume.`}
          problem={productProblem}
          autoComplete="off"
          defaultValue={value(THEMED.amountMl, product.themeMetafields.amountMl === null ? "" : String(product.themeMetafields.amountMl))}
          maxLength={12}
        />
        <TextArea
          name={THEMED.helpsWith}
          label="Helps with"
          hint={`Up to ${HELPS_WITH_POINTS} points, one per line, each at most ${HELPS_WITH_LENGTH_MAX} characters. The routine and quiz builders show the first ${HELPS_WITH_SHOWN} on the product's card.`}
          problem={productProblem}
          rows={4}
          maxLength={HELPS_WITH_POINTS * (HELPS_WITH_LENGTH_MAX + 2)}
          defaultValue={value(THEMED.helpsWith, product.themeMetafields.helpsWith.join("\n"))}
        />
        <TextArea
          name={THEMED.upsellHandles}
          label="Add-ons"
          hint={`Handles of up to ${UPSELL_ITEMS_MAX} other products, one per line, such as rose-face-oil. The product page offers the first ${PRODUCT_PAGE_ADD_ONS} as tick boxes beside "Add to cart"; the side cart suggests them while this product is in the cart.`}
          problem={productProblem}
          rows={3}
          maxLength={UPSELL_ITEMS_MAX * 120}
          defaultValue={value(THEMED.upsellHandles, product.themeMetafields.upsellHandles.join("\n"))}
        />

        <h2 className="admin-stock__subtitle">Variants</h2>
        <p className="admin-stock__help" id="variant-help">
          Prices in pounds and pence, such as 12.50. The compare-at price is the price before a sale (shown struck through); leave it empty when there is no sale. Stock is changed on the Stock page.
        </p>
        {product.variants.map((variant) => (
          <fieldset className="admin-product__variant" key={variant.id}>
            <legend>{variantName(variant) || "The product's only variant"}</legend>
            <VariantField variant={variant} name="price" label="Price" problem={productProblem} value={value(`variant_${variant.id}_price`, decimalAmount(variant.price))} inputMode="decimal" size={10} />
            <VariantField
              variant={variant}
              name="compare_at_price"
              label="Compare-at price"
              required={false}
              problem={productProblem}
              value={value(`variant_${variant.id}_compare_at_price`, variant.compareAtPrice === null ? "" : decimalAmount(variant.compareAtPrice))}
              inputMode="decimal"
              size={10}
            />
            <VariantField variant={variant} name="sku" label="SKU" required={false} problem={productProblem} value={value(`variant_${variant.id}_sku`, variant.sku)} size={16} maxLength={VARIANT_SKU_MAX} />
            <VariantField variant={variant} name="grams" label="Weight (grams)" required={false} problem={productProblem} value={value(`variant_${variant.id}_grams`, String(variant.grams))} inputMode="numeric" size={8} />
          </fieldset>
        ))}
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

function TextArea({ name, label, hint, problem, rows, maxLength, defaultValue }: { name: string; label: string; hint: string; problem: AdminProblem | null; rows: number; maxLength: number; defaultValue: string }) {
  return (
    <FieldFrame field={name} label={label} required={false} hint={hint} problem={problem}>
      {(control) => <textarea className="field__input admin-product__textarea" {...control} name={name} rows={rows} maxLength={maxLength} defaultValue={defaultValue} />}
    </FieldFrame>
  );
}

function VariantField({
  variant,
  name,
  label,
  problem,
  value,
  required = true,
  inputMode,
  size,
  maxLength,
}: {
  variant: AdminVariantDetail;
  name: string;
  label: string;
  problem: AdminProblem | null;
  value: string;
  required?: boolean;
  inputMode?: "decimal" | "numeric";
  size: number;
  maxLength?: number;
}) {
  const field = `variant_${variant.id}_${name}`;
  const which = variantName(variant);
  const named = (
    <>
      {label}
      {which ? <span className="visually-hidden">, {which}</span> : null}
    </>
  );
  return (
    <FieldFrame field={field} label={named} required={required} describedBy={name === "price" || name === "compare_at_price" ? "variant-help" : undefined} problem={problem} className="field admin-product__variant-field">
      {(control) => (
        <input className="field__input" {...control} name={field} type="text" inputMode={inputMode} autoComplete="off" required={required} size={size} maxLength={maxLength ?? 20} defaultValue={value} />
      )}
    </FieldFrame>
  );
}
