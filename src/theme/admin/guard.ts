/** A back-office page's own check: who is signed in may use its area, or the page answers 403. */
import { type MiddlewareFunction, type RouterContextProvider, data } from "react-router";
import { type AdminArea, NOT_YOUR_AREA, mayUse } from "../../core/admin/admin.ts";
import { adminContext } from "./context.ts";

/**
 * Middleware for the pages of `area`: it runs for every request that matches
 * the page, data requests naming the page alone included. The layout's own
 * middleware has already sent anyone signed out to the login.
 */
export function areaGuard(area: AdminArea): MiddlewareFunction<Response> {
  return async ({ context }) => {
    const staff = await (context as RouterContextProvider).get(adminContext).staff();
    if (staff && !mayUse(staff.role, area)) throw data({ message: NOT_YOUR_AREA }, { status: 403 });
  };
}
