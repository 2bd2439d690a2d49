import { useEffect, useRef } from "react";
import { Form, Link, data, useSubmit } from "react-router";
import type { Route } from "./+types/compare";
import { BASE_ATTRIBUTES, COMPARE_MAX_PRODUCTS, COMPARE_MIN_PRODUCTS, type CompareCell, compareAttributes, compareRows, parseCompareSelection } from "../catalog/collection/compare.ts";
import type { ProductViewJson } from "../../core/contract/shopify-types.ts";
import { Price } from "../cart/buying/Price.tsx";
import { StarRating } from "../catalog/product/StarRating.tsx";
import { ProductImage } from "../ui/ProductImage.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import { useText } from "../storefront/use-shop.ts";
import "../catalog/collection/compare.css";

/** Products offered in the picker: the collection's first ones in its own order, plus any chosen further down. */
const PICKER_LIMIT = 48;
/** With nothing chosen, the table opens on this many of the collection's first products. */
const DEFAULT_COUNT = 3;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      loaderData ? headTextOf(matches)("compare_title", { collection: loaderData.collection.title }) : headTextOf(matches)("compare_not_found"),
      shopNameOf(matches),
    ),
  },
  { name: "robots", content: "noindex" },
];

const inCollection = (view: ProductViewJson, handle: string) => handle === "all" || view.collections.some((ref) => ref.handle === handle);

/**
 * `/collections/{handle}/compare?products=a,b&attributes=price,rating`: the
 * chosen products of a collection side by side, one row per chosen
 * attribute. The rows are built on the server (theme/catalog/collection/compare.ts); the page is
 * a GET form, so it works the same without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const selection = parseCompareSelection(new URL(request.url).searchParams);
  const listing = await storefront.collection(params.handle, { perPage: PICKER_LIMIT });
  if (!listing) throw data(null, { status: 404 });

  const listed = new Map(listing.products.map((view) => [view.product.handle, view]));
  const chosen: ProductViewJson[] = [];
  for (const handle of selection.products) {
    const view = listed.get(handle) ?? (await storefront.product(handle));
    if (view && inCollection(view, params.handle)) chosen.push(view);
  }
  const fillTo = chosen.length === 0 ? DEFAULT_COUNT : COMPARE_MIN_PRODUCTS;
  for (const view of listing.products) {
    if (chosen.length >= fillTo) break;
    if (!chosen.includes(view)) chosen.push(view);
  }
  const extra = chosen.filter((view) => !listed.has(view.product.handle));
  const attributes = compareAttributes(listing.filters);
  return {
    collection: { handle: listing.collection.handle, title: listing.collection.title },
    candidates: [...listing.products, ...extra].map((view) => ({ handle: view.product.handle, title: view.product.title })),
    products: chosen.map(({ product }) => ({ handle: product.handle, title: product.title, vendor: product.vendor, url: product.url, image: product.media[0] ?? null })),
    attributes,
    chosenAttributes: selection.attributes ?? attributes.map((attribute) => attribute.key),
    rows: compareRows(chosen, listing.filters, selection.attributes),
    onlyDifferences: new URL(request.url).searchParams.get("differences") === "1",
    truncated: selection.truncated,
  };
}

function Cell({ cell }: { cell: CompareCell }) {
  const text = useText();
  switch (cell.kind) {
    case "price":
      return <Price price={cell.price} compareAtPrice={cell.compareAtPrice} from={cell.from} />;
    case "rating":
      return cell.count > 0 ? <StarRating rating={cell.rating} count={cell.count} /> : <span className="compare__none">{text("compare_no_reviews")}</span>;
    case "availability":
      return <span>{cell.available ? text("in_stock") : text("sold_out")}</span>;
    case "text":
      return cell.values.length ? <span>{cell.values.join(", ")}</span> : <span className="compare__none">—</span>;
  }
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { collection, candidates, products, attributes, chosenAttributes, rows, onlyDifferences, truncated } = loaderData;
  const submit = useSubmit();
  const text = useText();
  /** The attributes every product has are named in the site's words; the filter groups' names are the merchant's, already translated. */
  const attributeLabel = (attribute: { key: string; label: string }) =>
    BASE_ATTRIBUTES.some((base) => base.key === attribute.key) ? text(`compare_attribute_${attribute.key as (typeof BASE_ATTRIBUTES)[number]["key"]}`) : attribute.label;
  const formRef = useRef<HTMLFormElement>(null);
  const chosenHandles = new Set(products.map((product) => product.handle));
  const shownRows = onlyDifferences ? rows.filter((row) => !row.same) : rows;
  const full = chosenHandles.size >= COMPARE_MAX_PRODUCTS;

  useEffect(() => {
    if (formRef.current) formRef.current.dataset.hydrated = "true";
  }, []);

  return (
    <main id="main" className="page page--compare" tabIndex={-1}>
      <p className="compare__back">
        <Link to={`/collections/${collection.handle}`} prefetch="intent">
          {text("compare_back", { collection: collection.title })}
        </Link>
      </p>
      <h1 className="compare__title">{text("compare_title", { collection: collection.title })}</h1>

      <Form
        ref={formRef}
        method="get"
        className="compare__form"
        replace
        preventScrollReset
        onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
      >
        <fieldset className="compare__fieldset">
          <legend className="compare__legend">{text("compare_products_legend", { max: COMPARE_MAX_PRODUCTS })}</legend>
          {truncated ? (
            <p className="alert" role="status">
              {text("compare_truncated", { max: COMPARE_MAX_PRODUCTS })}
            </p>
          ) : null}
          <ul className="compare__choices compare__choices--products">
            {candidates.map((candidate) => {
              const checked = chosenHandles.has(candidate.handle);
              return (
                <li key={candidate.handle}>
                  <label className="compare__choice">
                    <input type="checkbox" name="products" value={candidate.handle} defaultChecked={checked} disabled={full && !checked} />
                    <span>{candidate.title}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <fieldset className="compare__fieldset">
          <legend className="compare__legend">{text("compare_by")}</legend>
          {/* An empty value keeps `attributes` in the address when every box is cleared: "show none", not "show all". */}
          <input type="hidden" name="attributes" value="" />
          <ul className="compare__choices">
            {attributes.map((attribute) => (
              <li key={attribute.key}>
                <label className="compare__choice">
                  <input type="checkbox" name="attributes" value={attribute.key} defaultChecked={chosenAttributes.includes(attribute.key)} />
                  <span>{attributeLabel(attribute)}</span>
                </label>
              </li>
            ))}
            <li>
              <label className="compare__choice">
                <input type="checkbox" name="differences" value="1" defaultChecked={onlyDifferences} />
                <span>{text("compare_only_differences")}</span>
              </label>
            </li>
          </ul>
        </fieldset>
        <button type="submit" className="button button--small compare__submit">
          {text("compare_submit")}
        </button>
      </Form>

      <div className="compare__scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className="compare__table">
          <caption id="compare-caption" className="compare__caption">
            {text("compare_caption", { count: products.length, collection: collection.title })}
          </caption>
          <thead>
            <tr>
              <td className="compare__corner" />
              {products.map((product) => (
                <th key={product.handle} scope="col" className="compare__product">
                  {product.image ? (
                    <ProductImage src={product.image.src} alt="" width={product.image.width} height={product.image.height} sizes="160px" priority="lazy" />
                  ) : null}
                  <span className="compare__vendor">{product.vendor}</span>
                  <Link to={product.url} prefetch="intent" className="compare__product-link">
                    {product.title}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shownRows.map((row) => (
              <tr key={row.attribute.key}>
                <th scope="row">{attributeLabel(row.attribute)}</th>
                {row.cells.map((cell, index) => (
                  <td key={products[index]?.handle ?? index}>
                    <Cell cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {shownRows.length === 0 ? <p className="compare__empty">{rows.length ? text("compare_all_same") : text("compare_choose")}</p> : null}
      </div>
    </main>
  );
}
