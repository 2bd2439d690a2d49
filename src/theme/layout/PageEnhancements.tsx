import { useEffect, useState } from "react";
import { defineChunk } from "../chunks/chunks.ts";
import { whenIdle } from "../ui/when-idle.ts";
import type * as Enhancements from "./page-enhancements.tsx";

/** The helpers start when the browser is idle, at the latest after 2 s. */
const IDLE_TIMEOUT_MS = 2000;

const enhancementsChunk = defineChunk<typeof Enhancements>("page enhancements", () => import("./page-enhancements.tsx"));

/**
 * Loads every page's after-idle helpers (link prefetching, smooth in-page
 * scrolling) once the browser is idle, so they never compete with the page's
 * own start. Renders nothing itself; a chunk that fails is only logged, since
 * the page works without it.
 */
export function PageEnhancements() {
  const [module, setModule] = useState<typeof Enhancements>();

  useEffect(() => {
    let live = true;
    const load = () =>
      enhancementsChunk.load().then(
        (loaded) => {
          if (live) setModule(loaded);
        },
        () => undefined,
      );
    const cancel = whenIdle(load, IDLE_TIMEOUT_MS);
    return () => {
      live = false;
      cancel();
    };
  }, []);

  useEffect(() => module?.startSmoothScroll(), [module]);

  return module ? <module.LinkPrefetcher /> : null;
}
