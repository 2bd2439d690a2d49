/**
 * The shop as a server runs it: the platform and app built from the live
 * settings, built again when a newer version is published (on this server
 * or another), so no restart is needed. Each request is handed to the
 * current build; what does not depend on the settings (the catalog cache,
 * the mailer) is carried over. A request from a staff member's editor
 * preview is handed to a build of their draft instead (never a shopper's).
 */
import type { Hono } from "hono";
import { type Settings, checkSettings } from "../core/settings/settings.ts";
import { draftForPreview } from "../platform/admin/draft-preview.ts";
import type { Database } from "../platform/db/database.ts";
import { type Platform, type PlatformOptions, createPlatform } from "../platform/platform.ts";
import { type BuildFromSettings, LiveSettings, type LiveSettingsOptions } from "../platform/settings/live-settings.ts";
import { type AppOptions, createApp } from "./app.ts";

export interface ShopBuild {
  platform: Platform;
  app: Hono;
}

export interface LiveShop {
  settings: LiveSettings<ShopBuild>;
  /** Answers a request with the app of the live settings, or of the staff member's draft for their preview. */
  fetch(request: Request, env?: unknown): Promise<Response>;
}

export async function openLiveShop(
  db: Database,
  seed: { read: () => unknown; source: string },
  options: { platform: PlatformOptions; app: Omit<AppOptions, "platform">; live?: LiveSettingsOptions },
): Promise<LiveShop> {
  const { pageCache, ...appOptions } = options.app;
  const build = (shopSettings: Settings, previous: ShopBuild | undefined, pages: Pick<AppOptions, "pageCache" | "settingsVersion">): ShopBuild => {
    const platform = createPlatform(db, shopSettings, { ...options.platform, ...(previous ? { reuse: previous.platform } : {}) });
    return { platform, app: createApp({ ...appOptions, ...pages, platform }) };
  };
  const buildLive: BuildFromSettings<ShopBuild> = (shopSettings, previous, version) => build(shopSettings, previous, { ...(pageCache ? { pageCache } : {}), settingsVersion: version });
  const settings = await LiveSettings.open<ShopBuild>(db, seed, buildLive, options.live);
  // Each staff member's draft, built once per change of it (or of the live build it reuses).
  const previews = new Map<number, { revision: number; live: ShopBuild; build: ShopBuild }>();
  const previewOf = async (request: Request, live: ShopBuild): Promise<ShopBuild | null> => {
    const draft = await draftForPreview(db, live.platform.staff, request);
    if (!draft) return null;
    const kept = previews.get(draft.staffId);
    if (kept && kept.revision === draft.revision && kept.live === live) return kept.build;
    const checked = checkSettings(draft.input);
    // Drafts are checked as they are kept; one this code cannot use shows the live shop.
    if (!checked.ok) return null;
    const preview = { revision: draft.revision, live, build: build(checked.settings, live, {}) };
    // A draft's pages are never kept: no page cache is given to its build.
    previews.set(draft.staffId, preview);
    return preview.build;
  };
  return {
    settings,
    fetch: async (request, env) => {
      const live = await settings.current();
      const preview = await previewOf(request, live);
      if (!preview) return live.app.fetch(request, env);
      const response = await preview.app.fetch(request, env);
      // A draft's page is for this staff member now: no cache keeps it.
      const headers = new Headers(response.headers);
      headers.set("cache-control", "private, no-store");
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  };
}
