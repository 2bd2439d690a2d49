import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("collections/:handle/compare", "routes/compare.tsx"),
  route("collections/:handle/:filters?", "routes/collection.tsx"),
  route("products/:handle", "routes/product.tsx"),
  route("bundles/:handle", "routes/bundle.tsx"),
  route("recommendations/products", "routes/recommendations.ts"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("orders/:token", "routes/order.tsx"),
  route("search", "routes/search.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
