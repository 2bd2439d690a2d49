import { data } from "react-router";
import type { Route } from "./+types/bundle";
import { BundlePage } from "../builders/bundles/BundlePage.tsx";
import { bundleHeading, loadBundle } from "../builders/bundles/bundle-data.ts";
import { storefrontContext } from "../storefront/context.ts";
import { canonicalLink, headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../catalog/product/product.css";
import "../builders/bundles/bundle.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  const text = headTextOf(matches);
  if (!loaderData) return [{ title: pageTitle(text("bundle_not_found"), shopName) }];
  return [
    { title: pageTitle(bundleHeading(loaderData.bundle), shopName) },
    { name: "description", content: text("bundle_page_description", { title: loaderData.bundle.holder.title }) },
    // The product page is the bundle's canonical address.
    canonicalLink(matches, `/products/${loaderData.bundle.holder.handle}`),
  ];
};

/**
 * `/bundles/{handle}`: the bundle page chooser for the product `handle`, whose
 * multiselect groups (or preselected products) are the steps. A variants
 * bundle is chosen on its product page, so it has no bundle page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const view = await storefront.product(params.handle);
  const bundle = view ? await loadBundle(storefront, view) : null;
  if (!bundle || bundle.definition.type === "variants") throw data(null, { status: 404 });
  return { bundle };
}

export default function Bundle({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page page--bundle" tabIndex={-1}>
      <BundlePage key={loaderData.bundle.holder.id} bundle={loaderData.bundle} />
    </main>
  );
}
