/**
 * The request a piece of work is done for, carried through every await
 * (AsyncLocalStorage): its id goes into each log line written on its behalf
 * (pino's mixin), so a database error in the log names the request that
 * caused it, and into the error answers the shopper sees.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

const requests = new AsyncLocalStorage<{ id: string }>();

/** A request id a proxy may pass on: short, and of characters safe in a log and a header. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the proxy's `X-Request-Id` when the shop trusts its proxy and the id is well formed, else a new one. */
export function requestIdOf(request: Request, trustProxy: boolean): string {
  const given = trustProxy ? request.headers.get("x-request-id") : null;
  return given && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Runs `work` as the request `id`. */
export function asRequest<T>(id: string, work: () => T): T {
  return requests.run({ id }, work);
}

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.id;
}

/** pino's mixin: the request's id on every line logged while answering it. */
export function requestLogFields(): { reqId?: string } {
  const id = requests.getStore()?.id;
  return id ? { reqId: id } : {};
}
