/** The product editor's first section: its text, ingredients, type, vendor, tags, whether it is published, and its collections. */
import { type AdminProductDetail, PRODUCT_DESCRIPTION_MAX, PRODUCT_INGREDIENTS_MAX, PRODUCT_TITLE_MAX, PRODUCT_TYPE_MAX, PRODUCT_VENDOR_MAX } from "../../../core/admin/admin-catalog.ts";
import { AccountField, fieldId } from "../../accounts/AccountField.tsx";
import { UnknownIngredients } from "../UnknownIngredients.tsx";
import { type ProductFormState, TextArea } from "./product-form.tsx";

export function ProductDetails({ product, form }: { product: AdminProductDetail; form: ProductFormState }) {
  const { problem, value, checked } = form;
  return (
    <>
      <AccountField name="title" field="title" label="Title" problem={problem} autoComplete="off" defaultValue={value("title", product.title)} maxLength={PRODUCT_TITLE_MAX} />
      <TextArea
        name="description"
        label="Description"
        hint="HTML: paragraphs (<p>), lists, bold and links. Anything else is removed when saved."
        problem={problem}
        rows={8}
        maxLength={PRODUCT_DESCRIPTION_MAX}
        defaultValue={value("description", product.bodyHtml)}
      />
      <TextArea
        name="ingredients"
        label="Ingredients"
        hint="The INCI list as on the pack, such as Aqua, Glycerin, Niacinamide: paste it from the label and it is split on commas, spaced and capitalised as INCI writes it. Shown under the description, with what it is free from."
        problem={problem}
        rows={4}
        maxLength={PRODUCT_INGREDIENTS_MAX}
        defaultValue={value("ingredients", product.ingredients)}
      />
      <UnknownIngredients ingredients={product.ingredients} />
      <div className="admin-product__pair">
        <AccountField name="product_type" field="product_type" label="Product type" required={false} problem={problem} autoComplete="off" defaultValue={value("product_type", product.productType)} maxLength={PRODUCT_TYPE_MAX} />
        <AccountField name="vendor" field="vendor" label="Vendor" required={false} problem={problem} autoComplete="off" defaultValue={value("vendor", product.vendor)} maxLength={PRODUCT_VENDOR_MAX} />
      </div>
      <AccountField
        name="tags"
        field="tags"
        label="Tags"
        required={false}
        hint="Separated by commas, such as vegan, skin-type:dry. Filters and the glossary read them."
        problem={problem}
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
      <ProductCollections product={product} form={form} />
    </>
  );
}

function ProductCollections({ product, form: { problem, checked } }: { product: AdminProductDetail; form: ProductFormState }) {
  return (
    <fieldset className="admin-product__collections" id={fieldId("collections")} tabIndex={-1} aria-describedby={problem?.errors.collections ? `${fieldId("collections")}-error` : undefined}>
      <legend>Collections</legend>
      {problem?.errors.collections ? (
        <p className="field__error" id={`${fieldId("collections")}-error`}>
          {problem.errors.collections.join(" ")}
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
  );
}
