/**
 * The contract between an embed section and its script: the script, once
 * loaded, registers itself under its name on `window.ShopEmbeds` with a
 * `mount` that draws into the section's container what `source` holds.
 */

export const EMBED_REGISTRY = "ShopEmbeds";

export type EmbedName = "live-shopping" | "social-feed";

export interface EmbedMountOptions {
  /** What to show: the show's page, the feed's address. */
  source: string;
  /** The accessible name of what the embed draws (a frame's title). */
  title: string;
}

export interface Embed {
  mount(container: HTMLElement, options: EmbedMountOptions): Promise<void> | void;
}

export type EmbedRegistry = Partial<Record<EmbedName, Embed>>;
