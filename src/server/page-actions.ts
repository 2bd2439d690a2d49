/**
 * Which page addresses take a form post: the route React Router would run
 * the post's action on (the deepest route with a path of its own, or an index
 * route asked for with `?index`) must have an action. A post to any other page
 * is answered 405 by the shop itself, before React Router builds an error
 * that names its route modules.
 */
import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";

/** Whether a route has an action, kept in the route object's `handle`. */
type PageRoute = RouteObject & { handle: { hasAction: boolean } };

/** The build's flat route manifest as the nested routes React Router matches. */
function routeTree(build: ServerBuild): PageRoute[] {
  const entries = Object.values(build.routes).filter((route) => route !== undefined);
  const children = new Map<string, PageRoute[]>();
  const node = (route: (typeof entries)[number]): PageRoute => {
    const handle = { hasAction: typeof route.module.action === "function" };
    if (route.index) return { id: route.id, index: true, handle };
    const own: PageRoute[] = [];
    children.set(route.id, own);
    return { id: route.id, ...(route.path !== undefined ? { path: route.path } : {}), caseSensitive: route.caseSensitive ?? false, children: own, handle };
  };
  const nodes = new Map(entries.map((route) => [route.id, node(route)]));
  const roots: PageRoute[] = [];
  for (const route of entries) {
    const made = nodes.get(route.id);
    if (!made) continue;
    const siblings = route.parentId ? children.get(route.parentId) : roots;
    siblings?.push(made);
  }
  return roots;
}

/** Whether an address asks for a page's data after the page has started (React Router's single fetch: the page's address and ".data"). */
export function isPageDataPath(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/** A data request's page address: `/_.data` is `/`, `/x.data` is `/x`. */
function pagePath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return isPageDataPath(pathname) ? pathname.slice(0, -".data".length) : pathname;
}

/** A test of whether a POST to a page address (without the site's prefix) reaches an action. */
export function pageActionTest(build: ServerBuild): (url: URL) => boolean {
  const routes = routeTree(build);
  return (url) => {
    const matches = matchRoutes(routes, pagePath(url.pathname));
    if (!matches?.length) return false;
    const last = matches[matches.length - 1];
    const nakedIndex = url.searchParams.getAll("index").some((value) => value === "");
    // React Router's target: an index route only when `?index` asks for it, else the deepest route with a path.
    const target = last?.route.index && nakedIndex ? last : matches.filter((match, position) => position === 0 || (match.route.path ?? "").length > 0).at(-1);
    return target?.route.handle.hasAction ?? false;
  };
}
