import type { Route } from "./+types/cart";
import { CartMain } from "../cart/CartMain.tsx";
import type { ProductViewJson } from "../../core/shopify-types.ts";
import { storefrontContext } from "../storefront/context.ts";
import { pageTitle, shopNameOf } from "../storefront/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Your cart", shopNameOf(matches)) },
  { name: "description", content: "The items in your cart, ready for checkout." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const cart = await storefront.cart();
  // The lines' product details (badges, limits, compare-at prices) render with the page.
  const products = (await Promise.all([...new Set(cart.items.map((item) => item.handle))].map((handle) => storefront.product(handle)))).filter(
    (view): view is ProductViewJson => view !== null,
  );
  return { cart, products, cartError: new URL(request.url).searchParams.get("cart_error") };
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="page page--cart" tabIndex={-1}>
      <CartMain cart={loaderData.cart} products={loaderData.products} initialError={loaderData.cartError} />
    </main>
  );
}
