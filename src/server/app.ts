import { type Context, Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Logger } from "pino";
import { RouterContextProvider, createRequestHandler, type ServerBuild } from "react-router";
import { type Platform } from "../platform/platform.ts";
import { inProcessStorefront } from "../platform/storefront/in-process.ts";
import { asApiError } from "../platform/http/errors.ts";
import { isDatabaseUnavailable } from "../platform/db/database.ts";
import { currentRequestId } from "./request-context.ts";

/** An error's words with the request's id, which the log lines about the error carry too, for whoever the shopper tells. */
const withReference = (words: string) => {
  const id = currentRequestId();
  return id ? `${words} (Reference: ${id})` : words;
};

/** What a shopper's browser or client is told to wait before trying again while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;
/** How much memory the served sizes of uploaded pictures may hold when the server gives no cache of its own (tests). */
const RENDITION_CACHE_BYTES = 64 * 1024 * 1024;
import { cartToken, cartCookieKeys, existingCartToken, isHttps } from "../platform/http/cookies.ts";
import { type StoredCart, newCartToken } from "../platform/cart/cart-model.ts";
import { cartItemCount } from "../platform/cart/cart-json.ts";
import { STRICT_TRANSPORT_SECURITY, merchantScripts, newNonce, pageSecurityPolicy } from "../platform/http/security-headers.ts";
import { newCartGuard } from "../platform/http/new-cart-guard.ts";
import type { RenderGate } from "./render-gate.ts";
import { OUTAGE_RETRY_AFTER_SECONDS, answeringOutages } from "../platform/http/outage.ts";
import { redirectWithCartError } from "../platform/http/cart-routes.ts";
import { isPictureUpload, isReviewUpload, pictureUploadLimit, postLimit, refusalPage, reviewUploadLimit, wantsJson } from "../platform/http/requests.ts";
import { storefrontApi, viewJson } from "../platform/http/storefront-api.ts";
import { clickIdCookies } from "../platform/http/click-ids.ts";
import { forwardedRequest, requestOrigin, shopAddress, shopUrlOf } from "../platform/http/origin.ts";
import { accountRequest, clientAddress } from "../platform/http/account-cookies.ts";
import { ADMIN_SESSION_COOKIE, ADMIN_SIGN_IN_COOKIE, adminClient } from "../platform/admin/admin-client.ts";
import { getCookie } from "hono/cookie";
import { sameSiteOnly } from "../platform/http/same-site.ts";
import { STRIPE_WEBHOOK_PATH } from "../platform/http/payment-routes.ts";
import { localizationCookie, localizationCountry, locationOnSite, siteOfRequest } from "../platform/http/site-routing.ts";
import { siteForCountry } from "../core/sites/geo.ts";
import { type Site, sitePath } from "../core/sites/sites.ts";
import { mountProductImages, mountUploadedPictures } from "./images.ts";
import { RenditionCache } from "../platform/images/pictures.ts";
import { type MailboxAccess, mailboxRoutes } from "./mailbox.ts";
import { prefetchCacheControl } from "./prefetch-cache.ts";
import { KEPT_PAGE_CACHE_CONTROL, type KeptPage, type PageCache, type PageKey, keepPage, keptPageAnswer, mayUseKeptPage, pageChunks, pageKey } from "./page-cache.ts";
import { pageClockSpan } from "../core/common/page-clock.ts";
import { isPageDataPath, pageActionTest } from "./page-actions.ts";
import { acceptsBrotli, changeHeaders, compressAnswers } from "./compression.ts";
import { type PageRenderer, SECTION_RENDERER_KEY, readSectionIds, renderSections } from "../platform/http/sections.ts";

export interface AppOptions {
  platform: Platform;
  logger: Logger;
  /** Where rendered product pictures are kept. */
  imageCacheDir: string;
  /** The built theme; without it the server answers the API only (integration tests). */
  build?: ServerBuild;
  /** Folder of the built theme's browser files. */
  clientDir?: string;
  /** Whether a proxy in front sets X-Forwarded-Proto and X-Forwarded-Host the shop may believe (TRUST_PROXY). */
  trustProxy?: boolean;
  /** The shop's public address for links in emails (SHOP_URL); by default each request's own origin. */
  shopUrl?: string | undefined;
  /** Who may open the local mailbox at /dev/mailbox (see `mailboxAccess`); nobody unless told. */
  mailbox?: MailboxAccess;
  /** Where rendered pages are kept for shoppers with nothing of their own (page-cache.ts); without it every page is rendered. */
  pageCache?: PageCache;
  /** The served sizes of uploaded pictures (one per process, sized from the memory budget); without it each app keeps its own 64 MiB. */
  renditions?: RenditionCache;
  /** Takes turns among the pages being rendered (one per process, shared by every settings version's app); none, no limit. */
  renderGate?: RenderGate;
  /** The number of the settings version the platform was built from (a kept page is kept under it). */
  settingsVersion?: number;
}

/**
 * Pages take GET, HEAD and form POSTs only: another method is a 405, a POST
 * to a page without a form a 405 too, a POST whose body is not a form a 415,
 * and a multipart body that does not parse a 400, each as a short page rather
 * than a failure inside a page's action.
 */
async function refusePageRequest(c: Context, takesPost: (url: URL) => boolean): Promise<Response | null> {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return null;
  if (method !== "POST") {
    c.header("allow", "GET, HEAD, POST");
    return refusalPage(c, 405, "Method not allowed", `A page cannot be sent a ${method} request.`);
  }
  if (!takesPost(new URL(c.req.url))) {
    c.header("allow", "GET, HEAD");
    return refusalPage(c, 405, "Method not allowed", "This page has no form to send.");
  }
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return null;
  if (!type.startsWith("multipart/form-data")) return refusalPage(c, 415, "Unsupported form", "Pages take forms only: send the form as a browser does.");
  try {
    await c.req.raw.clone().formData();
    return null;
  } catch {
    return refusalPage(c, 400, "Broken form", "The form could not be read. Please try again.");
  }
}

/**
 * `GET {page}?sections=a,b` (JSON of each section's HTML) and
 * `GET {page}?section_id=a` (that section's HTML), or null for a request
 * that asks for neither.
 */
async function answerSections(c: Context, render: PageRenderer): Promise<Response | null> {
  if (c.req.method !== "GET") return null;
  const url = new URL(c.req.url);
  // The recommendations address is itself Shopify's section of recommended products.
  if (url.pathname === "/recommendations/products") return null;
  const page = `${url.pathname}${url.search}`;
  const sectionId = url.searchParams.get("section_id");
  if (sectionId !== null) {
    const html = (await renderSections(render, c, [sectionId], page))[sectionId];
    if (!html) return c.json({ status: 404, message: "Not Found", description: `The section ${sectionId} is not on this page` }, 404);
    c.header("cache-control", "private, no-store");
    return c.html(html);
  }
  // Shopify takes the list as `sections=a,b` or as the array form `sections[]=a&sections[]=b`.
  if (!url.searchParams.has("sections") && !url.searchParams.has("sections[]")) return null;
  const ids = readSectionIds([...url.searchParams.getAll("sections"), ...url.searchParams.getAll("sections[]")]);
  c.header("cache-control", "private, no-store");
  return c.json(await renderSections(render, c, ids, page));
}

/** The theme's server entry exports the context key its loaders read the storefront client from. */
interface ThemeEntry {
  storefrontContext: Parameters<RouterContextProvider["set"]>[0];
  nonceContext: Parameters<RouterContextProvider["set"]>[0];
  requestIdContext: Parameters<RouterContextProvider["set"]>[0];
  documentRequestContext: Parameters<RouterContextProvider["set"]>[0];
  adminContext: Parameters<RouterContextProvider["set"]>[0];
}

/** The AJAX calls that change the cart, as a site sees their paths. */
const CART_CHANGES = /^\/cart\/(?:add|change|update|clear)(?:\.js(?:on)?)?$/;

/**
 * The shop: each request is answered by the app of the site it belongs to
 * (site-routing.ts), which sees the path without the site's prefix. Its
 * redirects are kept on the site, and a page tells the browser which site's
 * country it was last on, so calls made without a prefix follow it.
 */
export function createApp(options: AppOptions): Hono {
  const { platform } = options;
  const trustProxy = options.trustProxy ?? false;
  const { geo } = platform.settings;
  const renditions = options.renditions ?? new RenditionCache(RENDITION_CACHE_BYTES);
  const apps = new Map(platform.sites.map((site) => [site.code, createSiteApp({ ...options, platform: platform.forSite(site.code) }, site, renditions)]));
  const app = new Hono();
  app.all("*", async (c) => {
    const raw = c.req.raw;
    const { site, path } = siteOfRequest(raw, platform.sites, geo.baseSite, geo.defaultSite ?? geo.baseSite, trustProxy);
    const siteApp = apps.get(site.code);
    if (!siteApp) throw new Error(`no app for site ${site.code}`);
    const url = new URL(raw.url);
    const request = url.pathname === path ? raw : new Request(new URL(`${path}${url.search}`, url), raw);
    const response = await siteApp.fetch(request, c.env);
    const location = response.headers.get("location");
    const onSite = location && path !== "/localization" ? locationOnSite(location, site) : location;
    const country = localizationCountry(raw, platform.sites);
    // Only a page the shopper went to names their site: a section a page's script fetches (its recommendations,
    // say) may still be on its way from a page the shopper has just left for another site. A client that does
    // not say how it fetched is taken as going to the page.
    const navigated = (raw.headers.get("sec-fetch-mode") ?? "navigate") === "navigate";
    const browsedHere = navigated && (raw.method === "GET" || raw.method === "HEAD") && (response.headers.get("content-type") ?? "").startsWith("text/html") && response.status === 200;
    // A cart changed under a site's prefix (`/fr-fr/cart/add.js`) belongs to that site: a later call without a prefix follows it.
    const changedCart = raw.method === "POST" && CART_CHANGES.test(path) && response.status < 400;
    const rootSite = () => siteOfRequest(new Request(new URL("/cart.js", url), { headers: raw.headers }), platform.sites, geo.baseSite, geo.defaultSite ?? geo.baseSite, trustProxy).site;
    const remember =
      (browsedHere && (!country || siteForCountry(country, platform.sites, geo.defaultSite ?? geo.baseSite)?.code !== site.code)) || (changedCart && rootSite().code !== site.code);
    if (onSite === location && !remember) return response;
    return changeHeaders(response, (headers) => {
      if (onSite) headers.set("location", onSite);
      if (remember && site.countries[0]) headers.append("set-cookie", localizationCookie(site.countries[0], new URL(requestOrigin(raw, trustProxy)).protocol === "https:"));
    });
  });
  return app;
}

function createSiteApp(options: AppOptions, site: Site, renditions: RenditionCache): Hono {
  const { platform } = options;
  const app = new Hono();
  app.onError(failureAnswer(options.logger));
  guardRequests(app, options);

  // Cart calls render the sections they ask for through the theme, once it is mounted below.
  let sectionsRenderer: PageRenderer | undefined;
  app.use("*", async (c, next) => {
    if (sectionsRenderer) c.set(SECTION_RENDERER_KEY as never, sectionsRenderer as never);
    return next();
  });

  app.use("*", async (c, next) => {
    const answer = await viewJson(c, platform);
    if (answer) return answer;
    return next();
  });

  app.route("/", storefrontApi(platform));
  mountProductImages(app, platform, options.imageCacheDir);
  mountUploadedPictures(app, platform, renditions);
  if (options.mailbox && options.mailbox !== "nobody") app.route("/", mailboxRoutes(platform.db, options.mailbox, platform.settings.shop.timeZone));
  if (options.clientDir) mountBuiltFiles(app, options.clientDir);

  // An address the API does not know, asked for as data (`.json`, `.js`), is answered as data, not as the theme's page.
  app.all("*", (c, next) => {
    if (!/\.(json|js)$/.test(c.req.path)) return next();
    return c.json({ status: 404, message: "Not Found", description: `Nothing is served at ${c.req.path}` }, 404);
  });

  if (options.build) sectionsRenderer = mountThemePages(app, options, options.build, site);
  return app;
}

/** A request that failed: a client gone, the database out of reach (503), an API error in Shopify's shape, or a 500 with a reference. */
function failureAnswer(logger: Logger) {
  return (failure: Error, c: Context): Response | Promise<Response> => {
    // The client went away (or was dropped for sending too slowly) while its body was read: there is no one to answer.
    if ((failure as NodeJS.ErrnoException).code === "ECONNRESET") {
      logger.debug({ url: c.req.url, method: c.req.method }, "client left before its request was read");
      return c.text("Client closed the request", 400);
    }
    if (isDatabaseUnavailable(failure)) {
      logger.warn({ err: failure, url: c.req.url, method: c.req.method }, "database unavailable");
      c.header("retry-after", String(RETRY_AFTER_SECONDS));
      return c.json({ status: 503, message: "Service Unavailable", description: withReference("The shop is briefly unavailable. Please try again in a moment.") }, 503);
    }
    const error = asApiError(failure);
    if (error) {
      if (c.req.method === "POST" && c.req.path.startsWith("/cart/") && !wantsJson(c)) return redirectWithCartError(c, error);
      return c.json(error.body, error.httpStatus as 400);
    }
    // A password-reset address carries a secret: it never reaches the log.
    const url = c.req.url.replace(/(\/account\/reset\/\d+\/)[^/?#]+/, "$1[token]");
    logger.error({ err: failure, url, method: c.req.method }, "request failed");
    return c.json({ status: 500, message: "Internal Server Error", description: withReference("Something went wrong on our side. Please try again.") }, 500);
  };
}

/** What every request passes before any route: compression, the security headers, the body limits, the same-site check and the cart's cookies. */
function guardRequests(app: Hono, options: AppOptions): void {
  const { platform } = options;
  // HTML, JSON, scripts and styles travel gzipped to browsers that accept it.
  app.use("*", compressAnswers());

  app.use("*", async (c, next) => {
    await next();
    // Changed in place: Hono's c.header here would remake the answer around a stream of its body.
    const answer = changeHeaders(c.res, (headers) => {
      headers.set("x-content-type-options", "nosniff");
      headers.set("referrer-policy", "strict-origin-when-cross-origin");
      // The checkout may be framed by the origins the merchant lists: its page's policy (frame-ancestors) says which.
      if (!headers.has("x-frame-options") && !c.req.path.startsWith("/checkout")) headers.set("x-frame-options", "SAMEORIGIN");
      if (isHttps(c)) headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
      // Every page carries a policy: the theme's pages and the embeds their own, any other (a refusal, a redirect's page) one whose nonce no script holds.
      if ((headers.get("content-type") ?? "").startsWith("text/html") && !headers.has("content-security-policy")) headers.set("content-security-policy", pageSecurityPolicy(newNonce(), { scriptOrigins: platform.settings.security.scriptOrigins }));
    });
    if (answer !== c.res) c.res = answer;
  });

  // One body limit for every request that carries a body, API and pages alike; a picture upload or a review with photos may carry more.
  app.use("*", async (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : isPictureUpload(c) ? pictureUploadLimit(c, next) : isReviewUpload(c) ? reviewUploadLimit(c, next) : postLimit(c, next),
  );

  const trustProxy = options.trustProxy ?? false;
  // Before any route: another site's page cannot make a shopper's browser change their cart or place an order.
  // The payment webhook is Stripe's server posting, proved by its signature rather than by where it came from.
  app.use("*", sameSiteOnly({ trustProxy, exempt: [STRIPE_WEBHOOK_PATH] }));
  app.use("*", shopAddress({ trustProxy, shopUrl: options.shopUrl }));
  app.use("*", cartCookieKeys(platform.secrets));
  app.use("*", newCartGuard(platform.newCarts));

  // A landing address's marketing click id goes into a cookie on whatever answers it.
  app.use("*", clickIdCookies());
}

/** The built theme's browser files: hashed assets kept a year, the icon a day, the shop's embed scripts an hour. */
function mountBuiltFiles(app: Hono, root: string): void {
  app.use(
    "/assets/*",
    serveStatic({
      root,
      // The build writes brotli and gzip copies of every script and stylesheet (vite.config.ts).
      precompressed: true,
      onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("/favicon.svg", serveStatic({ root, onFound: (_path, c) => c.header("cache-control", "public, max-age=86400") }));
  // The shop's own embed scripts, loaded by their sections on demand.
  app.use("/embeds/*", serveStatic({ root, onFound: (_path, c) => c.header("cache-control", "public, max-age=3600") }));
}

/** The theme as this site renders it: React Router's handler under the site's prefix, and the storefront each page reads. */
interface SiteTheme {
  handle: ReturnType<typeof createRequestHandler>;
  /** The request as the theme sees it, under the site's prefix. */
  onSite: (request: Request) => Request;
  /** Work that takes its turn among the pages being rendered. */
  rendering: <T>(work: () => Promise<T>) => Promise<T>;
  storefrontFor: (c: Context, token: string, nonce?: string, cartAsRead?: StoredCart) => RouterContextProvider;
  /** A page rendered whole for its sections. */
  renderPage: PageRenderer;
}

function siteTheme(options: AppOptions, themeBuild: ServerBuild, site: Site): SiteTheme {
  const { platform } = options;
  const trustProxy = options.trustProxy ?? false;
  // The site's pages are routed under its prefix, so every link and form of the theme stays on the site.
  const build: ServerBuild = { ...themeBuild, basename: site.path || "/" };
  const handle = createRequestHandler(build, "production");
  const onSite = (request: Request) => {
    const url = new URL(request.url);
    return site.path ? new Request(new URL(`${sitePath(site, url.pathname)}${url.search}`, url), request) : request;
  };
  const entry = build.entry.module as unknown as ThemeEntry;
  const { renderGate } = options;
  const rendering = <T>(work: () => Promise<T>): Promise<T> => (renderGate ? renderGate.run(work) : work());
  const storefrontFor = (c: Context, token: string, nonce = newNonce(), cartAsRead?: StoredCart) => {
    const context = new RouterContextProvider();
    context.set(entry.storefrontContext, answeringOutages(inProcessStorefront(platform, token, shopUrlOf(c), accountRequest(c), cartAsRead)));
    context.set(entry.nonceContext, nonce);
    context.set(entry.requestIdContext, currentRequestId() ?? "");
    context.set(entry.documentRequestContext, !isPageDataPath(c.req.path));
    context.set(entry.adminContext, adminClient(platform, {
        ip: clientAddress(c),
        sessionToken: getCookie(c, ADMIN_SESSION_COOKIE),
        signInToken: getCookie(c, ADMIN_SIGN_IN_COOKIE),
        device: c.req.header("user-agent") ?? "",
        secure: isHttps(c),
        shopUrl: shopUrlOf(c),
      }),);
    return context;
  };
  // A page rendered whole for its sections: a GET of `path` as the shopper of `c`, with the cart `token` when a cart call just changed it.
  const renderPage: PageRenderer = async (c, path, token) => {
    const headers = new Headers(c.req.raw.headers);
    for (const name of ["content-type", "content-length", "if-none-match", "if-modified-since"]) headers.delete(name);
    const request = new Request(new URL(sitePath(site, path), c.req.url), { method: "GET", headers });
    const response = await rendering(() => handle(forwardedRequest(request, trustProxy), storefrontFor(c, token ?? cartToken(c))));
    return response.status >= 300 && response.status < 400 ? "" : response.text();
  };
  return { handle, onSite, rendering, storefrontFor, renderPage };
}

/** A page kept for a shopper with nothing of their own but a cart, under its key, with the cart read for its count. */
type KeyedPage = { key: PageKey; cart?: StoredCart };

/**
 * The key of a page a shopper with nothing of their own but a cart asks
 * for, or null to render it, with the cart read for its count (the page
 * is drawn from that same cart, so it shows the count it is kept under).
 * A page answered with a cookie of its own is never kept.
 */
async function keptPageKey(c: Context, options: AppOptions, site: Site): Promise<KeyedPage | null> {
  const { platform, pageCache } = options;
  const url = new URL(c.req.url);
  if (!pageCache || !mayUseKeptPage(c.req.method, url, c.req.header("cookie"))) return null;
  const token = existingCartToken(c);
  const [catalog, cart] = await Promise.all([platform.catalog.get(), token ? platform.carts.read(token) : undefined]);
  const key = pageKey({
    settingsVersion: options.settingsVersion ?? 0,
    catalogRevision: catalog.revision,
    inventoryRevision: catalog.inventoryRevision,
    clockSpan: pageClockSpan(platform.settings, Date.now()).from,
    site: site.code,
    origin: shopUrlOf(c),
    url,
    userAgent: c.req.header("user-agent"),
    cookieHeader: c.req.header("cookie"),
    sites: platform.sites,
    cartCount: cart ? cartItemCount(cart, catalog) : 0,
  });
  return cart ? { key, cart } : { key };
}

// Made by Hono so that a cookie set on the way here (a click id) goes with it; the body's bytes go out as they are.
function keptAnswer(c: Context, page: KeptPage, security: Parameters<typeof merchantScripts>[0]) {
  const answer = keptPageAnswer(
    page,
    { method: c.req.method, ifNoneMatch: c.req.header("if-none-match"), acceptEncoding: c.req.header("accept-encoding"), cacheControl: prefetchCacheControl(c.req.raw, 200) ?? KEPT_PAGE_CACHE_CONTROL },
    merchantScripts(security),
  );
  return answer.body ? c.body(answer.body, { status: 200, headers: answer.headers }) : c.body(null, { status: answer.status, headers: answer.headers });
}

/** A page rendered for the shopper of `c`; kept (and `finish` told) when it may be. */
async function renderPageAnswer(c: Context, options: AppOptions, theme: SiteTheme, keyed: KeyedPage | null, finish: ((page: KeptPage | null) => void) | undefined) {
  const { platform } = options;
  const nonce = newNonce();
  const key = keyed?.key ?? null;
  // Looking at pages starts no cart: the cookie comes with the first change to it.
  const reads = c.req.method === "GET" || c.req.method === "HEAD";
  const context = theme.storefrontFor(c, reads ? (existingCartToken(c) ?? newCartToken()) : cartToken(c), nonce, keyed?.cart);
  // A HEAD of a page that may be kept is rendered as its GET, so the page is kept and the HEAD's headers are the GET's.
  const asked = key && c.req.method === "HEAD" ? new Request(c.req.raw.url, { method: "GET", headers: c.req.raw.headers }) : c.req.raw;
  // React Router refuses an action whose Origin is not the request's own, so it sees the address the shopper used.
  const response = await theme.handle(forwardedRequest(theme.onSite(asked), options.trustProxy ?? false), context);
  const headers = new Headers(response.headers);
  // Cookies set on this request (a new cart token) travel with the page, unless the page set its own (the customer's cart at login).
  const setByPage = new Set(headers.getSetCookie().map((cookie) => cookie.split("=")[0]));
  for (const cookie of c.res.headers.getSetCookie()) if (!setByPage.has(cookie.split("=")[0])) headers.append("set-cookie", cookie);
  // They are in the page's answer now; left on the context too, Hono would put them in place of the page's own (a login's session).
  c.res.headers.delete("set-cookie");
  const cacheControl = prefetchCacheControl(c.req.raw, response.status);
  if (cacheControl) headers.set("cache-control", cacheControl);
  if ((headers.get("content-type") ?? "").startsWith("text/html")) {
    const checkout = c.req.path.startsWith("/checkout");
    // The checkout's form goes on to the provider's pay page, the subscriptions page's "Update card" to its card page.
    const toProvider = checkout || /^(\/[a-z]{2}-[a-z]{2})?\/account\/subscriptions$/.test(c.req.path);
    const payPage = toProvider && platform.payments ? [platform.payments.provider.payPageOrigin] : [];
    headers.set(
      "content-security-policy",
      pageSecurityPolicy(nonce, { frameAncestors: checkout ? platform.settings.checkout.frameAncestors : [], formTargets: payPage, ...merchantScripts(platform.settings.security) }),
    );
  }
  // A page the database could not serve: try again shortly, and keep no copy of it.
  if (response.status === 503) {
    headers.set("retry-after", String(OUTAGE_RETRY_AFTER_SECONDS));
    headers.set("cache-control", "no-store");
  }
  // A page the same for every shopper like this one is kept and answered as a kept page.
  if (key && finish && response.status === 200 && !headers.has("set-cookie") && response.body) {
    const page = keepPage(key.variant, await pageChunks(response.body), headers, nonce);
    finish(page);
    return keptAnswer(c, page, platform.settings.security);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The theme's pages, last of all routes: refused methods, sections, kept pages, then a render. Answers the renderer cart calls draw sections with. */
function mountThemePages(app: Hono, options: AppOptions, build: ServerBuild, site: Site): PageRenderer {
  const theme = siteTheme(options, build, site);
  const takesPost = pageActionTest(build);
  const { pageCache } = options;
  app.all("*", async (c) => {
    const refused = await refusePageRequest(c, takesPost);
    if (refused) return refused;
    const sectionsAnswer = await answerSections(c, theme.renderPage);
    if (sectionsAnswer) return sectionsAnswer;
    const keyed = await keptPageKey(c, options, site);
    const key = keyed?.key;
    // A page kept, or being rendered for another request right now, is answered from that one render.
    // (No await between looking and starting a render, so two requests never both start one.)
    const found = key && pageCache ? (pageCache.get(key.key) ?? pageCache.pending(key.key)) : undefined;
    const kept = found instanceof Promise ? await found : found;
    if (kept) {
      // Served again: a page worth its Brotli copy.
      if (acceptsBrotli(c.req.header("accept-encoding"))) pageCache!.compressForBrotli(key!.key, kept);
      return keptAnswer(c, kept, options.platform.settings.security);
    }
    const finish = key && pageCache?.admits(key.key) ? pageCache.startRendering(key.key) : undefined;
    try {
      return await theme.rendering(() => renderPageAnswer(c, options, theme, keyed, finish));
    } finally {
      finish?.(null);
    }
  });
  return theme.renderPage;
}
