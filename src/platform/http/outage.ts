/**
 * Pages during a database outage: the storefront client the theme's loaders
 * and actions use answers a call that failed because the database is out of
 * reach by throwing a 503 response (with Retry-After), which the theme shows
 * as "we'll be right back" with that status, instead of a 500. Other
 * failures pass through untouched.
 */
import { isDatabaseUnavailable } from "../db/database.ts";

export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export function unavailableResponse(): Response {
  return new Response("The shop is briefly unavailable. Please try again in a moment.", {
    status: 503,
    headers: { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS), "content-type": "text/plain; charset=utf-8" },
  });
}

/** The same client, its calls (at any depth) answering an outage with a 503 response. */
export function answeringOutages<T extends object>(client: T): T {
  const wrapped = new WeakMap<object, unknown>();
  const wrap = <V>(value: V, owner: object): V => {
    if (typeof value === "function") {
      return ((...args: unknown[]) => {
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(owner, args);
        } catch (error) {
          throw isDatabaseUnavailable(error) ? unavailableResponse() : error;
        }
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              throw isDatabaseUnavailable(error) ? unavailableResponse() : error;
            })
          : result;
      }) as V;
    }
    if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return proxy(value as object) as V;
    return value;
  };
  const proxy = (target: object): object => {
    const known = wrapped.get(target);
    if (known) return known as object;
    const made = new Proxy(target, { get: (object, key, receiver) => wrap(Reflect.get(object, key, receiver), object) });
    wrapped.set(target, made);
    return made;
  };
  return proxy(client) as T;
}
