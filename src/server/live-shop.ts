/**
 * The shop as a server runs it: the platform and app built from the live
 * settings, built again when a newer version is published (on this server
 * or another), so no restart is needed. Each request is handed to the
 * current build; what does not depend on the settings (the catalog cache,
 * the mailer) is carried over.
 */
import type { Hono } from "hono";
import type { Database } from "../platform/db/database.ts";
import { type Platform, type PlatformOptions, createPlatform } from "../platform/platform.ts";
import { LiveSettings, type LiveSettingsOptions } from "../platform/settings/live-settings.ts";
import { type AppOptions, createApp } from "./app.ts";

export interface ShopBuild {
  platform: Platform;
  app: Hono;
}

export interface LiveShop {
  settings: LiveSettings<ShopBuild>;
  /** Answers a request with the app of the live settings. */
  fetch(request: Request, env?: unknown): Promise<Response>;
}

export async function openLiveShop(
  db: Database,
  seed: { read: () => unknown; source: string },
  options: { platform: PlatformOptions; app: Omit<AppOptions, "platform">; live?: LiveSettingsOptions },
): Promise<LiveShop> {
  const settings = await LiveSettings.open<ShopBuild>(
    db,
    seed,
    (shopSettings, previous, version) => {
      const platform = createPlatform(db, shopSettings, { ...options.platform, ...(previous ? { reuse: previous.platform } : {}) });
      return { platform, app: createApp({ ...options.app, platform, settingsVersion: version }) };
    },
    options.live,
  );
  return {
    settings,
    fetch: async (request, env) => (await settings.current()).app.fetch(request, env),
  };
}
