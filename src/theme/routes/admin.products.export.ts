import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.products.export";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

/** The whole catalog as a Shopify product CSV download, named by the day it was taken. */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(`${ADMIN_PATH}/products`)}`);
  const csv = await admin.catalog.exportCsv();
  if (csv === null) throw data(null, { status: 403 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
