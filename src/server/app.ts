import { Hono } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Logger } from "pino";
import { RouterContextProvider, createRequestHandler, type ServerBuild } from "react-router";
import { inProcessStorefront, type Platform } from "../platform/platform.ts";
import { asApiError } from "../platform/http/errors.ts";
import { cartToken } from "../platform/http/cookies.ts";
import { redirectWithCartError } from "../platform/http/cart-routes.ts";
import { wantsJson } from "../platform/http/requests.ts";
import { storefrontApi, viewJson } from "../platform/http/storefront-api.ts";
import { clickIdCookies } from "../platform/http/click-ids.ts";
import { mountProductImages } from "./images.ts";
import { prefetchCacheControl } from "./prefetch-cache.ts";

export interface AppOptions {
  platform: Platform;
  logger: Logger;
  /** Where rendered product pictures are kept. */
  imageCacheDir: string;
  /** The built theme; without it the server answers the API only (integration tests). */
  build?: ServerBuild;
  /** Folder of the built theme's browser files. */
  clientDir?: string;
}

/** The theme's server entry exports the context key its loaders read the storefront client from. */
interface ThemeEntry {
  storefrontContext: Parameters<RouterContextProvider["set"]>[0];
}

export function createApp(options: AppOptions): Hono {
  const { platform, logger } = options;
  const app = new Hono();

  app.onError((failure, c) => {
    const error = asApiError(failure);
    if (error) {
      if (c.req.method === "POST" && c.req.path.startsWith("/cart/") && !wantsJson(c)) return redirectWithCartError(c, error);
      return c.json(error.body, error.httpStatus as 400);
    }
    logger.error({ err: failure, url: c.req.url, method: c.req.method }, "request failed");
    return c.json({ status: 500, message: "Internal Server Error", description: "Something went wrong on our side. Please try again." }, 500);
  });

  // HTML, JSON, scripts and styles travel gzipped to browsers that accept it.
  app.use("*", compress());

  app.use("*", async (c, next) => {
    await next();
    c.header("x-content-type-options", "nosniff");
    c.header("referrer-policy", "strict-origin-when-cross-origin");
    if (!c.res.headers.has("x-frame-options") && !c.req.path.startsWith("/checkout")) c.header("x-frame-options", "SAMEORIGIN");
  });

  // A landing address's marketing click id goes into a cookie on whatever answers it.
  app.use("*", clickIdCookies());

  app.use("*", async (c, next) => {
    const answer = await viewJson(c, platform);
    if (answer) return answer;
    return next();
  });

  app.route("/", storefrontApi(platform));
  mountProductImages(app, platform, options.imageCacheDir);

  if (options.clientDir) {
    const root = options.clientDir;
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
  }

  if (options.build) {
    const build = options.build;
    const handle = createRequestHandler(build, "production");
    const entry = build.entry.module as unknown as ThemeEntry;
    app.all("*", async (c) => {
      const context = new RouterContextProvider();
      context.set(entry.storefrontContext, inProcessStorefront(platform, cartToken(c)));
      const response = await handle(c.req.raw, context);
      const headers = new Headers(response.headers);
      // Cookies set on this request (a new cart token) travel with the page.
      for (const cookie of c.res.headers.getSetCookie()) headers.append("set-cookie", cookie);
      const cacheControl = prefetchCacheControl(c.req.raw, response.status);
      if (cacheControl) headers.set("cache-control", cacheControl);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    });
  }

  return app;
}
