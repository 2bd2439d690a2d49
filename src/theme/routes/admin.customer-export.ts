import type { Route } from "./+types/admin.customer-export";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("customers")];

/** Everything the shop keeps about one customer, as a JSON file to give them on request. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const document = await context.get(adminContext).customers.exportData(id);
  if (document === null) return new Response("There is no such customer.", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(document, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="customer-${id}.json"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
