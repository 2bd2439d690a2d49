import { data } from "react-router";
import type { Route } from "./+types/kit-builder";
import { KitBuilder } from "../builders/kit/KitBuilder.tsx";
import { loadKitPage } from "../builders/kit/kit-data.ts";
import { storefrontContext } from "../storefront/context.ts";
import { canonicalLink, headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";
import "../builders/builder.css";
import "../builders/kit/kit.css";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameOf(matches);
  if (!loaderData) return [{ title: pageTitle(headTextOf(matches)("page_not_found"), shopName) }];
  return [
    { title: pageTitle(loaderData.page.title, shopName) },
    { name: "description", content: loaderData.page.intro || `${loaderData.page.title}: choose a product for each step and save on the set.` },
    canonicalLink(matches, "/pages/build-your-kit"),
  ];
};

/** `/pages/build-your-kit`: the multi-step kit builder, as the merchant set it up. */
export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const page = await loadKitPage(storefront, (await storefront.builders()).kit);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export default function KitBuilderPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page page--kit" tabIndex={-1} data-section-id="kit-builder">
      <KitBuilder page={loaderData.page} />
    </main>
  );
}
