/**
 * Which settings draft a request is shown with: only a request from the
 * theme editor's preview (the design-mode flag in its address or header),
 * signed in as a staff member allowed the settings, who has a draft. Every
 * other request (every shopper's) gets the live settings.
 */
import { parse } from "hono/utils/cookie";
import { mayUse } from "../../core/admin/admin.ts";
import { DESIGN_MODE_HEADER, asksForDesignPreview } from "../../core/content/theme-editor.ts";
import type { Database } from "../db/database.ts";
import { type StoredSettingsDraft, settingsDraft } from "../settings/settings-drafts.ts";
import type { StaffService } from "./staff-service.ts";
import { ADMIN_SESSION_COOKIE } from "./admin-client.ts";

export async function draftForPreview(db: Database, staff: StaffService, request: Request): Promise<StoredSettingsDraft | null> {
  const query = request.url.indexOf("?");
  if (!asksForDesignPreview(query < 0 ? "" : request.url.slice(query), request.headers.get(DESIGN_MODE_HEADER))) return null;
  const token = parse(request.headers.get("cookie") ?? "", ADMIN_SESSION_COOKIE)[ADMIN_SESSION_COOKIE];
  if (!token) return null;
  const member = await staff.staffForSession(token);
  if (!member || !mayUse(member.role, "settings")) return null;
  return settingsDraft(db, member.id);
}
