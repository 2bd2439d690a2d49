import type { Route } from "./+types/admin.order-invoice";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("orders")];

/** An order's invoice, for staff who may see orders. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invoice = await context.get(adminContext).orders.invoice(Number(params.id));
  if (invoice === null) return new Response("There is no such order.", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return invoice;
}
