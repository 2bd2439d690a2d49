import { EMBED_REGISTRY, type Embed, type EmbedName, type EmbedRegistry } from "./embeds.ts";
import { loadChunk } from "../../chunks/chunk-load.ts";

/** Scripts asked for once per page: a second section or a retry reuses the same load. */
const loading = new Map<string, Promise<void>>();

function injectScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => {
      // A script that failed is forgotten, so a retry asks again.
      loading.delete(src);
      script.remove();
      reject(new Error(`The script ${src} did not load`));
    });
    document.head.append(script);
  });
  loading.set(src, load);
  return load;
}

/**
 * Loads an embed's script (or finds it loaded) within `timeoutMs`, then has
 * it draw into `container`. A failure or a timeout rejects, and a later call
 * tries again.
 */
export async function loadEmbed(name: EmbedName, src: string, container: HTMLElement, options: { source: string; title: string; timeoutMs: number }): Promise<void> {
  const embed = await loadChunk<Embed>(
    name,
    async () => {
      await injectScript(src);
      const registered = (window as unknown as Record<string, EmbedRegistry | undefined>)[EMBED_REGISTRY]?.[name];
      if (!registered) throw new Error(`The script ${src} did not register the ${name} embed`);
      return registered;
    },
    { timeoutMs: options.timeoutMs },
  );
  await embed.mount(container, { source: options.source, title: options.title });
}
