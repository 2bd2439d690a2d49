import { redirect } from "react-router";
import type { Route } from "./+types/admin.logout";
import { adminHeaders, adminResponse } from "../admin/answer.ts";
import { adminContext } from "../admin/context.ts";

export const headers = adminHeaders;

/** Logging out changes state, so only the layout's post does it; a visit goes back to the back office. */
export async function loader() {
  throw redirect("/admin");
}

export async function action({ context }: Route.ActionArgs) {
  return adminResponse(await context.get(adminContext).logout());
}
