import type { Route } from "./+types/cart";
import { CartMain } from "../cart/CartMain.tsx";
import { storefrontContext } from "../storefront/context.ts";
import { headTextOf, pageTitle, shopNameOf } from "../storefront/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => {
  const text = headTextOf(matches);
  return [{ title: pageTitle(text("cart_title"), shopNameOf(matches)) }, { name: "description", content: text("cart_description") }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  // One answer of the shop draws the page: the cart, how each line shows, gifts and shipping.
  const view = await context.get(storefrontContext).cartView();
  return { view, cartError: new URL(request.url).searchParams.get("cart_error") };
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page page--cart" tabIndex={-1} data-section-id="cart-drawer">
      <CartMain view={loaderData.view} initialError={loaderData.cartError} />
    </main>
  );
}
