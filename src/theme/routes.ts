import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("collections/:handle/compare", "routes/compare.tsx"),
  route("collections/:handle/:filters?", "routes/collection.tsx"),
  route("products/:handle", "routes/product.tsx"),
  route("bundles/:handle", "routes/bundle.tsx"),
  route("pages/build-your-bundle", "routes/quiz-builder.tsx"),
  route("recommendations/products", "routes/recommendations.ts"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("orders/:token", "routes/order.tsx"),
  route("search", "routes/search.tsx"),
  route("account", "routes/account.tsx"),
  route("account/register", "routes/account.register.tsx"),
  route("account/login", "routes/account.login.tsx"),
  route("account/logout", "routes/account.logout.tsx"),
  route("account/recover", "routes/account.recover.tsx"),
  route("account/reset/:id/:token", "routes/account.reset.tsx"),
  route("account/addresses/:id?", "routes/account.addresses.tsx"),
  route("challenge", "routes/challenge.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
