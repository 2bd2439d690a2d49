/**
 * The id of the request that drew the page (the one every log line written
 * while answering it carries), for the error pages to show as a reference the
 * merchant can find in the logs. The server sets it per page request; the
 * browser reads it back from the page the server drew, so hydration draws the
 * same reference, and shows none for a page drawn later in the browser (its
 * data request's id is in that answer's `X-Request-Id` header, not the page).
 */
import { createContext, useContext, useState } from "react";
import { createContext as createRouterContext, useLocation } from "react-router";

/** Set by the server for each page request. */
export const requestIdContext = createRouterContext<string>("");

export const RequestIdContext = createContext<string | undefined>(undefined);

/** The attribute the reference's element carries the id in. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

/** The reference of the request that drew this document, or undefined once the shopper has moved on in the browser. */
export function useRequestReference(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  // React Router's first location, the one the server drew, has the key "default".
  const firstPage = useLocation().key === "default";
  const [reference] = useState(() =>
    typeof document === "undefined" ? fromServer : (document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) ?? undefined),
  );
  return firstPage && reference ? reference : undefined;
}
