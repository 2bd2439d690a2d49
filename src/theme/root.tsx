import { useEffect } from "react";
import { Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs, isRouteErrorResponse, useLocation, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { openGraphLocale } from "../core/i18n/locales.ts";
import { ErrorMessage, NotFoundMessage, ReloadMessage, UnavailableMessage } from "./layout/PageMessage.tsx";
import { SiteHeader } from "./layout/SiteHeader.tsx";
import { SideCartHost } from "./cart/SideCartHost.tsx";
import { isChunkLoadError } from "./chunks/chunk-load.ts";
import { isAdminPath } from "../core/admin/admin.ts";
import { AdminErrorPage } from "./admin/AdminError.tsx";
import { ChunkErrorNotice } from "./chunks/ChunkErrorNotice.tsx";
import { PageEnhancements } from "./layout/PageEnhancements.tsx";
import { ShopCustomerScript } from "./layout/ShopCustomerScript.tsx";
import { ShopifyGlobalScript } from "./layout/ShopifyGlobalScript.tsx";
import { pageTitle, siteAlternates } from "./storefront/meta.ts";
import { rootShouldRevalidate } from "./storefront/revalidation.ts";
import { rootData } from "./storefront/root-data.ts";
import { shopTranslator, translatorOrFallback, useShop } from "./storefront/use-shop.ts";
import { SHOP_INFO_ELEMENT_ID, isShopKey, shopFromData, shopTextOfKey } from "./storefront/shop-text.ts";
import { StyleLinks } from "./styles/StyleLinks.tsx";
import "./styles/global.css";
import { hydrateLater } from "./chunks/hydrate-later.tsx";
// The styles of the parts hydrated later stay with the frame: their server HTML is styled before their code arrives.
import "./styles/forms.css";
import "./marketing/newsletter/newsletter.css";
import "./marketing/consent/consent.css";
import "./layout/announcement-bar.css";
import { PopupHost } from "./marketing/popups/PopupHost.tsx";
import { DesignModeListener } from "./content/editor/design-mode.ts";
import { useNonce } from "./entry/nonce.ts";
import { consentDefaultScript } from "./marketing/consent/consent-script.ts";
import type { ShopInfo } from "../core/contract/storefront.ts";

// Below the fold or over it, server-rendered and working as plain links and forms until their code arrives.
const SiteFooter = hydrateLater("footer", () => import("./layout/SiteFooter.tsx").then((module) => module.SiteFooter));
const AnnouncementBar = hydrateLater("announcement", () => import("./layout/AnnouncementBar.tsx").then((module) => module.AnnouncementBar));
const ConsentBanner = hydrateLater("consent", () => import("./marketing/consent/ConsentBanner.tsx").then((module) => module.ConsentBanner));

/** Only the error page uses this: every route names its own page. */
export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const shop = loaderData ? shopFromData(loaderData.shop) : undefined;
  const shopName = shop?.name ?? "Shop";
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const text = translatorOrFallback(shop);
  return [{ title: pageTitle(error ? text(notFound ? "page_not_found" : "error_eyebrow") : null, shopName) }];
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return rootData(request, context);
}

export function shouldRevalidate({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs) {
  return rootShouldRevalidate({ currentUrl, nextUrl, formMethod });
}

/**
 * The page on every site (`hreflang`), in the head of every page but an
 * error or a missing page: the one place that knows the address of
 * whatever page renders.
 */
function SiteAlternates({ shop }: { shop: ShopInfo }) {
  const { pathname } = useLocation();
  const error = useRouteError();
  const leaf = useMatches().at(-1)?.id;
  if (error || leaf === "routes/not-found") return null;
  const language = shop.site?.language;
  return (
    <>
      {language ? <meta property="og:locale" content={openGraphLocale(language)} /> : null}
      {siteAlternates(shop, pathname).map(({ hrefLang, href }) => (
        <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
      ))}
    </>
  );
}

/** The shop info a document carries once, named by the key in the root's data (storefront/shop-text.ts). */
function ShopInfoScript({ shop }: { shop: string | undefined }) {
  const text = shop !== undefined && isShopKey(shop) ? shopTextOfKey(shop) : undefined;
  return text === undefined ? null : <script type="application/json" id={SHOP_INFO_ELEMENT_ID} data-key={shop} dangerouslySetInnerHTML={{ __html: text }} />;
}

/** The merchant's inline snippets, each exactly as written: the page's policy allows each by the hash of that text. */
function MerchantScripts({ shop }: { shop: ShopInfo }) {
  return <>{shop.inlineScripts?.map((code, index) => <script key={index} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />)}</>;
}

/** The document and the shop's frame (header, footer) around every page and every error. */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const shop = useShop();
  const nonce = useNonce();
  const { pathname } = useLocation();
  // A back-office page refused before any loader ran (its middleware) has no root data: its address still says which frame.
  if (data?.admin ?? isAdminPath(pathname)) {
    // The back office: the shop's styles and scripts, none of the storefront's frame (header, cart, popups, consent).
    return (
      <html lang="en" suppressHydrationWarning>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <StyleLinks />
        </head>
        <body>
          {children}
          <ShopInfoScript shop={data?.shop} />
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    );
  }
  if (data?.fragment) {
    // A swappable area is read by the page that asked for it, never shown as a page: the route's content alone.
    return (
      <html lang={shop.site?.language ?? "en"}>
        <head>
          <meta charSet="utf-8" />
          <meta name="robots" content="noindex" />
        </head>
        <body>{children}</body>
      </html>
    );
  }
  return (
    // The inline script marks the page as scripted before it paints, so CSS can
    // tell a no-JavaScript visit (links and native controls) from an enhanced one.
    <html lang={shop.site?.language ?? "en"} data-site-path={shop.site?.path ?? ""} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `document.documentElement.classList.add('js');${consentDefaultScript(data?.consent ?? null)}` }} />
        <ShopifyGlobalScript shop={shop} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f3ec" />
        <Meta />
        <SiteAlternates shop={shop} />
        <StyleLinks />
      </head>
      <body>
        <SiteHeader
          shop={shop}
          cartCount={data?.cartCount ?? 0}
          customer={data?.customer ?? null}
          announcement={
            data?.announcement && shop.announcementBar && shop.countdownWords ? (
              <AnnouncementBar messages={shop.announcementBar.messages} initial={data.announcement} clock={data.announcement.clock} words={shop.countdownWords} label={shopTranslator(shop)("announcement_label")} />
            ) : null
          }
        />
        {children}
        <ShopCustomerScript customer={data?.customer ?? null} />
        <SiteFooter shop={shop} />
        <SideCartHost shop={shop} />
        {/* A page drawn without the shop (the error page of an outage) asks nothing: the answer could not be kept anyway. */}
        {data ? <ConsentBanner initial={data.consent ?? null} reopened={data.cookieSettings ?? false} /> : null}
        <DesignModeListener />
        <PopupHost />
        <ChunkErrorNotice />
        <PageEnhancements />
        <MerchantScripts shop={shop} />
        <ShopInfoScript shop={data?.shop} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A mark for tests and tools: the page's scripts have taken over (they start only after the first paint).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    if (status !== 403 && status !== 404) console.error(error);
    return <AdminErrorPage status={status} />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  if (!notFound && !unavailable) console.error(error);
  return (
    <main id="main" className="page page--message" tabIndex={-1}>
      {notFound ? <NotFoundMessage /> : unavailable ? <UnavailableMessage /> : isChunkLoadError(error) ? <ReloadMessage /> : <ErrorMessage />}
    </main>
  );
}
