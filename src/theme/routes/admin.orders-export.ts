import type { Route } from "./+types/admin.orders-export";
import { FULFILLMENT_STATUSES, type FulfillmentStatus } from "../../core/admin/admin-orders.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("orders")];

/** The orders the list's search and filter find, every page, as a CSV download in Shopify's order export columns. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const csv = await context.get(adminContext).orders.exportCsv({
    query: url.searchParams.get("q") ?? "",
    status: (FULFILLMENT_STATUSES as readonly (string | null)[]).includes(status) ? (status as FulfillmentStatus) : null,
  });
  if (csv === null) return new Response("Log in to export orders.", { status: 401, headers: { "Cache-Control": "private, no-store" } });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
