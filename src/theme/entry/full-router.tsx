import type { ContextType } from "react";
import {
  type DataRouteObject,
  type DataRouter,
  type HydrationState,
  type UNSAFE_AssetsManifest as AssetsManifest,
  type UNSAFE_RouteModules as RouteModules,
  type UNSAFE_FrameworkContext,
  type UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_defaultMapRouteProperties as defaultMapRouteProperties,
  UNSAFE_getPatchRoutesOnNavigationFunction as getPatchRoutesOnNavigationFunction,
  UNSAFE_getTurboStreamSingleFetchDataStrategy as getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_useFogOFWarDiscovery as useFogOFWarDiscovery,
} from "react-router";

/**
 * React Router's router, built for a page that is already hydrated: loaded
 * when the page is idle or when a navigation, fetcher or submission needs it
 * (entry/deferred-router.tsx). Built with the options React Router's own
 * hydration uses, so navigations, data requests and route discovery behave
 * exactly as theirs.
 */

type FrameworkValue = NonNullable<ContextType<typeof UNSAFE_FrameworkContext>>;

/** What the server put in the page for React Router. */
export interface PageContext {
  basename?: string;
  future: FrameworkValue["future"];
  routeDiscovery: FrameworkValue["routeDiscovery"];
  ssr: boolean;
  isSpaMode: boolean;
  stream?: ReadableStream<Uint8Array>;
  state?: HydrationState;
}

/** The page as it arrived: its data decoded, its routes, and the history the router will drive. */
export interface PageStart {
  context: PageContext;
  manifest: AssetsManifest;
  routeModules: RouteModules;
  routes: DataRouteObject[];
  hydrationData: HydrationState;
  history: ReturnType<typeof createBrowserHistory>;
}

export function createFullRouter(start: PageStart): DataRouter {
  const { context, manifest, routeModules } = start;
  const router: DataRouter = createRouter({
    routes: start.routes,
    history: start.history,
    basename: context.basename,
    hydrationData: start.hydrationData,
    mapRouteProperties: defaultMapRouteProperties,
    hydrationRouteProperties,
    dataStrategy: getTurboStreamSingleFetchDataStrategy(() => router, manifest, routeModules, context.ssr),
    patchRoutesOnNavigation: getPatchRoutesOnNavigationFunction(() => router, manifest, routeModules, context.ssr, context.routeDiscovery, context.isSpaMode, context.basename),
  });
  return router;
}

/** Route discovery: links on the page learn the routes they lead to before they are followed. */
export function Discovery({ router, start }: { router: DataRouter; start: PageStart }) {
  useFogOFWarDiscovery(router, start.manifest, start.routeModules, start.context.ssr, start.context.routeDiscovery, start.context.isSpaMode);
  return null;
}
