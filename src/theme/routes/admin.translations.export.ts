import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.translations.export";
import { ADMIN_PATH } from "../../core/admin/admin.ts";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("catalog")];

/** One locale's translator's CSV (every field, the original beside the translation), named by its locale and the day it was taken. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  if (!(await admin.staff())) throw redirect(`${ADMIN_PATH}/login?return_to=${encodeURIComponent(`${ADMIN_PATH}/translations`)}`);
  const locale = new URL(request.url).searchParams.get("locale") ?? "";
  const csv = await admin.translations.exportCsv(locale);
  if (csv === null) throw data(null, { status: 404 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="translations-${locale}-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
