import { type ReactNode, useEffect, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";
import {
  type DataRouteMatch,
  type DataRouteObject,
  type DataRouter,
  type HydrationState,
  type Location,
  type RouterState,
  type RouterNavigateOptions,
  type RouterSubscriber,
  type To,
  IDLE_BLOCKER,
  IDLE_FETCHER,
  IDLE_NAVIGATION,
  RouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_defaultMapRouteProperties as defaultMapRouteProperties,
  UNSAFE_getHydrationData as getHydrationData,
  matchRoutes,
} from "react-router";
import { type ChunkLoadError, isChunkLoadError } from "../chunks/chunk-load.ts";
import { defineChunk, reportChunkFailure } from "../chunks/chunks.ts";
import { whenIdle } from "../ui/when-idle.ts";
import type * as FullRouter from "./full-router.tsx";
import type { PageStart } from "./full-router.tsx";

type FullRouterModule = typeof FullRouter;

/**
 * Hydrates the page without React Router's router, and loads the router
 * when the page is idle or as soon as something needs it.
 *
 * The router (navigations, submissions, fetchers, revalidation, route
 * discovery) is the largest part of React Router, and a page that has just
 * arrived needs none of it to hydrate: only the state the server rendered
 * with, which the page carries. So the page hydrates against a stand-in that
 * answers with that state, and the real router is built from the same
 * history, routes and data once the main thread is idle. A navigation, a
 * fetcher or a submission before then waits for it.
 *
 * Where the first state is not what the page carried (a route that loads data
 * in the browser, a route that is not matched) the real router is built
 * before hydrating, exactly as React Router's own hydration does.
 */

declare global {
  interface Window {
    __reactRouterContext?: PageStart["context"];
    __reactRouterManifest?: PageStart["manifest"];
    __reactRouterRouteModules?: PageStart["routeModules"];
  }
}

/** The page waits this long at most for an idle moment before the router loads. */
const LOAD_ROUTER_WITHIN_MS = 4_000;

/** The router's file, loaded as the theme's chunks are: with their time limit, and afresh after a failure. */
const routerChunk = defineChunk<FullRouterModule>("router", () => import("./full-router.tsx"));

/** The page's start: its decoded data, routes and history, or null when the page was not server-rendered. */
export async function readPageStart(): Promise<PageStart | null> {
  const context = window.__reactRouterContext;
  const manifest = window.__reactRouterManifest;
  const routeModules = window.__reactRouterRouteModules;
  if (!context || !manifest || !routeModules || !context.stream) return null;
  const stream = context.stream;
  context.stream = undefined;
  const decoded = await decodeViaTurboStream(stream, window);
  context.state = decoded.value as PageStart["context"]["state"];
  const state = context.state!;
  const routes = createClientRoutes(manifest.routes, routeModules, state, context.ssr, context.isSpaMode);
  // The shop renders every page on the server (react-router.config.ts), so the page's data is always there to hydrate with.
  const hydrationData: HydrationState = getHydrationData({
    state,
    routes,
    getRouteInfo: (routeId) => ({
      clientLoader: routeModules[routeId]?.clientLoader,
      hasLoader: manifest.routes[routeId]?.hasLoader === true,
      hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
    }),
    location: window.location,
    basename: context.basename,
    future: context.future,
    isSpaMode: context.isSpaMode,
  });
  // A history entry React Router masked keeps its mask only for the navigation that made it.
  if (window.history.state?.masked) window.history.replaceState({ ...window.history.state, masked: undefined }, "");
  return { context, manifest, routeModules, routes, hydrationData, history: createBrowserHistory() };
}

/** Data routes as the router makes them: an id on every route, elements made from the components, each route by its id. */
function toDataRoutes(routes: readonly DataRouteObject[], byId: Record<string, DataRouteObject>, parentPath: readonly string[] = []): DataRouteObject[] {
  return routes.map((route, index) => {
    const treePath = [...parentPath, String(index)];
    const id = typeof route.id === "string" ? route.id : treePath.join("-");
    const dataRoute = { ...route, id, ...(route.index ? {} : { children: undefined }) } as DataRouteObject;
    Object.assign(dataRoute, defaultMapRouteProperties(dataRoute));
    byId[id] = dataRoute;
    if (!route.index && route.children) dataRoute.children = toDataRoutes(route.children, byId, treePath);
    return dataRoute;
  });
}

/**
 * The router's state for a page that arrived with its data, or null when the
 * router would have to load something first (then it is built at once).
 */
function startState(start: PageStart, routes: DataRouteObject[]): RouterState | null {
  const { history, hydrationData, routeModules, context } = start;
  if (context.isSpaMode) return null;
  const matches = matchRoutes(routes, history.location, context.basename || "/") as DataRouteMatch[] | null;
  if (!matches?.length) return null;
  const loaderData = hydrationData.loaderData ?? {};
  const errors = hydrationData.errors ?? null;
  const boundary = errors ? matches.findIndex((match) => errors[match.route.id] !== undefined) : -1;
  const relevant = boundary >= 0 ? matches.slice(0, boundary + 1) : matches;
  for (const { route } of relevant) {
    const module = routeModules[route.id];
    if (route.lazy || module?.clientLoader || module?.HydrateFallback) return null;
    if (route.loader && loaderData[route.id] === undefined && errors?.[route.id] === undefined) return null;
  }
  return {
    historyAction: history.action,
    location: history.location,
    matches,
    initialized: true,
    renderFallback: false,
    navigation: IDLE_NAVIGATION,
    restoreScrollPosition: false,
    preventScrollReset: false,
    revalidation: "idle",
    loaderData,
    actionData: hydrationData.actionData ?? null,
    errors,
    fetchers: new Map(),
    blockers: new Map(),
  } as RouterState;
}

type ScrollArgs = Parameters<DataRouter["enableScrollRestoration"]>;

/**
 * A router that answers from the page's start until the real one is loaded,
 * then hands everything to it. One object for the page's life, so React
 * Router's provider and hooks never see the switch.
 */
class DeferredRouter {
  full: DataRouter | null = null;
  readonly router: DataRouter;
  private loading: Promise<DataRouter> | null = null;
  readonly listeners = new Map<RouterSubscriber, (() => void) | null>();
  readonly fetcherMounts = new Map<string, number>();
  scroll: { args: ScrollArgs; disable: (() => void) | null } | null = null;
  readonly routes: DataRouteObject[];
  readonly routesById: Record<string, DataRouteObject> = {};
  readonly state: RouterState | null;
  private module: FullRouterModule | null = null;
  private initialized = false;
  /** Resolves with the router's module once it is loaded, whoever asked for it. */
  readonly loaded: Promise<FullRouterModule>;
  private announce: (module: FullRouterModule) => void = () => undefined;

  readonly start: PageStart;

  constructor(start: PageStart) {
    this.start = start;
    this.loaded = new Promise((resolve) => {
      this.announce = resolve;
    });
    this.routes = toDataRoutes(start.routes, this.routesById);
    this.state = startState(start, this.routes);
    this.router = standIn(this);
  }

  /** Whether the page can hydrate before the real router is there. */
  get deferred(): boolean {
    return this.state !== null;
  }

  /** The real router, loaded and built once; everything the page asked of the stand-in until then is passed on. */
  load(): Promise<DataRouter> {
    this.loading ??= routerChunk.load().then((module) => {
      const full = module.createFullRouter(this.start);
      for (const [key, count] of this.fetcherMounts) for (let i = 0; i < count; i += 1) full.getFetcher(key);
      this.fetcherMounts.clear();
      if (this.scroll) this.scroll.disable = full.enableScrollRestoration(...this.scroll.args);
      for (const listener of this.listeners.keys()) this.listeners.set(listener, full.subscribe(listener));
      this.full = full;
      this.module = module;
      // A router whose first state is complete starts listening to history now; one that must load first does so once the page is mounted.
      if (full.state.initialized) this.initialize();
      this.announce(module);
      return full;
    });
    // A router that could not be loaded (the connection dropped) is tried again on the next need.
    this.loading.catch(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Starts the real router listening to the history (and loading, if its first state is not complete), once. */
  initialize(): void {
    if (!this.full || this.initialized) return;
    this.initialized = true;
    this.full.initialize();
  }

  get loadedModule(): FullRouterModule | null {
    return this.module;
  }
}

/** A router that answers from the page's start until the real one is loaded, then passes every call on to it. */
function standIn(self: DeferredRouter): DataRouter {
  const { history } = self.start;
  const basename = self.start.context.basename || "/";
  /**
   * A call that needs the router goes to it, loading it first if it is not
   * there yet. If its file does not load, the shopper is told, as for any
   * part of the page that did not arrive, and "Try again" makes the call again.
   */
  const whenLoaded = (call: (full: DataRouter) => unknown): Promise<void> => {
    if (self.full) return Promise.resolve(call(self.full)).then(() => undefined);
    return self.load().then(
      (full) => call(full),
      (error: unknown) => {
        if (!isChunkLoadError(error)) throw error;
        reportChunkFailure(error as ChunkLoadError, () => void whenLoaded(call));
      },
    ).then(() => undefined);
  };
  const later =
    <A extends unknown[]>(call: (full: DataRouter, ...args: A) => unknown) =>
    (...args: A): Promise<void> =>
      whenLoaded((full) => call(full, ...args));
  const navigate = (to: number | To | null, opts?: RouterNavigateOptions): Promise<void> => {
    const go = (full: DataRouter) => (typeof to === "number" ? full.navigate(to) : full.navigate(to, opts));
    if (self.full) return go(self.full);
    const submission = opts != null && ("formData" in opts || "body" in opts) ? opts : null;
    // A form that posts changes something: it waits for the router, or for the shopper's "Try again".
    if (submission && (submission.formMethod ?? "get").toLowerCase() !== "get") return whenLoaded(go);
    return self.load().then(go, () => {
      // Without the router, a link (or a form that asks by GET) still leads where it points: the browser goes there itself.
      if (typeof to === "number") return window.history.go(to);
      const address = new URL(to == null ? window.location.href : history.createHref(to), window.location.href);
      if (submission?.formData) address.search = new URLSearchParams([...submission.formData].filter((entry): entry is [string, string] => typeof entry[1] === "string")).toString();
      window.location.assign(address.href);
    });
  };
  const router: DataRouter = {
    get basename() {
      return self.full?.basename ?? basename;
    },
    get future() {
      return self.full?.future ?? {};
    },
    get state() {
      return self.full?.state ?? self.state!;
    },
    get routes() {
      return self.full?.routes ?? self.routes;
    },
    get manifest() {
      return self.full?.manifest ?? self.routesById;
    },
    get window() {
      return window;
    },
    get _internalFetchControllers() {
      return self.full?._internalFetchControllers ?? new Map();
    },
    match: (location) => (self.full ? self.full.match(location) : (matchRoutes(self.routes, location, basename) as DataRouteMatch[] | null)),
    initialize() {
      return this;
    },
    subscribe: (listener) => {
      if (self.full) return self.full.subscribe(listener);
      self.listeners.set(listener, null);
      return () => {
        self.listeners.get(listener)?.();
        self.listeners.delete(listener);
      };
    },
    enableScrollRestoration: (...args) => {
      if (self.full) return self.full.enableScrollRestoration(...args);
      const scroll = { args, disable: null as (() => void) | null };
      self.scroll = scroll;
      return () => {
        scroll.disable?.();
        if (self.scroll === scroll) self.scroll = null;
      };
    },
    navigate: navigate as DataRouter["navigate"],
    fetch: later((full, ...args: Parameters<DataRouter["fetch"]>) => full.fetch(...args)),
    revalidate: later((full) => full.revalidate()),
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    getFetcher: (key) => {
      if (self.full) return self.full.getFetcher(key);
      self.fetcherMounts.set(key, (self.fetcherMounts.get(key) ?? 0) + 1);
      return IDLE_FETCHER;
    },
    deleteFetcher: (key) => {
      if (self.full) return self.full.deleteFetcher(key);
      const count = (self.fetcherMounts.get(key) ?? 0) - 1;
      if (count > 0) self.fetcherMounts.set(key, count);
      else self.fetcherMounts.delete(key);
    },
    resetFetcher: (key, opts) => {
      // A fetcher that has not fetched yet is idle already.
      self.full?.resetFetcher(key, opts);
    },
    dispose: () => self.full?.dispose(),
    getBlocker: (key, blocker) => {
      if (self.full) return self.full.getBlocker(key, blocker);
      void self.load();
      return IDLE_BLOCKER;
    },
    deleteBlocker: later((full, key: string) => full.deleteBlocker(key)),
    patchRoutes: later((full, ...args: Parameters<DataRouter["patchRoutes"]>) => full.patchRoutes(...args)),
    _internalSetRoutes: later((full, routes: DataRouteObject[]) => full._internalSetRoutes(routes)),
    _internalSetStateDoNotUseOrYouWillBreakYourApp: later((full, state: Partial<RouterState>) => full._internalSetStateDoNotUseOrYouWillBreakYourApp(state)),
  };
  return router;
}

/** Loads the router when the page is idle, then runs route discovery: the links on the page learn their routes ahead of a click. */
function RouteDiscovery({ deferred }: { deferred: DeferredRouter }) {
  const [module, setModule] = useState(deferred.loadedModule);
  useEffect(() => {
    if (module) return;
    let live = true;
    void deferred.loaded.then((loaded) => live && setModule(() => loaded));
    // A file that does not load is logged by the chunk loader; the next need tries it again.
    const cancel = whenIdle(() => deferred.load().catch(() => undefined), LOAD_ROUTER_WITHIN_MS);
    return () => {
      live = false;
      cancel();
    };
  }, [deferred, module]);
  if (!module || !deferred.full) return null;
  const { Discovery } = module;
  return <Discovery router={deferred.full} start={deferred.start} />;
}

/** What React Router's own hydrated router renders, around the stand-in. */
function DeferredHydratedRouter({ deferred }: { deferred: DeferredRouter }): ReactNode {
  const { router, start } = deferred;
  const [location, setLocation] = useState<Location>(router.state.location);
  useLayoutEffect(() => {
    // A router that had to load before hydrating starts its first navigation once the page is mounted.
    deferred.initialize();
  }, [deferred]);
  useLayoutEffect(
    () =>
      router.subscribe((state) => {
        // The error boundary starts afresh on a new location, not on the same one told again by the real router.
        const next = state.location;
        if (next.key !== location.key || next.pathname !== location.pathname || next.search !== location.search || next.hash !== location.hash) setLocation(next);
      }),
    [router, location],
  );
  return (
    <FrameworkContext.Provider
      value={{
        manifest: start.manifest,
        routeModules: start.routeModules,
        future: start.context.future,
        criticalCss: undefined,
        ssr: start.context.ssr,
        isSpaMode: start.context.isSpaMode,
        routeDiscovery: start.context.routeDiscovery,
      }}
    >
      <RemixErrorBoundary location={location}>
        <RouterProvider router={router} flushSync={flushSync} />
      </RemixErrorBoundary>
      <RouteDiscovery deferred={deferred} />
    </FrameworkContext.Provider>
  );
}

/** The element to hydrate the page with, once its start is read; the real router is loaded first only where it must be. */
export async function deferredHydration(start: PageStart): Promise<ReactNode> {
  const deferred = new DeferredRouter(start);
  if (!deferred.deferred) await deferred.load();
  return <DeferredHydratedRouter deferred={deferred} />;
}
