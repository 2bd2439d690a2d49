import { Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { ErrorMessage, NotFoundMessage } from "./layout/PageMessage.tsx";
import { SiteFooter } from "./layout/SiteFooter.tsx";
import { SiteHeader } from "./layout/SiteHeader.tsx";
import { SideCartHost } from "./cart/SideCartHost.tsx";
import { storefrontContext } from "./storefront/context.ts";
import { pageTitle } from "./storefront/meta.ts";
import { onlyVariantChanged } from "./storefront/revalidation.ts";
import { swapRevalidation } from "./collection/swap-revalidation.ts";
import { useShop } from "./storefront/use-shop.ts";
import { StyleLinks } from "./styles/StyleLinks.tsx";
import "./styles/global.css";

/** Only the error page uses this: every route names its own page. */
export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const shopName = loaderData?.shop.name ?? "Shop";
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: pageTitle(error ? (notFound ? "Page not found" : "Something went wrong") : null, shopName) }];
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context }: Route.LoaderArgs) {
  const storefront = context.get(storefrontContext);
  const [shop, cart] = await Promise.all([storefront.shop(), storefront.cart()]);
  return { shop, cartCount: cart.item_count };
}

export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && onlyVariantChanged(currentUrl, nextUrl)) return false;
  return swapRevalidation(nextUrl, defaultShouldRevalidate);
}

/** The document and the shop's frame (header, footer) around every page and every error. */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const shop = useShop();
  return (
    // The inline script marks the page as scripted before it paints, so CSS can
    // tell a no-JavaScript visit (links and native controls) from an enhanced one.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f3ec" />
        <Meta />
        <StyleLinks />
      </head>
      <body>
        <SiteHeader shop={shop} cartCount={data?.cartCount ?? 0} />
        {children}
        <SiteFooter shop={shop} />
        <SideCartHost shop={shop} cartCount={data?.cartCount ?? 0} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main id="main" className="page page--message" tabIndex={-1}>
      {notFound ? <NotFoundMessage /> : <ErrorMessage />}
    </main>
  );
}
