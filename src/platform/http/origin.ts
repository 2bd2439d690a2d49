/** The shop's own address as a request reached it: for refusing other sites' posts, and for the links in emails. */
import type { Context, MiddlewareHandler } from "hono";

export interface ShopAddressOptions {
  /** Read `X-Forwarded-Proto` and `X-Forwarded-Host`: only when a proxy the shop trusts sets them. */
  trustProxy: boolean;
  /** The shop's public address, when configured; otherwise the address each request came in on. */
  shopUrl?: string | undefined;
}

declare module "hono" {
  interface ContextVariableMap {
    shopAddress: ShopAddressOptions;
  }
}

/** A proxy chain lists values comma-separated, the client's own first. */
const firstValue = (header: string | null) => header?.split(",")[0]?.trim().toLowerCase() || undefined;

const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/;

/** The scheme, host and port of the request: the forwarded ones when the proxy is trusted and they are well formed. */
export function requestOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url);
  if (!trustProxy) return url.origin;
  const proto = firstValue(request.headers.get("x-forwarded-proto"));
  const host = firstValue(request.headers.get("x-forwarded-host"));
  const protocol = proto === "http" || proto === "https" ? `${proto}:` : url.protocol;
  return new URL(`${protocol}//${host && HOST.test(host) ? host : url.host}`).origin;
}

/** The request as the shopper addressed it: its URL on the forwarded origin when the proxy is trusted. */
export function forwardedRequest(request: Request, trustProxy: boolean): Request {
  const url = new URL(request.url);
  const origin = requestOrigin(request, trustProxy);
  if (origin === url.origin) return request;
  return new Request(new URL(`${url.pathname}${url.search}`, origin), request);
}

/** Remembers, for the request, how the shop's address is found. */
export function shopAddress(options: ShopAddressOptions): MiddlewareHandler {
  return async (c, next) => {
    c.set("shopAddress", options);
    await next();
  };
}

/** The shop's address for links sent out of the request (email): the configured one, or the request's own origin. */
export function shopUrlOf(c: Context): string {
  const options = c.get("shopAddress") as ShopAddressOptions | undefined;
  return options?.shopUrl ?? requestOrigin(c.req.raw, options?.trustProxy ?? false);
}
