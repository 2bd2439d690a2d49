import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * The server's HTML is the whole page, styled: let the browser paint it
 * before hydration takes the main thread. The module script may arrive before
 * the first frame (it is async); hydrating then would hold the first paint
 * back by the whole hydration on a slow phone. A frame callback runs just
 * before the next paint and a task queued from it just after. The load event
 * is the fallback for pages whose timers are held (a hidden tab throttles
 * frames; a test may pause the clock).
 */
function hydrateAfterFirstPaint() {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    hydrate();
  };
  if (document.visibilityState !== "visible" || document.readyState === "complete") return start();
  requestAnimationFrame(() => setTimeout(start, 0));
  window.addEventListener("load", start, { once: true });
}

hydrateAfterFirstPaint();
