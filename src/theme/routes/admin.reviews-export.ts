import type { Route } from "./+types/admin.reviews-export";
import { adminContext } from "../admin/context.ts";
import { areaGuard } from "../admin/guard.ts";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("reviews")];

/** Every review waiting, published or rejected, as a CSV download (Judge.me's review columns first). */
export async function loader({ context }: Route.LoaderArgs) {
  const csv = await context.get(adminContext).reviews.exportCsv();
  if (csv === null) return new Response("Log in to export reviews.", { status: 401, headers: { "Cache-Control": "private, no-store" } });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="reviews-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
